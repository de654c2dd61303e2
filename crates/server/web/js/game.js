// The game page /g/{id}: loads the game and wires its three parts, the way lichess's
// ui/round does: the controller (game-ctrl.js: state, moves, answers, animations, clocks; no
// DOM), the view (game-view.js: layout and drawing from the controller's state) and the
// socket (live.js: the game's WebSocket with reconnect and ping). Timers, keys and the
// polling while the socket is down are set up here.

import { h, replace } from './dom.js';
import { api } from './api.js';
import { t } from './i18n.js';
import { gameEntry, rememberGame } from './prefs.js';
import { other } from './position.js';
import { connectLive } from './live.js';
import { messageView, showError } from './views.js';
import { GameCtrl } from './game-ctrl.js';
import * as view from './game-view.js';

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
    return new GamePage(main, ctx, game, null);
  }
  if (seat && entry && !entry.side && !game.you) {
    const side = guessInvitedSide(game);
    if (side) return new GamePage(main, ctx, game, rememberGame({ id, side }));
  }
  return new GamePage(main, ctx, game, entry);
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

/** One game page: the controller, its view and its socket, wired. */
class GamePage {
  constructor(main, ctx, game, entry) {
    this.main = main;
    this.els = {};
    const els = this.els;
    const ctrl = new GameCtrl(game, entry, {
      api,
      rememberGame,
      now: () => performance.now(),
      latency: () => (this.live ? this.live.latency() : 0),
      ui: {
        position: () => view.showPosition(ctrl, els),
        redraw: () => view.render(ctrl, els),
        rebuild: () => view.layout(main, ctrl, els),
        say: (text) => view.showEvent(els, text, true),
        event: (text) => view.showEvent(els, text, false),
        animate: (before, entry, after) => view.animate(ctrl, els, before, entry, after),
        animationFailed: (e) => console.error('kalah: a sowing animation failed; the game goes on from its position', e),
        clearError: () => els.errorSlot.replaceChildren(),
        error: (e, retry) => view.showFailure(els, e, retry),
        claimFailed: (e, retry) => view.showClaimFailure(els, e, retry),
        lowTime: () => view.lowTime(),
        focusBoard: () => view.focusBoard(els),
        navigate: (path) => ctx.navigate(path),
      },
    });
    this.ctrl = ctrl;
    ctrl.remember();
    view.layout(main, ctrl, els);
    view.showPosition(ctrl, els);
    ctrl.redraw();
    ctrl.start();
    this.live = connectLive(ctrl.id, ctrl.token, {
      onState: (g) => ctrl.applyState(g),
      onRematch: (msg) => ctrl.onRematch(msg),
      onPresence: (msg) => {
        els.claimBox.setPresence(msg);
        els.claimBox.update(ctrl.game, ctrl.me);
      },
      onStatus: (s) => {
        ctrl.onConnection(s);
        view.renderConnection(els, s, { retryNow: () => this.live.retryNow(), isOpen: () => ctrl.liveOpen });
      },
    });
    this.poller = setInterval(() => ctrl.poll(), 4000);
    // Clocks count down between the server's messages (10 times a second is smooth enough
    // for tenths and cheap).
    this.clockTimer = game.clock ? setInterval(() => view.tickClocks(ctrl, els), 100) : null;
    this.onKey = (e) => this.handleKey(e);
    document.addEventListener('keydown', this.onKey);
  }

  dispose() {
    this.ctrl.dispose();
    this.live.close();
    clearInterval(this.poller);
    clearInterval(this.clockTimer);
    document.removeEventListener('keydown', this.onKey);
  }

  handleKey(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = (e.target && e.target.tagName) || '';
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(tag) || document.querySelector('dialog[open]')) return;
    if (e.target && e.target.closest && e.target.closest('.board')) return;
    const ctrl = this.ctrl;
    if (e.key === 'ArrowLeft') ctrl.step(-1);
    else if (e.key === 'ArrowRight') ctrl.step(1);
    else if (e.key === 'Home') ctrl.goTo(0);
    else if (e.key === 'End') ctrl.goTo(null);
    else return;
    e.preventDefault();
  }
}
