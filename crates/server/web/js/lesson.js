// The first lesson (/learn): four steps (sowing, the extra turn, the capture, the end and the
// sweep) in the rules the player chose, each played on the board. The server sends each
// step's position with every move the player may make already played by the rules core and
// judged (GET /api/lesson): the page only animates the sowing it is given and says the verdict.
// The rules: the address (?preset=bga&capture=empty...), else the home page's last choice.

import { h, replace } from './dom.js';
import { api, meta } from './api.js';
import { t } from './i18n.js';
import { prefs, rememberGame } from './prefs.js';
import { Board, SPEEDS } from './board.js';
import { parsePosition } from './position.js';
import { highlightsOf } from './gamestate.js';
import { presetName } from './home.js';
import { showError, announce } from './views.js';

/** The rule options a lesson's address may carry, as the API names them. */
export const RULE_FIELDS = ['preset', 'houses', 'seeds', 'capture', 'end', 'sweep', 'early_end', 'pie', 'both_stores'];

/**
 * The address of the lesson in the rules `setup` ({preset, rules}, as the home page keeps its
 * choice): the preset alone when the rules are the preset's, else every option.
 */
export function lessonHref(setup) {
  if (!setup || !setup.preset) return '/learn';
  if (setup.preset !== 'custom') return `/learn?preset=${encodeURIComponent(setup.preset)}`;
  const q = new URLSearchParams();
  for (const f of RULE_FIELDS.slice(1)) {
    const v = setup.rules && setup.rules[f];
    if (v !== undefined && v !== null) q.set(f, String(v));
  }
  return `/learn?${q}`;
}

/** The API's query for the lesson: the address's rule options, else the remembered choice. */
export function lessonQuery(query, saved) {
  const q = new URLSearchParams();
  for (const f of RULE_FIELDS) if (query.has(f)) q.set(f, query.get(f));
  if ([...q.keys()].length) return q;
  if (saved && saved.preset && saved.preset !== 'custom') q.set('preset', saved.preset);
  else if (saved && saved.preset === 'custom' && saved.rules) {
    for (const f of RULE_FIELDS.slice(1)) if (saved.rules[f] !== undefined) q.set(f, String(saved.rules[f]));
  }
  return q;
}

/** A lesson sentence from the server ({id, args}) in the page's language. */
function say(text) {
  return t(text.id, text.args || {});
}

function pitLabel(kind, side, house, seeds) {
  if (kind === 'store') return t(side === 'south' ? 'store-aria-own' : 'store-aria-opponent', { seeds });
  return t(side === 'south' ? 'house-aria-own' : 'house-aria-opponent', { house, seeds });
}

