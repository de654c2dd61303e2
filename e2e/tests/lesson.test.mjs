// Browser tests of the first lesson (/learn, issue 37): taken from the home page, played
// through on the board in English (standard rules, one move by keyboard), German (Board Game
// Arena's rules) and French (custom rules: no capture, the emptier sweeps, five houses of three
// seeds); a wrong move is explained and retried; the board shows the rules core's results;
// nothing left in English in another language; a phone's width; axe's checks.
//
//   KALAH_BIN=target/debug/kalah node --test --test-concurrency=1 tests/lesson.test.mjs

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverAndBrowser, newPage, withScreenshots, boardCounts, e2eDir } from './helpers.mjs';

const env = serverAndBrowser();

/** The lesson the server gives for `query` (the page shows the same). */
async function lessonOf(query) {
  const res = await fetch(`${env.server.url}/api/lesson?${query}`);
  assert.equal(res.status, 200, await res.clone().text());
  return res.json();
}

/** The counts of a position string, keyed as boardCounts() keys them. */
function countsOf(position) {
  const nums = /<([^>]*)>/.exec(position)[1].split(',').map(Number);
  const n = nums[0];
  const out = { 'south:store': nums[1], 'north:store': nums[2] };
  for (let i = 1; i <= n; i++) {
    out[`south:${i}`] = nums[2 + i];
    out[`north:${i}`] = nums[2 + n + i];
  }
  return out;
}

/** A move of the step's start position whose verdict is `wrong`. */
function wrongMove(step) {
  return Object.entries(step.moves).find(([, node]) => node.verdict === 'wrong')[0];
}

async function feedback(p) {
  return (await p.textContent('#lesson-feedback')).trim();
}

/**
 * Plays the lesson on page `p` through, step by step: each step's first wrong move (explained,
 * the board at its result, then retried from the start) when `wrongFirst`, then the solution.
 * `keyboard`: the first step's move by arrow keys and Enter.
 */
async function playThrough(p, lesson, { wrongFirst = false, keyboard = false } = {}) {
  for (const [i, step] of lesson.steps.entries()) {
    await p.waitForFunction((n) => document.querySelector('#lesson-step').textContent.includes(String(n)), i + 1);
    assert.deepEqual(await boardCounts(p), countsOf(step.position), `step ${i + 1} starts at its position`);
    if (wrongFirst) {
      const m = wrongMove(step);
      await p.click(`.house[data-side=south][data-house="${m}"]`);
      await p.waitForSelector('#lesson-retry:not([hidden])');
      assert.deepEqual(await boardCounts(p), countsOf(step.moves[m].sowing.position), 'the wrong move played by the rules core');
      assert.ok((await feedback(p)).length > 20, await feedback(p));
      // The retry button has the focus: Enter starts the step again.
      await p.keyboard.press('Enter');
      await p.waitForSelector('#lesson-retry', { state: 'hidden' });
      assert.deepEqual(await boardCounts(p), countsOf(step.position), 'retried from the start');
    }
    let node = { moves: step.moves };
    for (const [k, m] of step.solution.entries()) {
      node = node.moves[m];
      if (keyboard && i === 0 && k === 0) {
        // Tab into the board (a house is the board's one tab stop), then arrows to the house.
        await p.focus('.house[data-side=south][tabindex="0"]');
        const at = Number(await p.getAttribute('.house[data-side=south][tabindex="0"]', 'data-house'));
        for (let j = at; j < Number(m); j++) await p.keyboard.press('ArrowRight');
        for (let j = at; j > Number(m); j--) await p.keyboard.press('ArrowLeft');
        assert.equal(await p.evaluate(() => document.activeElement.dataset.house), m);
        await p.keyboard.press('Enter');
      } else {
        await p.click(`.house[data-side=south][data-house="${m}"]`);
      }
      if (node.verdict === 'again') {
        await p.waitForFunction(() => document.querySelector('#lesson-feedback').classList.contains('is-again') && document.querySelector('.house.is-playable'));
      }
    }
    assert.equal(node.verdict, 'done');
    await p.waitForSelector('#lesson-next:not([hidden])');
    assert.deepEqual(await boardCounts(p), countsOf(node.sowing.position), `step ${i + 1} ends at the rules core's position`);
    assert.match(await p.getAttribute('#lesson-feedback', 'class'), /is-done/);
    // The Next button has the focus.
    assert.equal(await p.evaluate(() => document.activeElement.id), 'lesson-next');
    await p.keyboard.press('Enter');
  }
  await p.waitForSelector('#lesson-complete:not([hidden])');
}

/** English words of the lesson that must not appear in another language's lesson page. */
const ENGLISH = /\b(the|your|house|store|seeds?|step|capture|lesson|again)\b/i;

