// The game page's controller (/g/{id}), in the way of lichess's ui/round `ctrl`: the game as
// the server last sent it, what this viewer may do now, moves and actions sent and their
// answers, the server's messages turned into state, the sowing animations played one ply
// after another, the history view and the clocks' shown values at an injected time. No DOM:
// the view (game-view.js) draws from this state, and everything the controller wants shown
// goes through the `ui` object it is given, so Node's test runner drives it with a fake one
// (e2e/unit/game-ctrl.test.mjs).

import { t, sideName } from './i18n.js';
import { ApiError } from './api.js';
import { parsePosition, other } from './position.js';
import { Clocks, formatClock, LOW_MS } from './clock.js';
import { mySide, isOver, playerName, statusSummary, resultText, seatName } from './gamestate.js';
import { rulesBody } from './analysis-common.js';

/**
 * What the controller asks of the page; every member is optional in tests.
 *   position()                 show the position of `ctrl.currentPly()` (no animation)
 *   redraw()                   draw everything from the controller's state
 *   rebuild()                  lay the page out again (the viewer's side changed at a pie swap)
 *   say(text)                  show the sentence under the board and read it out
 *   event(text)                show the sentence under the board without reading it out
 *   animate(before, entry, after) -> Promise   play one ply's sowing, ending on `after`
 *   animationFailed(error)     one ply's animation threw; the sequence goes on without it
 *   clearError()               empty the error box
 *   error(error, retry?)       show a failed request (retry: a function, or none)
 *   claimFailed(error, retry)  a refused or failed claim
 *   lowTime()                  the viewer's clock just ran low (sound)
 *   focusBoard()               after the opponent's move: the board may take the focus
 *   navigate(path)             open another page of the site
 */
const NOOP_UI = {};

export class GameCtrl {
  /**
   * `game`: the GameState as GET /api/games/{id} answered; `entry`: this browser's stored
   * entry of the game (prefs.js) or null. Dependencies: `api` (api.js), `rememberGame`
   * (prefs.js), `now()` (ms, performance.now in the page), `latency()` (ms, the socket's
   * half round trip), `ui` (above).
   */
  constructor(game, entry, { api, rememberGame, now = () => performance.now(), latency = () => 0, ui = NOOP_UI } = {}) {
    this.api = api;
    this.rememberGame = rememberGame || ((e) => ({ ...(this.entry || {}), ...e }));
    this.now = now;
    this.latency = latency;
    this.ui = ui;
    this.game = game;
    this.id = game.id;
    this.entry = entry;
    this.token = entry && entry.token ? entry.token : null;
    this.shownPly = null; // null: the live position; a number: history view
    this.displayedPly = this.firstUnseenPly();
    this.animating = false;
    this.animMover = null;
    this.replaying = false;
    this.pending = false;
    this.disposed = false;
    this.liveOpen = false;
    this.lowSaid = false;
    /** The sentence under the board (the last move described, or the last thing said). */
    this.event = '';
    /** The last error an animation step threw (kept for tests and debugging). */
    this.animationError = null;
    this.hintCache = new Map();
    this.clocks = new Clocks();
    this.clocks.update(game.clock, 0, this.now());
    const pos = parsePosition(game.position) || parsePosition(game.start_position);
    this.n = pos ? pos.n : 6;
    this.bottom = this.me || 'south';
  }

  /** Called by the page once it is laid out: plays out what this browser has not shown yet. */
  start() {
    // The opponent's turn this browser has not shown yet (the computer's first move, a friend's
    // move while away) is played out; otherwise the last move is described.
    if (this.displayedPly < this.game.ply) this.runAnimations();
    else if (this.game.ply > 0) {
      this.event = this.describe(this.game.history[this.game.ply - 1]);
      this.ui.event?.(this.event);
    }
  }

  dispose() {
    this.disposed = true;
  }

  // ---------------------------------------------------------------- reading the state

  get me() {
    return mySide(this.game, this.entry);
  }

  get local() {
    return this.game.opponent === 'local' && !!this.token;
  }

  /** Whether this viewer plays here (a seat, or both seats of a one-screen game). */
  get player() {
    return !!this.token && (this.local || !!this.me);
  }

  /** The ply the board shows: the history view's, else the live one. */
  currentPly() {
    return this.shownPly === null ? this.game.ply : this.shownPly;
  }

