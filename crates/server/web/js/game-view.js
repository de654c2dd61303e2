// The game page's view (/g/{id}), in the way of lichess's ui/round `view/`: functions that lay
// the page out and draw it from the controller's state (game-ctrl.js). They hold no game state
// of their own: `els` is the set of elements one layout made, passed back to each function.

import { h, replace, copyText } from './dom.js';
import { api } from './api.js';
import { t, sideName, formatNumber } from './i18n.js';
import { prefs } from './prefs.js';
import { moveSound, lowTimeSound } from './sound.js';
import { Board, SPEEDS } from './board.js';
import { other } from './position.js';
import { ClaimBox, claimRefusal } from './claim.js';
import { showError, announce, copyField } from './views.js';
import { isOver, playerName, resultText, highlightsOf, endedOffBoard } from './gamestate.js';
import { historyBar, renderMoveList } from './history.js';
import { presetName, presetSummary } from './home.js';
import { valuesFromAnalysis, hintSentence } from './analysis-common.js';

// ---------------------------------------------------------------- layout

/**
 * Lays the page out in `main` for the controller `ctrl`, filling `els` with the elements to
 * draw into. Laying out again (a pie swap) refills the same object, so handlers made by an
 * earlier layout reach the current elements; the claim box lives on across layouts.
 */
export function layout(main, ctrl, els = {}) {
  const game = ctrl.game;
  const bottom = ctrl.bottom;
  els.main = main;
  els.scores = {};
  els.clockEls = {};
  els.board = new Board({
    n: ctrl.n,
    bottom,
    ariaLabel: t('board-label'),
    label: (kind, side, house, seeds) => pitLabel(ctrl, kind, side, house, seeds),
    onPlay: (house) => ctrl.sendMove(String(house)),
    onStore: (side, seeds) => showScore(els, side, seeds),
    onDrop: () => {
      try {
        els.sound.drop();
      } catch (_) {
        // A click that cannot play (an audio device gone) must not stop the sowing.
      }
    },
  });
  els.sound = moveSound();
  els.board.setStoreNames({ [bottom]: ctrl.shortName(bottom), [other(bottom)]: ctrl.shortName(other(bottom)) });
  els.topBar = h('div', { class: 'player-bar top' });
  els.bottomBar = h('div', { class: 'player-bar bottom' });
  els.turnLine = h('p', { class: 'turn-line', id: 'turn-line' });
  els.firstMoveLine = h('p', { class: 'note first-move-line', id: 'first-move-line', hidden: true });
  els.eventLine = h('p', { class: 'event-line', id: 'event-line' });
  els.replayButton = h('button', { type: 'button', class: 'button small secondary', id: 'replay-button', hidden: true, onClick: () => ctrl.replayLast() }, t('replay-last'));
  els.coach = coach(ctrl);
  els.roleLine = h('p', { class: 'note role-line' });
  els.pieOffer = h(
    'div',
    { class: 'pie-offer', hidden: true },
    h('p', {}, t('pie-offer')),
    h('button', { type: 'button', class: 'button primary', id: 'swap-button', onClick: () => ctrl.sendMove('swap') }, t('pie-swap')),
  );
  els.history = historyBar((to) => {
    if (to === 'first') ctrl.goTo(0);
    else if (to === 'back') ctrl.step(-1);
    else if (to === 'forward') ctrl.step(1);
    else ctrl.goTo(null);
  });
  els.historyReturn = h('button', { type: 'button', class: 'button small', hidden: true, onClick: () => ctrl.goTo(null) }, t('history-return'));
  els.history.el.append(els.historyReturn);
  els.hintLine = h('div', { class: 'hint-line', 'aria-live': 'polite' });
  els.errorSlot = h('div', { class: 'error-slot' });
  // The box shows its own text; screen readers hear each change once through the announcer.
  els.claimBox = els.claimBox || new ClaimBox({ claim: () => ctrl.sendClaim(), say: announce });
  els.connLine = h('div', { class: 'conn-line', role: 'status' });
  els.resultCard = h('section', { class: 'card result-card', hidden: true, 'aria-live': 'polite' });
  els.inviteCard = h('section', { class: 'card invite-card', hidden: true });
  els.movesList = h('ol', { class: 'moves-list', id: 'moves-list' });
  els.actions = h('section', { class: 'card actions' });
  actions(ctrl, els);

  const rules = game.rules || {};
  const rulesName = rules.preset ? presetName(rules.preset) : t('preset-custom');
  const rulesLink = rules.preset ? h('a', { href: `/rules/${rules.preset}` }, rulesName) : rulesName;
  replace(
    main,
    h(
      'div',
      { class: 'game-page' },
      h(
        'div',
        { class: 'game-main' },
        h('h1', { class: 'visually-hidden' }, t('game-heading', { id: ctrl.id })),
        els.connLine,
        els.coach,
        els.topBar,
        h('div', { class: 'board-wrap' }, els.board.el),
        els.bottomBar,
        h('div', { class: 'status-box' }, els.turnLine, els.firstMoveLine, h('div', { class: 'event-row' }, els.eventLine, els.replayButton), els.roleLine),
        // Under the board, also on a phone: move values, resigning and sharing within reach.
        els.controls,
        els.hintLine,
        legend(els),
        els.pieOffer,
        els.claimBox.el,
        els.errorSlot,
        els.history.el,
        h('p', { class: 'note rules-note' }, t('game-rules-summary', { rules: '' }), rulesLink, h('span', { class: 'rules-text' }, ` · ${rules.preset ? presetSummary({ name: rules.preset }) : customRulesText(rules)}`)),
        h('p', { class: 'note keys-help' }, t('board-keys-help')),
      ),
      h(
        'aside',
        { class: 'game-side' },
        els.resultCard,
        els.inviteCard,
        h('section', { class: 'card moves' }, h('h2', {}, t('moves-heading')), els.movesList),
        els.actions,
      ),
    ),
  );
  return els;
}

