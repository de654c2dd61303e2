// Browser test of a friend game on a clock: two browser profiles, live clocks counting down,
// and a flag fall. The server offers the short test control `0+5` (a free first move each,
// then 5 s a move) only with `kalah serve --test-time-controls`, so a flag falls in seconds.

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

/** Seconds shown by a clock (`0:04.3` → 4.3). */
async function clockSeconds(p, which) {
  const text = await p.textContent(`#clock-${which} .clock-time`);
  const m = /^(\d+):(\d\d)(?:\.(\d))?$/.exec(text.trim());
  assert.ok(m, `clock text ${text}`);
  return Number(m[1]) * 60 + Number(m[2]) + (m[3] ? Number(m[3]) / 10 : 0);
}

describe('clocks', () => {
  it('counts both clocks down live and ends the game on time', { skip: process.env.KALAH_URL ? 'needs --test-time-controls' : false }, async () => {
    const a = await newPage(browser);
    const b = await newPage(browser, { viewport: { width: 320, height: 800 } });
    await withScreenshots('clock-game', () => [a, b], async () => {
      await a.goto(`${server.url}/?test-clock`);
      await a.waitForSelector('#quick-time');
      await a.selectOption('#quick-time', '0+5');
      await a.click('#play-friend');
      await a.waitForURL(/\/g\/[^/?]+$/);
      await a.waitForSelector('#clock-bottom');
      await b.goto(await a.inputValue('#invite-link'));
      await b.waitForSelector('#clock-bottom');
      // Each side's free first move (house 6 from the start never earns an extra turn); the
      // one who moved first is then on the clock.
      let first = null;
      for (let ply = 0; ply < 2; ply++) {
        await Promise.race([a.waitForSelector('.house.is-playable'), b.waitForSelector('.house.is-playable')]);
        const mover = (await a.$('.house.is-playable')) ? a : b;
        first = first || mover;
        await mover.click('.house.is-playable >> nth=-1');
        for (const p of [a, b]) await p.waitForFunction((n) => document.querySelectorAll('#moves-list .ply').length > n, ply, { timeout: 10000 });
      }
      const waiting = first;
      const other = waiting === a ? b : a;
      // The running clock counts down on both pages and they agree.
      const t1 = await clockSeconds(waiting, 'bottom');
      await waiting.waitForTimeout(1200);
      const t2 = await clockSeconds(waiting, 'bottom');
      assert.ok(t2 < t1 - 0.5, `the clock runs: ${t1} then ${t2}`);
      assert.ok(Math.abs((await clockSeconds(other, 'top')) - (await clockSeconds(waiting, 'bottom'))) < 0.5, 'both pages agree');
      assert.ok(await waiting.$('#clock-bottom.clock-running.clock-low'), 'the running clock warns when low');
      assert.match(await waiting.textContent('#clock-bottom .clock-warning'), /low on time/);
      // Nobody moves: the server ends the game by the flag.
      await waiting.waitForSelector('.result-card:not([hidden])', { timeout: 15000 });
      await other.waitForSelector('.result-card:not([hidden])', { timeout: 15000 });
      assert.equal(await waiting.textContent('#result-text'), 'You lost on time.');
      assert.match(await other.textContent('#result-text'), /Your opponent's time ran out\. You win/);
      assert.equal(await waiting.textContent('#clock-bottom .clock-time'), '0:00.0');
      // No horizontal overflow on the narrow phone.
      assert.ok(await b.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal overflow at 320 px');
      await a.context().close();
      await b.context().close();
    });
  });
});
