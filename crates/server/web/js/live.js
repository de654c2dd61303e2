// The game's WebSocket: the whole state on connecting, then each change as an update that
// carries only the new plies; reconnects with backoff after a drop and catches up (the server
// sends the current state at once on every connection).

import { api } from './api.js';
import { restartDelay } from './restart.js';

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
const PING_MS = 25000;

/**
 * Opens a live connection. Handlers: onState(game), onRematch({id, token}), onPresence(msg),
 * onStatus({state: 'open'|'lost'|'connecting', retryIn?: seconds, wasLost?: bool}).
 * Returns {close(), retryNow(), latency()}.
 */
export function connectLive(id, token, { onState, onRematch, onPresence, onStatus }) {
  let socket = null;
  let closed = false;
  let attempt = 0;
  let retryTimer = null;
  let pingTimer = null;
  let lost = false;
  // The last ping's round trip (ms), for reading the server's clock timestamps.
  let rtt = 0;
  let pingSent = 0;
  // The last whole game this socket built, for applying updates.
  let last = null;

  function open() {
    clearTimeout(retryTimer);
    if (closed) return;
    onStatus?.({ state: 'connecting' });
    try {
      socket = new WebSocket(api.socketUrl(id, token));
    } catch (e) {
      scheduleRetry();
      return;
    }
    socket.onopen = () => {
      attempt = 0;
      onStatus?.({ state: 'open', wasLost: lost });
      lost = false;
      clearInterval(pingTimer);
      ping();
      pingTimer = setInterval(ping, PING_MS);
    };
    socket.onmessage = (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch (_) {
        return;
      }
      if (msg.type === 'state' && msg.game) {
        last = msg.game;
        onState?.(msg.game);
      } else if (msg.type === 'update' && msg.game) {
        // Only the plies after `from`: the rest is in the last state this socket brought.
        if (!last || !Array.isArray(last.history) || msg.from > last.history.length) {
          send({ type: 'state' });
          return;
        }
        last = { ...msg.game, history: last.history.slice(0, msg.from).concat(msg.game.history) };
        onState?.(last);
      } else if (msg.type === 'rematch' && msg.id) onRematch?.(msg);
      else if (msg.type === 'presence') onPresence?.(msg);
      else if (msg.type === 'pong' && pingSent) {
        rtt = performance.now() - pingSent;
        pingSent = 0;
      }
    };
    socket.onclose = (event) => {
      clearInterval(pingTimer);
      socket = null;
      last = null;
      if (!closed) scheduleRetry(restartDelay(event.code));
    };
    socket.onerror = () => {
      // onclose follows and schedules the retry
    };
  }

  function scheduleRetry(soon = null) {
    lost = true;
    // A server restarting asks for a prompt reconnect; anything else backs off.
    const delay = soon ?? BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
    if (soon === null) attempt += 1;
    onStatus?.({ state: 'lost', retryIn: Math.ceil(delay / 1000) });
    retryTimer = setTimeout(open, delay);
  }

  function ping() {
    pingSent = performance.now();
    send({ type: 'ping' });
  }

  function send(msg) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
  }

  function onVisible() {
    if (document.visibilityState === 'visible' && !socket && !closed) open();
  }
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', onVisible);

  open();

  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onVisible);
      if (socket) socket.close();
    },
    /** Half the last measured round trip (ms): how old a message is when it arrives. */
    latency() {
      return rtt / 2;
    },
    retryNow() {
      if (!socket && !closed) open();
    },
  };
}
