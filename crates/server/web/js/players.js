// Player pages /players/{name} (ratings per pool with a small SVG chart of their history and
// a table of the same points for screen readers, and the recent games, each linking to its
// replay) and the leaderboard of people /leaderboard?pool=... .

import { h, replace } from './dom.js';
import { api } from './api.js';
import { t, formatDate, formatNumber } from './i18n.js';
import { messageView } from './views.js';
import { challengeBox } from './online.js';

const enc = encodeURIComponent;

/** "Kalah (6,4) · Blitz" for a pool name like `kalah-6-4/blitz`. */
export function poolName(pool) {
  const [family, category] = String(pool).split('/');
  return t('pool-name', { family: t(`pool-family-${family}`), category: t(`pool-category-${category}`) });
}

export function ratingText(r) {
  return `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;
}

/** A link to a player's page. */
export function playerLink(name, attrs = {}) {
  return h('a', { href: `/players/${enc(name)}`, ...attrs }, name);
}

const W = 300;
const H = 90;
const PAD = 6;

/** A small line chart of the ratings after each game (decorative: the table says the same). */
function chart(points) {
  const values = points.map((p) => p.rating);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const x = (i) => PAD + (points.length > 1 ? (i * (W - 2 * PAD)) / (points.length - 1) : (W - 2 * PAD) / 2);
  const y = (v) => H - PAD - ((v - lo) * (H - 2 * PAD)) / span;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('class', 'rating-chart');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const line = document.createElementNS(ns, 'polyline');
  line.setAttribute('points', points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' '));
  line.setAttribute('fill', 'none');
  line.setAttribute('stroke', 'currentColor');
  line.setAttribute('stroke-width', '2');
  svg.append(line);
  for (const [i, p] of points.entries()) {
    const dot = document.createElementNS(ns, 'circle');
    dot.setAttribute('cx', x(i).toFixed(1));
    dot.setAttribute('cy', y(p.rating).toFixed(1));
    dot.setAttribute('r', '2.5');
    dot.setAttribute('fill', 'currentColor');
    svg.append(dot);
  }
  return svg;
}

function poolCard(r) {
  const history = r.history || [];
  const summary = history.length
    ? t('rating-chart-summary', { first: String(Math.round(history[0].rating - history[0].change)), last: String(Math.round(history[history.length - 1].rating)), count: history.length })
    : '';
  const table = history.length
    ? h(
        'details',
        { class: 'rating-history' },
        h('summary', {}, t('rating-history-table')),
        h(
          'div',
          { class: 'table-scroll' },
          h(
            'table',
            { class: 'leaderboard' },
            h('thead', {}, h('tr', {}, ['rating-col-date', 'bots-col-rating', 'rating-col-change'].map((k) => h('th', { scope: 'col' }, t(k))))),
            h(
              'tbody',
              {},
              history
                .slice()
                .reverse()
                .map((p) => h('tr', {}, h('td', {}, h('a', { href: `/g/${enc(p.game)}` }, formatDate(p.at))), h('td', {}, String(Math.round(p.rating))), h('td', {}, formatNumber(Math.round(p.change), true)))),
            ),
          ),
        ),
      )
    : null;
  return h(
    'section',
    { class: 'card pool-rating', dataset: { pool: r.pool } },
    h('h3', {}, poolName(r.pool)),
    h(
      'p',
      { class: 'pool-figures' },
      h('strong', { class: 'pool-rating-value' }, ratingText(r)),
      ` ±\u00a0${Math.round(r.deviation)}`,
      r.provisional ? h('span', { class: 'note' }, ` · ${t('bots-provisional')}`) : null,
      h('span', { class: 'note' }, ` · ${t('rating-games', { count: r.games })} · ${r.wins} / ${r.draws} / ${r.losses}`),
    ),
    history.length > 1 ? chart(history) : null,
    summary ? h('p', { class: 'note rating-summary' }, summary) : null,
    table,
  );
}

/** The account's puzzle rating, as lichess shows it: "1583? ± 201", the "?" while provisional. */
function puzzleCard(r) {
  return h(
    'section',
    { class: 'card pool-rating', id: 'player-puzzles' },
    h('h3', {}, h('a', { href: '/puzzles' }, t('player-puzzles-heading'))),
    h(
      'p',
      { class: 'pool-figures' },
      h('strong', { class: 'pool-rating-value' }, ratingText(r)),
      ` ±\u00a0${Math.round(r.deviation)}`,
      h('span', { class: 'note' }, ` · ${t('player-puzzles-solved', { solved: r.solved, tried: r.tried })}`),
    ),
  );
}

function resultLabel(g) {
  if (g.status === 'playing') return t('game-result-playing');
  if (!g.result && g.status === 'aborted') return t('status-aborted');
  return t(`game-result-${g.result || 'draw'}`);
}

function gameRow(g) {
  const opponent = g.opponent.account ? playerLink(g.opponent.account) : g.opponent.name;
  return h(
    'li',
    { class: 'played-game' },
    h('a', { class: 'played-game-link', href: g.link }, resultLabel(g)),
    ' ',
    h('span', {}, t('game-against'), ' ', opponent),
    h('span', { class: 'note' }, ` · ${formatDate(g.updated_at)}${g.rated ? ` · ${t('game-rated')}` : ''}`),
    // A game that is over can be gone through move by move on the analysis board.
    g.status === 'playing' ? null : h('span', { class: 'note' }, ' · ', h('a', { class: 'played-game-analysis', href: `/analysis?game=${enc(g.id)}` }, t('analyze-game'))),
  );
}

export async function playerView(main, ctx) {
  const name = ctx.params[0] || '';
  let p;
  try {
    p = await api.player(name);
  } catch (e) {
    if (e.code === 'no_player') return messageView(main, { heading: t('player-not-found-heading'), text: t('player-not-found-text', { name }) });
    throw e;
  }
  let me = null;
  try {
    me = (await api.session()).player;
  } catch (_) {
    // Not signed in: anyone may challenge (as a guest).
  }
  if (!ctx.isCurrent()) return null;
  document.title = `${p.name} · ${t('app-title')}`;
  const challenge = me && me.name === p.name ? null : challengeBox(p.name);
  replace(
    main,
    h(
      'div',
      { class: 'player-page' },
      h('h1', { id: 'player-name' }, p.name),
      h('p', { class: 'note' }, t('player-since', { date: formatDate(p.created_at) }), ' · ', h('a', { href: '/leaderboard' }, t('leaderboard-heading'))),
      challenge ? challenge.el : null,
      h(
        'section',
        { 'aria-labelledby': 'player-ratings-heading' },
        h('h2', { id: 'player-ratings-heading' }, t('player-ratings-heading')),
        p.ratings.length ? null : h('p', { class: 'note' }, t('player-no-ratings')),
        // Hidden until the account tried a puzzle.
        p.ratings.length || p.puzzles ? h('div', { class: 'pool-ratings' }, p.ratings.map(poolCard), p.puzzles ? puzzleCard(p.puzzles) : null) : null,
      ),
      h(
        'section',
        { 'aria-labelledby': 'player-games-heading' },
        h('h2', { id: 'player-games-heading' }, t('player-games-heading')),
        p.games.length ? h('ul', { class: 'played-games' }, p.games.map(gameRow)) : h('p', { class: 'note' }, t('player-no-games')),
      ),
    ),
  );
  return challenge ? { dispose: challenge.dispose } : null;
}

export async function leaderboardView(main, ctx) {
  const pool = ctx.query.get('pool') || undefined;
  const board = await api.playersLeaderboard(pool);
  if (!ctx.isCurrent()) return null;
  const select = h(
    'select',
    {
      id: 'leaderboard-pool',
      onChange: (e) => ctx.navigate(`/leaderboard?pool=${enc(e.currentTarget.value)}`),
    },
    board.pools.map((p) => h('option', { value: p, selected: p === board.pool }, poolName(p))),
  );
  const head = h('tr', {}, ['bots-col-rank', 'leaderboard-col-player', 'bots-col-rating', 'bots-col-games', 'bots-col-wdl'].map((k) => h('th', { scope: 'col' }, t(k))));
  const rows = board.players.map((r) =>
    h(
      'tr',
      {},
      h('td', {}, String(r.rank)),
      h('td', { class: 'bot-name' }, playerLink(r.name)),
      h('td', {}, `${ratingText(r)} ±\u00a0${Math.round(r.deviation)}`),
      h('td', {}, String(r.games)),
      h('td', {}, `${r.wins} / ${r.draws} / ${r.losses}`),
    ),
  );
  replace(
    main,
    h(
      'div',
      { class: 'bots-page' },
      h('h1', {}, t('leaderboard-heading')),
      h('p', {}, t('leaderboard-intro')),
      h('label', { class: 'bots-board' }, h('span', {}, t('leaderboard-pool-label')), select),
      h(
        'section',
        { class: 'card', 'aria-labelledby': 'leaderboard-pool-heading', id: 'players-leaderboard' },
        // The chooser above names the pool already: the heading is for screen readers.
        h('h2', { id: 'leaderboard-pool-heading', class: 'visually-hidden' }, poolName(board.pool)),
        rows.length
          ? h('div', { class: 'table-scroll' }, h('table', { class: 'leaderboard' }, h('thead', {}, head), h('tbody', {}, rows)))
          : h(
              'div',
              { id: 'leaderboard-empty' },
              h('p', { class: 'note' }, t('leaderboard-empty')),
              h('p', {}, h('a', { class: 'button primary small', href: '/#online' }, t('leaderboard-empty-lobby')), ' ', h('a', { class: 'button secondary small', href: '/bots' }, t('leaderboard-empty-bots'))),
            ),
      ),
    ),
  );
  return null;
}
