// The Bots page /bots: the bots connected now (polled every few seconds), each with
// "Challenge" (a game against it on the game page) and "Watch" (its game, as a spectator),
// and the leaderboard of rated bots. Every name links to the bot's page (bot.js).

import { h, replace } from './dom.js';
import { api, meta } from './api.js';
import { t } from './i18n.js';
import { prefs, rememberGame } from './prefs.js';
import { showError } from './views.js';
import { levelName } from './gamestate.js';

const ONLINE_EVERY_MS = 4000;
// The leaderboard changes only when a rated game ends: every few polls is enough.
const LEADERBOARD_EVERY = 5;

/** The address of a bot's page (a computer level's: `level:NAME`). */
export function botHref(name) {
  return `/bots/${encodeURIComponent(name)}`;
}

/** Challenges the bot `name` on `board` ({houses, seeds} or {}) and opens the game. */
export async function challengeBot(name, board, ctx) {
  const created = await api.challengeBot(name, board);
  rememberGame({
    id: created.id,
    token: created.token,
    side: created.side,
    opponent: 'kgp',
    botName: name,
    creator: true,
    status: 'status-playing',
    date: new Date().toISOString(),
  });
  ctx.navigate(`/g/${encodeURIComponent(created.id)}`);
}

/** A leaderboard name: computer levels (`level:NAME`) in the page's language. */
function shownName(row) {
  if (row.level && row.name.startsWith('level:')) return t('player-computer-level', { level: levelName(row.name.slice(6)) });
  return row.name;
}

/** What a bot says of itself: its description and authors, as it sent them. */
function about(b) {
  return [b.description, b.authors].filter(Boolean).join(' · ');
}

