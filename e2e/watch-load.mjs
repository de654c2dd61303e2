// A load check of the Watch page's socket: N sockets on /api/watch/ws (default 1,000) while
// 200 games between people are played as fast as their clients can for 10 s (a game that
// ends is replaced). Prints moves per second, move latency, lists per socket per second and
// the server's CPU time. Run it with and without sockets (N=0) to see what watching costs.
//
//   node --experimental-websocket e2e/watch-load.mjs          # Node 20; plain `node` on 22+
//   N=0 KALAH_BIN=target/release/kalah node --experimental-websocket e2e/watch-load.mjs

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kalahBin, freePort } from './tests/helpers.mjs';

const N = Number(process.env.N ?? 1000);
const GAMES = 200;
const SECONDS = 10;

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const child = spawn(kalahBin(), ['serve', '--addr', `127.0.0.1:${port}`, '--data', mkdtempSync(join(tmpdir(), 'kalah-watch-load-')),
  '--max-sockets-per-address', '5000', '--max-connections-per-address', '5000', '--socket-rate', '100000/min',
  '--create-rate', '100000/min', '--move-rate', '1000000/min', '--bots-rate', '100000/min'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, RUST_LOG: 'warn' } });
for (;;) {
  try {
    if ((await fetch(`${url}/api/meta`)).ok) break;
  } catch (_) {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 200));
}

/** The server's CPU time so far (s), from /proc. */
function cpu() {
  const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}

let lists = 0;
let bytes = 0;
const sockets = await Promise.all(Array.from({ length: N }, () => new Promise((ok, fail) => {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/watch/ws`);
  ws.onopen = () => ok(ws);
  ws.onerror = fail;
  ws.onmessage = (e) => { lists++; bytes += e.data.length; };
})));

const post = (path, token, body) =>
  fetch(url + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }).then((r) => r.json());
async function newGame() {
  const g = await post('/api/games', null, { opponent: { kind: 'friend' }, side: 'south', first: 'south' });
  return { id: g.id, tokens: { south: g.token, north: g.invite_url.split('seat=')[1] } };
}

const cpu0 = cpu();
const lists0 = lists;
const t0 = Date.now();
let moves = 0;
let errors = 0;
const latency = [];
await Promise.all(Array.from({ length: GAMES }, async () => {
  let g = await newGame();
  let st = await (await fetch(`${url}/api/games/${g.id}`)).json();
  while (Date.now() - t0 < SECONDS * 1000) {
    if (st.status !== 'playing') {
      g = await newGame();
      st = await (await fetch(`${url}/api/games/${g.id}`)).json();
      continue;
    }
    const t = performance.now();
    const next = await post(`/api/games/${g.id}/moves`, g.tokens[st.to_move], { move: st.legal_moves[0], ply: st.ply });
    latency.push(performance.now() - t);
    if (!next.id) {
      errors++;
      break;
    }
    st = next;
    moves++;
  }
}));
const secs = (Date.now() - t0) / 1000;
const used = cpu() - cpu0;
latency.sort((a, b) => a - b);
const at = (q) => latency[Math.min(latency.length - 1, Math.floor(latency.length * q))].toFixed(1);
const list = await (await fetch(`${url}/api/watch`)).json();
console.log(JSON.stringify({
  watch_sockets: N, games: GAMES, seconds: Number(secs.toFixed(1)), moves, moves_per_s: Math.round(moves / secs),
  move_p50_ms: Number(at(0.5)), move_p99_ms: Number(at(0.99)), errors,
  lists_per_socket_per_s: N ? Number(((lists - lists0) / N / secs).toFixed(2)) : 0,
  list_kib: lists ? Number((bytes / lists / 1024).toFixed(1)) : 0,
  server_cpu_s: Number(used.toFixed(1)), listed: list.total, shown: list.games.length,
}));
for (const s of sockets) s.close();
child.kill('SIGTERM');
process.exit(0);
