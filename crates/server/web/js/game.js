// The game page /g/{id}: board, live updates, moves, history view, actions.

import { h, replace, copyText } from './dom.js';
import { api, ApiError } from './api.js';
import { t, sideName, formatNumber } from './i18n.js';
import { prefs, gameEntry, rememberGame } from './prefs.js';
import { moveSound, lowTimeSound } from './sound.js';
import { Board, SPEEDS } from './board.js';
import { parsePosition, other } from './position.js';
import { connectLive } from './live.js';
import { Clocks, formatClock, LOW_MS } from './clock.js';
import { ClaimBox, claimRefusal } from './claim.js';
import { messageView, showError, announce, copyField } from './views.js';
import { mySide, isOver, playerName, statusSummary, resultText, highlightsOf } from './gamestate.js';
import { historyBar, renderMoveList } from './history.js';
import { presetName, presetSummary } from './home.js';
import { rulesBody, valuesFromAnalysis, hintSentence } from './analysis-common.js';

export async function gameView(main, ctx) {
  const id = ctx.params[0];
  const seat = ctx.query.get('seat');
  if (seat) {
    const old = gameEntry(id);
    rememberGame({ id, token: seat, ...(old && old.token !== seat ? { side: null, creator: false, invite: null } : {}) });
    // Keep the secret out of the address bar, the history and anything copied from it.
    history.replaceState(null, '', `/g/${encodeURIComponent(id)}`);
  }
  const entry = gameEntry(id);
  const token = entry && entry.token ? entry.token : null;
  let game;
  try {
    game = await api.game(id, token);
  } catch (e) {
    if (e.status === 404) return messageView(main, { heading: t('not-found-heading'), text: t('not-found-text', { id }) });
    if (e.status === 400) return messageView(main, { heading: t('not-found-heading'), text: t('not-found-text', { id }) });
    const slot = h('div');
    replace(main, slot);
    showError(slot, e, () => ctx.navigate(location.pathname, { replaceEntry: true }));
    return null;
  }
  if (!ctx.isCurrent()) return null;
  if (token && game.you === null) {
    // The stored link is not a seat of this game (the server says so): watch instead.
    return new GameView(main, ctx, game, null);
  }
  if (seat && entry && !entry.side && !game.you) {
    const side = guessInvitedSide(game);
    if (side) return new GameView(main, ctx, game, rememberGame({ id, side }));
  }
  return new GameView(main, ctx, game, entry);
}

/**
 * Without the server's `you`: a friend opening an invitation for the first time sits on the
 * only human seat that has not joined yet. Returns that seat's side at the start.
 */
function guessInvitedSide(game) {
  if (game.opponent !== 'friend' || !game.seats) return null;
  const waiting = ['south', 'north'].filter((s) => game.seats[s] && game.seats[s].kind === 'human' && game.seats[s].joined === false);
  if (waiting.length !== 1) return null;
  const swaps = (game.moves || []).filter((m) => m === 'swap').length;
  return swaps % 2 ? other(waiting[0]) : waiting[0];
}

class GameView {
  constructor(main, ctx, game, entry) {
    this.main = main;
    this.ctx = ctx;
    this.game = game;
    this.id = game.id;
    this.entry = entry;
    this.token = entry && entry.token ? entry.token : null;
    this.shownPly = null; // null: the live position; a number: history view
    this.displayedPly = this.firstUnseenPly();
    this.animating = false;
    this.pending = false;
    this.hintCache = new Map();
    this.liveOpen = false;
    this.clocks = new Clocks();
    this.clocks.update(game.clock);
    this.clockEls = {};
    this.remember();
    this.build();
    this.showPosition();
    this.render();
    // The opponent's turn this browser has not shown yet (the computer's first move, a friend's
    // move while away) is played out; otherwise the last move is described.
    if (this.displayedPly < game.ply) this.runAnimations();
    else if (game.ply > 0) this.eventLine.textContent = this.describe(game.history[game.ply - 1]);
    this.live = connectLive(this.id, this.token, {
      onState: (g) => this.applyState(g),
      onRematch: (msg) => this.onRematch(msg),
      onPresence: (msg) => {
        this.claimBox.setPresence(msg);
        this.claimBox.update(this.game, this.me);
      },
      onStatus: (s) => this.onConnection(s),
    });
    this.poller = setInterval(() => this.poll(), 4000);
    // Clocks count down between the server's messages (10 times a second is smooth enough
    // for tenths and cheap).
    this.clockTimer = game.clock ? setInterval(() => this.tickClocks(), 100) : null;
    this.onKey = (e) => this.handleKey(e);
    document.addEventListener('keydown', this.onKey);
  }

  dispose() {
    this.disposed = true;
    this.live.close();
    clearInterval(this.poller);
    clearInterval(this.clockTimer);
    document.removeEventListener('keydown', this.onKey);
  }

