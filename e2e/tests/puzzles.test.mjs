// Browser tests of puzzles (docs/puzzles.md): the puzzle of the day on the home page leads to
// it; a wrong move is told in a sentence and not played; the whole line played to the end says
// "Solved" and moves the rating kept in the browser; the page fits a phone and speaks German.

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
});
