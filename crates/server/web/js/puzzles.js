// Puzzles (/puzzles, /puzzles/{id}) and the puzzle of the day on the home page. The server
// sends a puzzle with its whole proven line (GET /api/puzzles/...): each sowing as a game's
// history entry and, at each of the player's moves, the value of every move. The page judges
// the player's moves against the line, plays the computer's replies from it, and asks the
// server for the rating after a try (POST /api/puzzles/{id}/result). A guest's puzzle rating
// and recent puzzles are kept in this browser; a signed-in account's rating and tries are kept
// by the server, and the page lists them (GET /api/puzzles/history), a page at a time.

import { h, replace, sleep } from './dom.js';
import { ApiError, api } from './api.js';
import { t, sideName, formatNumber } from './i18n.js';
import { prefs } from './prefs.js';
import { Board, SPEEDS } from './board.js';
import { parsePosition } from './position.js';
import { presetName } from './home.js';
import { highlightsOf } from './gamestate.js';
import { showError, announce } from './views.js';

const RATING_KEY = 'kalah-puzzle-rating';
const RECENT_KEY = 'kalah-puzzle-recent';
const RULES_KEY = 'kalah-puzzle-rules';
// The puzzles this browser showed, newest first, kept bounded (about 2 KB in the address).
const RECENT_GUEST = 300;
const RECENT_ACCOUNT = 50;
const RULE_CHOICES = ['standard', 'empty-capture', 'bga', ''];

async function request(method, path, body, csrf) {
  let res;
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // A signed-in account's tries are authorised by its cookie and its CSRF token.
  if (csrf) headers['X-CSRF-Token'] = csrf;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (_) {
    throw new ApiError(0, 'network', '');
  }
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, data.code, data.error);
  return data;
}