  /**
   * The ply to show first: the start of the opponent's last turn when this browser has not
   * shown it yet (remembered per game as `seenPly`), else the current ply.
   */
  firstUnseenPly() {
    const g = this.game;
    const entry = this.entry;
    if (!entry || !entry.token) return g.ply;
    const me = this.me;
    let seen = g.ply;
    if (Number.isInteger(entry.seenPly)) seen = entry.seenPly;
    // A game just created here where only the opponent has moved: its opening turn.
    else if (entry.creator && me && g.history.every((e) => e.mover !== me)) seen = 0;
    let start = g.ply;
    while (start > seen && g.history[start - 1] && g.history[start - 1].mover !== me) start--;
    return start;
  }

  /** Who is meant by a side in sentences: 'you', or a name ("The computer", "Your friend", "South"). */
  subject(side) {
    const me = this.me;
    if (me && side === me) return null;
    const seat = this.game.seats && this.game.seats[side];
    if (seat && seat.kind === 'computer') return t('subject-computer');
    if (seat && seat.kind === 'bot' && this.game.players?.[side]) return this.game.players[side];
    if (me && this.game.opponent === 'friend') return t('subject-friend');
    return sideName(side);
  }

  /** A store's owner in one word: "You", "Computer", "Friend", or the side. */
  shortName(side) {
    const me = this.me;
    if (me && side === me) return t('player-you');
    if (this.game.seats?.[side]?.kind === 'computer') return t('player-computer');
    if (this.game.seats?.[side]?.kind === 'bot' && this.game.players?.[side]) return this.game.players[side];
    if (me && this.game.opponent === 'friend') return t('player-friend');
    return sideName(side);
  }

  get me() {
    return mySide(this.game, this.entry);
  }

  get local() {
    return this.game.opponent === 'local' && !!this.token;
  }

  remember() {
    if (!this.entry) return;
    const s = statusSummary(this.game, this.me);
    this.entry = rememberGame(
      { id: this.id, opponent: this.game.opponent, level: this.game.level || undefined, status: s.key, statusArgs: s.args || {}, seenPly: this.displayedPly },
      false,
    );
  }

  positionAt(ply) {
    if (ply <= 0) return parsePosition(this.game.start_position);
    const e = this.game.history[ply - 1];
    return parsePosition(e ? e.position : this.game.position);
  }

  // ---------------------------------------------------------------- layout

  build() {
    const game = this.game;
    const pos = parsePosition(game.position) || parsePosition(game.start_position);
    this.n = pos.n;
    const bottom = this.me || 'south';
    this.bottom = bottom;
    this.board = new Board({
      n: this.n,
      bottom,
      ariaLabel: t('board-label'),
      label: (kind, side, house, seeds) => this.pitLabel(kind, side, house, seeds),
      onPlay: (house) => this.sendMove(String(house)),
      onStore: (side, seeds) => this.showScore(side, seeds),
      onDrop: () => this.sound.drop(),
    });
    this.sound = moveSound();
    this.board.setStoreNames({ [bottom]: this.shortName(bottom), [other(bottom)]: this.shortName(other(bottom)) });
    this.topBar = h('div', { class: 'player-bar top' });
    this.bottomBar = h('div', { class: 'player-bar bottom' });
    this.turnLine = h('p', { class: 'turn-line', id: 'turn-line' });
    this.firstMoveLine = h('p', { class: 'note first-move-line', id: 'first-move-line', hidden: true });
    this.eventLine = h('p', { class: 'event-line', id: 'event-line' });
    this.replayButton = h('button', { type: 'button', class: 'button small secondary', id: 'replay-button', hidden: true, onClick: () => this.replayLast() }, t('replay-last'));
    this.scores = {};
    this.coach = this.buildCoach();
    this.roleLine = h('p', { class: 'note role-line' });
    this.pieOffer = h(
      'div',
      { class: 'pie-offer', hidden: true },
      h('p', {}, t('pie-offer')),
      h('button', { type: 'button', class: 'button primary', id: 'swap-button', onClick: () => this.sendMove('swap') }, t('pie-swap')),
    );
    this.historyBar = this.buildHistoryBar();
    this.hintLine = h('div', { class: 'hint-line', 'aria-live': 'polite' });
    this.errorSlot = h('div', { class: 'error-slot' });
    // The box shows its own text; screen readers hear each change once through the announcer.
    this.claimBox = this.claimBox || new ClaimBox({ claim: () => this.sendClaim(), say: announce });
    this.connLine = h('div', { class: 'conn-line', role: 'status' });
    this.resultCard = h('section', { class: 'card result-card', hidden: true, 'aria-live': 'polite' });
    this.inviteCard = h('section', { class: 'card invite-card', hidden: true });
    this.movesList = h('ol', { class: 'moves-list', id: 'moves-list' });
    this.actions = h('section', { class: 'card actions' });
    this.buildActions();

    const rules = game.rules || {};
    const rulesName = rules.preset ? presetName(rules.preset) : t('preset-custom');
    const rulesLink = rules.preset ? h('a', { href: `/rules/${rules.preset}` }, rulesName) : rulesName;
    replace(
      this.main,
      h(
        'div',
        { class: 'game-page' },
        h(
          'div',
          { class: 'game-main' },
          h('h1', { class: 'visually-hidden' }, t('game-heading', { id: this.id })),
          this.connLine,
          this.coach,
          this.topBar,
          h('div', { class: 'board-wrap' }, this.board.el),
          this.bottomBar,
          h('div', { class: 'status-box' }, this.turnLine, this.firstMoveLine, h('div', { class: 'event-row' }, this.eventLine, this.replayButton), this.roleLine),
          this.buildLegend(),
          this.pieOffer,
          this.claimBox.el,
          this.errorSlot,
          this.historyBar,
          this.hintLine,
          h('p', { class: 'note rules-note' }, t('game-rules-summary', { rules: '' }), rulesLink, h('span', { class: 'rules-text' }, ` · ${rules.preset ? presetSummary({ name: rules.preset }) : customRulesText(rules)}`)),
          h('p', { class: 'note keys-help' }, t('board-keys-help')),
        ),
        h(
          'aside',
          { class: 'game-side' },
          this.resultCard,
          this.inviteCard,
          h('section', { class: 'card moves' }, h('h2', {}, t('moves-heading')), this.movesList),
          this.actions,
        ),
      ),
    );
  }

