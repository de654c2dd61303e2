// Browser test of the lobby: two browser profiles sign up, meet through a seek, play a rated
// game on the short test clock (`kalah serve --test-time-controls`) that ends by a flag
// fall, and both see their new ratings on the game and on their player pages. Then a
// challenge from a player page is declined, live.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, withScreenshots } from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer({ args: ['--test-time-controls'] });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function signUp(p, name) {
  await p.goto(`${server.url}/?test-clock`);
  await p.fill('#account-signup-name', name);
  await p.fill('#account-signup-password', `${name} password`);
  await p.click('#account-signup-submit');
  await p.waitForFunction((n) => (document.querySelector('#online-status')?.textContent || '').includes(n), name);
}

describe('lobby', () => {
  it('two accounts meet through a seek, play a rated game to a flag fall, and see their ratings', { skip: process.env.KALAH_URL ? 'needs --test-time-controls' : false }, async () => {
    const a = await newPage(browser);
    const b = await newPage(browser, { viewport: { width: 360, height: 800 } });
    await withScreenshots('lobby-game', () => [a, b], async () => {
      await signUp(a, 'Lobby_Ann');
      await signUp(b, 'Lobby_Bob');
      // Accounts play rated by default; the quick pairing buttons are there for both rules.
      assert.equal(await a.isChecked('#online-rated'), true);
      assert.equal(await a.locator('.online-quick-button').count(), 10);
      assert.ok(await b.$('#online-seeks-empty'));
      await a.selectOption('#seek-clock', '0+5');
      await a.click('#online-create-submit');
      await a.waitForSelector('.seek.mine .seek-cancel');
      // Bob sees Ann's seek live, with her rating, and accepts it.
      const accept = b.locator('.seek-accept');
      await accept.waitFor();
      const row = await b.textContent('.seek');
      assert.match(row, /Lobby_Ann \(1500\)/);
      assert.match(row, /0\+5/);
      assert.match(row, /Rated/);
      assert.match(await accept.getAttribute('aria-label'), /Accept the seek of Lobby_Ann/);
      await accept.click();
      // Both pages open the same game, each at their own seat.
      await a.waitForURL(/\/g\/[^/?]+$/);
      await b.waitForURL(/\/g\/[^/?]+$/);
      assert.equal(new URL(a.url()).pathname, new URL(b.url()).pathname);
      await a.waitForSelector('#clock-bottom');
      await b.waitForSelector('#clock-bottom');
      // The two free first moves; then the first mover waits until their flag falls.
      let first = null;
      for (let ply = 0; ply < 2; ply++) {
        await Promise.race([a.waitForSelector('.house.is-playable'), b.waitForSelector('.house.is-playable')]);
        const mover = (await a.$('.house.is-playable')) ? a : b;
        first = first || mover;
        await mover.click('.house.is-playable >> nth=-1');
        for (const p of [a, b]) await p.waitForFunction((n) => document.querySelectorAll('#moves-list .ply').length > n, ply, { timeout: 10000 });
      }
      const loser = first;
      const winner = loser === a ? b : a;
      await loser.waitForSelector('.result-card:not([hidden])', { timeout: 15000 });
      await winner.waitForSelector('.result-card:not([hidden])', { timeout: 15000 });
      assert.equal(await loser.textContent('#result-text'), 'You lost on time.');
      assert.match(await winner.textContent('#result-text'), /Your opponent's time ran out/);
      // The rating change shows at the end of the game.
      await winner.waitForSelector('.rating-change');
      assert.match(await winner.textContent('.result-card'), /1500\??\s*→\s*1[5-9]\d\d/);
      // Both find the game and their new rating on their player pages.
      for (const [p, name, won] of [[a, 'Lobby_Ann', a === winner], [b, 'Lobby_Bob', b === winner]]) {
        await p.goto(`${server.url}/players/${name}`);
        await p.waitForSelector('.pool-rating');
        const rating = Number(await p.textContent('.pool-rating-value').then((s) => s.replace(/\D/g, '')));
        assert.ok(won ? rating > 1500 : rating < 1500, `${name}: ${rating}`);
        assert.match(await p.textContent('.played-game'), won ? /Won/ : /Lost/);
      }
      // A challenge from Bob's page reaches Ann wherever she is; she declines; Bob is told.
      await a.goto(`${server.url}/players/Lobby_Bob`);
      await a.click('#challenge-button');
      await a.selectOption('#challenge-clock', '3+2');
      await a.click('#challenge-send');
      await a.waitForFunction(() => /waiting for Lobby_Bob/.test(document.querySelector('#challenge-status')?.textContent || ''));
      const notice = b.locator('.lobby-notice');
      await notice.waitFor();
      assert.match(await notice.textContent(), /Lobby_Ann \(1500\) challenges you: Kalah \(6,4\), 3\+2/);
      await b.click('.challenge-decline');
      await a.waitForFunction(() => /declined/.test(document.querySelector('#challenge-status')?.textContent || ''));
      // No horizontal overflow on the narrow phone, and no script errors.
      await b.goto(`${server.url}/`);
      await b.waitForSelector('.online-quick-button');
      assert.ok(await b.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal overflow at 360 px');
      assert.deepEqual([a.errors || [], b.errors || []], [[], []]);
      await a.context().close();
      await b.context().close();
    });
  });
});
