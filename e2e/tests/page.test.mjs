// Browser end-to-end tests of the Kalah page against the real `kalah serve`.
//
//   KALAH_BIN=target/release/kalah node --test --test-concurrency=1 tests/

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  e2eDir, startServer, launchBrowser, newPage, withScreenshots, boardCounts, plyCount, waitForTurnOrEnd, createGame,
} from './helpers.mjs';

let server;
let browser;
const open = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function page(options) {
  const p = await newPage(browser, options);
  open.push(p);
  return p;
}

async function done(...pages) {
  for (const p of pages) await p.context().close();
}

/** Plays the first sowable house (or swaps) until the game is over; returns the clicks made. */
async function playToEnd(p, maxClicks = 300) {
  for (let clicks = 0; clicks < maxClicks; clicks++) {
    const state = await waitForTurnOrEnd(p, 60000);
    if (state === 'over') return clicks;
    const before = await plyCount(p);
    const house = await p.$('.house.is-playable');
    if (house) await house.click();
    else if (await p.$('.pie-offer:not([hidden]) #swap-button')) await p.click('#swap-button');
    else continue;
    // The move is taken when the move list grows (an extra turn offers houses again at once).
    await p.waitForFunction((n) => document.querySelectorAll('#moves-list .ply').length > n, before, { timeout: 30000 });
  }
  throw new Error(`the game did not end within ${maxClicks} clicks`);
}