  buildHistoryBar() {
    this.history = historyBar((to) => {
      if (to === 'first') this.goTo(0);
      else if (to === 'back') this.step(-1);
      else if (to === 'forward') this.step(1);
      else this.goTo(null);
    });
    this.historyReturn = h('button', { type: 'button', class: 'button small', hidden: true, onClick: () => this.goTo(null) }, t('history-return'));
    this.history.el.append(this.historyReturn);
    return this.history.el;
  }

  buildActions() {
    const speed = h(
      'select',
      { id: 'speed-select', onChange: (e) => { prefs.speed = e.target.value; } },
      Object.keys(SPEEDS).map((s) => h('option', { value: s, selected: prefs.speed === s }, t(`speed-${s}`))),
    );
    this.resignButton = h('button', { type: 'button', class: 'button danger', id: 'resign-button', onClick: () => this.confirmResign() }, t('resign'));
    this.hintButton = h('button', { type: 'button', class: 'button', id: 'hint-button', 'aria-pressed': 'false', onClick: () => this.toggleHints() }, t('hint'));
    const exportLink = h('a', { class: 'button secondary', id: 'export-record', href: api.recordUrl(this.id), download: `kalah-${this.id}.txt` }, t('export-record'));
    const copyPos = h(
      'button',
      {
        type: 'button',
        class: 'button secondary',
        id: 'copy-position',
        onClick: async () => {
          const pos = this.shownPly === null ? this.game.position : this.positionString(this.shownPly);
          const ok = await copyText(pos);
          this.say(ok ? `${t('copied')} ${pos}` : `${t('copy-failed')} ${pos}`);
        },
      },
      t('copy-position'),
    );
    const analysisLink = h('a', { class: 'button secondary', href: `/analysis?game=${encodeURIComponent(this.id)}` }, t('analyze-game'));
    // A checkbox: its tick shows whether sounds are on, in every language.
    this.soundButton = h('input', { type: 'checkbox', id: 'sound-button', checked: prefs.sound, onChange: (e) => { prefs.sound = e.target.checked; } });
    replace(
      this.actions,
      h('h2', {}, t('actions-heading')),
      h('div', { class: 'button-row' }, this.hintButton, this.resignButton),
      h('div', { class: 'field' }, h('label', { for: 'speed-select' }, t('speed-label')), speed),
      h('div', { class: 'field check' }, this.soundButton, h('label', { for: 'sound-button' }, `♪ ${t('sound-toggle')}`)),
      h(
        'details',
        { class: 'share-export', id: 'share-export' },
        h('summary', {}, t('share-export-heading')),
        h('div', { class: 'button-row' }, exportLink, copyPos, analysisLink),
        h('h3', {}, t('share-heading')),
        h('p', { class: 'note' }, t('share-text')),
        copyField(`${location.origin}/g/${encodeURIComponent(this.id)}`, { label: t('share-heading'), id: 'watch-link' }),
      ),
    );
  }

  positionString(ply) {
    if (ply <= 0) return this.game.start_position;
    return this.game.history[ply - 1]?.position || this.game.position;
  }

