// A bot's page /bots/{name} (GET /api/bots/{name}): what it says of itself, its rating and
// record, whether it is connected now (with its game to watch, or a challenge while it
// waits), and its games newest first, a page at a time (?before=GAME). A computer level's
// page is /bots/level:NAME. The server sends the same page in plain HTML for browsers
// without JavaScript (crates/server/src/routes/bots/bot_page.rs).

import { h, replace } from './dom.js';
import { api } from './api.js';
import { t, formatDate } from './i18n.js';
import { messageView, showError } from './views.js';
import { levelName } from './gamestate.js';
import { botHref, challengeBot } from './bots.js';

const enc = encodeURIComponent;

/** A bot's name as shown: a computer level in the page's language. */
function shownName(b) {
  return b.level ? t('player-computer-level', { level: levelName(b.level) }) : b.name;
}

function ratingLine(b) {
  if (!b.rating) return h('p', { class: 'pool-figures', id: 'bot-rating' }, h('strong', {}, t('bots-unrated')), h('span', { class: 'note' }, ` · ${t('bot-unrated-note')}`));
  const r = b.rating;
  const note = b.kind === 'level' ? t('bot-rating-fixed') : r.provisional ? t('bots-provisional') : null;
  return h(
    'p',
    { class: 'pool-figures', id: 'bot-rating' },
    h('strong', { class: 'pool-rating-value' }, `${Math.round(r.rating)}${r.provisional && b.kind !== 'level' ? '?' : ''}`),
    ` ±\u00a0${Math.round(r.deviation)}`,
    note ? h('span', { class: 'note' }, ` · ${note}`) : null,
  );
}

function recordLine(b) {
  if (!b.record) return null;
  const r = b.record;
  return h('p', { class: 'note', id: 'bot-record' }, t('bot-record', { games: r.games, wins: r.wins, draws: r.draws, losses: r.losses }));
}

function resultLabel(g) {
  if (g.result) return t(`game-result-${g.result}`);
  if (g.status === 'playing') return t('game-result-playing');
  if (g.status === 'aborted') return t('status-aborted');
  return t('game-result-draw');
}

function opponentOf(g) {
  const o = g.opponent;
  const name = o.level ? t('player-computer-level', { level: levelName(o.level) }) : o.name || t('bot-person');
  return o.page ? h('a', { href: o.page, class: 'bot-opponent' }, name) : h('span', { class: 'bot-opponent' }, name);
}

function gameRow(g) {
  return h(
    'li',
    { class: 'played-game', dataset: { game: g.id } },
    h('a', { class: 'played-game-link', href: g.link }, resultLabel(g)),
    g.score ? h('span', { class: 'played-game-score' }, ` ${g.score.replace('-', '\u2013')}`) : null,
    ' ',
    h('span', {}, t('game-against'), ' ', opponentOf(g)),
    h('span', { class: 'note' }, ` · ${formatDate(g.created_at)}${g.rated ? ` · ${t('game-rated')}` : ''}`),
    g.status === 'playing' ? null : h('span', { class: 'note' }, ' · ', h('a', { class: 'played-game-analysis', href: `/analysis?game=${enc(g.id)}` }, t('analyze-game'))),
  );
}

export async function botView(main, ctx) {
  const name = ctx.params[0] || '';
  const before = ctx.query.get('before');
  let b;
  try {
    b = await api.bot(name, before);
  } catch (e) {
    if (e.code === 'no_bot') return messageView(main, { heading: t('bot-not-found-heading'), text: t('bot-not-found-text', { name }) });
    throw e;
  }
  if (!ctx.isCurrent()) return null;
  document.title = `${shownName(b)} · ${t('app-title')}`;
  const errorSlot = h('div', { class: 'error-slot' });

  async function challenge(button) {
    button.disabled = true;
    errorSlot.replaceChildren();
    try {
      await challengeBot(b.name, {}, ctx);
    } catch (e) {
      button.disabled = false;
      const text = e.code === 'bot_busy' ? t('bots-busy', { name: b.name }) : e.code === 'no_bot' ? t('bots-gone', { name: b.name }) : null;
      showError(errorSlot, text ? { text: () => text } : e);
    }
  }

  let status;
  if (b.status === 'playing') {
    status = h('p', { id: 'bot-status' }, t('bot-status-playing'), ' ', h('a', { class: 'button secondary small', href: `/g/${enc(b.game)}`, 'aria-label': t('bots-watch-label', { name: b.name }) }, t('bots-watch')));
  } else if (b.status === 'waiting') {
    status = h('p', { id: 'bot-status' }, t('bot-status-waiting'), ' ', h('button', { type: 'button', class: 'button primary small', 'aria-label': t('bots-challenge-label', { name: b.name }), onClick: (e) => challenge(e.currentTarget) }, t('bots-challenge')));
  } else if (b.status === 'available') {
    status = h('p', { id: 'bot-status' }, t('bot-status-level'), ' ', h('a', { href: '/bots' }, t('bots-heading')));
  } else {
    status = h('p', { id: 'bot-status', class: 'note' }, t('bot-status-offline'));
  }

  const about = [b.description, b.authors].filter(Boolean);
  const pager = [];
  if (before) pager.push(h('a', { class: 'button secondary small', href: botHref(b.name), id: 'bot-newest' }, t('bot-newest-games')));
  if (b.next) {
    const next = new URL(b.next, location.origin);
    pager.push(h('a', { class: 'button secondary small', href: `${botHref(b.name)}?before=${enc(next.searchParams.get('before'))}`, id: 'bot-older' }, t('bot-older-games')));
  }
  replace(
    main,
    h(
      'div',
      { class: 'player-page bot-page' },
      h('h1', { id: 'bot-name' }, shownName(b)),
      about.map((text) => h('p', { class: 'bot-about-line' }, text)),
      h('p', { class: 'note' }, h('a', { href: '/bots' }, t('bots-back'))),
      h('section', { class: 'card', 'aria-labelledby': 'bot-rating-heading' }, h('h2', { id: 'bot-rating-heading' }, t('bots-col-rating')), ratingLine(b), recordLine(b), status, errorSlot),
      h(
        'section',
        { 'aria-labelledby': 'bot-games-heading' },
        h('h2', { id: 'bot-games-heading' }, t('bot-games-heading')),
        b.games.length ? h('ul', { class: 'played-games', id: 'bot-games' }, b.games.map(gameRow)) : h('p', { class: 'note' }, t('player-no-games')),
        pager.length ? h('p', { class: 'bot-pager' }, pager) : null,
      ),
    ),
  );
  return null;
}
