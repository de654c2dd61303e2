// Browser tests of a sowing animation that fails half-way (issue 33): the page once froze
// with the hand parked on the store. Whatever throws during an animation, the page must end
// on the game's position, at rest, with the player's turn offered.
//
//   KALAH_BIN=target/release/kalah node --test --test-concurrency=1 tests/

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage, withScreenshots, waitForTurnOrEnd, createGame, boardCounts } from './helpers.mjs';

const env = serverAndBrowser();

/** The counts of the game's position as the server has it, keyed like boardCounts. */
async function serverCounts(p) {
  const id = new URL(p.url()).pathname.split('/').pop();
  const position = await p.evaluate(async (gid) => (await (await fetch(`/api/games/${gid}`)).json()).position, id);
  const [n, south, north, ...houses] = position.slice(1, position.indexOf('>')).split(',').map(Number);
  const counts = { 'south:store': south, 'north:store': north };
  for (let i = 0; i < n; i++) {
    counts[`south:${i + 1}`] = houses[i];
    counts[`north:${i + 1}`] = houses[n + i];
  }
  return counts;
}

async function atRest(p) {
  return p.evaluate(() => ({
    hand: !document.querySelector('.board .hand').hidden,
    animating: document.querySelector('.board').classList.contains('is-animating'),
  }));
}

describe('a sowing animation that fails', () => {
  it('with sounds on and no audio: the sowing still ends and the turn is offered', async () => {
    const p = await newPage(env.browser, { speed: 'fast' });
    await p.context().addInitScript(() => {
      localStorage.setItem('kalah.sound', 'true');
      window.audioTries = 0;
      window.AudioContext = function () {
        window.audioTries += 1;
        throw new Error('no audio device');
      };
    });
    await withScreenshots('animation-no-audio', () => [p], async () => {
      await createGame(p, env.server.url, { opponent: 'computer', level: 'lowest', first: 'north' });
      assert.equal(await waitForTurnOrEnd(p), 'turn');
      await p.waitForFunction(() => /Your turn\./.test(document.querySelector('#event-line').textContent));
      assert.deepEqual(await atRest(p), { hand: false, animating: false });
      assert.deepEqual(await boardCounts(p), await serverCounts(p));
      assert.ok((await p.evaluate(() => window.audioTries)) > 0, 'a click was tried for a dropped seed');
      assert.deepEqual(p.errors || [], []);
      await p.context().close();
    });
  });

  it('when the board itself throws mid-sowing: the page ends on the position, not stuck', async () => {
    const p = await newPage(env.browser, { speed: 'fast' });
    // Measuring a pit during an animation throws: the hand cannot be placed.
    await p.context().addInitScript(() => {
      const real = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetLeft');
      Object.defineProperty(HTMLElement.prototype, 'offsetLeft', {
        configurable: true,
        get() {
          if (this.classList.contains('pit') && document.querySelector('.board.is-animating')) throw new Error('layout failed');
          return real.get.call(this);
        },
      });
    });
    await withScreenshots('animation-throws', () => [p], async () => {
      await createGame(p, env.server.url, { opponent: 'computer', level: 'lowest', first: 'north' });
      assert.equal(await waitForTurnOrEnd(p), 'turn');
      await p.waitForFunction(() => /Your turn\./.test(document.querySelector('#event-line').textContent));
      assert.match(await p.textContent('#event-line'), /^The computer sows house \d/);
      assert.deepEqual(await atRest(p), { hand: false, animating: false });
      assert.deepEqual(await boardCounts(p), await serverCounts(p));
      assert.ok((p.consoleErrors || []).some((e) => /a sowing animation failed/.test(e)), 'the failure is reported on the console');
      assert.deepEqual(p.errors || [], [], 'no uncaught error');
      // The next move is sown and animated (and fails the same way) without sticking either.
      await p.click('.house.is-playable >> nth=0');
      assert.equal(await waitForTurnOrEnd(p), 'turn');
      assert.deepEqual(await atRest(p), { hand: false, animating: false });
      assert.deepEqual(await boardCounts(p), await serverCounts(p));
      assert.deepEqual(p.errors || [], []);
      await p.context().close();
    });
  });
});
