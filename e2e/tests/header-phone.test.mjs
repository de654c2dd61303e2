// Browser test of the header on a phone (issue 37): every destination of the header, Learn
// included, can be reached at a phone's width without scrolling anything sideways, through the
// menu button, as lichess's header does it; on a desktop the links stay in a row. Signed in
// (a long name in the player menu), the header stays one row from 1280 down to 600 px: the
// links go behind the menu button when they do not fit.
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

/** The header's height, whether its visible parts sit in one row (each overlaps the first
 *  one's height), and how far anything reaches past the window's or the header's width. */
function headerShape(page) {
  return page.evaluate(() => {
    const header = document.getElementById('site-header');
    const boxes = [...header.children, ...header.querySelectorAll('nav > a')]
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
    const first = boxes[0];
    const oneRow = boxes.every((r) => r.top < first.bottom && r.bottom > first.top);
    return {
      height: Math.round(header.getBoundingClientRect().height),
      oneRow,
      overflow: Math.max(document.documentElement.scrollWidth - innerWidth, header.scrollWidth - header.clientWidth),
    };
  });
}

describe('the header of a signed-in player', () => {
  it('stays one row, as tall as a guest\'s, at 1280, 1024, 800 and 600 px, with nothing overflowing', async () => {
    const guest = await newPage(env.browser, { viewport: { width: 1280, height: 800 } });
    const member = await newPage(env.browser, { viewport: { width: 1280, height: 800 } });
    await withScreenshots('header-signed-in', () => [guest, member], async () => {
      await member.goto(`${env.server.url}/`);
      await member.waitForSelector('#play-computer');
      const made = await member.evaluate(async () => {
        const res = await fetch('/api/session/signup', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Margarethe_1990', password: 'a long password' }),
        });
        return res.status;
      });
      assert.equal(made, 201);
      await guest.goto(`${env.server.url}/`);
      await guest.waitForSelector('#play-computer');
      for (const width of [1280, 1024, 800, 600]) {
        for (const p of [guest, member]) {
          await p.setViewportSize({ width, height: 800 });
          await p.reload();
          await p.waitForSelector('#play-computer');
        }
        await member.waitForSelector('#player-menu');
        const g = await headerShape(guest);
        const m = await headerShape(member);
        assert.ok(g.oneRow, `a guest's header is one row at ${width} px`);
        assert.ok(m.oneRow, `a signed-in header is one row at ${width} px`);
        assert.equal(m.height, g.height, `at ${width} px the signed-in header is as tall as a guest's`);
        assert.ok(g.overflow <= 0 && m.overflow <= 0, `nothing overflows at ${width} px: ${g.overflow}, ${m.overflow}`);
        // Every destination is still reached, in the row or through the menu button.
        for (const href of DESTINATIONS) {
          assert.ok(await reach(member, href), `${href} at ${width} px`);
          if (await member.isVisible('#nav-toggle') && (await member.getAttribute('#nav-toggle', 'aria-expanded')) === 'true') {
            await member.click('#nav-toggle');
          }
        }
      }
      await guest.context().close();
      await member.context().close();
    });
  });
});
