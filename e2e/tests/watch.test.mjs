// Browser tests of the Watch page (a game between two people appears, its score follows the
// moves, it opens as a spectator) and of the claim button of a game on a clock (it appears
// with a countdown once the opponent's page is closed, and claiming wins the game), and of
// clocks agreeing with the server after a reconnect. The server runs with
// `--test-claim-grace 3` (a grace period of 3 s instead of 60) and `--test-time-controls`
// (the control `0+5`: 5 s a move).

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, newPage, withScreenshots, e2eDir } from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ args: ['--test-claim-grace', '3', '--test-time-controls'] });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A friend game made through the API: {id, south: page address, north: page address}. */
async function friendGame(extra = {}) {
  const res = await fetch(`${server.url}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ opponent: { kind: 'friend' }, side: 'south', first: 'south', ...extra }),
  });
  assert.equal(res.status, 201);
  const v = await res.json();
  return { id: v.id, south: `${server.url}/g/${v.id}?seat=${v.token}`, north: v.invite_url.startsWith('http') ? v.invite_url : `${server.url}${v.invite_url}` };
}

const skip = process.env.KALAH_URL ? 'needs its own server' : false;

describe('watch page', () => {
  it('lists a game being played, follows its score, and opens it to watch', { skip }, async () => {
    const watcher = await newPage(browser, { viewport: { width: 360, height: 800 } });
    const a = await newPage(browser);
    const b = await newPage(browser);
    await withScreenshots('watch', () => [watcher, a, b], async () => {
      await watcher.goto(`${server.url}/`);
      // On a phone the header's links are behind its menu button.
      await watcher.click('#nav-toggle');
      await watcher.click('nav a[href="/watch"]');
      await watcher.waitForURL(/\/watch$/);
      await watcher.waitForSelector('#watch-count');
      assert.match(await watcher.textContent('#watch-count'), /No game is being played/);
      const g = await friendGame();
      await a.goto(g.south);
      await b.goto(g.north);
      await a.waitForSelector('.house.is-playable');
      // Both players are in: the game appears on the watcher's page without a reload.
      const item = `.watch-game[data-id="${g.id}"]`;
      await watcher.waitForSelector(item, { timeout: 10000 });
      assert.match(await watcher.textContent('#watch-count'), /Games being played: 1/);
      assert.equal((await watcher.textContent(`${item} .watch-score`)).trim(), '0 – 0');
      // South sows house 3 of the standard start: the last seed lands in the store.
      await a.click('.house.is-playable >> nth=2');
      await watcher.waitForFunction((sel) => document.querySelector(sel)?.textContent.trim() === '1 – 0', `${item} .watch-score`, { timeout: 10000 });
      assert.match(await watcher.textContent(`${item} .watch-details`), /Moves: 1/);
      // The score is read as words, not as a dash.
      assert.match(await watcher.getAttribute(`${item} .watch-score`, 'aria-label'), /South 1, North 0/);
      assert.ok(await watcher.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal overflow at 360 px');
      // No serious accessibility problem (axe), light and dark.
      const axe = readFileSync(join(e2eDir, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
      for (const colorScheme of ['light', 'dark']) {
        await watcher.emulateMedia({ colorScheme });
        await watcher.evaluate(axe);
        const violations = await watcher.evaluate(async () =>
          (await window.axe.run(document, { resultTypes: ['violations'] })).violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`),
        );
        assert.deepEqual(violations, [], colorScheme);
      }
      // Keyboard: the game is a link, and it keeps the focus while the list changes; Enter
      // opens the spectator view.
      await watcher.focus(`${item} a`);
      await a.click('.house.is-playable >> nth=-1');
      await watcher.waitForFunction((sel) => /Moves: 2/.test(document.querySelector(sel)?.textContent), `${item} .watch-details`, { timeout: 10000 });
      assert.ok(await watcher.evaluate((sel) => document.activeElement === document.querySelector(sel), `${item} a`), 'the focus stays on the game');
      await watcher.keyboard.press('Enter');
      await watcher.waitForURL(new RegExp(`/g/${g.id}$`));
      await watcher.waitForSelector('.role-line');
      assert.match(await watcher.textContent('.role-line'), /watching/i);
      // A resigned game leaves the list.
      await watcher.goBack();
      await watcher.waitForSelector(item);
      await a.click('#resign-button');
      await a.click('#resign-yes');
      await watcher.waitForSelector(item, { state: 'detached', timeout: 10000 });
      for (const p of [watcher, a, b]) assert.deepEqual(p.errors || [], []);
      for (const p of [watcher, a, b]) await p.context().close();
    });
  });
});

