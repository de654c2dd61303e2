// The home page's "Your name" card against the real `kalah serve`: loading the page stores
// nothing and sets no cookie; sign up, stay signed in across a reload, log out, a wrong
// password, sign in again; a second browser profile finds the name taken; what the player
// types before the session has loaded is kept.

import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, withScreenshots } from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const status = (p) => p.textContent('#account-status');

async function waitForStatus(p, text) {
  await p.waitForFunction((want) => (document.querySelector('#account-status')?.textContent || '').includes(want), text, { timeout: 15000 });
}

async function fill(p, kind, name, password) {
  await p.fill(`#account-${kind}-name`, name);
  await p.fill(`#account-${kind}-password`, password);
  await p.click(`#account-${kind}-submit`);
}

describe('the "Your name" card', () => {
  it('signs up, stays signed in, logs out and signs in again', async () => {
    const p = await newPage(browser);
    const q = await newPage(browser);
    await withScreenshots('account', () => [p, q], async () => {
      await p.goto(`${server.url}/`);
      await waitForStatus(p, 'You play without a name');
      // Loading the page created nobody: no cookie.
      assert.deepEqual(await p.context().cookies(), []);

      await fill(p, 'signup', 'Ada_9', 'ada password');
      await waitForStatus(p, 'Signed in as Ada_9.');
      const [cookie] = await p.context().cookies();
      assert.equal(cookie.name, 'kalah_session');
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.secure, true, 'a Secure cookie, kept by the browser on http://127.0.0.1');
      assert.equal(cookie.sameSite, 'Lax');
      // The page's scripts cannot read it.
      assert.equal(await p.evaluate(() => document.cookie), '');

      await p.reload();
      await waitForStatus(p, 'Signed in as Ada_9.');
      assert.equal(await p.$('#account-signup'), null, 'no sign-up form for an account');

      await p.click('#account-logout');
      await waitForStatus(p, 'You play without a name');

      await fill(p, 'login', 'ada_9', 'not the password');
      await p.waitForSelector('#account-login-error:not([hidden])');
      assert.equal((await p.textContent('#account-login-error')).trim(), 'The user name or the password is wrong.');
      await fill(p, 'login', 'ADA_9', 'ada password');
      await waitForStatus(p, 'Signed in as Ada_9.');

      // Another profile: the name is taken in any case.
      await q.goto(`${server.url}/`);
      await waitForStatus(q, 'You play without a name');
      await fill(q, 'signup', 'ada_9', 'another password');
      await q.waitForSelector('#account-signup-error:not([hidden])');
      assert.equal((await q.textContent('#account-signup-error')).trim(), 'This user name is taken; choose another.');
      assert.match(await status(q), /without a name/);

      for (const page of [p, q]) {
        assert.deepEqual(page.errors || [], []);
      }
    });
    await p.context().close();
    await q.context().close();
  });

  it('keeps what the player types while the session is still on its way', async () => {
    const p = await newPage(browser);
    await withScreenshots('account-slow', () => [p], async () => {
      // The session's answer is held back (and says "a guest", so its arrival shows) until the
      // player has typed a name and half a password.
      let release;
      const held = new Promise((ok) => { release = ok; });
      const guest = { player: { id: 1, name: 'Guest_7', kind: 'guest' }, csrf: '0'.repeat(64), session: 's' };
      await p.route('**/api/session', async (route) => {
        await held;
        await route.fulfill({ json: guest });
      });
      await p.goto(`${server.url}/`);
      await p.fill('#account-signup-name', 'Early_1');
      await p.click('#account-signup-password');
      await p.keyboard.type('early ');
      release();
      await waitForStatus(p, 'You play as Guest_7 (a guest).');
      await p.keyboard.type('password');
      assert.equal(await p.inputValue('#account-signup-name'), 'Early_1');
      assert.equal(await p.inputValue('#account-signup-password'), 'early password');
      assert.deepEqual(p.errors || [], []);
    });
    await p.context().close();
  });

  it('shows the card in the page language', async () => {
    const p = await newPage(browser, { locale: 'de-DE' });
    await withScreenshots('account-de', () => [p], async () => {
      await p.goto(`${server.url}/`);
      await waitForStatus(p, 'Du spielst ohne Namen');
      assert.equal((await p.textContent('#account-heading')).trim(), 'Dein Name');
    });
    await p.context().close();
  });
});