function actions(ctrl, els) {
  const speed = h(
    'select',
    { id: 'speed-select', onChange: (e) => { prefs.speed = e.target.value; } },
    Object.keys(SPEEDS).map((s) => h('option', { value: s, selected: prefs.speed === s }, t(`speed-${s}`))),
  );
  els.resignButton = h('button', { type: 'button', class: 'button danger', id: 'resign-button', onClick: () => confirmResign(ctrl, els) }, t('resign'));
  els.hintButton = h('button', { type: 'button', class: 'button', id: 'hint-button', 'aria-pressed': 'false', onClick: () => { prefs.hints = !prefs.hints; ctrl.redraw(); } }, t('hint'));
  const exportLink = h('a', { class: 'button secondary', id: 'export-record', href: api.recordUrl(ctrl.id), download: `kalah-${ctrl.id}.txt` }, t('export-record'));
  const copyPos = h(
    'button',
    {
      type: 'button',
      class: 'button secondary',
      id: 'copy-position',
      onClick: async () => {
        const pos = ctrl.shownPly === null ? ctrl.game.position : ctrl.positionString(ctrl.shownPly);
        const ok = await copyText(pos);
        ctrl.say(ok ? `${t('copied')} ${pos}` : `${t('copy-failed')} ${pos}`);
      },
    },
    t('copy-position'),
  );
  const watchUrl = `${location.origin}/g/${encodeURIComponent(ctrl.id)}`;
  const shareButton = h(
    'button',
    {
      type: 'button',
      class: 'button secondary',
      id: 'share-button',
      onClick: async () => {
        const ok = await copyText(watchUrl);
        ctrl.say(ok ? `${t('share-copied')} ${watchUrl}` : `${t('copy-failed')} ${watchUrl}`);
      },
    },
    t('share-button'),
  );
  els.controls = h('div', { class: 'button-row game-controls', id: 'game-controls' }, els.hintButton, els.resignButton, shareButton);
  const analysisLink = h('a', { class: 'button secondary', href: `/analysis?game=${encodeURIComponent(ctrl.id)}` }, t('analyze-game'));
  // A checkbox: its tick shows whether sounds are on, in every language.
  els.soundButton = h('input', { type: 'checkbox', id: 'sound-button', checked: prefs.sound, onChange: (e) => { prefs.sound = e.target.checked; } });
  replace(
    els.actions,
    h('h2', {}, t('actions-heading')),
    h('div', { class: 'field' }, h('label', { for: 'speed-select' }, t('speed-label')), speed),
    h('div', { class: 'field check' }, els.soundButton, h('label', { for: 'sound-button' }, `♪ ${t('sound-toggle')}`)),
    h(
      'details',
      { class: 'share-export', id: 'share-export' },
      h('summary', {}, t('share-export-heading')),
      h('div', { class: 'button-row' }, exportLink, copyPos, analysisLink),
      h('h3', {}, t('share-heading')),
      h('p', { class: 'note' }, t('share-text')),
      copyField(watchUrl, { label: t('share-heading'), id: 'watch-link' }),
    ),
  );
}

