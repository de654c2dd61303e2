// A server stopped with SIGTERM (a deploy, a restart) closes the page's sockets with 1012
// ("service restart") and a reason to reconnect, not a dropped connection; the game page and
// the Watch page reconnect to the restarted server promptly and carry on.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launchBrowser, newPage, withScreenshots, createGame, plyCount } from './helpers.mjs';

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** A page whose WebSockets note their opens and their close codes in `window.__ws`. */
async function watchedPage() {
  const p = await newPage(browser);
  await p.addInitScript(() => {
    const seen = { opens: 0, closes: [] };
    window.__ws = seen;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener('open', () => { seen.opens += 1; });
        this.addEventListener('close', (e) => { seen.closes.push({ code: e.code, reason: e.reason }); });
      }
    };
  });
  return p;
}

describe('a server restart', { skip: process.env.KALAH_URL ? 'needs a server of its own' : false }, () => {
  it('closes sockets with 1012 and the pages reconnect promptly', async (t) => {
    const own = await startServer({ dataDir: mkdtempSync(join(tmpdir(), 'kalah-e2e-drain-')) });
    const game = await watchedPage();
    const watch = await watchedPage();
    try {
      await withScreenshots('drain', () => [game, watch], async () => {
        await createGame(game, own.url, { opponent: 'local', first: 'south' });
        await game.click('.house.is-playable >> nth=0');
        await game.waitForFunction(() => document.querySelectorAll('#moves-list .ply').length === 1);
        await watch.goto(`${own.url}/watch`);
        for (const p of [game, watch]) await p.waitForFunction(() => window.__ws.opens >= 1);

        await own.stop({ keepData: true });
        for (const p of [game, watch]) {
          await p.waitForFunction(() => window.__ws.closes.length >= 1, null, { timeout: 10000 });
          const [first] = await p.evaluate(() => window.__ws.closes);
          assert.equal(first.code, 1012, `a service-restart close, not a dropped connection: ${JSON.stringify(first)}`);
          assert.match(first.reason, /reconnect/);
        }

        const restarted = await startServer({ dataDir: own.dataDir, port: own.port });
        Object.assign(own, restarted);
        const back = Date.now();
        for (const p of [game, watch]) {
          await p.waitForFunction(() => window.__ws.opens >= 2, null, { timeout: 10000 });
        }
        const took = Date.now() - back;
        t.diagnostic(`both pages reconnected ${took} ms after the server was back`);
        // Prompt: the page's first retry after a 1012 comes within a second; one failed try
        // while the server was down adds at most half a second (backoff's first step).
        assert.ok(took < 4000, `reconnected ${took} ms after the server was back`);
        await game.waitForFunction(() => !document.querySelector('.conn-line.visible'), null, { timeout: 5000 });
        assert.equal(await plyCount(game), 1, 'the game is as it was');
        await game.click('.house.is-playable >> nth=0');
        await game.waitForFunction(() => document.querySelectorAll('#moves-list .ply').length === 2, null, { timeout: 10000 });
        for (const p of [game, watch]) assert.deepEqual(p.errors || [], []);
      });
    } finally {
      await game.context().close();
      await watch.context().close();
      await own.stop();
      rmSync(own.dataDir, { recursive: true, force: true });
    }
  });
});
