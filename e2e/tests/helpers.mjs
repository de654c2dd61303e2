// Shared set-up for the browser tests: the real `kalah serve` on a free loopback port with a
// temporary data directory, Debian's chromium through playwright-core, and a screenshot
// kept when a test fails.

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';

const here = dirname(fileURLToPath(import.meta.url));
export const e2eDir = resolve(here, '..');
export const repoRoot = resolve(e2eDir, '..');
export const screenshotDir = process.env.KALAH_SCREENSHOTS || join(e2eDir, 'screenshots');

/** The binary to test: $KALAH_BIN, else target/release/kalah, else target/debug/kalah. */
export function kalahBin() {
  if (process.env.KALAH_BIN) return resolve(process.env.KALAH_BIN);
  const target = process.env.CARGO_TARGET_DIR ? resolve(process.env.CARGO_TARGET_DIR) : join(repoRoot, 'target');
  for (const profile of ['release', 'debug']) {
    const p = join(target, profile, 'kalah');
    if (existsSync(p)) return p;
  }
  throw new Error(`no kalah binary: build it (cargo build --release -p kalah) or set KALAH_BIN`);
}

export function freePort() {
  return new Promise((ok, fail) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

/** Starts `kalah serve`; resolves once /api/meta answers. Returns {url, stop(), dataDir}. */
export async function startServer({ dataDir, port: wantedPort, args = [], budgets: wantedBudgets = null } = {}) {
  if (process.env.KALAH_URL) {
    // A server that is already running (for working on the page): nothing to start or stop.
    return { url: process.env.KALAH_URL.replace(/\/$/, ''), dataDir: null, log: () => '', stop: async () => {} };
  }
  const bin = kalahBin();
  const port = wantedPort || (await freePort());
  const data = dataDir || mkdtempSync(join(tmpdir(), 'kalah-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  // One browser suite plays many games from one address, faster than people do: generous
  // budgets (the defaults are tested in the server's own tests).
  const budgets = wantedBudgets || ['--create-rate', '600/min', '--analysis-rate', '600/min', '--socket-rate', '600/min'];
  const child = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data', data, ...budgets, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RUST_LOG: process.env.RUST_LOG || 'warn' },
  });
  let log = '';
  child.stdout.on('data', (d) => { log += d; });
  child.stderr.on('data', (d) => { log += d; });
  let exited = null;
  child.on('exit', (code, signal) => { exited = { code, signal }; });
  const deadline = Date.now() + 60000;
  for (;;) {
    if (exited) throw new Error(`kalah serve exited (${JSON.stringify(exited)}) before answering:\n${log}`);
    try {
      const res = await fetch(`${url}/api/meta`);
      if (res.ok) break;
    } catch (_) {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`kalah serve did not answer on ${url} within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir: data,
    log: () => log,
    async stop({ keepData = false } = {}) {
      if (!exited) {
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 5000);
        await new Promise((r) => (exited ? r() : child.once('exit', r)));
        clearTimeout(t);
      }
      if (!keepData && !dataDir) rmSync(data, { recursive: true, force: true });
    },
  };
}

/** Debian's chromium, headless, each launch with a new empty profile. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A new browser context (its own cookies and storage, like a separate profile) with the
 * sowing animation off unless `speed` says otherwise, and English unless `locale` says.
 */
export async function newPage(browser, { locale = 'en-US', speed = 'off', viewport = { width: 1280, height: 900 }, colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ locale, viewport, colorScheme });
  await context.addInitScript((s) => {
    try {
      if (!localStorage.getItem('kalah.speed')) localStorage.setItem('kalah.speed', JSON.stringify(s));
    } catch (_) {
      // storage blocked: the default speed applies
    }
  }, speed);
  const page = await context.newPage();
  page.on('pageerror', (e) => { page.errors = [...(page.errors || []), String(e)]; });
  page.on('console', (m) => { if (m.type() === 'error') page.consoleErrors = [...(page.consoleErrors || []), m.text()]; });
  return page;
}

/**
 * Runs `body`; when it throws, saves a screenshot of every page in `pages()` and adds the
 * file names to the error message.
 */
export async function withScreenshots(name, pages, body) {
  try {
    await body();
  } catch (err) {
    mkdirSync(screenshotDir, { recursive: true });
    const shots = [];
    for (const [i, page] of (pages() || []).entries()) {
      if (!page || page.isClosed()) continue;
      const file = join(screenshotDir, `${name.replace(/[^a-z0-9]+/gi, '-')}-${i}-${Date.now()}.png`);
      try {
        await page.screenshot({ path: file, fullPage: true });
        shots.push(file);
      } catch (_) {
        // the page is gone
      }
    }
    if (shots.length) err.message += `\nscreenshots of the failure: ${shots.join(', ')}`;
    throw err;
  }
}

/** Counts of all pits as the board shows them, e.g. {"south:1": 4, ..., "north:store": 0}. */
export function boardCounts(page) {
  return page.$$eval('.board .pit', (pits) =>
    Object.fromEntries(pits.map((p) => [`${p.dataset.side}:${p.dataset.house}`, Number(p.querySelector('.count').textContent)])),
  );
}

/** Number of plies in the move list. */
export function plyCount(page) {
  return page.$$eval('#moves-list .ply', (b) => b.length);
}

/** Waits until the page shows either a house it may sow or the game result. */
export async function waitForTurnOrEnd(page, timeout = 30000) {
  await page.waitForFunction(
    () => document.querySelector('.house.is-playable') || document.querySelector('.pie-offer:not([hidden]) #swap-button') || (document.querySelector('.result-card') && !document.querySelector('.result-card').hidden),
    null,
    { timeout },
  );
  return page.evaluate(() => (document.querySelector('.result-card') && !document.querySelector('.result-card').hidden ? 'over' : 'turn'));
}

/** Starts a game from the home page's "Custom game" form. */
export async function createGame(page, url, { opponent = 'computer', level = 'lowest', side = 'south', first = 'south', preset = null } = {}) {
  await page.goto(`${url}/`);
  await page.waitForSelector('#custom-game');
  await page.$eval('#custom-game', (d) => { d.open = true; });
  await page.check(`input[name=opponent][value=${opponent}]`);
  if (opponent === 'computer') {
    if (level === 'lowest') {
      const first = await page.$eval('#level option', (o) => o.value);
      await page.selectOption('#level', first);
    } else await page.selectOption('#level', level);
  }
  if (preset) await page.selectOption('#preset', preset);
  await page.check(`input[name=first][value=${first}]`);
  if (opponent !== 'local') await page.check(`input[name=side][value=${side}]`);
  await page.click('#start-game');
  await page.waitForURL(/\/g\/[^/?]+$/);
  await page.waitForSelector('.board .house');
}

/**
 * For a test file: starts one `kalah serve` and one browser before its tests and stops both
 * after them. Returns {server, browser}, filled in once the tests start.
 */
export function serverAndBrowser() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