  /** The ply whose position the board shows when it is not animating. */
  boardPly() {
    return this.shownPly === null ? this.displayedPly : this.shownPly;
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

  positionAt(ply) {
    if (ply <= 0) return parsePosition(this.game.start_position);
    const e = this.game.history[ply - 1];
    return parsePosition(e ? e.position : this.game.position);
  }

  positionString(ply) {
    if (ply <= 0) return this.game.start_position;
    return this.game.history[ply - 1]?.position || this.game.position;
  }

  /** Who is meant by a side in sentences: null for 'you', or a name ("The computer", "Your friend", "South"). */
  subject(side) {
    const me = this.me;
    if (me && side === me) return null;
    const seat = this.game.seats && this.game.seats[side];
    if (seat && seat.kind === 'computer') return t('subject-computer');
    if (seat && seat.kind === 'bot' && this.game.players?.[side]) return this.game.players[side];
    if (me && this.game.opponent === 'friend') return seatName(this.game, side) || t('subject-friend');
    return sideName(side);
  }

  /** A store's owner in one word: "You", "Computer", "Friend", or the side. */
  shortName(side) {
    const me = this.me;
    if (me && side === me) return t('player-you');
    if (this.game.seats?.[side]?.kind === 'computer') return t('player-computer');
    if (this.game.seats?.[side]?.kind === 'bot' && this.game.players?.[side]) return this.game.players[side];
    if (me && this.game.opponent === 'friend') return seatName(this.game, side) || t('player-friend');
    return sideName(side);
  }

  canMove() {
    const g = this.game;
    if (!this.token || g.status !== 'playing' || this.shownPly !== null || this.animating || this.pending) return false;
    if (this.local) return true;
    return this.me !== null && g.to_move === this.me && !this.waitingForFriend();
  }

  /**
   * Whether the game between people waits for the other player to open it before the first
   * move: the host of a friend game does not play alone into a link nobody has opened.
   */
  waitingForFriend() {
    const g = this.game;
    if (g.opponent !== 'friend' || !this.me || g.ply > 0 || isOver(g)) return false;
    // A stranger paired by the lobby has a name and is sent to the game at once: no wait.
    return g.seats?.[other(this.me)]?.joined === false && !seatName(g, other(this.me));
  }

  /** The houses that may be sown now ({side, houses: Set}), or null. */
  playable() {
    if (!this.canMove()) return null;
    const g = this.game;
    return { side: g.to_move, houses: new Set((g.legal_moves || []).filter((m) => /^\d+$/.test(m)).map(Number)) };
  }

  /** Whether the pie rule's swap is offered to this viewer now. */
  swapOffered() {
    return this.canMove() && (this.game.legal_moves || []).includes('swap');
  }

  /** Whether the side's bar is marked as the one to move (during an animation: the mover). */
  toMove(side) {
    const g = this.game;
    return this.animating ? this.animMover === side : g.status === 'playing' && g.to_move === side;
  }

  /** The turn line's sentence. */
  turnText() {
    const g = this.game;
    const me = this.me;
    if (this.animating) return this.animMover && this.animMover === me ? t('turn-sowing-yours') : this.animMover && !this.local && me ? t('turn-opponent') : t('turn-side', { side: sideName(this.animMover || g.to_move) });
    if (isOver(g)) return resultText(g, me, (side) => this.subject(side));
    if (g.thinking) return t('turn-thinking');
    if (this.local) return t('turn-side', { side: sideName(g.to_move) });
    if (me) {
      const otherSeat = g.seats?.[other(me)];
      if (this.waitingForFriend()) return t('turn-waiting-friend-open');
      if (g.to_move === me) return t('turn-yours');
      if (g.opponent === 'friend' && otherSeat && otherSeat.joined === false) return t('turn-waiting-friend');
      return t('turn-opponent');
    }
    return t('turn-side', { side: sideName(g.to_move) });
  }

  /** The note under the turn line: spectator, one-screen game, or nothing. */
  roleText() {
    return !this.token || (!this.local && !this.me) ? t('spectator-note') : this.local ? t('local-note') : '';
  }

  /** Whether the "Replay the last move" button is offered. */
  replayOffered() {
    const g = this.game;
    return !(g.ply === 0 || this.animating || this.shownPly !== null || g.history[g.ply - 1]?.move === 'swap');
  }

  hintsAllowed() {
    const g = this.game;
    return g.opponent === 'computer' || g.opponent === 'local' || isOver(g);
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

  // ---------------------------------------------------------------- clocks

  /**
   * The clocks as shown at `now` (ms on the injected time): per side {ms, text, running, low},
   * and `first` ({side, seconds}) while a first move is awaited; null without a clock. Says
   * once (and asks for the sound) when the viewer's own running clock gets low.
   */
  tick(now = this.now()) {
    const g = this.game;
    if (!g.clock || this.disposed) return null;
    const playing = g.status === 'playing';
    const shown = {};
    for (const side of ['south', 'north']) {
      const ms = this.clocks.left(side, now);
      const running = playing && g.clock.running === side;
      const low = running && ms < LOW_MS;
      shown[side] = { ms, text: formatClock(ms), running, low };
      if (side === this.me && low && !this.lowSaid) {
        this.say(t('clock-low-say'));
        this.ui.lowTime?.();
      }
      if (side === this.me) this.lowSaid = low;
    }
    const first = playing ? this.clocks.firstMove(now) : null;
    shown.first = first ? { side: first.side, seconds: Math.ceil(first.ms / 1000) } : null;
    return shown;
  }

  // ---------------------------------------------------------------- hints

  /**
   * What the hint line should show now: {kind: 'off'} (nothing), {kind: 'over'} (the game is
   * over), {kind: 'none'} (leave it as it is), or {kind: 'values', ply, posText, pos, result}
   * where `result` is null until `loadHint` brings it.
   */
  hintPlan(wanted) {
    const g = this.game;
    const ply = this.currentPly();
    if (!wanted || !this.hintsAllowed() || this.animating) return { kind: 'off' };
    const posText = this.positionString(ply);
    const pos = parsePosition(posText);
    if (!pos) return { kind: 'none' };
    // The computer is about to move: values help only on the player's own turn.
    if (ply === g.ply && g.status === 'playing' && g.opponent === 'computer' && this.me && g.to_move !== this.me) return { kind: 'off' };
    if (ply === g.ply && g.status !== 'playing') return { kind: 'over' };
    return { kind: 'values', ply, posText, pos, result: this.hintCache.get(posText) || null };
  }

  /** Fetches (and keeps) the analysis of a plan's position; throws the API's error. */
  async loadHint(plan) {
    const g = this.game;
    // The game's own analysis for its current position (the server checks the seat);
    // the general one for positions of the history.
    const live = plan.ply === g.ply && g.status === 'playing' && this.token;
    const result = live ? await this.api.gameAnalysis(this.id, this.token) : await this.api.analyze(rulesBody(g.rules), plan.posText, 1000);
    this.hintCache.set(plan.posText, result);
    return result;
  }

  /** Whether a plan still matches what is shown (the player may have moved on meanwhile). */
  hintCurrent(plan) {
    return this.positionString(this.currentPly()) === plan.posText;
  }

  // ---------------------------------------------------------------- history

  step(delta) {
    const g = this.game;
    const next = Math.max(0, Math.min(g.ply, this.currentPly() + delta));
    this.goTo(next === g.ply ? null : next);
  }

  goTo(ply) {
    if (ply !== null && ply >= this.game.ply) ply = null;
    this.shownPly = ply;
    if (ply === null) this.displayedPly = this.game.ply;
    this.ui.position?.();
    this.redraw();
  }

  // ---------------------------------------------------------------- drawing

  /** Draws the page from the state and remembers the game's status in this browser. */
  redraw() {
    this.ui.redraw?.();
    this.remember();
  }

  remember() {
    if (!this.entry) return;
    const s = statusSummary(this.game, this.me);
    // The opponent's own name for the recent games (a stranger of the lobby, an account).
    const opponentName = this.me && this.game.opponent === 'friend' ? seatName(this.game, other(this.me)) : null;
    this.entry = this.rememberGame(
      { id: this.id, opponent: this.game.opponent, level: this.game.level || undefined, status: s.key, statusArgs: s.args || {}, seenPly: this.displayedPly, ...(opponentName ? { opponentName } : {}) },
      false,
    );
  }

  /** Shows a sentence under the board and reads it out. */
  say(text) {
    this.event = text;
    this.ui.say?.(text);
  }

  // ---------------------------------------------------------------- the server's messages

  /** A whole GameState, from the socket, an answer or a poll. */
  applyState(g) {
    if (this.disposed || !g || g.id !== this.id) return;
    const old = this.game;
    // A move's answer can arrive after the WebSocket already brought a later state.
    if (g.ply < old.ply) return;
    this.clocks.update(g.clock, this.latency(), this.now());
    if (g.ply === old.ply && g.position !== old.position) {
      // The server knows better: show its state as it is.
      this.game = g;
      this.displayedPly = g.ply;
      if (this.shownPly !== null && this.shownPly >= g.ply) this.shownPly = null;
      this.ui.position?.();
      this.redraw();
      return;
    }
    this.game = g;
    if ((this.me || 'south') !== this.bottom && !this.animating) {
      // A pie-rule swap moved this player to the other side: keep their side at the bottom.
      this.bottom = this.me || 'south';
      this.event = '';
      this.ui.rebuild?.();
      this.ui.position?.();
    }
    if (g.ply > this.displayedPly) this.runAnimations();
    else {
      if (isOver(g) && !isOver(old)) {
        const resigned = g.result && g.result.resigned;
        this.say(resigned ? this.resignedText(resigned) : resultText(g, this.me));
      }
      this.redraw();
    }
  }

  /** A `rematch` message: the new game's id (and this player's seat token in it). */
  onRematch(msg) {
    if (msg.token) {
      this.rememberGame({
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
    this.redraw();
    this.say(t('rematch-ready'));
  }

  /** The socket's state ({state: 'open'|'lost'|'connecting', ...}); polling runs while it is down. */
  onConnection(s) {
    this.liveOpen = s.state === 'open';
  }

  async refresh() {
    try {
      const g = await this.api.game(this.id, this.token);
      this.applyState(g);
    } catch (e) {
      if (!this.disposed && e.status !== 0) this.ui.error?.(e);
    }
  }

  poll() {
    // The WebSocket normally brings every change; poll only while it is down.
    if (!this.liveOpen && !this.disposed && this.game.status === 'playing') this.refresh();
  }

  // ---------------------------------------------------------------- animations

  /**
   * Plays every ply from the one shown to the game's last, one after another. A step that
   * throws is reported and skipped (its ply counts as shown), so one broken animation never
   * leaves the page stuck mid-sowing: the sequence always ends on the game's position, with
   * `animating` false and the page drawn again.
   */
  async runAnimations() {
    if (this.animating) return;
    this.animating = true;
    try {
      this.redraw();
      while (this.displayedPly < this.game.ply && !this.disposed) {
        const k = this.displayedPly + 1;
        try {
          const entry = this.game.history[k - 1];
          const before = this.positionAt(k - 1);
          const after = this.positionAt(k);
          this.animMover = entry ? entry.mover : null;
          this.redraw();
          this.say(this.describe(entry));
          if (this.shownPly === null && entry && before && after) await this.ui.animate?.(before, entry, after);
        } catch (e) {
          this.stepFailed(e);
        }
        this.displayedPly = k;
      }
    } catch (e) {
      // Drawing before the first step failed: nothing was played, the end below draws again.
      this.stepFailed(e);
      if (!this.disposed) this.displayedPly = this.game.ply;
    } finally {
      this.animating = false;
      this.animMover = null;
    }
    if (this.disposed) return;
    if (this.shownPly === null) this.ui.position?.();
    const g = this.game;
    const replay = this.replaying;
    this.replaying = false;
    if (replay) {
      // The sentence of the replayed move stays; nothing new happened.
    } else if (isOver(g)) this.say(`${this.event} ${resultText(g, this.me)}`);
    else if (this.me && g.to_move === this.me && !this.local) this.say(`${this.event} ${t('announce-your-turn')}`);
    this.redraw();
    if (this.canMove()) this.ui.focusBoard?.();
  }

  stepFailed(e) {
    this.animationError = e;
    try {
      this.ui.animationFailed?.(e);
    } catch (_) {
      // reporting must not stop the sequence either
    }
  }

  /** Plays the last move again from the position before it. */
  replayLast() {
    if (this.animating || this.game.ply === 0) return;
    this.shownPly = null;
    this.displayedPly = this.game.ply - 1;
    this.replaying = true;
    this.runAnimations();
  }

  // ---------------------------------------------------------------- actions

  /** Sends a move ('1'..'n' or 'swap') when the viewer may move; applies the answer. */
  async sendMove(move) {
    if (!this.canMove()) return;
    this.pending = true;
    this.ui.clearError?.();
    this.redraw();
    try {
      const g = await this.api.move(this.id, this.token, move, this.game.ply);
      this.pending = false;
      this.applyState(g);
    } catch (e) {
      this.pending = false;
      if (e.status === 409) await this.refresh();
      else {
        this.ui.error?.(e);
        if (e.status === 403 || e.status === 400) await this.refresh();
      }
    }
    // The answer may be older than what the WebSocket brought meanwhile: draw anyway.
    if (!this.animating) this.redraw();
  }

  /** Resigns (the page has asked for confirmation); `retry` is offered with a failure. */
  async resign(retry) {
    try {
      this.applyState(await this.api.resign(this.id, this.token));
    } catch (e) {
      this.ui.error?.(e, retry);
    }
  }

  /** Claims the game against an opponent gone for the grace period. */
  async sendClaim() {
    try {
      this.ui.clearError?.();
      this.applyState(await this.api.claim(this.id, this.token));
    } catch (e) {
      this.ui.claimFailed?.(e, () => this.sendClaim());
      if (e instanceof ApiError && e.status === 409) this.refresh();
    }
  }

  async rematch() {
    try {
      const created = await this.api.rematch(this.id, this.token);
      this.rememberGame({
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
      this.ui.navigate?.(`/g/${encodeURIComponent(created.id)}`);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) return this.refresh();
      this.ui.error?.(e, () => this.rematch());
    }
  }
}
