// The lobby socket (docs/api.md, "Lobby"): one per tab, open on every page once this browser
// has a session, so challenges reach the player wherever they are. It keeps the open seeks,
// shows incoming challenges with accept and decline, and opens a game when one starts.

import { h } from './dom.js';
import { api } from './api.js';
import { t } from './i18n.js';
import { rememberGame } from './prefs.js';
import { announce } from './views.js';
import { restartDelay } from './restart.js';

const listeners = new Set();
let ws = null;
let navigate = (path) => { location.href = path; };
let retryMs = 1000;
let retryTimer = null;
let helloWaiters = [];
// Views showing the seek list: while there is one, the socket follows the list's changes.
let seekWatchers = 0;

/** What the page knows of the lobby. */
export const lobby = {
  you: null,
  seeks: [],
  pool: null,
  connected: false,
  /** Calls `fn(message)` for every message (and `{type: 'status'}` on (dis)connects); returns an unsubscribe. */
  on(fn) {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  /** Sends a message; false when the socket is not open. */
  send(msg) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(msg));
    return true;
  },
  /** Follows the seek list while a view shows it (the server only sends its changes then); returns the stop. */
  watchSeeks() {
    seekWatchers += 1;
    if (seekWatchers === 1) lobby.send({ type: 'watch_seeks', on: true });
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      seekWatchers -= 1;
      if (seekWatchers === 0) lobby.send({ type: 'watch_seeks', on: false });
    };
  },
  /** Makes sure this browser has a session (a new guest if need be) and an open socket. */
  async ensure() {
    if (lobby.connected) return;
    const s = await api.session();
    if (!s.player) await api.guest();
    await new Promise((resolve, reject) => {
      helloWaiters.push({ resolve, reject });
      if (!ws) open();
    });
  },
};

function emit(msg) {
  for (const fn of listeners) {
    try {
      fn(msg);
    } catch (e) {
      console.error(e);
    }
  }
}

/** Opens the socket when a session exists; `navigateFn` moves the page to a game. */
export async function startLobby(navigateFn) {
  navigate = navigateFn;
  // Signing in, up or out changes who this tab is: reconnect as them.
  window.addEventListener('kalah-session', restart);
  try {
    const s = await api.session();
    if (s.player) open();
  } catch (_) {
    // No session to be had now: the lobby opens when the player asks for it.
  }
}

function restart() {
  if (ws) {
    const old = ws;
    ws = null;
    old.close();
  }
  lobby.connected = false;
  lobby.you = null;
  lobby.seeks = [];
  lobby.pool = null;
  emit({ type: 'status' });
  startLobby(navigate);
}

function open() {
  clearTimeout(retryTimer);
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(`${proto}//${location.host}/api/lobby/ws`);
  ws = socket;
  socket.addEventListener('message', (e) => {
    let msg;
    try {
      msg = JSON.parse(e.data);
    } catch (_) {
      return;
    }
    handle(msg);
  });
  socket.addEventListener('close', (event) => {
    if (ws !== socket) return;
    ws = null;
    const was = lobby.connected;
    lobby.connected = false;
    lobby.pool = null;
    emit({ type: 'status' });
    for (const w of helloWaiters) w.reject(new Error('lobby closed'));
    helloWaiters = [];
    // Try again later, unless the session is gone (then the player opens it again).
    retryTimer = setTimeout(async () => {
      try {
        const s = await api.session();
        if (s.player && !ws) open();
      } catch (_) {
        retryTimer = setTimeout(open, retryMs);
      }
    }, restartDelay(event.code) ?? (was ? 1000 : retryMs));
    // A server restarting is not a reason to wait longer next time.
    if (restartDelay(event.code) === null) retryMs = Math.min(retryMs * 2, 30000);
  });
}

