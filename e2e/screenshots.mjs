// Takes screenshots of the page for a person to look at (not a test):
//   KALAH_BIN=... node e2e/screenshots.mjs [OUT_DIR]
// home, a game, a finished game, the rules page, the analysis board, a phone-size view and
// the dark theme.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, newPage, createGame, waitForTurnOrEnd, screenshotDir } from './tests/helpers.mjs';

const out = process.argv[2] || screenshotDir;
mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
const shot = (p, name) => p.screenshot({ path: join(out, `${name}.png`), fullPage: true });
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