function ratingText(r) {
  if (!r) return t('bots-unrated');
  return `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;
}

export async function botsView(main, ctx) {
  const errorSlot = h('div', { class: 'error-slot' });
  // The board of a challenge, from the boards the server plays bots on (known after the first poll).
  const boardSelect = h('select', { id: 'bots-board' });
  const boardField = h('label', { class: 'bots-board', hidden: true }, h('span', {}, t('bots-board-label')), boardSelect);
  const onlineBody = h('div', { id: 'bots-online', 'aria-live': 'polite' }, h('p', { class: 'loading' }, t('loading')));
  const boardBody = h('div', { id: 'bots-leaderboard' }, h('p', { class: 'loading' }, t('loading')));
  // The computer's own levels: always there, even when no bot is connected.
  const levelsBody = h('div', { id: 'bots-levels' });
  const levelsError = h('div', { class: 'error-slot' });
  replace(
    main,
    h(
      'div',
      { class: 'bots-page' },
      h('h1', {}, t('bots-heading')),
      h('p', {}, t('bots-intro')),
      h('section', { class: 'card', 'aria-labelledby': 'bots-levels-heading' }, h('h2', { id: 'bots-levels-heading' }, t('bots-levels-heading')), h('p', { class: 'note' }, t('bots-levels-intro')), levelsError, levelsBody),
      h('section', { class: 'card', 'aria-labelledby': 'bots-online-heading' }, h('h2', { id: 'bots-online-heading' }, t('bots-online-heading')), boardField, errorSlot, onlineBody),
      h('section', { class: 'card', 'aria-labelledby': 'bots-leaderboard-heading' }, h('h2', { id: 'bots-leaderboard-heading' }, t('bots-leaderboard-heading')), boardBody),
    ),
  );

  let alive = true;
  let timer = null;

  /** A game against one of the computer's levels, on the standard board, the player at the bottom. */
  async function playLevel(level, button) {
    button.disabled = true;
    levelsError.replaceChildren();
    try {
      const created = await api.createGame({ rules: { preset: 'standard' }, opponent: { kind: 'computer', level }, side: 'south', first: 'lot' });
      prefs.lastSetup = { ...(prefs.lastSetup || {}), level };
      rememberGame({ id: created.id, token: created.token, side: created.side, opponent: 'computer', level, creator: true, status: 'status-playing', date: new Date().toISOString() });
      ctx.navigate(`/g/${encodeURIComponent(created.id)}`);
    } catch (e) {
      button.disabled = false;
      showError(levelsError, e, () => playLevel(level, button));
    }
  }

  async function renderLevels() {
    let info;
    try {
      info = await meta();
    } catch (e) {
      showError(levelsError, e, renderLevels);
      return;
    }
    if (!alive) return;
    const levels = [...(info.levels || [])].sort((a, b) => a.rank - b.rank);
    const rows = levels.map((l) =>
      h(
        'li',
        { class: 'bot-row', dataset: { level: l.name } },
        h('span', { class: 'bot-name' }, h('a', { href: botHref(`level:${l.name}`) }, t('player-computer-level', { level: levelName(l.name) }))),
        h('span', { class: 'bot-actions' }, h('button', { type: 'button', class: 'button primary small', 'aria-label': t('bots-level-play-label', { level: levelName(l.name) }), onClick: (e) => playLevel(l.name, e.currentTarget) }, t('bots-level-play'))),
      ),
    );
    replace(levelsBody, h('ul', { class: 'bot-list', id: 'bots-level-list' }, rows));
  }
  renderLevels();
  let polls = 0;
  let lastOnline = '';
  let lastBoard = '';

  async function challenge(name, button) {
    button.disabled = true;
    errorSlot.replaceChildren();
    try {
      const [houses, seeds] = (boardSelect.value || '').split('x').map(Number);
      await challengeBot(name, houses && seeds ? { houses, seeds } : {}, ctx);
    } catch (e) {
      button.disabled = false;
      const text = e.code === 'bot_busy' ? t('bots-busy', { name }) : e.code === 'no_bot' ? t('bots-gone', { name }) : null;
      if (text) showError(errorSlot, { text: () => text });
      else showError(errorSlot, e, () => challenge(name, button));
      refresh(true);
    }
  }

  function renderBoards(boards) {
    if (!boards?.length || boardSelect.options.length) return;
    const value = (b) => `${b.houses}x${b.seeds}`;
    // Kalah(6,4), the common game, when the server offers it.
    const preferred = boards.find((b) => b.houses === 6 && b.seeds === 4) || boards[0];
    replace(boardSelect, boards.map((b) => h('option', { value: value(b), selected: b === preferred }, t('bots-board-option', { houses: b.houses, seeds: b.seeds }))));
    boardSelect.value = value(preferred);
    boardField.hidden = false;
  }

  function renderOnline(list) {
    renderBoards(list.boards);
    // Keep the keyboard's place across refreshes.
    const focused = document.activeElement && onlineBody.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    if (!list.bots.length) {
      replace(onlineBody, h('p', { class: 'note', id: 'bots-none' }, t('bots-none')));
      return;
    }
    const rows = list.bots.map((b, i) => {
      const watch = b.game
        ? h('a', { class: 'button secondary small', href: `/g/${encodeURIComponent(b.game)}`, 'aria-label': t('bots-watch-label', { name: b.name }), dataset: { key: `watch-${i}-${b.name}` } }, t('bots-watch'))
        : null;
      const challengeButton =
        b.status === 'waiting'
          ? h('button', { type: 'button', class: 'button primary small', 'aria-label': t('bots-challenge-label', { name: b.name }), dataset: { key: `challenge-${i}-${b.name}` }, onClick: (e) => challenge(b.name, e.currentTarget) }, t('bots-challenge'))
          : null;
      return h(
        'li',
        { class: 'bot-row', dataset: { name: b.name } },
        h('span', { class: 'bot-name' }, h('a', { href: botHref(b.name) }, b.name), about(b) ? h('span', { class: 'bot-about' }, about(b)) : null),
        h('span', { class: 'bot-rating', title: b.rating?.provisional ? t('bots-provisional') : null }, ratingText(b.rating)),
        h('span', { class: `bot-status ${b.status}` }, t(b.status === 'waiting' ? 'bots-waiting' : 'bots-playing')),
        h('span', { class: 'bot-actions' }, challengeButton, watch),
      );
    });
    replace(onlineBody, h('ul', { class: 'bot-list' }, rows));
    if (focused) onlineBody.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
  }

  function renderBoard(board) {
    if (!board.bots.length) {
      replace(boardBody, h('p', { class: 'note' }, t('bots-leaderboard-empty')));
      return;
    }
    const head = h('tr', {}, ['bots-col-rank', 'bots-col-name', 'bots-col-rating', 'bots-col-games', 'bots-col-wdl'].map((k) => h('th', { scope: 'col' }, t(k))));
    const rows = board.bots.map((b) =>
      h(
        'tr',
        {},
        h('td', {}, String(b.rank)),
        h('td', { class: 'bot-name' }, h('a', { href: botHref(b.name) }, shownName(b)), about(b) ? h('span', { class: 'bot-about' }, about(b)) : null),
        h('td', { title: b.rating.provisional ? t('bots-provisional') : null }, `${ratingText(b.rating)} ±\u00a0${Math.round(b.rating.deviation)}`),
        h('td', {}, String(b.games)),
        h('td', {}, `${b.wins} / ${b.draws} / ${b.losses}`),
      ),
    );
    replace(boardBody, h('div', { class: 'table-scroll' }, h('table', { class: 'leaderboard' }, h('thead', {}, head), h('tbody', {}, rows))));
  }

  let busy = false;
  async function refresh(now = false) {
    if (!alive || busy) return;
    busy = true;
    clearTimeout(timer);
    try {
      const online = await api.bots();
      const text = JSON.stringify(online);
      if (alive && text !== lastOnline) {
        lastOnline = text;
        renderOnline(online);
      }
      if (polls % LEADERBOARD_EVERY === 0 || now) {
        const board = await api.leaderboard();
        const b = JSON.stringify(board);
        if (alive && b !== lastBoard) {
          lastBoard = b;
          renderBoard(board);
        }
      }
      polls++;
    } catch (e) {
      if (alive) showError(errorSlot, e, () => refresh(true));
    }
    busy = false;
    if (alive) timer = setTimeout(refresh, ONLINE_EVERY_MS);
  }

  await refresh(true);
  return {
    dispose: () => {
      alive = false;
      clearTimeout(timer);
    },
  };
}
