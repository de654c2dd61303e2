// The Watch page /watch: games being played, best-rated first, live over the socket
// /api/watch/ws (the list at once, then again when it changed, at most once a second); each
// game links to its spectator view /g/{id}. When the socket is down the list is polled.

import { h, replace } from './dom.js';
import { t, sideName } from './i18n.js';
import { presetName } from './home.js';
import { levelName } from './gamestate.js';
import { restartDelay } from './restart.js';

const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000];
const POLL_MS = 5000;
const PING_MS = 25000;

function socketUrl() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/api/watch/ws`;
}

/**
 * Who plays a side: the computer at its level, an account's or a guest's or a bot's own
 * name, else "South player" (a friend invited by a link has no name).
 */
export function watchName(g, side) {
  const seat = g.seats?.[side];
  if (seat?.kind === 'computer') return seat.level ? t('player-computer-level', { level: levelName(seat.level) }) : t('player-computer');
  return g.accounts?.[side] || seat?.name || (g.kind === 'bots' && !seat && g.players?.[side]) || t(side === 'south' ? 'player-side-south' : 'player-side-north');
}

/** "Alice (1650)"; the name alone for a player without a rating. */
function playerText(g, side) {
  const rating = g.ratings && g.ratings[side];
  const name = watchName(g, side);
  return rating === null || rating === undefined ? name : `${name} (${rating})`;
}

function gameItem(g) {
  const rules = g.preset ? presetName(g.preset) : t('preset-custom');
  const details = [rules, g.time_control || t('time-control-none'), t(g.rated ? 'watch-rated' : 'watch-casual')];
  if (g.kind === 'bots') details.push(t('watch-bots'));
  const score = `${g.stores.south} – ${g.stores.north}`;
  const mover = t('watch-to-move', { side: sideName(g.to_move) });
  return h(
    'li',
    { class: 'watch-game', dataset: { id: g.id } },
    h(
      'a',
      { class: 'watch-link', href: `/g/${encodeURIComponent(g.id)}` },
      h('span', { class: 'watch-player side-south' }, playerText(g, 'south')),
      h('span', { class: 'watch-score', 'aria-label': t('watch-score', { south: g.stores.south, north: g.stores.north }) }, score),
      h('span', { class: 'watch-player side-north' }, playerText(g, 'north')),
    ),
    h('span', { class: 'note watch-details' }, `${details.join(' · ')} · ${t('watch-ply', { ply: g.ply })} · ${mover}`),
  );
}

export async function watchView(main, ctx) {
  const list = h('ul', { class: 'watch-list', id: 'watch-list' });
  const count = h('p', { class: 'note watch-count', id: 'watch-count', role: 'status' });
  const conn = h('p', { class: 'note conn-line', id: 'watch-conn' });
  replace(
    main,
    h(
      'div',
      { class: 'watch-page' },
      h('h1', {}, t('watch-heading')),
      h('p', {}, t('watch-intro')),
      conn,
      h('section', { class: 'card', 'aria-labelledby': 'watch-list-heading' }, h('h2', { id: 'watch-list-heading' }, t('watch-list-heading')), count, list),
    ),
  );
  document.title = `${t('watch-heading')} · ${t('app-title')}`;

  let socket = null;
  let disposed = false;
  let attempt = 0;
  let retryTimer = null;
  let pollTimer = null;
  let pingTimer = null;
  let lastTotal = null;

  let shown = '';
  function show(data) {
    if (disposed || !data || !Array.isArray(data.games)) return;
    const text = JSON.stringify(data.games);
    if (text !== shown) {
      shown = text;
      // Keep the keyboard focus on the same game when the list is redrawn.
      const focused = document.activeElement && list.contains(document.activeElement) ? document.activeElement.closest('.watch-game')?.dataset.id : null;
      replace(list, data.games.map(gameItem));
      const again = focused ? [...list.children].find((li) => li.dataset.id === focused) : null;
      if (again) again.querySelector('a').focus({ preventScroll: true });
    }
    const total = Number(data.total) || 0;
    // The count is a status line: read out only when it changes, not on every score.
    if (total !== lastTotal) {
      count.textContent = total === 0 ? t('watch-empty') : t('watch-count', { count: total, shown: data.games.length });
      lastTotal = total;
    }
  }

  async function poll() {
    try {
      const res = await fetch('/api/watch', { headers: { Accept: 'application/json' } });
      if (res.ok) show(await res.json());
    } catch (_) {
      // The socket's retry says the server is unreachable.
    }
  }

  function open() {
    if (disposed) return;
    try {
      socket = new WebSocket(socketUrl());
    } catch (_) {
      retry();
      return;
    }
    socket.onopen = () => {
      attempt = 0;
      conn.textContent = '';
      clearInterval(pollTimer);
      pollTimer = null;
      clearInterval(pingTimer);
      pingTimer = setInterval(() => socket && socket.readyState === 1 && socket.send('{"type":"ping"}'), PING_MS);
    };
    socket.onmessage = (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch (_) {
        return;
      }
      if (msg.type === 'games') show(msg);
    };
    socket.onclose = (event) => {
      socket = null;
      clearInterval(pingTimer);
      if (!disposed) retry(restartDelay(event.code));
    };
  }

  // `soon`: a server restarting asks for a prompt reconnect; otherwise back off.
  function retry(soon = null) {
    const wait = soon ?? BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
    if (soon === null) attempt++;
    conn.textContent = t('watch-reconnecting');
    // Meanwhile the list stays fresh by polling.
    if (!pollTimer) {
      poll();
      pollTimer = setInterval(poll, POLL_MS);
    }
    retryTimer = setTimeout(open, wait);
  }

  await poll();
  if (!ctx.isCurrent()) return null;
  open();
  return {
    dispose() {
      disposed = true;
      clearTimeout(retryTimer);
      clearInterval(pollTimer);
      clearInterval(pingTimer);
      if (socket) socket.close(1000);
    },
  };
}