describe('the Kalah page', () => {
  it('plays a full game against the computer by clicks to the game-over summary', async () => {
    const p = await page();
    await withScreenshots('full-game', () => [p], async () => {
      await createGame(p, server.url, { opponent: 'computer', level: 'lowest', side: 'south', first: 'south' });
      // The board reads as a board: labelled houses, both stores.
      const label = await p.getAttribute('.house[data-side=south][data-house="3"]', 'aria-label');
      assert.match(label, /Your house 3, 4 seeds/);
      assert.equal(await p.locator('.store').count(), 2);
      // The first move by keyboard: focus a house and press Enter.
      await waitForTurnOrEnd(p);
      await p.focus('.house.is-playable');
      await p.keyboard.press('Enter');
      await p.waitForFunction(() => document.querySelectorAll('#moves-list .ply').length >= 1);
      await playToEnd(p);
      const result = await p.textContent('#result-text');
      assert.match(result, /You win|You lose|Draw/);
      assert.ok((await plyCount(p)) >= 6, 'the move list shows the game');
      // Rematch with sides swapped opens a new game.
      // The record downloads; the position string is copied.
      const href = await p.getAttribute('#export-record', 'href');
      const record = await p.evaluate(async (u) => (await fetch(u)).text(), href);
      assert.match(record, /\[Kalah "1"\]/);
      await p.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await p.click('#share-export summary');
      await p.click('#copy-position');
      await p.waitForFunction(() => /<6,\d+,\d+,/.test(document.querySelector('#event-line').textContent));
      const oldPath = new URL(p.url()).pathname;
      await p.click('.result-card button.primary');
      await p.waitForFunction((old) => location.pathname !== old, oldPath);
      await p.waitForSelector('.board .house');
      assert.equal(await p.getAttribute('.house.bottom >> nth=0', 'data-side'), 'north', 'the rematch swaps the sides');
      assert.deepEqual(p.errors || [], []);
      await done(p);
    });
  });

  it('lets two browser profiles play each other through the invitation link, live', async () => {
    const a = await page();
    const b = await page();
    const watcher3 = await page();
    await withScreenshots('friend-game', () => [a, b, watcher3], async () => {
      await createGame(a, server.url, { opponent: 'friend', side: 'south', first: 'south' });
      const invite = await a.inputValue('#invite-link');
      assert.match(invite, /\/g\/[^?]+\?seat=/);
      await b.goto(invite);
      await b.waitForSelector('.board .house');
      assert.ok(!b.url().includes('seat='), 'the seat token is removed from the address bar');
      // A spectator through the watch link.
      await watcher3.goto(await a.inputValue('#watch-link'));
      await watcher3.waitForSelector('.board .house');
      assert.equal(await watcher3.$('.house.is-playable'), null, 'a spectator cannot move');
      // B plays North: its own houses are at the bottom.
      assert.equal(await b.getAttribute('.house.bottom >> nth=0', 'data-side'), 'north');
      assert.equal(await a.getAttribute('.house.bottom >> nth=0', 'data-side'), 'south');
      let moves = 0;
      while (moves < 6) {
        const before = await plyCount(a);
        const mover = (await a.$('.house.is-playable')) ? a : (await b.$('.house.is-playable')) ? b : null;
        if (!mover) {
          await Promise.race([waitForTurnOrEnd(a), waitForTurnOrEnd(b)]);
          continue;
        }
        const watcher = mover === a ? b : a;
        await mover.click('.house.is-playable >> nth=-1');
        // The other browser sees the move at once, without reloading.
        await watcher.waitForFunction((n) => document.querySelectorAll('#moves-list .ply').length > n, before, { timeout: 10000 });
        await mover.waitForFunction((n) => document.querySelectorAll('#moves-list .ply').length > n, before, { timeout: 10000 });
        assert.deepEqual(await boardCounts(watcher), await boardCounts(mover), 'both boards agree');
        moves += 1;
        if (await a.$('.result-card:not([hidden])')) break;
      }
      assert.ok(moves >= 6);
      const plies = await plyCount(a);
      await watcher3.waitForFunction((n) => document.querySelectorAll('#moves-list .ply').length === n, plies, { timeout: 10000 });
      assert.deepEqual(await boardCounts(watcher3), await boardCounts(a), 'the spectator sees the same board');
      await done(a, b, watcher3);
    });
  });

  it('reconnects after the connection drops and catches up', { skip: process.env.KALAH_URL ? 'needs a server of its own' : false }, async () => {
    // A server of its own, restarted on the same port and data while two players are on.
    const own = await startServer({ dataDir: mkdtempSync(join(tmpdir(), 'kalah-e2e-restart-')) });
    const a = await page();
    const b = await page();
    try {
      await withScreenshots('reconnect', () => [a, b], async () => {
        await createGame(a, own.url, { opponent: 'friend', side: 'south', first: 'south' });
        await b.goto(await a.inputValue('#invite-link'));
        await b.waitForSelector('.board .house');
        await a.click('.house.is-playable >> nth=0');
        await b.waitForFunction(() => document.querySelectorAll('#moves-list .ply').length === 1);
        await own.stop({ keepData: true });
        await a.waitForSelector('.conn-line.visible', { timeout: 10000 });
        const restarted = await startServer({ dataDir: own.dataDir, port: own.port });
        Object.assign(own, restarted);
        await a.waitForFunction(() => !document.querySelector('.conn-line.visible') || /again/.test(document.querySelector('.conn-line').textContent), null, { timeout: 30000 });
        await b.waitForSelector('.house.is-playable', { timeout: 30000 });
        await b.click('.house.is-playable >> nth=0');
        await a.waitForFunction(() => document.querySelectorAll('#moves-list .ply').length === 2, null, { timeout: 20000 });
        assert.deepEqual(await boardCounts(a), await boardCounts(b));
      });
    } finally {
      await done(a, b);
      await own.stop();
      rmSync(own.dataDir, { recursive: true, force: true });
    }
  });

  it('offers the pie-rule swap and resigns with a confirmation (one screen)', async () => {
    const p = await page();
    await withScreenshots('pie-resign', () => [p], async () => {
      await p.goto(`${server.url}/`);
      await p.click('#custom-game summary');
      await p.waitForSelector('#start-game');
      await p.check('input[name=opponent][value=local]');
      await p.click('.rule-options summary');
      await p.check('#opt-pie');
      assert.equal(await p.inputValue('#preset'), 'custom');
      await p.check('input[name=first][value=south]');
      await p.click('#start-game');
      await p.waitForSelector('.board .house');
      // South's first turn: house 1 (4 seeds) ends it; North may then swap.
      await p.click('.house[data-side=south][data-house="1"]');
      await p.waitForSelector('.pie-offer:not([hidden]) #swap-button');
      await p.click('#swap-button');
      await p.waitForFunction(() => [...document.querySelectorAll('#moves-list .ply')].some((b) => b.textContent === 'swap'));
      assert.ok(await p.isHidden('.pie-offer'));
      // Resign: the confirmation first, "no" keeps playing, "yes" ends the game.
      await p.click('#resign-button');
      await p.click('dialog.confirm button[value=no]');
      assert.ok(await p.isHidden('.result-card'));
      await p.click('#resign-button');
      await p.click('#resign-yes');
      await p.waitForSelector('.result-card:not([hidden])');
      assert.match(await p.textContent('.result-card'), /resigned/);
      await done(p);
    });
  });

  it('flips both boards when a friend takes the pie-rule swap', async () => {
    const a = await page();
    const b = await page();
    await withScreenshots('pie-friends', () => [a, b], async () => {
      await a.goto(`${server.url}/`);
      await a.click('#custom-game summary');
      await a.waitForSelector('#start-game');
      await a.check('input[name=opponent][value=friend]');
      await a.click('.rule-options summary');
      await a.check('#opt-pie');
      await a.check('input[name=first][value=south]');
      await a.check('input[name=side][value=south]');
      await a.click('#start-game');
      await a.waitForSelector('#invite-link');
      await b.goto(await a.inputValue('#invite-link'));
      await b.waitForSelector('.board .house');
      const bottomSide = (p) => p.getAttribute('.house.bottom >> nth=0', 'data-side');
      assert.equal(await bottomSide(b), 'north');
      await a.click('.house[data-side=south][data-house="1"]');
      await b.waitForSelector('.pie-offer:not([hidden]) #swap-button');
      await b.click('#swap-button');
      // B now plays South's position and A North's: each sees their own side at the bottom.
      await b.waitForFunction(() => document.querySelector('.house.bottom').dataset.side === 'south');
      await a.waitForFunction(() => document.querySelector('.house.bottom').dataset.side === 'north');
      assert.match(await a.getAttribute('.house.bottom >> nth=0', 'aria-label'), /^Your house/);
      await done(a, b);
    });
  });

  it('resumes a game after a reload', async () => {
    const p = await page();
    await withScreenshots('reload', () => [p], async () => {
      await createGame(p, server.url, { opponent: 'computer', level: 'lowest', side: 'south', first: 'south' });
      for (let i = 0; i < 3; i++) {
        if ((await waitForTurnOrEnd(p)) === 'over') break;
        const before = await plyCount(p);
        await p.click('.house.is-playable >> nth=0');
        await p.waitForFunction((n) => document.querySelectorAll('#moves-list .ply').length > n, before, { timeout: 10000 });
      }
      await waitForTurnOrEnd(p);
      const counts = await boardCounts(p);
      const plies = await plyCount(p);
      const url = p.url();
      await p.reload();
      await p.waitForSelector('.board .house');
      await waitForTurnOrEnd(p);
      assert.equal(p.url(), url);
      assert.equal(await plyCount(p), plies);
      assert.deepEqual(await boardCounts(p), counts);
      // Still this browser's seat: it can move on.
      if (!(await p.$('.result-card:not([hidden])'))) assert.ok(await p.$('.house.is-playable'));
      await done(p);
    });
  });

  it('switches the language and remembers it; starts in the browser language', async () => {
    const p = await page();
    await withScreenshots('language', () => [p], async () => {
      await p.goto(`${server.url}/`);
      await p.waitForSelector('#play-computer');
      const english = await p.textContent('#play-computer');
      assert.equal(english, 'Play the computer');
      await p.selectOption('#language-select', 'de');
      await p.waitForFunction(() => document.documentElement.lang === 'de');
      await p.waitForFunction((en) => document.querySelector('#play-computer')?.textContent !== en, english);
      await p.reload();
      await p.waitForSelector('#play-computer');
      assert.equal(await p.evaluate(() => document.documentElement.lang), 'de');
      // The rules pages come in the chosen language too.
      await p.goto(`${server.url}/rules/standard`);
      await p.waitForSelector('.rules-article h1');
      assert.notEqual(await p.textContent('.rules-article h1'), 'How to play Kalah');
      await done(p);
    });
    const f = await page({ locale: 'fr-FR' });
    await withScreenshots('language-browser', () => [f], async () => {
      await f.goto(`${server.url}/`);
      await f.waitForSelector('#play-computer');
      assert.equal(await f.evaluate(() => document.documentElement.lang), 'fr');
      await done(f);
    });
  });

  it('fits a phone screen and switches to the dark theme', async () => {
    const p = await page({ viewport: { width: 375, height: 667 } });
    await withScreenshots('phone-theme', () => [p], async () => {
      await createGame(p, server.url, { opponent: 'computer', level: 'lowest' });
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the game page is ${overflow}px wider than the phone`);
      for (const path of ['/', '/rules/bga', '/analysis']) {
        await p.goto(`${server.url}${path}`);
        await p.waitForSelector('main h1, main h2');
        const wide = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(wide <= 0, `${path} is ${wide}px wider than the phone`);
      }
      await p.goBack();
      await p.goBack();
      await p.goBack();
      await p.waitForSelector('.board .house');
      const box = await p.locator('.board').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 375, 'the board fits the width');
      const before = await p.evaluate(() => getComputedStyle(document.body).backgroundColor);
      await p.click('#theme-toggle');
      assert.equal(await p.evaluate(() => document.documentElement.dataset.theme), 'dark');
      assert.notEqual(await p.evaluate(() => getComputedStyle(document.body).backgroundColor), before);
      await p.reload();
      await p.waitForSelector('.board .house');
      assert.equal(await p.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the theme is remembered');
      await done(p);
    });
  });

  it('passes the axe accessibility checks on every page, light and dark', async () => {
    const axe = readFileSync(join(e2eDir, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
    for (const colorScheme of ['light', 'dark']) {
      const p = await page({ colorScheme });
      await withScreenshots(`axe-${colorScheme}`, () => [p], async () => {
        const check = async (name) => {
          // Evaluated rather than added as an inline script tag, which the page's CSP blocks.
          await p.evaluate(axe);
          const violations = await p.evaluate(async () =>
            (await window.axe.run(document, { resultTypes: ['violations'] })).violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`),
          );
          assert.deepEqual(violations, [], `${name} (${colorScheme})`);
        };
        await p.goto(`${server.url}/`);
        await p.waitForSelector('#play-computer');
        await check('home');
        await createGame(p, server.url, { opponent: 'computer', level: 'lowest' });
        await waitForTurnOrEnd(p);
        await check('game');
        await p.goto(`${server.url}/rules/standard`);
        await p.waitForSelector('.rules-article');
        await check('rules');
        await p.goto(`${server.url}/analysis`);
        await p.waitForSelector('#record-input');
        await check('analysis');
        await done(p);
      });
    }
  });

  it('shows a friendly screen for an unknown game and the rules pages', async () => {
    const p = await page();
    await withScreenshots('pages', () => [p], async () => {
      await p.goto(`${server.url}/g/no-such-game-here`);
      await p.waitForSelector('h1');
      assert.equal(await p.textContent('h1'), 'No such game');
      // An unknown page address answers 404 with the page's own "not found" screen.
      for (const path of ['/g/', '/index.html', '/no/such/page']) {
        const res = await p.goto(`${server.url}${path}`);
        assert.equal(res.status(), 404, path);
        await p.waitForSelector('h1');
        assert.equal(await p.textContent('h1'), 'Page not found', path);
      }
      assert.equal((await p.goto(`${server.url}/rules`)).status(), 200);
      await p.goto(`${server.url}/rules/bga`);
      await p.waitForSelector('.rules-article');
      const text = await p.textContent('.rules-article');
      assert.match(text, /more than half/);
      assert.ok((await p.locator('.rules-article p.rule').count()) >= 8);
      await done(p);
    });
  });

  it('imports a game record on the analysis board and shows move values', async () => {
    const p = await page();
    await withScreenshots('analysis', () => [p], async () => {
      await p.goto(`${server.url}/analysis`);
      await p.waitForSelector('#record-input');
      await p.fill('#record-input', '[Kalah "1"]\n[Rules "houses=6 seeds=4 capture=standard end=either-empty sweep=owner early-end=no pie=no both-stores=no"]\n[Start "<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S"]\n[Result "*"]\n\n3-6 2\n');
      await p.click('#import-button');
      await p.waitForFunction(() => document.querySelectorAll('.moves-list .ply').length === 3);
      await p.waitForSelector('.house.has-value', { timeout: 20000 });
      await p.keyboard.press('Home');
      await p.waitForFunction(() => [...document.querySelectorAll('.board .count')].every((c) => /^(0|4)$/.test(c.textContent)));
      // Try a move of our own from the start: house 1 of South, a new line replaces the game's.
      await p.click('.house[data-side=south][data-house="1"]');
      await p.waitForFunction(() => document.querySelectorAll('.moves-list .ply').length === 1);
      assert.equal(await p.textContent('.house[data-side=south][data-house="2"] .count'), '5');
      await done(p);
    });
  });
});
