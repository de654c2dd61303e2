// Takes screenshots of the page for a person to look at (not a test):
//   KALAH_BIN=... node e2e/screenshots.mjs [OUT_DIR]
// home, a game, a finished game, the rules page, the analysis board, the first lesson, a
// puzzle (when the server has puzzles), a phone-size view and the dark theme; and in
// OUT_DIR/docs/ the shots of docs/web.md: home, game, puzzle and lesson on a desktop
// (1280x800) and a phone (390x844), the first screen of each (the lesson's whole page).
//
//   KALAH_BIN=... node e2e/screenshots.mjs --docs
// takes only the shots of docs/web.md, into docs/img/ of the repository, and compresses them
// with pngquant (Debian's `pngquant`) when it is installed:
//   pngquant --quality 60-85 --strip --skip-if-larger --force --ext .png docs/img/*.png

import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { startServer, launchBrowser, newPage, createGame, waitForTurnOrEnd, screenshotDir, repoRoot } from './tests/helpers.mjs';

const docsOnly = process.argv.includes('--docs');
const out = process.argv.slice(2).find((a) => !a.startsWith('--')) || (docsOnly ? join(repoRoot, 'docs', 'img') : screenshotDir);
mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
const shot = (p, name) => p.screenshot({ path: join(out, `${name}.png`), fullPage: true });
if (docsOnly) {
  try {
    await docShots(browser, server.url, out);
  } finally {
    await browser.close();
    await server.stop();
  }
  compress(out);
  process.exit(0);
}
try {
  const p = await newPage(browser);
  await p.goto(`${server.url}/`);
  await p.waitForSelector('#play-computer');
  await shot(p, 'home');

  await createGame(p, server.url, { opponent: 'computer', level: 'lowest' });
  for (let i = 0; i < 4; i++) {
    await waitForTurnOrEnd(p);
    await p.click('.house.is-playable >> nth=-1');
    await p.waitForTimeout(400);
  }
  await waitForTurnOrEnd(p);
  await p.click('#hint-button');
  await p.waitForSelector('.house.has-value', { timeout: 20000 }).catch(() => {});
  await shot(p, 'game');
  await p.click('#hint-button');
  for (let i = 0; i < 300; i++) {
    if ((await waitForTurnOrEnd(p, 60000)) === 'over') break;
    await p.click('.house.is-playable >> nth=0');
    await p.waitForTimeout(100);
  }
  await shot(p, 'finished');

  await p.goto(`${server.url}/rules/standard`);
  await p.waitForSelector('.rules-article');
  await shot(p, 'rules');

  await p.goto(`${server.url}/analysis`);
  await p.waitForSelector('#record-input');
  await shot(p, 'analysis');

  const phone = await newPage(browser, { viewport: { width: 375, height: 667 } });
  await createGame(phone, server.url, { opponent: 'computer', level: 'lowest' });
  await waitForTurnOrEnd(phone);
  await phone.screenshot({ path: join(out, 'phone-game.png') });
  await phone.goto(`${server.url}/`);
  await phone.waitForSelector('#play-computer');
  await phone.screenshot({ path: join(out, 'phone-home.png') });

  await p.goto(`${server.url}/learn?preset=standard`);
  await p.waitForSelector('#lesson-board .house');
  await shot(p, 'lesson');

  await docShots(browser, server.url, join(out, 'docs'));

  const dark = await newPage(browser, { colorScheme: 'dark' });
  await createGame(dark, server.url, { opponent: 'friend' });
  await shot(dark, 'dark-game');
  await dark.goto(`${server.url}/`);
  await dark.waitForSelector('#play-computer');
  await shot(dark, 'dark-home');
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
}

/**
 * The shots of docs/web.md: the first screen of home, a game with move values, a puzzle and the
 * lesson (a wrong move explained), on a desktop and on a phone.
 */
async function docShots(browser, url, dir) {
  mkdirSync(dir, { recursive: true });
  const sizes = {
    desktop: { viewport: { width: 1280, height: 800 } },
    phone: { viewport: { width: 390, height: 844 } },
  };
  for (const [size, opts] of Object.entries(sizes)) {
    const p = await newPage(browser, opts);
    const save = (name, fullPage = false) => p.screenshot({ path: join(dir, `${name}-${size}.png`), fullPage });
    await p.goto(`${url}/`);
    await p.waitForSelector('#play-computer');
    await save('home');

    await createGame(p, url, { opponent: 'computer', level: 'lowest' });
    // The first-game coach, once seen, is put away: the shot shows the game itself.
    await p.click('#coach-dismiss').catch(() => {});
    for (let i = 0; i < 3; i++) {
      await waitForTurnOrEnd(p);
      await p.click('.house.is-playable >> nth=-1');
      await p.waitForTimeout(300);
    }
    await waitForTurnOrEnd(p);
    await p.click('#hint-button');
    await p.waitForSelector('.house.has-value', { timeout: 20000 }).catch(() => {});
    await p.evaluate(() => window.scrollTo(0, 0));
    await save('game');

    if (await hasPuzzles(url)) {
      await p.goto(`${url}/puzzles`);
      await p.waitForSelector('.board .house', { timeout: 20000 }).catch(() => {});
      await save('puzzle');
    } else if (size === 'desktop') {
      console.log('no puzzle shots: this server has no /puzzles page yet');
    }

    // The lesson's capture step after a wrong move: the explanation under the board.
    await p.goto(`${url}/learn?preset=standard`);
    await p.waitForSelector('#lesson-board .house');
    const lesson = await (await fetch(`${url}/api/lesson?preset=standard`)).json();
    for (const step of lesson.steps.slice(0, 2)) {
      for (const m of step.solution) await p.click(`.house[data-side=south][data-house="${m}"]`);
      await p.click('#lesson-next');
    }
    const capture = lesson.steps[2];
    const wrong = Object.entries(capture.moves).find(([, n]) => n.verdict === 'wrong')[0];
    await p.click(`.house[data-side=south][data-house="${wrong}"]`);
    await p.waitForSelector('#lesson-retry:not([hidden])');
    // The page scrolls the explanation into view, which cuts the header off a first screen's
    // shot: the whole page from its top instead, header, board and explanation.
    await p.waitForTimeout(300);
    await p.evaluate(() => window.scrollTo(0, 0));
    await save('lesson', true);
    await p.context().close();
  }
}

/** Compresses the PNGs of `dir` with pngquant when it is installed, and prints their sizes. */
function compress(dir) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.png')).map((f) => join(dir, f));
  try {
    execFileSync('pngquant', ['--quality', '60-85', '--strip', '--skip-if-larger', '--force', '--ext', '.png', ...files]);
  } catch (e) {
    // Exit status 98/99: a file that would not get smaller or better is left as it is.
    if (e.code === 'ENOENT') console.log('pngquant is not installed: the shots are not compressed');
  }
  for (const f of files) console.log(`${f}: ${Math.round(statSync(f).size / 1024)} KB`);
}

/** Whether the server has the puzzles page (another part of issue 37). */
async function hasPuzzles(url) {
  try {
    const res = await fetch(`${url}/puzzles`);
    return res.status === 200;
  } catch (_) {
    return false;
  }
}