describe('the first lesson', () => {
  it('is taken from the home page and played through in English, with a wrong move explained', async () => {
    const p = await newPage(env.browser);
    await withScreenshots('lesson-en', () => [p], async () => {
      await p.goto(`${env.server.url}/`);
      await p.waitForSelector('#lesson-link');
      // In the header too.
      assert.equal(await p.getAttribute('#site-header nav a[href="/learn"]', 'href'), '/learn');
      await p.click('#lesson-link');
      await p.waitForURL(/\/learn\?preset=standard$/);
      await p.waitForSelector('#lesson-board .house');
      const lesson = await lessonOf('preset=standard');
      assert.deepEqual(lesson.steps.map((s) => s.kind), ['sowing', 'extra-turn', 'capture', 'end']);
      assert.equal(await p.textContent('h1'), 'Learn Kalah in two minutes');
      assert.equal(await p.textContent('#lesson-step-title'), 'Sowing');

      // A wrong first move: house 1's four seeds stay on the player's side.
      await p.click('.house[data-side=south][data-house="1"]');
      await p.waitForSelector('#lesson-retry:not([hidden])');
      const said = await feedback(p);
      assert.match(said, /Not quite/);
      assert.match(said, /Your last seed landed in your house 5\./);
      assert.match(said, /more seeds than there are steps/);
      await p.click('#lesson-retry');
      await p.waitForSelector('#lesson-retry', { state: 'hidden' });

      await playThrough(p, lesson, { wrongFirst: true, keyboard: true });
      assert.equal(await p.textContent('#lesson-complete h2'), 'Lesson complete');
      assert.deepEqual(p.errors || [], []);
      // From the end of the lesson to a game against the computer in the lesson's rules.
      await p.click('#lesson-play');
      await p.waitForURL(/\/g\/[^/?]+$/);
      await p.waitForSelector('.board .house');
      await p.context().close();
    });
  });

  it('teaches Board Game Arena\'s rules in German, with no English left', async () => {
    const p = await newPage(env.browser, { locale: 'de-DE' });
    await withScreenshots('lesson-de', () => [p], async () => {
      await p.goto(`${env.server.url}/learn?preset=bga`);
      await p.waitForSelector('#lesson-board .house');
      const lesson = await lessonOf('preset=bga');
      assert.equal(lesson.rules.end, 'mover-cannot-move');
      assert.equal(await p.textContent('h1'), 'Kalah in zwei Minuten lernen');
      assert.equal(await p.textContent('#site-header nav a[href="/learn"]'), 'Lernen');
      const texts = [];
      for (const [i, step] of lesson.steps.entries()) {
        await p.waitForFunction((n) => document.querySelector('#lesson-step').textContent.includes(String(n)), i + 1);
        texts.push(await p.textContent('.lesson-step'));
        const m = wrongMove(step);
        await p.click(`.house[data-side=south][data-house="${m}"]`);
        await p.waitForSelector('#lesson-retry:not([hidden])');
        texts.push(await feedback(p));
        await p.click('#lesson-retry');
        for (const move of step.solution) {
          await p.waitForSelector(`.house.is-playable[data-house="${move}"]`);
          await p.click(`.house[data-side=south][data-house="${move}"]`);
        }
        await p.waitForSelector('#lesson-next:not([hidden])');
        texts.push(await feedback(p));
        await p.click('#lesson-next');
      }
      await p.waitForSelector('#lesson-complete:not([hidden])');
      texts.push(await p.textContent('#lesson-complete'));
      const all = texts.join('\n');
      // The end step names this rule set's end: the player to move with no seeds.
      assert.match(all, /keine Steine mehr in seinen Mulden/);
      assert.match(all, /Endstand: du \d+, dein Gegner \d+\./);
      assert.doesNotMatch(all, ENGLISH, all);
      assert.doesNotMatch(all, /lesson-/, 'every message id translated');
      await p.context().close();
    });
  });

  it('plays custom rules in French: no capture, the emptier sweeps, five houses of three seeds', async () => {
    const p = await newPage(env.browser, { locale: 'fr-FR' });
    await withScreenshots('lesson-fr', () => [p], async () => {
      const query = 'houses=5&seeds=3&capture=none&sweep=emptier';
      await p.goto(`${env.server.url}/learn?${query}`);
      await p.waitForSelector('#lesson-board .house');
      const lesson = await lessonOf(query);
      assert.equal(lesson.rules.houses, 5);
      assert.equal(await p.locator('#lesson-board .house').count(), 10);
      // The first step starts from these rules' start: three seeds in each house.
      assert.deepEqual(Object.values(await boardCounts(p)).filter((c) => c === 3).length, 10);
      await playThrough(p, lesson, { wrongFirst: true });
      const page = await p.textContent('main');
      assert.doesNotMatch(page, /lesson-/);
      // The capture step said these rules have none, the end that the emptier takes the rest.
      const capture = lesson.steps[2];
      assert.equal(capture.body[0].id, 'lesson-capture-none');
      const end = lesson.steps[3];
      let node = { moves: end.moves };
      for (const m of end.solution) node = node.moves[m];
      assert.equal(node.texts[0].id, 'lesson-end-done-you');
      await p.context().close();
    });
  });

  it('fits a phone, keeps the rules when the chooser changes them, and passes axe', async () => {
    const p = await newPage(env.browser, { viewport: { width: 360, height: 740 } });
    await withScreenshots('lesson-phone', () => [p], async () => {
      await p.goto(`${env.server.url}/learn?preset=empty-capture`);
      await p.waitForSelector('#lesson-board .house');
      const wide = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(wide <= 0, `the page is ${wide}px wider than the phone`);
      // The board and the task within the first screen.
      const box = await p.locator('#lesson-board').boundingBox();
      assert.ok(box.y + box.height <= 740 * 1.6, JSON.stringify(box));
      const house = await p.locator('#lesson-board .house >> nth=0').boundingBox();
      assert.ok(house.width >= 36, `houses ${house.width}px wide`);
      await p.selectOption('#lesson-rules', 'sheet-004');
      await p.waitForURL(/\/learn\?preset=sheet-004$/);
      await p.waitForFunction(() => document.querySelectorAll('#lesson-board .house').length === 12 && document.querySelector('#lesson-board .house .count').textContent === '6');
      const axe = readFileSync(join(e2eDir, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
      await p.evaluate(axe);
      const violations = await p.evaluate(async () =>
        (await window.axe.run(document, { resultTypes: ['violations'] })).violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`),
      );
      assert.deepEqual(violations, []);
      await p.context().close();
    });
  });
});
