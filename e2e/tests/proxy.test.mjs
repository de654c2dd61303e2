// Deployment behind nginx (docs/deploy.md): the repository's own nginx site file
// (deploy/nginx/kalah.conf, with its ports replaced) in front of the real `kalah serve
// --trust-proxy 127.0.0.1`, both on loopback. The page, the API, the game's WebSocket and the
// bots' /socket work through the proxy; clients behind it keep their own budgets, a forged
// X-Forwarded-For does not help, and the proxy is not held to one address's connections.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync, chmodSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { startServer, launchBrowser, newPage, withScreenshots, waitForTurnOrEnd, plyCount, createGame, freePort, repoRoot } from './helpers.mjs';

function nginxBin() {
  for (const p of [process.env.NGINX, '/usr/sbin/nginx', '/usr/bin/nginx']) if (p && existsSync(p)) return p;
  throw new Error('nginx is not installed: apt-get install nginx (e2e/run.sh installs it), or set NGINX');
}

/** nginx with deploy/nginx/kalah.conf in front of `upstream`; resolves once it proxies. */
async function startNginx(upstreamPort) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'kalah-nginx-'));
  // Workers may run as another user: they write request bodies to these directories.
  chmodSync(dir, 0o777);
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, d));
    chmodSync(join(dir, d), 0o777);
  }
  const site = readFileSync(join(repoRoot, 'deploy/nginx/kalah.conf'), 'utf8');
  assert.ok(site.includes('listen 80;') && site.includes('server 127.0.0.1:8080;'), 'the site file has the ports this test replaces');
  writeFileSync(join(dir, 'site.conf'), site.replace('listen 80;', `listen 127.0.0.1:${port};`).replace('server 127.0.0.1:8080;', `server 127.0.0.1:${upstreamPort};`));
  writeFileSync(join(dir, 'nginx.conf'), [
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'worker_processes 1;',
    'events { worker_connections 512; }',
    'http {',
    '  access_log off;',
    ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((d) => `  ${d === 'body' ? 'client_body' : d}_temp_path ${dir}/${d};`),
    `  include ${dir}/site.conf;`,
    '}',
    '',
  ].join('\n'));
  const child = spawn(nginxBin(), ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => { log += d; });
  let exited = null;
  child.on('exit', (code) => { exited = code; });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20000;
  for (;;) {
    if (exited !== null) throw new Error(`nginx exited (${exited}):\n${log}\n${readFileSync(`${dir}/error.log`, 'utf8')}`);
    try {
      if ((await fetch(`${url}/api/meta`)).ok) break;
    } catch (_) {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not proxy within 20 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (exited === null) {
        child.kill('SIGTERM');
        await new Promise((r) => (exited !== null ? r() : child.once('exit', r)));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One HTTP request from the local address `from` (another loopback address: another client). */
function request(url, { method = 'GET', from, headers = {}, body } = {}) {
  return new Promise((ok, fail) => {
    const req = http.request(url, { method, localAddress: from, agent: false, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, body: text }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

const friendGame = JSON.stringify({ opponent: { kind: 'friend' } });

describe('behind nginx', () => {
  const env = { server: null, proxy: null, browser: null };
  before(async () => {
    env.server = await startServer({
      budgets: ['--create-rate', '3/min', '--analysis-rate', '600/min', '--socket-rate', '600/min'],
      args: ['--trust-proxy', '127.0.0.1', '--max-connections-per-address', '4'],
    });
    env.proxy = await startNginx(env.server.port);
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.proxy?.stop();
    await env.server?.stop();
  });

  it('keeps each client to its own budget, whatever X-Forwarded-For it sends', async () => {
    const games = `${env.proxy.url}/api/games`;
    for (let i = 0; i < 3; i++) {
      const r = await request(games, { method: 'POST', from: '127.0.0.5', body: friendGame });
      assert.equal(r.status, 201, r.body);
    }
    const refused = await request(games, { method: 'POST', from: '127.0.0.5', body: friendGame });
    assert.equal(refused.status, 429, refused.body);
    assert.equal(JSON.parse(refused.body).code, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) >= 1, 'Retry-After');
    const forged = await request(games, { method: 'POST', from: '127.0.0.5', headers: { 'x-forwarded-for': '198.51.100.7' }, body: friendGame });
    assert.equal(forged.status, 429, 'a forged X-Forwarded-For is not the client address');
    const other = await request(games, { method: 'POST', from: '127.0.0.6', body: friendGame });
    assert.equal(other.status, 201, 'another client behind the same proxy has its own budget');
  });

  it('is not held to one address\'s connections: many clients at once through the one proxy', async () => {
    // kalah allows 4 connections per address here; nginx opens one per request in flight.
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) =>
      request(`${env.proxy.url}/api/meta`, { from: `127.0.1.${i + 1}` })));
    assert.deepEqual(answers.map((a) => a.status), answers.map(() => 200));
  });

  it('plays the computer in the browser: the page, the API and the game socket through the proxy', async () => {
    const p = await newPage(env.browser);
    await withScreenshots('proxy-game', () => [p], async () => {
      // The computer moves first: its move reaches the page over the proxied WebSocket.
      await createGame(p, env.proxy.url, { opponent: 'computer', level: 'lowest', side: 'south', first: 'north' });
      assert.equal(await waitForTurnOrEnd(p), 'turn');
      const before = await plyCount(p);
      assert.ok(before >= 1, 'the computer has moved');
      await p.click('.house.is-playable >> nth=0');
      await p.waitForFunction((n) => document.querySelectorAll('#moves-list .ply').length > n, before);
      assert.deepEqual(p.errors || [], []);
      // More sockets than one address may hold connections (4), all through the one proxy.
      const id = new URL(p.url()).pathname.split('/').pop();
      const opened = await p.evaluate(async ({ id, n }) => {
        const open = (url) => new Promise((ok) => {
          const ws = new WebSocket(url);
          ws.onmessage = () => ok(ws);
          ws.onerror = () => ok(null);
          ws.onclose = () => ok(null);
        });
        const socks = await Promise.all(Array.from({ length: n }, () => open(`ws://${location.host}/api/games/${id}/ws`)));
        const kgp = await new Promise((ok) => {
          const ws = new WebSocket(`ws://${location.host}/socket`);
          ws.onmessage = (e) => { ok(String(e.data)); ws.close(); };
          ws.onerror = () => ok('error');
        });
        const count = socks.filter(Boolean).length;
        socks.forEach((s) => s?.close());
        return { count, kgp };
      }, { id, n: 8 });
      assert.equal(opened.count, 8, 'every spectator socket opened through the proxy');
      assert.match(opened.kgp, /^kgp 1 0 1/, 'a bot reaches /socket through the proxy');
      await p.context().close();
    });
  });

  it('signs up and logs out through the proxy (the Origin check sees the browser\'s host and port)', async () => {
    const p = await newPage(env.browser);
    await withScreenshots('proxy-account', () => [p], async () => {
      await p.goto(`${env.proxy.url}/`);
      const status = (want) => p.waitForFunction((w) => (document.querySelector('#account-status')?.textContent || '').includes(w), want, { timeout: 15000 });
      await status('without a name');
      await p.fill('#account-signup-name', 'proxied');
      await p.fill('#account-signup-password', 'through nginx');
      await p.click('#account-signup-submit');
      await status('Signed in as proxied.');
      // Log-out is authorised by the cookie: CSRF token and same-origin checks, through nginx.
      await p.click('#account-logout');
      await status('without a name');
      assert.deepEqual(p.errors || [], []);
      await p.context().close();
    });
  });
});