  pitLabel(kind, side, house, seeds) {
    const me = this.me;
    if (kind === 'store') {
      if (me) return t(side === me ? 'store-aria-own' : 'store-aria-opponent', { seeds });
      return t('store-aria-side', { side: sideName(side), seeds });
    }
    if (me) return t(side === me ? 'house-aria-own' : 'house-aria-opponent', { house, seeds });
    return t('house-aria-side', { side: sideName(side), house, seeds });
  }

  // ---------------------------------------------------------------- rendering

  canMove() {
    const g = this.game;
    if (!this.token || g.status !== 'playing' || this.shownPly !== null || this.animating || this.pending) return false;
    if (this.local) return true;
    return this.me !== null && g.to_move === this.me;
  }

  showPosition() {
    const ply = this.shownPly === null ? this.displayedPly : this.shownPly;
    const pos = this.positionAt(ply);
    if (pos) this.board.setPosition(pos);
    this.board.setHighlights(highlightsOf(this.game.history[ply - 1], this.n));
  }

  render() {
    const g = this.game;
    const me = this.me;
    const over = isOver(g);
    if (over && this.coach) {
      // The first game is over: the coach has done its job.
      prefs.coach = 'done';
      this.coach.remove();
      this.coach = null;
    }
    this.sweepLegend.hidden = !g.history.some((e) => e.sweep);
    // Players
    for (const [bar, side] of [[this.topBar, other(this.bottom)], [this.bottomBar, this.bottom]]) {
      const toMove = this.animating ? this.animMover === side : g.status === 'playing' && g.to_move === side;
      bar.classList.toggle('to-move', toMove);
      // An account's own name (linked to its page below), except for the viewer's "You".
      const name = (side !== me && g.accounts?.[side]) || playerName(g, side, me);
      const score = h('span', { class: `player-score side-${side}`, title: t('score-label') }, String(this.board.count(side, 'store')));
      this.scores[side] = score;
      const thinking = g.thinking && !this.animating && g.seats?.[side]?.kind === 'computer';
      // A clock: its time, and for screen readers which player's it is and when it runs low.
      const clock = g.clock
        ? h(
            'span',
            { class: `player-clock side-${side}`, id: `clock-${side === this.bottom ? 'bottom' : 'top'}`, role: 'timer', 'aria-label': t('clock-label', { name }) },
            h('span', { class: 'clock-time' }),
            h('span', { class: 'visually-hidden clock-warning' }),
          )
        : null;
      this.clockEls[side] = clock;
      replace(
        bar,
        h('span', { class: `side-dot side-${side}`, 'aria-hidden': 'true' }),
        g.accounts?.[side] ? h('a', { class: 'player-name', href: `/players/${encodeURIComponent(g.accounts[side])}` }, name) : h('span', { class: 'player-name' }, name),
        name === sideName(side) ? null : h('span', { class: 'player-side' }, sideName(side)),
        g.seats?.[side]?.joined === false && side !== me ? h('span', { class: 'player-note' }, t('player-waiting')) : null,
        toMove && !this.animating ? h('span', { class: 'turn-marker' }, thinking ? t('turn-thinking') : '●') : null,
        h('span', { class: 'visually-hidden' }, `${t('score-label')}:`),
        score,
        clock,
      );
    }
    this.tickClocks();
    // Turn line
    let turn;
    if (this.animating) turn = this.animMover && this.animMover === me ? t('turn-sowing-yours') : this.animMover && !this.local && me ? t('turn-opponent') : t('turn-side', { side: sideName(this.animMover || g.to_move) });
    else if (over) turn = resultText(g, me);
    else if (g.thinking) turn = t('turn-thinking');
    else if (this.local) turn = t('turn-side', { side: sideName(g.to_move) });
    else if (me) {
      const otherSeat = g.seats?.[other(me)];
      if (g.to_move === me) turn = t('turn-yours');
      else if (g.opponent === 'friend' && otherSeat && otherSeat.joined === false) turn = t('turn-waiting-friend');
      else turn = t('turn-opponent');
    } else turn = t('turn-side', { side: sideName(g.to_move) });
    this.turnLine.textContent = turn;
    this.roleLine.textContent = !this.token || (!this.local && !me) ? t('spectator-note') : this.local ? t('local-note') : '';
    this.turnLine.classList.toggle('your-turn', !over && !this.animating && !!me && g.to_move === me);
    document.title = `${turn} · ${t('app-title')}`;
    // Houses that can be sown
    const can = this.canMove();
    const houses = new Set((g.legal_moves || []).filter((m) => /^\d+$/.test(m)).map(Number));
    this.board.setPlayable(can ? { side: g.to_move, houses } : null);
    this.pieOffer.hidden = !(can && (g.legal_moves || []).includes('swap'));
    // History bar
    const shown = this.shownPly === null ? g.ply : this.shownPly;
    this.history.update(shown, g.ply, g.history);
    this.historyReturn.hidden = this.shownPly === null;
    this.replayButton.hidden = g.ply === 0 || this.animating || this.shownPly !== null || g.history[g.ply - 1]?.move === 'swap';
    this.board.el.classList.toggle('is-history', this.shownPly !== null);
    this.renderMoves();
    this.renderActions();
    this.renderResult();
    this.renderInvite();
    this.renderHints();
    this.remember();
  }