function handle(msg) {
  switch (msg.type) {
    case 'hello':
      lobby.connected = true;
      retryMs = 1000;
      lobby.you = msg.you;
      lobby.seeks = msg.seeks || [];
      // A new socket follows the list again (the answer is the whole list, then changes).
      if (seekWatchers > 0) lobby.send({ type: 'watch_seeks', on: true });
      for (const c of msg.challenges || []) showChallenge(c);
      for (const w of helloWaiters) w.resolve();
      helloWaiters = [];
      break;
    case 'seeks':
      lobby.seeks = msg.seeks || [];
      break;
    case 'seeks_changed': {
      // The changes of a short interval in one message; a seek may already be listed (from
      // the hello) or already gone, so both apply by id.
      const drop = new Set([...(msg.removed || []), ...(msg.added || []).map((s) => s.id)]);
      lobby.seeks = [...lobby.seeks.filter((s) => !drop.has(s.id)), ...(msg.added || [])];
      break;
    }
    case 'pool':
      lobby.pool = msg.pool;
      break;
    case 'challenge':
      showChallenge(msg.challenge);
      break;
    case 'challenge_accepted':
    case 'challenge_declined':
    case 'challenge_expired':
    case 'challenge_cancelled':
    case 'challenge_crowded_out':
      document.getElementById(`challenge-${msg.id}`)?.remove();
      break;
    case 'game':
      lobby.pool = null;
      rememberGame({
        id: msg.id,
        token: msg.token,
        side: msg.side,
        opponent: 'friend',
        creator: false,
        status: 'status-playing',
        date: new Date().toISOString(),
      });
      announce(t('online-game-found', { name: msg.opponent }));
      navigate(`/g/${encodeURIComponent(msg.id)}`);
      break;
    default:
      break;
  }
  emit(msg);
}

/** "Kalah (6,4)" for a lobby rules name. */
export function rulesName(rules) {
  return t(`pool-family-${rules}`);
}

/** "Rated" or "Casual" for a seek or a challenge. */
export function modeName(spec) {
  return t(spec.rated ? 'online-mode-rated' : 'online-casual');
}

/** A translated sentence for a lobby error message. */
export function lobbyError(msg) {
  switch (msg.code) {
    case 'account_needed':
      return t('lobby-error-account');
    case 'not_online':
      return t('lobby-error-offline');
    case 'seek_gone':
    case 'challenge_gone':
      return t('lobby-error-gone');
    case 'too_many':
      return t('lobby-error-too-many');
    default:
      return t('lobby-error', { detail: msg.error || msg.code || '' });
  }
}

function notices() {
  let el = document.getElementById('lobby-notices');
  if (!el) {
    el = h('div', { id: 'lobby-notices', class: 'lobby-notices', role: 'region', 'aria-label': t('challenge-notices'), 'aria-live': 'polite' });
    document.body.append(el);
  }
  return el;
}

function showChallenge(c) {
  if (document.getElementById(`challenge-${c.id}`)) return;
  const text = t('challenge-incoming', {
    name: c.from,
    rating: c.rating === null || c.rating === undefined ? '' : ` (${Math.round(c.rating)})`,
    rules: rulesName(c.rules),
    clock: c.time_control,
    mode: modeName(c),
  });
  const answer = (accept) => {
    lobby.send({ type: accept ? 'challenge_accept' : 'challenge_decline', id: c.id });
    note.remove();
  };
  const note = h(
    'section',
    { class: 'card lobby-notice', id: `challenge-${c.id}` },
    h('p', {}, text),
    h(
      'div',
      { class: 'row' },
      h('button', { type: 'button', class: 'button primary small challenge-accept', onClick: () => answer(true) }, t('challenge-accept')),
      h('button', { type: 'button', class: 'button secondary small challenge-decline', onClick: () => answer(false) }, t('challenge-decline')),
    ),
  );
  notices().append(note);
  // The notice goes when the challenge expires, whether or not the server's word arrives.
  setTimeout(() => note.remove(), Math.max(1000, c.expires_in_ms || 60000));
}