/**
 * The first-game coach: one pointer to the player's row, on the player's first game of each
 * kind (the computer, a person, a bot), until dismissed. Never in a game on a clock: the
 * player's time runs while they would read it.
 */
function coach(ctrl) {
  const g = ctrl.game;
  const kind = g.opponent;
  const seen = coachSeen(kind);
  const show = !!ctrl.me && !ctrl.local && g.status === 'playing' && !g.clock && !g.time_control && seen !== 'done' && (seen === null || seen === ctrl.id);
  if (!show) return null;
  markCoach(kind, ctrl.id);
  const box = h(
    'aside',
    { class: 'coach', id: 'coach', role: 'note', dataset: { kind } },
    h('p', {}, t('coach-text')),
    h('button', { type: 'button', class: 'button small', id: 'coach-dismiss', onClick: () => { markCoach(kind, 'done'); box.remove(); } }, t('coach-dismiss')),
  );
  return box;
}

/** The coach's state for a kind of game: null (not shown yet), the id of the game showing it, or 'done'. */
function coachSeen(kind) {
  const c = prefs.coach;
  // Before issue 37 one value stood for the first game, whatever its kind: a game against the computer.
  if (typeof c === 'string') return kind === 'computer' ? c : null;
  return (c && c[kind]) || null;
}

function markCoach(kind, value) {
  const c = prefs.coach;
  const all = typeof c === 'string' ? { computer: c } : { ...(c || {}) };
  all[kind] = value;
  prefs.coach = all;
}

/** What the rings on the board mean. */
function legend(els) {
  const item = (cls, key) => h('span', { class: 'legend-item' }, h('span', { class: `legend-ring ${cls}`, 'aria-hidden': 'true' }), t(key));
  els.sweepLegend = item('sweep', 'legend-sweep');
  return h('p', { class: 'board-legend note', 'aria-hidden': 'true' }, item('from', 'legend-from'), item('last', 'legend-last'), item('capture', 'legend-capture'), els.sweepLegend);
}

function pitLabel(ctrl, kind, side, house, seeds) {
  const me = ctrl.me;
  if (kind === 'store') {
    if (me) return t(side === me ? 'store-aria-own' : 'store-aria-opponent', { seeds });
    return t('store-aria-side', { side: sideName(side), seeds });
  }
  if (me) return t(side === me ? 'house-aria-own' : 'house-aria-opponent', { house, seeds });
  return t('house-aria-side', { side: sideName(side), house, seeds });
}

/** A custom game's rules in words (a preset links to its rules page instead). */
function customRulesText(rules) {
  const parts = [`${t('option-houses')}: ${rules.houses}`, `${t('option-seeds')}: ${rules.seeds}`];
  for (const f of ['capture', 'end', 'sweep']) if (rules[f]) parts.push(`${t(`option-${f}`)}: ${t(`${f}-${rules[f]}`)}`);
  for (const f of ['early_end', 'pie', 'both_stores']) if (rules[f]) parts.push(t(`option-${f.replace('_', '-')}`));
  return parts.join(' · ');
}

// ---------------------------------------------------------------- the board

/** Shows the position of the ply the controller shows, with its move's rings. */
export function showPosition(ctrl, els) {
  const ply = ctrl.boardPly();
  const pos = ctrl.positionAt(ply);
  if (pos) els.board.setPosition(pos);
  els.board.setHighlights(highlightsOf(ctrl.game.history[ply - 1], ctrl.n));
}

/**
 * Plays one ply's sowing at the chosen speed, then rings its move. A failure puts the board
 * back to rest (no hand left over a pit) before the controller hears of it.
 */