  /** Shows both clocks as of now; warns (colour, text and one announcement) when low. */
  tickClocks() {
    const g = this.game;
    if (!g.clock || this.disposed) return;
    const playing = g.status === 'playing';
    for (const side of ['south', 'north']) {
      const el = this.clockEls[side];
      if (!el) continue;
      const ms = this.clocks.left(side);
      const running = playing && g.clock.running === side;
      const low = running && ms < LOW_MS;
      el.firstChild.textContent = formatClock(ms);
      el.lastChild.textContent = low ? ` ${t('clock-low')}` : '';
      el.classList.toggle('clock-running', running);
      el.classList.toggle('clock-low', low);
      if (side === this.me && low && !this.lowSaid) {
        this.say(t('clock-low-say'));
        lowTimeSound();
      }
      if (side === this.me) this.lowSaid = low;
    }
    this.claimBox.update(g, this.me);
    const first = playing ? this.clocks.firstMove() : null;
    this.firstMoveLine.hidden = !first;
    if (first) this.firstMoveLine.textContent = t('clock-first-move', { side: sideName(first.side), seconds: Math.ceil(first.ms / 1000) });
  }

  renderMoves() {
    const g = this.game;
    const shown = this.shownPly === null ? g.ply : this.shownPly;
    renderMoveList(this.movesList, g.history, shown, (ply) => this.goTo(ply === g.ply ? null : ply), t('moves-empty'));
    if (this.shownPly === null) this.movesList.scrollTop = this.movesList.scrollHeight;
  }

  renderActions() {
    const g = this.game;
    const over = isOver(g);
    const player = !!this.token && (this.local || !!this.me);
    this.resignButton.hidden = !player || over;
    const hintsAllowed = this.hintsAllowed();
    this.hintButton.hidden = !hintsAllowed;
    this.hintButton.textContent = prefs.hints ? t('hint-hide') : t('hint');
    this.hintButton.setAttribute('aria-pressed', prefs.hints ? 'true' : 'false');
  }

  /** The first-game coach: one pointer to the player's row, until dismissed. */
  buildCoach() {
    const g = this.game;
    const seen = prefs.coach;
    const show = !!this.me && !this.local && g.status === 'playing' && seen !== 'done' && (seen === null || seen === this.id);
    if (!show) return null;
    prefs.coach = this.id;
    const box = h(
      'aside',
      { class: 'coach', id: 'coach', role: 'note' },
      h('p', {}, t('coach-text')),
      h('button', { type: 'button', class: 'button small', id: 'coach-dismiss', onClick: () => { prefs.coach = 'done'; box.remove(); } }, t('coach-dismiss')),
    );
    return box;
  }

  /** What the rings on the board mean. */
  buildLegend() {
    const item = (cls, key) => h('span', { class: 'legend-item' }, h('span', { class: `legend-ring ${cls}`, 'aria-hidden': 'true' }), t(key));
    this.sweepLegend = item('sweep', 'legend-sweep');
    return h('p', { class: 'board-legend note', 'aria-hidden': 'true' }, item('from', 'legend-from'), item('last', 'legend-last'), item('capture', 'legend-capture'), this.sweepLegend);
  }

  showScore(side, seeds) {
    const el = this.scores[side];
    if (el) el.textContent = String(seeds);
  }