export async function lessonView(main, ctx) {
  const query = lessonQuery(ctx.query, prefs.lastSetup);
  let lesson;
  let info;
  try {
    [lesson, info] = await Promise.all([api.lesson(query), meta().catch(() => null)]);
  } catch (e) {
    const slot = h('div');
    replace(main, h('h1', {}, t('lesson-heading')), slot);
    showError(slot, e, () => ctx.navigate(location.pathname + location.search, { replaceEntry: true }));
    return null;
  }
  if (!ctx.isCurrent()) return null;
  const rules = lesson.rules;
  const steps = lesson.steps;
  let alive = true;
  let index = 0;

  // --- The rules chooser: the presets, and "custom" when the lesson's rules are none of them.
  const presets = (info && info.presets) || [];
  const chooser = h(
    'select',
    {
      id: 'lesson-rules',
      onChange: (e) => ctx.navigate(`/learn?preset=${encodeURIComponent(e.target.value)}`, { replaceEntry: true }),
    },
    presets.map((p) => h('option', { value: p.name, selected: p.name === rules.preset }, presetName(p.name))),
    rules.preset ? null : h('option', { value: '', selected: true, disabled: true }, t('preset-custom')),
  );

  const progress = h('ol', { class: 'lesson-progress', 'aria-label': t('lesson-title') });
  const stepLine = h('p', { class: 'lesson-step-count note', id: 'lesson-step' });
  const title = h('h2', { id: 'lesson-step-title', tabindex: '-1' });
  const body = h('div', { class: 'lesson-body' });
  const task = h('p', { class: 'lesson-task', id: 'lesson-task' });
  const feedback = h('div', { class: 'lesson-feedback', id: 'lesson-feedback', role: 'status', 'aria-live': 'polite' });
  const retry = h('button', { type: 'button', class: 'button', id: 'lesson-retry', hidden: true, onClick: () => startStep() }, t('lesson-try-again'));
  const next = h('button', { type: 'button', class: 'button primary', id: 'lesson-next', hidden: true, onClick: () => nextStep() });
  // Mid-way through a turn of extra sowings: back to the step's start.
  const restart = h('button', { type: 'button', class: 'button secondary small', id: 'lesson-restart', hidden: true, onClick: () => startStep() }, t('lesson-restart-step'));
  const boardSlot = h('div', { class: 'board-wrap lesson-board' });
  const stepCard = h(
    'section',
    { class: 'card lesson-step', 'aria-labelledby': 'lesson-step-title' },
    stepLine,
    title,
    body,
    task,
    boardSlot,
    feedback,
    h('div', { class: 'button-row lesson-buttons' }, retry, next, restart),
  );
  const doneCard = h('section', { class: 'card lesson-complete', id: 'lesson-complete', hidden: true });
  const errorSlot = h('div', { class: 'error-slot' });

  replace(
    main,
    h(
      'div',
      { class: 'lesson-page' },
      h(
        'header',
        { class: 'lesson-head' },
        h('h1', {}, t('lesson-heading')),
        lesson.intro.map((x) => h('p', { class: 'lesson-intro' }, say(x))),
        h('label', { class: 'lesson-rules-choice' }, h('span', {}, t('lesson-rules-label')), chooser),
      ),
      progress,
      stepCard,
      doneCard,
      errorSlot,
    ),
  );

  let board = null;
  let moves = {}; // the moves open now: house -> node
  let busy = false;
  let current = null; // the position on the board, parsed
  let attempt = 0; // counts step starts, so a sowing still animating after one is dropped

  function drawProgress() {
    replace(
      progress,
      steps.map((s, i) =>
        h(
          'li',
          { class: i < index ? 'is-done' : i === index ? 'is-current' : '', 'aria-current': i === index ? 'step' : false },
          h('span', { class: 'lesson-progress-mark', 'aria-hidden': 'true' }, i < index ? '✓' : String(i + 1)),
          h('span', {}, say(s.title)),
        ),
      ),
    );
  }

  function makeBoard(n) {
    board = new Board({
      n,
      bottom: 'south',
      ariaLabel: t('lesson-board-label'),
      label: pitLabel,
      onPlay: (house) => play(house),
    });
    board.el.id = 'lesson-board';
    board.setStoreNames({ south: t('lesson-you'), north: t('lesson-opponent') });
    replace(boardSlot, board.el);
  }

  function setMoves(open) {
    moves = open || {};
    const houses = new Set(Object.keys(moves).filter((k) => /^\d+$/.test(k)).map(Number));
    board.setPlayable(houses.size ? { side: 'south', houses } : null);
  }

  /** Shows step `index` from its start position. */
  function startStep() {
    attempt += 1;
    const step = steps[index];
    const pos = parsePosition(step.position);
    if (!board || board.n !== pos.n) makeBoard(pos.n);
    drawProgress();
    stepLine.textContent = t('lesson-step', { step: index + 1, steps: steps.length });
    title.textContent = say(step.title);
    replace(body, step.body.map((x) => h('p', {}, say(x))));
    task.textContent = say(step.task);
    replace(feedback);
    feedback.className = 'lesson-feedback';
    retry.hidden = true;
    next.hidden = true;
    restart.hidden = true;
    board.stopAnimation();
    board.setPosition(pos);
    board.setHighlights({});
    current = pos;
    setMoves(step.moves);
    busy = false;
  }

  function show(kind, texts, heading) {
    feedback.className = `lesson-feedback is-${kind}`;
    replace(feedback, heading ? h('p', { class: 'lesson-feedback-heading' }, heading) : null, texts.map((x) => h('p', {}, say(x))));
  }

  async function play(house) {
    const node = moves[String(house)];
    if (!node || busy) return;
    busy = true;
    setMoves(null);
    replace(feedback);
    restart.hidden = true;
    const entry = node.sowing;
    const before = current;
    const after = parsePosition(entry.position);
    const delay = SPEEDS[prefs.speed] ?? SPEEDS.normal;
    const mine = attempt;
    try {
      await board.animate(before, entry, after, delay);
    } catch (e) {
      // An animation that cannot run (the page hidden mid-sowing) ends on the result.
      console.warn('lesson: animation failed', e);
      board.stopAnimation();
      board.setPosition(after);
    }
    if (!alive || mine !== attempt) return;
    board.setHighlights(highlightsOf(entry, after.n));
    current = after;
    busy = false;
    if (node.verdict === 'done') {
      show('done', node.texts);
      next.textContent = index + 1 < steps.length ? t('lesson-next') : t('lesson-finish');
      next.hidden = false;
      next.focus();
    } else if (node.verdict === 'again') {
      show('again', node.texts);
      setMoves(node.moves);
      restart.hidden = false;
      board.focus();
    } else {
      show('wrong', node.texts, t('lesson-wrong-heading'));
      retry.hidden = false;
      retry.focus();
    }
    announce(feedback.textContent);
    // The verdict under the board, in view with the board (a phone's screen, a short window).
    feedback.scrollIntoView({ block: 'nearest' });
  }

  function nextStep() {
    if (index + 1 < steps.length) {
      index += 1;
      startStep();
      title.focus();
      return;
    }
    index = steps.length;
    drawProgress();
    stepCard.hidden = true;
    complete();
  }

  function complete() {
    const playButton = h('button', { type: 'button', class: 'button primary', id: 'lesson-play' }, t('lesson-play-computer'));
    playButton.addEventListener('click', () => playComputer(playButton));
    replace(
      doneCard,
      h('h2', { id: 'lesson-complete-heading', tabindex: '-1' }, t('lesson-complete-heading')),
      h('p', {}, t('lesson-complete-text')),
      h(
        'div',
        { class: 'button-row' },
        playButton,
        h('button', { type: 'button', class: 'button', id: 'lesson-again', onClick: () => again() }, t('lesson-again')),
        rules.preset ? h('a', { class: 'button secondary', href: `/rules/${encodeURIComponent(rules.preset)}` }, t('lesson-read-rules')) : null,
      ),
    );
    doneCard.hidden = false;
    doneCard.querySelector('h2').focus();
  }

  function again() {
    index = 0;
    doneCard.hidden = true;
    stepCard.hidden = false;
    startStep();
    title.focus();
  }

  /** A game against the computer in the lesson's rules, at the remembered level. */
  async function playComputer(button) {
    button.disabled = true;
    replace(errorSlot);
    const body = { rules: { ...ruleBody(rules) }, opponent: { kind: 'computer', level: (prefs.lastSetup && prefs.lastSetup.level) || 'casual' }, side: 'south', first: 'lot' };
    try {
      const created = await api.createGame(body);
      rememberGame({
        id: created.id,
        token: created.token,
        side: created.side,
        opponent: 'computer',
        level: body.opponent.level,
        creator: true,
        status: 'status-playing',
        date: new Date().toISOString(),
      });
      ctx.navigate(`/g/${encodeURIComponent(created.id)}`);
    } catch (e) {
      showError(errorSlot, e, () => playComputer(button));
      button.disabled = false;
    }
  }

  startStep();
  return { dispose: () => { alive = false; board?.stopAnimation(); } };
}

/** The rules of a lesson as a new game's request: the preset, or every option. */
function ruleBody(rules) {
  if (rules.preset) return { preset: rules.preset };
  const out = {};
  for (const f of RULE_FIELDS.slice(1)) if (rules[f] !== undefined) out[f] = rules[f];
  return out;
}