function stored(key, fallback) {
  try {
    const v = JSON.parse(localStorage.getItem(key));
    return v ?? fallback;
  } catch (_) {
    return fallback;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (_) {
    // Private browsing: the rating lasts for this page only.
  }
}

/** This browser's puzzle rating (Glicko-2), a new player's at first. */
export function puzzleRating() {
  const r = stored(RATING_KEY, null);
  if (r && Number.isFinite(r.rating) && Number.isFinite(r.deviation) && Number.isFinite(r.volatility)) return r;
  return { rating: 1500, deviation: 350, volatility: 0.06 };
}

/** "finish 6 ahead", "draw", "finish 2 behind" in the page's language. */
export function marginWords(value) {
  if (value === 0) return t('puzzles-margin-draw');
  return t(value > 0 ? 'puzzles-margin-ahead' : 'puzzles-margin-behind', { seeds: formatNumber(Math.abs(value)) });
}

function themeWords(themes) {
  return themes.map((x) => t(`puzzles-theme-${x}`)).join(', ');
}

function pitLabel(kind, side, house, seeds, solver) {
  const own = side === solver;
  if (kind === 'store') return t(own ? 'store-aria-own' : 'store-aria-opponent', { seeds });
  return t(own ? 'house-aria-own' : 'house-aria-opponent', { house, seeds });
}

/** The signed-in account's session (with its CSRF token), or null for a guest. */
async function accountSession() {
  try {
    const s = await api.session();
    return s && s.player && s.player.kind === 'account' ? s : null;
  } catch (_) {
    return null;
  }
}

export async function puzzlesView(main, ctx) {
  const wanted = ctx.params[0] || null;
  let alive = true;
  const account = await accountSession();
  // An account's rating, as the server keeps it (GET /api/puzzles/history).
  let accountRating = null;
  let historyPage = 1;
  const rating = () => (account && accountRating) || puzzleRating();
  let rulesChoice = stored(RULES_KEY, 'standard');
  if (!RULE_CHOICES.includes(rulesChoice)) rulesChoice = 'standard';

  const ratingLine = h('p', { class: 'puzzle-rating', id: 'puzzle-rating' });
  const chooser = h(
    'select',
    {
      id: 'puzzle-rules',
      onChange: (e) => {
        rulesChoice = e.target.value;
        store(RULES_KEY, rulesChoice);
        load(null);
      },
    },
    RULE_CHOICES.map((r) => h('option', { value: r, selected: r === rulesChoice }, r ? presetName(r) : t('puzzles-rules-any'))),
  );
  const info = h('p', { class: 'note puzzle-info', id: 'puzzle-info' });
  const task = h('p', { class: 'puzzle-task', id: 'puzzle-task' });
  const boardSlot = h('div', { class: 'board-wrap puzzle-board' });
  const feedback = h('div', { class: 'puzzle-feedback', id: 'puzzle-feedback', role: 'status', 'aria-live': 'polite' });
  const showButton = h('button', { type: 'button', class: 'button secondary', id: 'puzzle-show', onClick: () => showSolution() }, t('puzzles-show'));
  const retryButton = h('button', { type: 'button', class: 'button', id: 'puzzle-retry', hidden: true, onClick: () => start() }, t('puzzles-retry'));
  const nextButton = h('button', { type: 'button', class: 'button primary', id: 'puzzle-next', onClick: () => load(null) }, t('puzzles-next'));
  const errorSlot = h('div', { class: 'error-slot' });
  const historyBody = h('div', { id: 'puzzle-history-body' });
  const historyCard = h(
    'section',
    { class: 'card puzzle-history', id: 'puzzle-history', 'aria-labelledby': 'puzzle-history-heading' },
    h('h2', { id: 'puzzle-history-heading' }, t('puzzles-history-heading')),
    historyBody,
  );
  if (!account) {
    replace(historyBody, h('p', { class: 'note' }, t('puzzles-history-guest'), ' ', h('a', { href: '/#account' }, t('account-sign-in'))));
  }
  replace(
    main,
    h(
      'div',
      { class: 'puzzle-page' },
      h(
        'header',
        { class: 'puzzle-head' },
        h('h1', {}, t('puzzles-heading')),
        h('p', { class: 'note' }, t('puzzles-intro')),
        h('div', { class: 'row' }, h('label', {}, h('span', {}, t('puzzles-rules-label')), ' ', chooser), ratingLine),
      ),
      h(
        'section',
        { class: 'card puzzle-card', 'aria-labelledby': 'puzzle-task' },
        info,
        task,
        boardSlot,
        feedback,
        h('div', { class: 'button-row puzzle-buttons' }, retryButton, showButton, nextButton),
      ),
      errorSlot,
      historyCard,
    ),
  );

  let puzzle = null;
  let board = null;
  let index = 0; // steps of the line played
  let busy = false;
  let failed = false; // a wrong move or the solution shown: the try counts as a miss
  let reported = false;

  function drawRating() {
    ratingLine.textContent = t('puzzles-your-rating', { rating: formatNumber(Math.round(rating().rating)) });
  }

  /** The account's rating and one page of its tries, newest first. */
  async function loadHistory(page) {
    if (!account) return;
    let hist;
    try {
      hist = await request('GET', `/api/puzzles/history?page=${page}`);
    } catch (e) {
      console.warn('puzzle: no history', e);
      return;
    }
    if (!alive) return;
    historyPage = page;
    accountRating = hist.glicko;
    drawRating();
    const rows = hist.attempts.map((a) =>
      h(
        'li',
        { class: `puzzle-try ${a.solved ? 'is-solved' : 'is-failed'}` },
        h('span', { class: 'puzzle-try-mark', 'aria-hidden': 'true' }, a.solved ? '✓' : '✗'),
        ' ',
        h('a', { href: a.link }, t('puzzles-history-puzzle', { id: a.id })),
        ' ',
        h('strong', {}, t(a.solved ? 'puzzles-history-solved' : 'puzzles-history-failed')),
        h(
          'span',
          { class: 'note' },
          ` · ${t('puzzles-history-rating', { rating: formatNumber(a.puzzle_rating) })} · `,
          t('puzzles-history-change', { after: formatNumber(a.after), change: formatNumber(a.change, true) }),
        ),
      ),
    );
    const pager = h(
      'div',
      { class: 'button-row' },
      page > 1 ? h('button', { type: 'button', class: 'button secondary small', id: 'puzzle-history-newer', onClick: () => loadHistory(page - 1) }, t('puzzles-history-newer')) : null,
      hist.more ? h('button', { type: 'button', class: 'button secondary small', id: 'puzzle-history-older', onClick: () => loadHistory(page + 1) }, t('puzzles-history-older')) : null,
    );
    replace(
      historyBody,
      h('p', { class: 'note', id: 'puzzle-history-summary' }, t('puzzles-history-summary', { rating: formatNumber(Math.round(hist.glicko.rating)), solved: hist.solved, failed: hist.failed })),
      rows.length ? h('ul', { class: 'puzzle-tries', id: 'puzzle-tries' }, rows) : h('p', { class: 'note' }, t('puzzles-history-empty')),
      pager,
    );
  }

  async function load(id) {
    replace(errorSlot);
    try {
      let p;
      if (id) {
        p = await request('GET', `/api/puzzles/${encodeURIComponent(id)}`);
      } else {
        // A guest's tries are known only here: its last RECENT_GUEST are left out. An
        // account's are the server's; its last few are sent for when all were tried.
        const recent = stored(RECENT_KEY, []).slice(0, account ? RECENT_ACCOUNT : RECENT_GUEST);
        const q = new URLSearchParams({ rating: String(Math.round(rating().rating)), not: recent.join(','), seed: String(Math.floor(Math.random() * 1e9)) });
        if (rulesChoice) q.set('rules', rulesChoice);
        p = await request('GET', `/api/puzzles/next?${q}`);
      }
      if (!alive) return;
      puzzle = p;
      store(RECENT_KEY, [p.id, ...stored(RECENT_KEY, []).filter((x) => x !== p.id)].slice(0, RECENT_GUEST));
      if (location.pathname !== `/puzzles/${p.id}`) history.replaceState(null, '', `/puzzles/${encodeURIComponent(p.id)}`);
      failed = false;
      reported = false;
      start();
    } catch (e) {
      showError(errorSlot, e, () => load(id));
    }
  }

  function solverMoves() {
    const step = puzzle.steps[index];
    if (!step || step.by !== 'solver') return null;
    return new Set(step.values.map((v) => Number(v.move)));
  }

  /** The puzzle from its start. */
  function start() {
    const pos = parsePosition(puzzle.position);
    board?.stopAnimation();
    if (!board || board.n !== pos.n || board.bottom !== puzzle.solver) {
      board = new Board({
        n: pos.n,
        bottom: puzzle.solver,
        ariaLabel: t('puzzles-board-label'),
        label: (kind, side, house, seeds) => pitLabel(kind, side, house, seeds, puzzle.solver),
        onPlay: (house) => play(house),
      });
      board.el.id = 'puzzle-board';
      replace(boardSlot, board.el);
    }
    const names = {};
    names[puzzle.solver] = t('puzzles-you');
    names[puzzle.solver === 'south' ? 'north' : 'south'] = t('puzzles-computer');
    board.setStoreNames(names);
    board.setPosition(pos);
    board.setHighlights({});
    index = 0;
    busy = false;
    info.textContent = t('puzzles-info', { id: puzzle.id, rating: formatNumber(puzzle.rating), rules: puzzle.rules.preset ? presetName(puzzle.rules.preset) : puzzle.rules.text });
    task.textContent = t('puzzles-task', { side: sideName(puzzle.solver), result: marginWords(puzzle.value) });
    feedback.className = 'puzzle-feedback';
    replace(feedback);
    retryButton.hidden = true;
    showButton.hidden = false;
    board.setPlayable({ side: puzzle.solver, houses: solverMoves() });
    drawRating();
  }

  async function animateStep(step) {
    const entry = step.sowing;
    const after = parsePosition(entry.position);
    const before = parsePosition(index === 0 ? puzzle.position : puzzle.steps[index - 1].sowing.position);
    try {
      await board.animate(before, entry, after, SPEEDS[prefs.speed] ?? SPEEDS.normal);
    } catch (e) {
      console.warn('puzzle: animation failed', e);
      board.stopAnimation();
      board.setPosition(after);
    }
    board.setHighlights(highlightsOf(entry, after.n));
    index += 1;
  }

  function say(kind, ...lines) {
    feedback.className = `puzzle-feedback is-${kind}`;
    replace(feedback, lines.filter(Boolean).map((x) => h('p', {}, x)));
    announce(feedback.textContent);
  }

  async function report(solved) {
    if (reported) return null;
    reported = true;
    const before = rating();
    try {
      const r = await request('POST', `/api/puzzles/${encodeURIComponent(puzzle.id)}/result`, { solved, player: before }, account?.csrf);
      if (account) {
        accountRating = r.player;
        loadHistory(1);
      } else {
        store(RATING_KEY, r.player);
      }
      drawRating();
      // An account's second try at a puzzle is not rated (only the first is, as on lichess).
      if (!r.rated) return t('puzzles-not-rated');
      return t('puzzles-rating-change', {
        before: formatNumber(Math.round(before.rating)),
        after: formatNumber(Math.round(r.player.rating)),
        change: formatNumber(r.change, true),
      });
    } catch (e) {
      console.warn('puzzle: result not rated', e);
      return null;
    }
  }

  async function play(house) {
    const step = puzzle.steps[index];
    if (busy || !step || step.by !== 'solver') return;
    if (Number(step.move) !== house) {
      const tried = step.values.find((v) => Number(v.move) === house);
      const best = step.values.find((v) => v.move === step.move);
      if (!tried || !best) return;
      failed = true;
      say('wrong', t('puzzles-wrong', { house, tried: marginWords(tried.value), best: marginWords(best.value) }), await report(false));
      retryButton.hidden = false;
      return;
    }
    busy = true;
    board.setPlayable(null);
    await animateStep(step);
    if (!alive) return;
    while (index < puzzle.steps.length && puzzle.steps[index].by === 'computer') {
      await sleep(350);
      if (!alive) return;
      await animateStep(puzzle.steps[index]);
      if (!alive) return;
    }
    busy = false;
    if (index >= puzzle.steps.length) {
      await solved();
      return;
    }
    say('right', t('puzzles-right'), t('puzzles-go-on'));
    board.setPlayable({ side: puzzle.solver, houses: solverMoves() });
    board.focus();
  }

  async function solved() {
    showButton.hidden = true;
    const themes = puzzle.themes.length ? t('puzzles-themes', { themes: themeWords(puzzle.themes) }) : null;
    const change = await report(!failed);
    say('done', t(failed ? 'puzzles-solved-help' : 'puzzles-solved'), themes, change);
    retryButton.hidden = false;
    nextButton.focus();
  }

  /** Plays the rest of the line: the try counts as a miss. */
  async function showSolution() {
    if (busy) return;
    failed = true;
    const rest = puzzle.steps.slice(index).filter((s) => s.by === 'solver').map((s) => s.move);
    say('wrong', t('puzzles-solution', { moves: rest.join(', ') }));
    busy = true;
    board.setPlayable(null);
    while (index < puzzle.steps.length) {
      await animateStep(puzzle.steps[index]);
      if (!alive) return;
      await sleep(250);
    }
    busy = false;
    showButton.hidden = true;
    retryButton.hidden = false;
    const change = await report(false);
    if (change) feedback.append(h('p', {}, change));
    nextButton.focus();
  }

  drawRating();
  await loadHistory(historyPage);
  await load(wanted);
  return { dispose: () => { alive = false; board?.stopAnimation(); } };
}

/** The home page's card: the puzzle of the day, with a link to solve it. */
export function dailyPuzzleCard() {
  const body = h('p', { class: 'note' }, t('puzzles-daily-text'));
  const link = h('a', { href: '/puzzles', class: 'button', id: 'daily-puzzle-link' }, t('puzzles-daily-play'));
  const card = h(
    'section',
    { class: 'card daily-puzzle', id: 'daily-puzzle', 'aria-labelledby': 'daily-puzzle-heading' },
    h('h2', { id: 'daily-puzzle-heading' }, t('puzzles-daily-heading')),
    body,
    link,
  );
  request('GET', '/api/puzzles/daily')
    .then((p) => {
      link.href = `/puzzles/${encodeURIComponent(p.id)}`;
      body.textContent = t('puzzles-daily-task', { side: sideName(p.solver), result: marginWords(p.value), rating: formatNumber(p.rating) });
    })
    .catch(() => {
      // The card still leads to the puzzles.
    });
  return card;
}