describe('claims', () => {
  it('offers the claim after the grace period once the opponent has left, and claiming wins', { skip }, async () => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    await withScreenshots('claim', () => [a, b], async () => {
      const g = await friendGame({ time_control: '1d' });
      await a.goto(g.south);
      await b.goto(g.north);
      await a.waitForSelector('.house.is-playable');
      await b.waitForSelector('#clock-bottom');
      assert.ok(await a.isHidden('#claim-box'), 'no claim while the opponent is here');
      // The opponent closes their page.
      await b.context().close();
      await a.waitForSelector('#claim-box:not([hidden])', { timeout: 10000 });
      assert.match(await a.textContent('#claim-text'), /within \d s, you may claim/);
      assert.ok(await a.isHidden('#claim-button'), 'no button during the grace period');
      await a.waitForSelector('#claim-button:not([hidden])', { timeout: 10000 });
      assert.match(await a.textContent('#claim-text'), /you may claim the game/);
      await a.click('#claim-button');
      await a.waitForSelector('.result-card:not([hidden])', { timeout: 10000 });
      assert.match(await a.textContent('#result-text'), /Your opponent left the game\. You win/);
      assert.ok(await a.isHidden('#claim-box'), 'the box goes with the game');
      assert.deepEqual(a.errors || [], []);
      await a.context().close();
    });
  });

  it('takes the claim back when the opponent returns', { skip }, async () => {
    const a = await newPage(browser);
    let b = await newPage(browser);
    await withScreenshots('claim-back', () => [a, b], async () => {
      const g = await friendGame({ time_control: '1d' });
      await a.goto(g.south);
      await b.goto(g.north);
      await a.waitForSelector('.house.is-playable');
      await b.waitForSelector('#clock-bottom');
      const link = b.url();
      const storage = await b.context().storageState();
      await b.context().close();
      await a.waitForSelector('#claim-box:not([hidden])', { timeout: 10000 });
      // The same player (same stored seat) opens the game again.
      const ctx = await browser.newContext({ storageState: storage });
      b = await ctx.newPage();
      await b.goto(link);
      await a.waitForSelector('#claim-box', { state: 'hidden', timeout: 10000 });
      await ctx.close();
      await a.context().close();
    });
  });
});

/** Seconds shown by a clock (`0:04.3` → 4.3). */
function clockSeconds(text) {
  const m = /^(\d+):(\d\d)(?:\.(\d))?$/.exec(text.trim());
  assert.ok(m, `clock text ${text}`);
  return Number(m[1]) * 60 + Number(m[2]) + (m[3] ? Number(m[3]) / 10 : 0);
}

describe('clocks after a reconnect', () => {
  it('agree with the server within a fraction of a second', { skip }, async (t) => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    await withScreenshots('clock-reconnect', () => [a, b], async () => {
      const g = await friendGame({ time_control: '0+5' });
      await a.goto(g.south);
      await b.goto(g.north);
      // Both free first moves (house 1 never earns an extra turn at the start); then South's
      // clock runs, 5 s.
      await a.waitForSelector('.house.is-playable');
      await a.click('.house.is-playable >> nth=0');
      await b.waitForSelector('.house.is-playable');
      await b.click('.house.is-playable >> nth=0');
      await a.waitForSelector('#clock-bottom.clock-running');
      /**
       * North's page's reading of South's running clock, against the server's at that instant.
       * The page shows tenths, floored, redrawn every 100 ms: within half a second allows for
       * a busy test machine delaying the page's timer; the measured drift is under 0.1 s.
       */
      const drift = () =>
        b.evaluate(async (id) => {
          const game = await (await fetch(`/api/games/${id}`)).json();
          const shown = document.querySelector('#clock-top .clock-time').textContent;
          const server = (game.clock.south - (Date.now() - game.clock.at)) / 1000;
          return { shown, server };
        }, g.id);
      // A reload is a reconnect from scratch; dropping the network and coming back is another.
      await b.reload();
      await b.waitForSelector('#clock-top.clock-running');
      await b.waitForTimeout(300);
      let r = await drift();
      assert.ok(Math.abs(clockSeconds(r.shown) - r.server) < 0.5, `after a reload: shown ${r.shown}, server ${r.server.toFixed(2)} s`);
      t.diagnostic(`after a reload: shown ${r.shown}, server ${r.server.toFixed(3)} s`);
      await b.context().setOffline(true);
      await b.waitForTimeout(400);
      await b.context().setOffline(false);
      await b.waitForTimeout(700);
      r = await drift();
      assert.ok(Math.abs(clockSeconds(r.shown) - r.server) < 0.5, `after going offline: shown ${r.shown}, server ${r.server.toFixed(2)} s`);
      t.diagnostic(`after going offline: shown ${r.shown}, server ${r.server.toFixed(3)} s`);
      for (const p of [a, b]) await p.context().close();
    });
  });
});
