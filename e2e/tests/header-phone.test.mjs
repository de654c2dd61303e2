// Browser test of the header on a phone (issue 37): every destination of the header, Learn
// included, can be reached at a phone's width without scrolling anything sideways, through the
// menu button, as lichess's header does it; on a desktop the links stay in a row.
//
//   KALAH_BIN=target/debug/kalah node --test --test-concurrency=1 tests/header-phone.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPage, withScreenshots } from './helpers.mjs';

const env = serverAndBrowser();

const DESTINATIONS = ['/', '/#online', '/leaderboard', '/bots', '/watch', '/puzzles', '/analysis', '/rules/standard', '/learn'];

/** Whether the header link to `href` is on screen: inside the viewport and not clipped (the
 *  topmost element at its centre is the link itself). */
function onScreen(page, href) {
  return page.$eval(`.site-header nav a[href="${href}"]`, (a) => {
    const r = a.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    if (r.left < 0 || r.right > innerWidth || r.top < 0 || r.bottom > innerHeight) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit === a || a.contains(hit);
  });
}

/** Opens the header's menu when its button is shown (a phone), then answers whether `href`
 *  is on screen. */
async function reach(page, href) {
  if (!(await onScreen(page, href))) {
    const toggle = await page.$('#nav-toggle');
    if (toggle && (await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') {
      await toggle.click();
    }
  }
  return onScreen(page, href);
}

describe('the header on a phone', () => {
  it('reaches every destination at 390 px wide, Learn included, with nothing to scroll sideways', async () => {
    const p = await newPage(env.browser, { viewport: { width: 390, height: 844 } });
    await withScreenshots('header-phone', () => [p], async () => {
      for (const href of DESTINATIONS) {
        await p.goto(`${env.server.url}/`);
        await p.waitForSelector('#play-computer');
        assert.ok(await reach(p, href), `the header's ${href} is on a phone's screen`);
        const wide = await p.evaluate(() => Math.max(document.documentElement.scrollWidth, document.querySelector('.site-header nav').scrollWidth));
        assert.ok(wide <= 390, `nothing wider than the phone: ${wide}px`);
      }
      // The menu leads there, and closes behind it.
      await p.goto(`${env.server.url}/`);
      await p.waitForSelector('#play-computer');
      assert.ok(await reach(p, '/learn'));
      await p.click('.site-header nav a[href="/learn"]');
      await p.waitForURL(/\/learn$/);
      await p.waitForSelector('#lesson-board .house');
      assert.equal(await p.getAttribute('#nav-toggle', 'aria-expanded'), 'false');
      assert.equal(await onScreen(p, '/learn'), false, 'the menu is closed on the new page');
      await p.context().close();
    });
  });

  it('keeps every link in a row on a desktop, with no menu button', async () => {
    const p = await newPage(env.browser, { viewport: { width: 1280, height: 800 } });
    await withScreenshots('header-desktop', () => [p], async () => {
      await p.goto(`${env.server.url}/`);
      await p.waitForSelector('#play-computer');
      for (const href of DESTINATIONS) assert.ok(await onScreen(p, href), href);
      assert.equal(await p.isVisible('#nav-toggle'), false);
      await p.context().close();
    });
  });
});