export async function animate(ctrl, els, before, entry, after) {
  try {
    await els.board.animate(before, entry, after, SPEEDS[prefs.speed] ?? SPEEDS.normal);
  } catch (e) {
    els.board.stopAnimation();
    throw e;
  }
  els.board.setHighlights(highlightsOf(entry, ctrl.n));
}

function showScore(els, side, seeds) {
  const el = els.scores[side];
  if (el) el.textContent = String(seeds);
}

// ---------------------------------------------------------------- drawing

/** Draws everything from the controller's state. */
export function render(ctrl, els) {
  const g = ctrl.game;
  const me = ctrl.me;
  const over = isOver(g);
  if (over && els.coach) {
    // The first game of its kind is over: the coach has done its job.
    markCoach(g.opponent, 'done');
    els.coach.remove();
    els.coach = null;
  }
  els.sweepLegend.hidden = !g.history.some((e) => e.sweep);
  // Players
  for (const [bar, side] of [[els.topBar, other(ctrl.bottom)], [els.bottomBar, ctrl.bottom]]) {
    const toMove = ctrl.toMove(side);
    bar.classList.toggle('to-move', toMove);
    // An account's own name (linked to its page below), except for the viewer's "You".
    const name = (side !== me && g.accounts?.[side]) || playerName(g, side, me);
    const score = h('span', { class: `player-score side-${side}`, title: t('score-label') }, String(els.board.count(side, 'store')));
    els.scores[side] = score;
    const thinking = g.thinking && !ctrl.animating && g.seats?.[side]?.kind === 'computer';
    // A clock: its time, and for screen readers which player's it is and when it runs low.
    const clock = g.clock
      ? h(
          'span',
          { class: `player-clock side-${side}`, id: `clock-${side === ctrl.bottom ? 'bottom' : 'top'}`, role: 'timer', 'aria-label': t('clock-label', { name }) },
          h('span', { class: 'clock-time' }),
          h('span', { class: 'visually-hidden clock-warning' }),
        )
      : null;
    els.clockEls[side] = clock;
    replace(
      bar,
      h('span', { class: `side-dot side-${side}`, 'aria-hidden': 'true' }),
      g.accounts?.[side] ? h('a', { class: 'player-name', href: `/players/${encodeURIComponent(g.accounts[side])}` }, name) : h('span', { class: 'player-name' }, name),
      name === sideName(side) ? null : h('span', { class: 'player-side' }, sideName(side)),
      g.seats?.[side]?.joined === false && side !== me ? h('span', { class: 'player-note' }, t('player-waiting')) : null,
      toMove && !ctrl.animating ? h('span', { class: 'turn-marker' }, thinking ? t('turn-thinking') : '●') : null,
      h('span', { class: 'visually-hidden' }, `${t('score-label')}:`),
      score,
      clock,
    );
  }
  tickClocks(ctrl, els);
  // Turn line
  const turn = ctrl.turnText();
  els.turnLine.textContent = turn;
  els.roleLine.textContent = ctrl.roleText();
  els.turnLine.classList.toggle('your-turn', !over && !ctrl.animating && !!me && g.to_move === me);
  document.title = `${turn} · ${t('app-title')}`;
  // Houses that can be sown
  els.board.setPlayable(ctrl.playable());
  els.pieOffer.hidden = !ctrl.swapOffered();
  // History bar
  els.history.update(ctrl.currentPly(), g.ply, g.history);
  els.historyReturn.hidden = ctrl.shownPly === null;
  els.replayButton.hidden = !ctrl.replayOffered();
  els.board.el.classList.toggle('is-history', ctrl.shownPly !== null);
  renderMoves(ctrl, els);
  renderActions(ctrl, els);
  renderResult(ctrl, els);
  renderInvite(ctrl, els);
  renderHints(ctrl, els);
}

/** Shows both clocks as of now; warns (colour, text and one announcement) when low. */
export function tickClocks(ctrl, els) {
  const shown = ctrl.tick();
  if (!shown) return;
  for (const side of ['south', 'north']) {
    const el = els.clockEls[side];
    if (!el) continue;
    const c = shown[side];
    el.firstChild.textContent = c.text;
    el.lastChild.textContent = c.low ? ` ${t('clock-low')}` : '';
    el.classList.toggle('clock-running', c.running);
    el.classList.toggle('clock-low', c.low);
  }
  els.claimBox.update(ctrl.game, ctrl.me);
  const first = shown.first;
  els.firstMoveLine.hidden = !first;
  if (first) els.firstMoveLine.textContent = t('clock-first-move', { side: sideName(first.side), seconds: first.seconds });
}

