// The player page and the leaderboard of people against the real `kalah serve`: an account's
// page lists its game with a link to the replay (and, once over, to the analysis board), the
// home page links to the leaderboard,
// whose pool chooser names every pool; two rated games (flagged in the database with the
// sqlite3 tool, as game creation cannot flag them yet) show the rating change on the game's
// result card and a chart on the player page; both pages fit a 320 px phone. An account's
// puzzle rating is on its page once it tried a puzzle.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, newPage, withScreenshots, e2eDir } from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Seats `playerId` at north of `game` and flags it rated, in the server's database. */
function seatAndRate(game, playerId) {
  const sql = `UPDATE games SET north_player = '${playerId}', rated = 1 WHERE id = '${game}';`;
  execFileSync('sqlite3', ['-cmd', '.timeout 5000', join(server.dataDir, 'games.db'), sql]);
}

const overflow = (p) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('player pages and the leaderboard', () => {
  it('shows an account with its games, and the leaderboard from the home page', async () => {
    const p = await newPage(browser);
    await withScreenshots('players', () => [p], async () => {
      await p.goto(`${server.url}/`);
      // Sign up and start a game as the account, through the page's own origin.
      const id = await p.evaluate(async () => {
        const post = async (path, body, csrf) => {
          const headers = { 'content-type': 'application/json' };
          if (csrf) headers['x-csrf-token'] = csrf;
          const res = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
          return res.json();
        };
        const s = await post('/api/session/signup', { name: 'Rita_5', password: 'rita password' });
        const g = await post('/api/games', { opponent: { kind: 'friend' } }, s.csrf);
        return g.id;
      });
      assert.ok(id);

      await p.goto(`${server.url}/players/rita_5`);
      await p.waitForSelector('#player-name');
      assert.equal(await p.textContent('#player-name'), 'Rita_5');
      assert.match(await p.textContent('main'), /No rated games yet/);
      const link = p.locator('.played-game-link').first();
      assert.equal(await link.getAttribute('href'), `/g/${id}`);
      assert.match(await link.textContent(), /In progress/);
      // Keyboard: the game link takes the focus and opens the game.
      await link.focus();
      await p.keyboard.press('Enter');
      await p.waitForURL(`**/g/${id}`);
      // The creator's bar names the account and links to its page.
      await p.waitForSelector('a.player-name');
      assert.equal(await p.getAttribute('a.player-name', 'href'), '/players/Rita_5');

      // An unknown player.
      await p.goto(`${server.url}/players/nobody_here`);
      await p.waitForSelector('h1');
      assert.match(await p.textContent('h1'), /No such player/);

      // The leaderboard, from the home page.
      await p.goto(`${server.url}/`);
      await p.click('#leaderboard-link');
      await p.waitForSelector('#leaderboard-pool');
      assert.equal(await p.locator('#leaderboard-pool option').count(), 15);
      // It opens on the lobby's pool (issue 37).
      assert.equal(await p.inputValue('#leaderboard-pool'), 'kalah-6-4/blitz');
      assert.match(await p.textContent('#players-leaderboard'), /Nobody is listed/);
      await p.selectOption('#leaderboard-pool', 'bga-6-6/blitz');
      await p.waitForURL('**/leaderboard?pool=bga-6-6%2Fblitz');
      await p.waitForFunction(() => document.querySelector('#leaderboard-pool-heading')?.textContent.includes('Board Game Arena'));

      // Two rated games against Sam, each resigned by Rita.
      const q = await newPage(browser);
      await q.goto(`${server.url}/`);
      const sam = await q.evaluate(async () => {
        const res = await fetch('/api/session/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Sam_7', password: 'sam password' }) });
        return (await res.json()).player.id;
      });
      let last;
      for (let i = 0; i < 2; i++) {
        const { game, token } = await p.evaluate(async () => {
          const s = await (await fetch('/api/session')).json();
          const res = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrf }, body: JSON.stringify({ opponent: { kind: 'friend' }, side: 'south', first: 'south' }) });
          const g = await res.json();
          // Sam opens the invitation (a friend game's host waits for that before moving).
          const seat = new URL(g.invite_url, location.href).searchParams.get('seat');
          await fetch(`/api/games/${g.id}`, { headers: { authorization: `Bearer ${seat}` } });
          return { game: g.id, token: g.token };
        });
        seatAndRate(game, sam);
        await p.evaluate(async ([game, token]) => {
          // One move first (house 3 ends in the store: Rita moves again), so the game has a
          // replay to go through; then she resigns.
          await fetch(`/api/games/${game}/moves`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ move: '3', ply: 0 }) });
          await fetch(`/api/games/${game}/resign`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' });
        }, [game, token]);
        last = game;
      }
      await q.close();
      await p.goto(`${server.url}/g/${last}`);
      await p.waitForSelector('.rating-change');
      assert.equal(await p.locator('.rating-change').count(), 2);
      assert.match(await p.locator('.rating-change').allTextContents().then((t) => t.join(' | ')), /Rita_5: rating \d+ → \d+ \(−?-?\d+\)/);
      await p.goto(`${server.url}/players/Sam_7`);
      await p.waitForSelector('.pool-rating');
      assert.match(await p.textContent('.pool-rating h3'), /Kalah \(6,4\) · Correspondence/);
      assert.equal(await p.getAttribute('svg.rating-chart', 'aria-hidden'), 'true');
      assert.match(await p.textContent('.rating-summary'), /Rating from 1500 to \d+/);
      assert.equal(await p.locator('.rating-history tbody tr').count(), 2);
      assert.equal(await p.locator('.played-game-link').count(), 2);
      assert.match(await p.textContent('.played-game-link >> nth=0'), /Won/);

      // Each finished game is replayable (its page steps back through the moves) and opens on
      // the analysis board.
      assert.equal(await p.locator('.played-game-analysis').count(), 2);
      await p.click('.played-game-link >> nth=0');
      await p.waitForURL(`**/g/${last}`);
      await p.waitForSelector('#moves-list .ply');
      await p.click('#history-first');
      assert.match(await p.textContent('.history-text'), /start/i);
      await p.click('#history-forward');
      assert.equal(await p.locator('#history-forward').isDisabled(), true, 'one move to replay');
      await p.goBack();
      await p.waitForSelector('.played-game-analysis');
      await p.click('.played-game-analysis >> nth=0');
      await p.waitForURL(`**/analysis?game=${last}`);
      await p.waitForSelector('.analysis-page .moves-list .ply, .moves-list .ply');
      assert.equal(await p.locator('.moves-list .ply').count(), 1);
      assert.deepEqual(p.errors || [], []);
      await p.goto(`${server.url}/players/Sam_7`);
      await p.waitForSelector('.pool-rating');

      // The axe checks, light and dark, on a player page with a chart and on the leaderboard.
      const axe = readFileSync(join(e2eDir, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
      for (const colorScheme of ['light', 'dark']) {
        const a = await newPage(browser, { colorScheme });
        for (const path of ['/players/Sam_7', '/leaderboard']) {
          await a.goto(`${server.url}${path}`);
          await a.waitForSelector(path === '/leaderboard' ? '#leaderboard-pool' : 'svg.rating-chart');
          if (path !== '/leaderboard') await a.click('.rating-history summary');
          await a.evaluate(axe);
          const violations = await a.evaluate(async () =>
            (await window.axe.run(document, { resultTypes: ['violations'] })).violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`),
          );
          assert.deepEqual(violations, [], `${path} (${colorScheme})`);
        }
        await a.context().close();
      }

      for (const width of [320, 390]) {
        await p.setViewportSize({ width, height: 700 });
        assert.equal(await overflow(p), 0, `no sideways scrolling on the leaderboard at ${width} px`);
        for (const name of ['Rita_5', 'Sam_7']) {
          await p.goto(`${server.url}/players/${name}`);
          await p.waitForSelector('#player-name');
          assert.equal(await overflow(p), 0, `no sideways scrolling on ${name}'s page at ${width} px`);
        }
        await p.goto(`${server.url}/g/${last}`);
        await p.waitForSelector('.rating-change');
        assert.equal(await overflow(p), 0, `no sideways scrolling on the game page at ${width} px`);
        await p.goto(`${server.url}/leaderboard`);
        await p.waitForSelector('#leaderboard-pool');
      }
    });
  });

  it("shows an account's puzzle rating once it tried a puzzle, with a ? while provisional", async () => {
    const p = await newPage(browser);
    await withScreenshots('players-puzzles', () => [p], async () => {
      await p.goto(`${server.url}/`);
      await p.evaluate(async () => {
        const res = await fetch('/api/session/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Pia_3', password: 'pia password' }) });
        if (res.status !== 201) throw new Error(`sign-up: ${res.status}`);
      });
      // No puzzle tried: no puzzle rating on the page.
      await p.goto(`${server.url}/players/Pia_3`);
      await p.waitForSelector('#player-name');
      assert.equal(await p.locator('#player-puzzles').count(), 0);
      assert.match(await p.textContent('main'), /No rated games yet/);

      // Two puzzles tried, one solved, through the page's own origin with the CSRF token.
      await p.evaluate(async () => {
        const s = await (await fetch('/api/session')).json();
        const tried = [];
        for (const solved of [true, false]) {
          const next = await (await fetch(`/api/puzzles/next?rules=standard&not=${tried.join(',')}`)).json();
          tried.push(next.id);
          const res = await fetch(`/api/puzzles/${next.id}/result`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': s.csrf }, body: JSON.stringify({ solved }) });
          if (!res.ok) throw new Error(`result: ${res.status}`);
        }
      });
      await p.goto(`${server.url}/players/Pia_3`);
      await p.waitForSelector('#player-puzzles');
      assert.match(await p.textContent('#player-puzzles h3'), /Puzzles/);
      assert.equal(await p.getAttribute('#player-puzzles h3 a', 'href'), '/puzzles');
      // Provisional as lichess shows it: "1492?", the deviation beside it.
      assert.match(await p.textContent('#player-puzzles .pool-rating-value'), /^\d{3,4}\?$/);
      assert.match(await p.textContent('#player-puzzles .pool-figures'), /±\u00a0\d+ · Solved: 1 of 2/);
      // Its games' ratings are still none.
      assert.match(await p.textContent('main'), /No rated games yet/);

      // In another language too.
      const de = await newPage(browser, { locale: 'de-DE' });
      await de.goto(`${server.url}/players/Pia_3`);
      await de.waitForSelector('#player-puzzles');
      assert.match(await de.textContent('#player-puzzles .pool-figures'), /Gelöst: 1 von 2/);
      await de.context().close();
      assert.deepEqual(p.errors || [], []);
      await p.context().close();
    });
  });
});