  renderResult() {
    const g = this.game;
    const over = isOver(g) && !this.animating;
    this.resultCard.hidden = !over && !g.rematch;
    if (this.resultCard.hidden) return;
    const r = g.result || {};
    const parts = [h('h2', {}, t('result-heading')), h('p', { class: 'result-text', id: 'result-text' }, resultText(g, this.me))];
    if (r.south !== undefined) parts.push(h('p', { class: 'result-score' }, `${playerName(g, this.bottom, this.me)} ${r[this.bottom]} · ${playerName(g, other(this.bottom), this.me)} ${r[other(this.bottom)]}`));
    if (r.reason === 'resign' || g.status === 'resigned') parts.push(h('p', {}, this.resignedText(r.resigned || g.to_move)));
    if (r.reason === 'early-end') parts.push(h('p', {}, t('result-early-end')));
    if (g.ratings) {
      for (const side of [this.bottom, other(this.bottom)]) {
        const c = g.ratings[side];
        if (!c) continue;
        const values = { name: g.accounts?.[side] || playerName(g, side, this.me), before: String(Math.round(c.before.rating)), after: String(Math.round(c.after.rating)), change: formatNumber(Math.round(c.change), true) };
        parts.push(h('p', { class: 'rating-change', dataset: { side } }, t('result-rating-change', values)));
      }
    }
    if (g.rematch) {
      parts.push(h('p', {}, t('rematch-ready')), h('a', { class: 'button primary', id: 'open-rematch', href: `/g/${encodeURIComponent(g.rematch)}` }, t('rematch-open')));
    } else if (g.opponent === 'kgp') {
      // A bot game has no rematch: the bot is back in the lobby, to be challenged again.
      parts.push(h('a', { class: 'button secondary', id: 'bots-page-link', href: '/bots' }, t('bots-back')));
    } else if (this.token && (this.local || this.me)) {
      parts.push(
        h(
          'div',
          { class: 'button-row' },
          h('button', { type: 'button', class: 'button primary', id: 'rematch-button', onClick: () => this.rematch() }, t('rematch')),
          h('a', { class: 'button secondary', id: 'new-game-link', href: '/' }, t('nav-new-game')),
        ),
      );
    } else parts.push(h('a', { class: 'button secondary', id: 'new-game-link', href: '/' }, t('nav-new-game')));
    replace(this.resultCard, parts);
  }

  renderInvite() {
    const g = this.game;
    const invite = this.entry && this.entry.invite;
    const otherSeat = this.me ? g.seats?.[other(this.me)] : null;
    const show = g.opponent === 'friend' && !!invite && !isOver(g) && (!otherSeat || otherSeat.joined === false || g.ply === 0);
    this.inviteCard.hidden = !show;
    if (!show) return;
    const url = new URL(invite, location.origin).href;
    const key = `${url} ${otherSeat ? otherSeat.joined : ''}`;
    if (this.inviteCard.dataset.key === key) return;
    this.inviteCard.dataset.key = key;
    replace(
      this.inviteCard,
      h('h2', {}, t('invite-heading')),
      h('p', {}, t('invite-text')),
      copyField(url, { label: t('invite-heading'), id: 'invite-link' }),
      otherSeat && otherSeat.joined === false ? h('p', { class: 'note' }, t('invite-waiting')) : null,
    );
  }

  // ---------------------------------------------------------------- hints

  hintsAllowed() {
    const g = this.game;
    return g.opponent === 'computer' || g.opponent === 'local' || isOver(g);
  }

  toggleHints() {
    prefs.hints = !prefs.hints;
    this.render();
  }

  async renderHints() {
    const g = this.game;
    const ply = this.shownPly === null ? g.ply : this.shownPly;
    if (!prefs.hints || !this.hintsAllowed() || this.animating) {
      this.board.setValues(null, null);
      this.hintLine.replaceChildren();
      return;
    }
    const posText = this.positionString(ply);
    const pos = parsePosition(posText);
    if (!pos) return;
    if (ply === g.ply && g.status === 'playing' && g.opponent === 'computer' && this.me && g.to_move !== this.me) {
      // The computer is about to move: values help only on the player's own turn.
      this.board.setValues(null, null);
      this.hintLine.replaceChildren();
      return;
    }
    if (ply === g.ply && g.status !== 'playing') {
      this.board.setValues(null, null);
      this.hintLine.textContent = t('analysis-game-over');
      return;
    }
    let result = this.hintCache.get(posText);
    if (!result) {
      this.hintLine.textContent = t('hint-loading');
      try {
        // The game's own analysis for its current position (the server checks the seat);
        // the general one for positions of the history.
        const live = ply === g.ply && g.status === 'playing' && this.token;
        result = live ? await api.gameAnalysis(this.id, this.token) : await api.analyze(rulesBody(g.rules), posText, 1000);
        this.hintCache.set(posText, result);
      } catch (e) {
        if (this.disposed) return;
        this.hintLine.textContent = e.text ? e.text() : String(e);
        return;
      }
      if (this.disposed) return;
      const now = this.shownPly === null ? this.game.ply : this.shownPly;
      if (this.positionString(now) !== posText) return; // moved on meanwhile
    }
    this.board.setValues(pos.toMove, valuesFromAnalysis(result));
    replace(this.hintLine, h('p', { id: 'hint-text' }, hintSentence(result, this.subject(pos.toMove))), h('p', { class: 'note' }, t('hint-explain')));
  }

  // ---------------------------------------------------------------- history

  step(delta) {
    const g = this.game;
    const current = this.shownPly === null ? g.ply : this.shownPly;
    const next = Math.max(0, Math.min(g.ply, current + delta));
    this.goTo(next === g.ply ? null : next);
  }