function renderMoves(ctrl, els) {
  const g = ctrl.game;
  renderMoveList(els.movesList, g.history, ctrl.currentPly(), (ply) => ctrl.goTo(ply === g.ply ? null : ply), t('moves-empty'));
  if (ctrl.shownPly === null) els.movesList.scrollTop = els.movesList.scrollHeight;
}

function renderActions(ctrl, els) {
  const over = isOver(ctrl.game);
  els.resignButton.hidden = !ctrl.player || over;
  els.hintButton.hidden = !ctrl.hintsAllowed();
  els.hintButton.textContent = prefs.hints ? t('hint-hide') : t('hint');
  els.hintButton.setAttribute('aria-pressed', prefs.hints ? 'true' : 'false');
}

function renderResult(ctrl, els) {
  const g = ctrl.game;
  const me = ctrl.me;
  const bottom = ctrl.bottom;
  const over = isOver(g) && !ctrl.animating;
  els.resultCard.hidden = !over && !g.rematch;
  if (els.resultCard.hidden) return;
  const r = g.result || {};
  const parts = [h('h2', {}, t('result-heading')), h('p', { class: 'result-text', id: 'result-text' }, resultText(g, me, (side) => ctrl.subject(side)))];
  if (r.south !== undefined) {
    const score = `${playerName(g, bottom, me)} ${r[bottom]} · ${playerName(g, other(bottom), me)} ${r[other(bottom)]}`;
    // Off the board the stores are the seeds when it ended, not the result.
    parts.push(h('p', { class: 'result-score', id: 'result-score' }, endedOffBoard(g) ? t('result-stores', { score }) : score));
  }
  if (r.reason === 'early-end') parts.push(h('p', {}, t('result-early-end')));
  if (g.ratings) {
    for (const side of [bottom, other(bottom)]) {
      const c = g.ratings[side];
      if (!c) continue;
      const values = { name: g.accounts?.[side] || playerName(g, side, me), before: String(Math.round(c.before.rating)), after: String(Math.round(c.after.rating)), change: formatNumber(Math.round(c.change), true) };
      parts.push(h('p', { class: 'rating-change', dataset: { side } }, t('result-rating-change', values)));
    }
  }
  if (g.rematch) {
    parts.push(h('p', {}, t('rematch-ready')), h('a', { class: 'button primary', id: 'open-rematch', href: `/g/${encodeURIComponent(g.rematch)}` }, t('rematch-open')));
  } else if (g.opponent === 'kgp') {
    // A bot game has no rematch: the bot is back in the lobby, to be challenged again.
    parts.push(h('a', { class: 'button secondary', id: 'bots-page-link', href: '/bots' }, t('bots-back')));
  } else if (ctrl.token && (ctrl.local || me)) {
    parts.push(
      h(
        'div',
        { class: 'button-row' },
        h('button', { type: 'button', class: 'button primary', id: 'rematch-button', onClick: () => ctrl.rematch() }, t('rematch')),
        h('a', { class: 'button secondary', id: 'new-game-link', href: '/' }, t('nav-new-game')),
      ),
    );
  } else parts.push(h('a', { class: 'button secondary', id: 'new-game-link', href: '/' }, t('nav-new-game')));
  replace(els.resultCard, parts);
}

function renderInvite(ctrl, els) {
  const g = ctrl.game;
  const invite = ctrl.entry && ctrl.entry.invite;
  const otherSeat = ctrl.me ? g.seats?.[other(ctrl.me)] : null;
  const show = g.opponent === 'friend' && !!invite && !isOver(g) && (!otherSeat || otherSeat.joined === false || g.ply === 0);
  els.inviteCard.hidden = !show;
  if (!show) return;
  const url = new URL(invite, location.origin).href;
  const key = `${url} ${otherSeat ? otherSeat.joined : ''}`;
  if (els.inviteCard.dataset.key === key) return;
  els.inviteCard.dataset.key = key;
  replace(
    els.inviteCard,
    h('h2', {}, t('invite-heading')),
    h('p', {}, t('invite-text')),
    copyField(url, { label: t('invite-heading'), id: 'invite-link' }),
    otherSeat && otherSeat.joined === false ? h('p', { class: 'note' }, t('invite-waiting')) : null,
  );
}

