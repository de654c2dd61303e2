// Browser test of the Bots page (issue 17): a bot connected over KGP (a small TCP client here,
// speaking the protocol's lines as the bots of the course's libraries do) is listed, a person
// challenges it from a phone-sized window with the keyboard and plays a move on the game page,
// the bot answers, and a spectator opens the game from the list with "Watch". The bot's own
// page (issue 34): opened from the list, with its games, a level's page, a name no bot has,
// German, and the same without JavaScript.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, newPage, withScreenshots, freePort, waitForTurnOrEnd, plyCount, e2eDir } from './helpers.mjs';

const BOT = 'e2e-bot';

/**
 * A KGP bot over TCP: names itself with a token, asks for freeplay, and answers each state
 * with its first house that has seeds (and a comment). `bot.states` counts the states.
 */
function fakeBot(port) {
  const bot = { states: 0, games: [], lines: [] };
  const sock = net.connect(port, '127.0.0.1');
  let id = 1;
  const say = (line) => {
    sock.write(`${id} ${line}\r\n`);
    id += 2;
  };
  let buf = '';
  sock.setEncoding('utf8');
  sock.on('data', (d) => {
    buf += d;
    for (let i; (i = buf.indexOf('\n')) >= 0; ) {
      const line = buf.slice(0, i).replace(/\r$/, '');
      buf = buf.slice(i + 1);
      bot.lines.push(line);
      const m = /^(?:(\d+))?(?:@\d+)?\s*(\S+)\s*(.*)$/.exec(line);
      if (!m) continue;
      const [, ref, cmd, rest] = m;
      if (cmd === 'kgp') {
        say(`set info:name "${BOT}"`);
        say('set auth:token "e2e-secret-token"');
        say('set info:description "plays its first house"');
        say('mode freeplay');
      } else if (cmd === 'set' && /game:id/.test(rest)) {
        bot.games.push(rest.replace(/"?game:id"?\s+/, '').replace(/"/g, ''));
      } else if (cmd === 'state') {
        bot.states++;
        const nums = /<([^>]*)>/.exec(rest)[1].split(',').map(Number);
        const n = nums[0];
        const mine = nums.slice(3, 3 + n);
        const k = mine.findIndex((s) => s > 0) + 1;
        say(`set info:comment "house ${k} looks fine"`);
        say(`@${ref} move ${k}`);
        say(`@${ref} yield`);
      } else if (cmd === 'ping') say(`@${ref} pong`);
    }
  });
  bot.close = () => sock.destroy();
  return bot;
}

describe('the Bots page', () => {
  let server;
  let browser;
  let bot;
  before(async () => {
    const kgpPort = await freePort();
    // No computer level for a bot alone: it waits in the lobby until someone challenges it.
    server = await startServer({ args: ['--kgp-addr', `127.0.0.1:${kgpPort}`, '--kgp-level-games', '0', '--kgp-board', '6x4'] });
    browser = await launchBrowser();
    bot = fakeBot(kgpPort);
  });
  after(async () => {
    bot?.close();
    await browser?.close();
    await server?.stop();
  });

  it('lists a connected bot, challenges it with the keyboard on a phone, and plays it', async () => {
    const p = await newPage(browser, { viewport: { width: 390, height: 844 } });
    let watcher = null;
    await withScreenshots('bots-page', () => [p, watcher], async () => {
      await p.goto(`${server.url}/`);
      await p.click('#bots-link');
      await p.waitForURL(/\/bots$/);
      const row = p.locator(`.bot-row[data-name="${BOT}"]`);
      // The list polls: the bot shows up without a reload.
      await row.waitFor({ timeout: 15000 });
      assert.match(await row.textContent(), /waiting for a game/);
      assert.equal(await row.locator('.bot-about').textContent(), 'plays its first house');
      assert.equal(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, 'no sideways scrolling at 390 px');
      // The board of the challenge: the server's only bot board here.
      assert.deepEqual(await p.$$eval('#bots-board option', (o) => o.map((x) => x.value)), ['6x4']);
      await p.focus(`button[aria-label="Challenge ${BOT}"]`);
      await p.keyboard.press('Enter');
      await p.waitForURL(/\/g\/[^/?]+$/);
      await p.waitForSelector('.board .house');
      const gameId = new URL(p.url()).pathname.split('/').pop();
      const names = await p.$$eval('.player-bar .player-name', (els) => els.map((e) => e.textContent));
      assert.ok(names.includes(BOT), `the bot's name is in a player bar: ${names}`);
      assert.ok(names.includes('You'), `${names}`);

      // A spectator finds the game on the Bots page and watches it.
      watcher = await newPage(browser, { viewport: { width: 390, height: 844 } });
      await watcher.goto(`${server.url}/bots`);
      await watcher.click(`a[aria-label="Watch the game of ${BOT}"]`, { timeout: 15000 });
      await watcher.waitForURL(new RegExp(`/g/${gameId}$`));
      await watcher.waitForSelector('.board .house');
      const seen = await watcher.$$eval('.player-bar .player-name', (els) => els.map((e) => e.textContent));
      assert.ok(seen.includes(BOT), `the spectator sees the bot's name: ${seen}`);
      assert.equal(await watcher.$('.house.is-playable'), null, 'a spectator cannot move');

      // The person moves when it is their turn until the bot (asked over KGP) has answered.
      let moved = 0;
      for (let i = 0; i < 12 && !(moved && bot.states > 0); i++) {
        if ((await waitForTurnOrEnd(p)) === 'over') break;
        const before = await plyCount(p);
        await p.click('.house.is-playable >> nth=0');
        await p.waitForFunction((n) => document.querySelectorAll('#moves-list .ply').length > n, before, { timeout: 15000 });
        moved++;
      }
      assert.ok(moved > 0, 'the person made a move');
      assert.ok(bot.states > 0, 'the bot was asked for a move');
      assert.ok(bot.games.includes(gameId), `the bot was told the game: ${bot.games}`);
      // The bot's move reaches the page, with what the bot said about it.
      await p.waitForSelector('.ply-comment', { timeout: 15000 });
      assert.match(await p.textContent('.ply-comment'), /house \d+ looks fine/);
      assert.deepEqual(p.errors || [], []);
      await watcher.context().close();
      await p.context().close();
    });
  });

  it("opens a bot's page from the list, in the page's language and without JavaScript", async () => {
    const p = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await withScreenshots('bot-page', () => [p], async () => {
      await p.goto(`${server.url}/bots`);
      await p.locator(`.bot-row[data-name="${BOT}"] .bot-name a`).click({ timeout: 15000 });
      await p.waitForURL(new RegExp(`/bots/${BOT}$`));
      assert.equal(await p.textContent('#bot-name'), BOT);
      assert.match(await p.textContent('.bot-page'), /plays its first house/);
      // A bot with a token is rated (no rated game yet: 1500, provisional).
      assert.match(await p.textContent('#bot-rating'), /1500\? ±\s350/);
      assert.match(await p.textContent('#bot-record'), /Rated games: 0 \(won 0, drawn 0, lost 0\)/);
      assert.match(await p.textContent('#bot-status'), /Connected now/);
      // The game the first test played against it, with a person, linked.
      const games = p.locator('#bot-games .played-game');
      assert.ok((await games.count()) >= 1, 'its games are listed');
      assert.match(await games.first().textContent(), /against a person/);
      assert.match(await games.first().locator('.played-game-link').getAttribute('href'), /^\/g\/[^/]+$/);
      assert.equal(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, 'no sideways scrolling at 390 px');

      // A level's page, from the list of the computer's levels.
      await p.goto(`${server.url}/bots`);
      await p.click('#bots-level-list li[data-level="beginner"] a');
      await p.waitForURL(/\/bots\/level(:|%3A)beginner$/);
      assert.equal(await p.textContent('#bot-name'), 'Computer (Beginner)');
      assert.match(await p.textContent('#bot-rating'), /800 ±\s30 · a fixed rating/);
      assert.match(await p.textContent('#bot-status'), /One of the computer’s own levels/);

      // No such bot.
      await p.goto(`${server.url}/bots/nobody-at-all`);
      await p.waitForSelector('.message h1');
      assert.equal(await p.textContent('.message h1'), 'No such bot');
      assert.deepEqual(p.errors || [], []);
      await p.context().close();

      // In German.
      const de = await newPage(browser, { locale: 'de-DE' });
      await de.goto(`${server.url}/bots/${BOT}`);
      await de.waitForSelector('#bot-games-heading');
      assert.equal(await de.textContent('#bot-games-heading'), 'Partien');
      assert.match(await de.textContent('#bot-status'), /Gerade verbunden/);
      await de.context().close();

      // Without JavaScript: the server's plain HTML, the same bot and its games.
      const plain = await browser.newContext({ javaScriptEnabled: false });
      const q = await plain.newPage();
      const res = await q.goto(`${server.url}/bots/${BOT}`);
      assert.equal(res.status(), 200);
      assert.equal(await q.textContent('main h1'), BOT);
      assert.ok((await q.locator('main table a[href^="/g/"]').count()) >= 1, 'its games, linked');
      await q.goto(`${server.url}/bots`);
      await q.click(`main a[href="/bots/${BOT}"]`);
      await q.waitForURL(new RegExp(`/bots/${BOT}$`));
      assert.equal(await q.textContent('main h1'), BOT);
      const gone = await q.goto(`${server.url}/bots/nobody-at-all`);
      assert.equal(gone.status(), 404);
      assert.match(await q.textContent('main'), /No such bot/);
      await plain.close();
    });
  });

  it('passes the axe accessibility checks, light and dark, with a bot listed', async () => {
    const axe = readFileSync(join(e2eDir, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
    for (const colorScheme of ['light', 'dark']) {
      const p = await newPage(browser, { colorScheme });
      await withScreenshots(`bots-axe-${colorScheme}`, () => [p], async () => {
        await p.goto(`${server.url}/bots`);
        await p.locator(`.bot-row[data-name="${BOT}"]`).waitFor({ timeout: 15000 });
        await p.waitForSelector('#bots-leaderboard p, #bots-leaderboard table');
        await p.evaluate(axe);
        const violations = await p.evaluate(async () =>
          (await window.axe.run(document, { resultTypes: ['violations'] })).violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`),
        );
        assert.deepEqual(violations, [], `bots page (${colorScheme})`);
        // The bot's own page too.
        await p.goto(`${server.url}/bots/${BOT}`);
        await p.waitForSelector('#bot-games, .bot-page .note');
        await p.evaluate(axe);
        const onPage = await p.evaluate(async () =>
          (await window.axe.run(document, { resultTypes: ['violations'] })).violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`),
        );
        assert.deepEqual(onPage, [], `bot page (${colorScheme})`);
        await p.goto(`${server.url}/bots`);
        await p.locator(`.bot-row[data-name="${BOT}"]`).waitFor({ timeout: 15000 });
        await p.setViewportSize({ width: 320, height: 700 });
        assert.equal(await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, 'no sideways scrolling at 320 px');
        await p.context().close();
      });
    }
  });
});
