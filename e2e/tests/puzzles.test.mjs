// Browser tests of puzzles (docs/puzzles.md): the puzzle of the day on the home page leads to
// it; a wrong move is told in a sentence and not played; the whole line played to the end says
// "Solved" and moves the rating kept in the browser; the page fits a phone and speaks German;
// an account's tries and rating are kept by the server and listed on the puzzle page, after a
// reload and on another browser.

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

async function getJson(path) {
  const res = await fetch(`${server.url}${path}`);
  assert.equal(res.status, 200, path);
  return res.json();
}

/** Clicks the solver's house `house` on the puzzle board. */
async function sow(page, solver, house) {
  await page.click(`#puzzle-board .house.side-${solver}[data-house="${house}"]`);
}

describe('puzzles', () => {
  it('leads from the puzzle of the day to it, tells a wrong move, and solves the line', async () => {
    const daily = await getJson('/api/puzzles/daily');
    const page = await newPage(browser);
    await withScreenshots('puzzles', () => [page], async () => {
      await page.goto(`${server.url}/`);
      await page.waitForSelector('#daily-puzzle-link[href^="/puzzles/"]');
      assert.equal(await page.getAttribute('#daily-puzzle-link', 'href'), `/puzzles/${daily.id}`);
      await page.click('#daily-puzzle-link');
      await page.waitForURL(new RegExp(`/puzzles/${daily.id}$`));
      await page.waitForSelector('#puzzle-board .house.is-playable');
      assert.match(await page.textContent('#puzzle-info'), new RegExp(daily.id));
      assert.match(await page.textContent('#puzzle-task'), /Find the only move that keeps the best result/);
      const ratingBefore = await page.textContent('#puzzle-rating');
      assert.match(ratingBefore, /Your puzzle rating: 1,500/);

      // A wrong move first: said in a sentence, the board unchanged, the puzzle still open.
      const first = daily.steps[0];
      const wrong = first.values.find((v) => v.move !== first.move);
      await sow(page, daily.solver, wrong.move);
      await page.waitForSelector('#puzzle-feedback.is-wrong');
      const said = await page.textContent('#puzzle-feedback');
      assert.match(said, new RegExp(`Not house ${wrong.move}: with it you`));
      assert.match(said, /Your puzzle rating: 1,500 →/);

      // Then the line: each solver's move, the computer's replies played by the page.
      for (let i = 0; i < daily.steps.length; i++) {
        const step = daily.steps[i];
        if (step.by !== 'solver') continue;
        await page.waitForSelector(`#puzzle-board .house.side-${daily.solver}.is-playable[data-house="${step.move}"]`);
        await sow(page, daily.solver, step.move);
      }
      await page.waitForSelector('#puzzle-feedback.is-done');
      assert.match(await page.textContent('#puzzle-feedback'), /Solved, with help\./);
      // The rating was lowered once, by the miss; it is kept for the next puzzle.
      assert.doesNotMatch(await page.textContent('#puzzle-rating'), /1,500/);
      await page.click('#puzzle-next');
      await page.waitForFunction((id) => !location.pathname.endsWith(id), daily.id);
      await page.waitForSelector('#puzzle-board .house.is-playable');
    });
  });

  it('gives a puzzle at /puzzles, with no id in the address (the header\'s link)', async () => {
    const page = await newPage(browser);
    await withScreenshots('puzzles-bare', () => [page], async () => {
      await page.goto(`${server.url}/puzzles`);
      await page.waitForSelector('#puzzle-board .house.is-playable');
      assert.doesNotMatch(await page.textContent('main'), /undefined/);
      // The rules are named as everywhere else on the site, not by their preset's key.
      const choices = await page.$$eval('#puzzle-rules option', (os) => os.map((o) => o.textContent));
      assert.deepEqual(choices, ['Standard Kalah (6,4)', 'Kalah with empty capture', 'Board Game Arena', 'any rules']);
      assert.doesNotMatch(await page.textContent('#puzzle-info'), /· (standard|empty-capture|bga)$/);
      await page.context().close();
    });
  });

  it('solves a puzzle cleanly on a phone, in German', async () => {
    const p = await getJson('/api/puzzles/next?rules=standard&rating=1500&seed=3');
    const page = await newPage(browser, { locale: 'de-DE', viewport: { width: 360, height: 780 } });
    await withScreenshots('puzzles-phone', () => [page], async () => {
      await page.goto(`${server.url}/puzzles/${p.id}`);
      await page.waitForSelector('#puzzle-board .house.is-playable');
      assert.match(await page.textContent('h1'), /Aufgaben/);
      assert.doesNotMatch(await page.textContent('#puzzle-info'), /· standard$/);
      // The board fits the screen's width: nothing to scroll sideways.
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= 360, `page ${wide}px wide`);
      for (const step of p.steps) {
        if (step.by !== 'solver') continue;
        await page.waitForSelector(`#puzzle-board .house.side-${p.solver}.is-playable[data-house="${step.move}"]`);
        await sow(page, p.solver, step.move);
      }
      await page.waitForSelector('#puzzle-feedback.is-done');
      assert.match(await page.textContent('#puzzle-feedback'), /Gelöst!/);
    });
  });
  it('keeps an account\'s tries: one failed, one solved, listed after a reload and on another browser', async () => {
    const a = await getJson('/api/puzzles/next?rules=standard&rating=1200&seed=11');
    const b = await getJson(`/api/puzzles/next?rules=standard&rating=1800&seed=5&not=${a.id}`);
    assert.notEqual(a.id, b.id);
    const page = await newPage(browser);
    await withScreenshots('puzzles-history', () => [page], async () => {
      await page.goto(`${server.url}/#account`);
      await page.fill('#account-signup-name', 'Puzzle_Pia');
      await page.fill('#account-signup-password', 'Puzzle_Pia password');
      await page.click('#account-signup-submit');
      await page.waitForSelector('#account-page-link');

      // The first puzzle failed: a wrong move.
      await page.goto(`${server.url}/puzzles/${a.id}`);
      await page.waitForSelector('#puzzle-history-summary');
      assert.match(await page.textContent('#puzzle-history'), /No puzzle tried yet/);
      await page.waitForSelector('#puzzle-board .house.is-playable');
      const first = a.steps[0];
      const wrong = first.values.find((v) => v.move !== first.move);
      await sow(page, a.solver, wrong.move);
      await page.waitForSelector('#puzzle-feedback.is-wrong');
      assert.match(await page.textContent('#puzzle-feedback'), /Your puzzle rating: 1,500 →/);
      await page.waitForSelector('#puzzle-tries li');

      // The second solved cleanly.
      await page.goto(`${server.url}/puzzles/${b.id}`);
      await page.waitForSelector('#puzzle-board .house.is-playable');
      for (const step of b.steps) {
        if (step.by !== 'solver') continue;
        await page.waitForSelector(`#puzzle-board .house.side-${b.solver}.is-playable[data-house="${step.move}"]`);
        await sow(page, b.solver, step.move);
      }
      await page.waitForSelector('#puzzle-feedback.is-done');
      assert.match(await page.textContent('#puzzle-feedback'), /Solved!/);
      const said = await page.textContent('#puzzle-feedback');
      const after = /→ ([\d,]+)/.exec(said)[1];

      // After a reload: both, newest first, with the rating the server keeps.
      const seen = async (p) => {
        await p.waitForFunction(() => document.querySelectorAll('#puzzle-tries li').length === 2);
        const rows = await p.$$eval('#puzzle-tries li', (els) => els.map((e) => e.textContent));
        assert.match(rows[0], new RegExp(`Puzzle ${b.id}.*solved`));
        assert.match(rows[1], new RegExp(`Puzzle ${a.id}.*failed`));
        assert.match(rows[0], new RegExp(`your rating ${after} \\(\\+\\d+\\)`));
        assert.match(rows[1], /your rating [\d,]+ \(-\d+\)/);
        assert.match(await p.textContent('#puzzle-history-summary'), new RegExp(`Rating ${after} · solved: 1 · failed: 1`));
        assert.match(await p.textContent('#puzzle-rating'), new RegExp(`Your puzzle rating: ${after}$`));
      };
      await page.reload();
      await seen(page);
      // The account's rating is the server's, not this browser's.
      assert.equal(await page.evaluate(() => localStorage.getItem('kalah-puzzle-rating')), null);

      // Another browser, signed in to the same account, sees the same.
      const other = await newPage(browser);
      await other.goto(`${server.url}/#account`);
      await other.fill('#account-login-name', 'Puzzle_Pia');
      await other.fill('#account-login-password', 'Puzzle_Pia password');
      await other.click('#account-login-submit');
      await other.waitForSelector('#account-page-link');
      await other.goto(`${server.url}/puzzles`);
      await seen(other);
      // A link in the history opens that puzzle.
      await other.click(`#puzzle-tries a[href="/puzzles/${a.id}"]`);
      await other.waitForURL(new RegExp(`/puzzles/${a.id}$`));
      await other.context().close();
      await page.context().close();
    });
  });

  it('tells a guest that an account keeps the history', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.url}/puzzles`);
    await page.waitForSelector('#puzzle-board .house.is-playable');
    assert.match(await page.textContent('#puzzle-history'), /Sign up or sign in to keep your puzzle rating/);
    await page.context().close();
  });
});