/** Move values on the board and the hint sentence, when asked for and allowed. */
export async function renderHints(ctrl, els) {
  const plan = ctrl.hintPlan(prefs.hints);
  if (plan.kind === 'none') return;
  if (plan.kind === 'off') {
    els.board.setValues(null, null);
    els.hintLine.replaceChildren();
    return;
  }
  if (plan.kind === 'over') {
    els.board.setValues(null, null);
    els.hintLine.textContent = t('analysis-game-over');
    return;
  }
  let result = plan.result;
  if (!result) {
    els.hintLine.textContent = t('hint-loading');
    try {
      result = await ctrl.loadHint(plan);
    } catch (e) {
      if (ctrl.disposed) return;
      els.hintLine.textContent = e.text ? e.text() : String(e);
      return;
    }
    if (ctrl.disposed) return;
    if (!ctrl.hintCurrent(plan)) return; // moved on meanwhile
  }
  els.board.setValues(plan.pos.toMove, valuesFromAnalysis(result));
  replace(els.hintLine, h('p', { id: 'hint-text' }, hintSentence(result, ctrl.subject(plan.pos.toMove))), h('p', { class: 'note' }, t('hint-explain')));
}

/** The sentence under the board; read out too when `say`. */
export function showEvent(els, text, say) {
  els.eventLine.textContent = text;
  if (say) announce(text);
}

export function showFailure(els, e, retry) {
  showError(els.errorSlot, e, retry);
}

/** A claim the server refused (said in words) or that failed (an error box with a retry). */
export function showClaimFailure(els, e, retry) {
  const refused = claimRefusal(e);
  if (refused) {
    els.errorSlot.textContent = refused;
    announce(refused);
  } else showError(els.errorSlot, e, retry);
}

export function lowTime() {
  try {
    lowTimeSound();
  } catch (_) {
    // No audio (a device gone, too many contexts): the warning is still shown and said.
  }
}

/** After the opponent's move: the board takes the focus unless something on the page has it. */
export function focusBoard(els) {
  if (els.main.contains(document.activeElement) === false) els.board.focus();
}

// ---------------------------------------------------------------- connection and dialogs

/**
 * The line over the board about the socket: lost (with "Retry now"), reconnecting, back.
 * `isOpen()` tells later whether the socket is still open (the "back" line goes after 3 s).
 */
export function renderConnection(els, s, { retryNow, isOpen }) {
  const line = els.connLine;
  if (s.state === 'lost') {
    replace(
      line,
      h('span', {}, t('conn-lost', { seconds: s.retryIn })),
      h('button', { type: 'button', class: 'button small', onClick: retryNow }, t('conn-retry-now')),
    );
    line.classList.add('visible');
  } else if (s.state === 'connecting' && line.classList.contains('visible')) {
    line.textContent = t('conn-reconnecting');
  } else if (s.state === 'open') {
    if (s.wasLost) {
      line.textContent = t('conn-back');
      setTimeout(() => {
        if (isOpen()) {
          els.connLine.textContent = '';
          els.connLine.classList.remove('visible');
        }
      }, 3000);
    } else {
      line.textContent = '';
      line.classList.remove('visible');
    }
  }
}

/** Asks "Resign this game?"; on yes the controller resigns. */
export function confirmResign(ctrl, els) {
  const dialog = h(
    'dialog',
    { class: 'confirm', 'aria-labelledby': 'resign-question' },
    h('p', { id: 'resign-question' }, t('resign-confirm')),
    h(
      'form',
      { method: 'dialog', class: 'button-row' },
      h('button', { value: 'no', class: 'button secondary', autofocus: true }, t('resign-no')),
      h('button', { value: 'yes', class: 'button danger', id: 'resign-yes' }, t('resign-yes')),
    ),
  );
  dialog.addEventListener('close', async () => {
    const yes = dialog.returnValue === 'yes';
    dialog.remove();
    if (!yes) {
      els.resignButton.focus();
      return;
    }
    await ctrl.resign(() => confirmResign(ctrl, els));
  });
  document.body.append(dialog);
  dialog.showModal();
}