  goTo(ply) {
    if (ply !== null && ply >= this.game.ply) ply = null;
    this.shownPly = ply;
    if (ply === null) this.displayedPly = this.game.ply;
    this.showPosition();
    this.render();
  }

  handleKey(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = (e.target && e.target.tagName) || '';
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(tag) || document.querySelector('dialog[open]')) return;
    if (e.target && e.target.closest && e.target.closest('.board')) return;
    if (e.key === 'ArrowLeft') this.step(-1);
    else if (e.key === 'ArrowRight') this.step(1);
    else if (e.key === 'Home') this.goTo(0);
    else if (e.key === 'End') this.goTo(null);
    else return;
    e.preventDefault();
  }

  // ---------------------------------------------------------------- state updates

  applyState(g) {
    if (this.disposed || !g || g.id !== this.id) return;
    const old = this.game;
    // A move's answer can arrive after the WebSocket already brought a later state.
    if (g.ply < old.ply) return;
    this.clocks.update(g.clock, this.live ? this.live.latency() : 0);
    if (g.ply === old.ply && g.position !== old.position) {
      // The server knows better: show its state as it is.
      this.game = g;
      this.displayedPly = g.ply;
      if (this.shownPly !== null && this.shownPly >= g.ply) this.shownPly = null;
      this.showPosition();
      this.render();
      return;
    }
    this.game = g;
    if ((this.me || 'south') !== this.bottom && !this.animating) {
      // A pie-rule swap moved this player to the other side: keep their side at the bottom.
      this.build();
      this.showPosition();
    }
    if (g.ply > this.displayedPly) this.runAnimations();
    else {
      if (isOver(g) && !isOver(old)) {
        const resigned = g.result && g.result.resigned;
        this.say(resigned ? this.resignedText(resigned) : resultText(g, this.me));
      }
      this.render();
    }
  }

  async runAnimations() {
    if (this.animating) return;
    this.animating = true;
    this.board.setValues(null, null);
    this.render();
    try {
      while (this.displayedPly < this.game.ply && !this.disposed) {
        const k = this.displayedPly + 1;
        const entry = this.game.history[k - 1];
        const before = this.positionAt(k - 1);
        const after = this.positionAt(k);
        this.animMover = entry ? entry.mover : null;
        this.render();
        this.say(this.describe(entry));
        if (this.shownPly === null && entry && before && after) {
          await this.board.animate(before, entry, after, SPEEDS[prefs.speed] ?? SPEEDS.normal);
          this.board.setHighlights(highlightsOf(entry, this.n));
        }
        this.displayedPly = k;
      }
    } finally {
      this.animating = false;
      this.animMover = null;
    }
    if (this.disposed) return;
    if (this.shownPly === null) this.showPosition();
    const g = this.game;
    const replay = this.replaying;
    this.replaying = false;
    if (replay) {
      // The sentence of the replayed move stays; nothing new happened.
    } else if (isOver(g)) this.say(`${this.eventLine.textContent} ${resultText(g, this.me)}`);
    else if (this.me && g.to_move === this.me && !this.local) this.say(`${this.eventLine.textContent} ${t('announce-your-turn')}`);
    this.render();
    if (this.canMove() && this.main.contains(document.activeElement) === false) this.board.focus();
  }

  /** The move of a history entry in the viewer's words: "You sow house 5 … you move again." */
  describe(entry) {
    if (!entry) return '';
    const name = this.subject(entry.mover);
    const you = name === null;
    if (entry.move === 'swap') return you ? t('move-you-swap') : t('move-other-swap', { name });
    const parts = [you ? t('move-you-sow', { house: entry.move }) : t('move-other-sow', { name, house: entry.move })];
    if (entry.capture) {
      const house = Number(entry.capture.house);
      const seeds = entry.capture.seeds;
      if (you) parts.push(t('move-you-capture', { house, seeds }));
      else if (this.me) parts.push(t('move-other-capture-yours', { name, house: this.n + 1 - house, seeds }));
      else parts.push(t('move-other-capture', { name, house, seeds }));
    }
    // A move that ends the game gives no extra turn, whatever landed in the store.
    if (entry.extra_turn && !entry.ended) parts.push(you ? t('move-you-again') : t('move-other-again', { name }));
    if (entry.sweep) {
      const a = this.bottom;
      const b = other(a);
      parts.push(t('move-sweep', { first: playerName(this.game, a, this.me), a: entry.sweep[a] ?? 0, second: playerName(this.game, b, this.me), b: entry.sweep[b] ?? 0 }));
    } else if (entry.ended) parts.push(t('announce-game-over'));
    return parts.join(' ');
  }

  resignedText(side) {
    const name = this.subject(side);
    return name === null ? t('result-you-resigned') : t('result-other-resigned', { name });
  }

  /** Plays the last move again from the position before it. */
  replayLast() {
    if (this.animating || this.game.ply === 0) return;
    this.shownPly = null;
    this.displayedPly = this.game.ply - 1;
    this.replaying = true;
    this.runAnimations();
  }

  /** Shows a sentence under the board and reads it out. */
  say(text) {
    this.eventLine.textContent = text;
    announce(text);
  }

  async refresh() {
    try {
      const g = await api.game(this.id, this.token);
      this.applyState(g);
    } catch (e) {
      if (!this.disposed && e.status !== 0) showError(this.errorSlot, e);
    }
  }

  poll() {
    // The WebSocket normally brings every change; poll only while it is down.
    if (!this.liveOpen && !this.disposed && this.game.status === 'playing') this.refresh();
  }

  onConnection(s) {
    this.liveOpen = s.state === 'open';
    if (s.state === 'lost') {
      replace(
        this.connLine,
        h('span', {}, t('conn-lost', { seconds: s.retryIn })),
        h('button', { type: 'button', class: 'button small', onClick: () => this.live.retryNow() }, t('conn-retry-now')),
      );
      this.connLine.classList.add('visible');
    } else if (s.state === 'connecting' && this.connLine.classList.contains('visible')) {
      this.connLine.textContent = t('conn-reconnecting');
    } else if (s.state === 'open') {
      if (s.wasLost) {
        this.connLine.textContent = t('conn-back');
        setTimeout(() => {
          if (this.liveOpen) {
            this.connLine.textContent = '';
            this.connLine.classList.remove('visible');
          }
        }, 3000);
      } else {
        this.connLine.textContent = '';
        this.connLine.classList.remove('visible');
      }
    }
  }

  onRematch(msg) {
    if (msg.token) {
      rememberGame({
        id: msg.id,
        token: msg.token,
        side: this.me ? other(this.me) : undefined,
        opponent: this.game.opponent,
        level: this.game.level || undefined,
        status: 'status-playing',
        date: new Date().toISOString(),
      });
    }
    if (!this.game.rematch) this.game = { ...this.game, rematch: msg.id };
    this.render();
    this.say(t('rematch-ready'));
  }

  // ---------------------------------------------------------------- actions

  async sendMove(move) {
    if (!this.canMove()) return;
    this.pending = true;
    this.errorSlot.replaceChildren();
    this.render();
    try {
      const g = await api.move(this.id, this.token, move, this.game.ply);
      this.pending = false;
      this.applyState(g);
    } catch (e) {
      this.pending = false;
      if (e.status === 409) await this.refresh();
      else {
        showError(this.errorSlot, e);
        if (e.status === 403 || e.status === 400) await this.refresh();
      }
    }
    // The answer may be older than what the WebSocket brought meanwhile: render anyway.
    if (!this.animating) this.render();
  }

  confirmResign() {
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
        this.resignButton.focus();
        return;
      }
      try {
        this.applyState(await api.resign(this.id, this.token));
      } catch (e) {
        showError(this.errorSlot, e, () => this.confirmResign());
      }
    });
    document.body.append(dialog);
    dialog.showModal();
  }

  /** Claims the game against an opponent gone for the grace period. */
  async sendClaim() {
    try {
      this.errorSlot.textContent = '';
      this.applyState(await api.claim(this.id, this.token));
    } catch (e) {
      const refused = claimRefusal(e);
      if (refused) {
        this.errorSlot.textContent = refused;
        announce(refused);
      } else showError(this.errorSlot, e, () => this.sendClaim());
      if (e instanceof ApiError && e.status === 409) this.refresh();
    }
  }

  async rematch() {
    try {
      const created = await api.rematch(this.id, this.token);
      rememberGame({
        id: created.id,
        token: created.token,
        side: created.side,
        opponent: this.game.opponent,
        level: this.game.level || undefined,
        invite: created.invite_url,
        creator: true,
        status: 'status-playing',
        date: new Date().toISOString(),
      });
      this.ctx.navigate(`/g/${encodeURIComponent(created.id)}`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) return this.refresh();
      showError(this.errorSlot, e, () => this.rematch());
    }
  }
}

/** A custom game's rules in words (a preset links to its rules page instead). */
function customRulesText(rules) {
  const parts = [`${t('option-houses')}: ${rules.houses}`, `${t('option-seeds')}: ${rules.seeds}`];
  for (const f of ['capture', 'end', 'sweep']) if (rules[f]) parts.push(`${t(`option-${f}`)}: ${t(`${f}-${rules[f]}`)}`);
  for (const f of ['early_end', 'pie', 'both_stores']) if (rules[f]) parts.push(t(`option-${f.replace('_', '-')}`));
  return parts.join(' · ');
}
