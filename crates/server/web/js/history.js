// The history controls shared by the game page and the analysis board: the move list
// (plies grouped into turns, each ply a button) and the first/back/forward/last toolbar.

import { h, replace } from './dom.js';
import { t, sideName } from './i18n.js';
import { turnsOf } from './gamestate.js';

/**
 * The toolbar. `go(target)` is called with 'first', 'back', 'forward' or 'last'.
 * Returns {el, update(shown, total, history)}: plies shown and in all, and the history that
 * turns them into turn numbers.
 */
export function historyBar(go) {
  const button = (id, symbol) =>
    h('button', { type: 'button', class: 'icon-button', id: `history-${id}`, title: t(`history-${id}`), 'aria-label': t(`history-${id}`), onClick: () => go(id) }, h('span', { 'aria-hidden': 'true' }, symbol));
  const buttons = { first: button('first', '«'), back: button('back', '‹'), forward: button('forward', '›'), last: button('last', '»') };
  const text = h('span', { class: 'history-text', role: 'status' });
  const el = h('div', { class: 'history-bar', role: 'toolbar', 'aria-label': t('moves-heading') }, Object.values(buttons), text);
  return {
    el,
    update(shown, total, history) {
      // Counted in turns, like the move list (a turn holds every sowing of one player).
      const turnOf = (ply) => (history ? turnsOf(history.slice(0, ply)).length : ply);
      text.textContent = shown === total ? '' : shown === 0 ? t('history-viewing-start') : t('history-viewing', { ply: turnOf(shown), total: turnOf(total) });
      buttons.first.disabled = shown === 0;
      buttons.back.disabled = shown === 0;
      buttons.forward.disabled = shown >= total;
      buttons.last.disabled = shown >= total;
    },
  };
}

/** Fills `list` (an <ol>) with the turns of `history`; the ply `shown` is marked current. */
export function renderMoveList(list, history, shown, select, emptyText) {
  const turns = turnsOf(history);
  if (!turns.length) {
    replace(list, h('li', { class: 'note' }, emptyText));
    return;
  }
  replace(
    list,
    turns.map((turn, i) =>
      h(
        'li',
        { class: 'turn' },
        h('span', { class: 'turn-number' }, `${i + 1}.`),
        h('span', { class: `side-dot side-${turn.mover}`, title: sideName(turn.mover) }),
        h('span', { class: 'visually-hidden' }, sideName(turn.mover)),
        turn.plies.map((p, j) => [
          j ? h('span', { class: 'dash', 'aria-hidden': 'true' }, '-') : null,
          h(
            'button',
            {
              type: 'button',
              class: `ply${p.ply === shown ? ' current' : ''}`,
              'aria-current': p.ply === shown ? 'step' : false,
              'aria-label': `${sideName(turn.mover)}: ${p.move === 'swap' ? t('move-swap') : t('house-number', { house: p.move })}`,
              onClick: () => select(p.ply),
            },
            p.move === 'swap' ? t('move-swap') : p.move,
          ),
        ]),
        // What a bot said with its moves (KGP info:comment).
        turn.plies.map((p) => history[p.ply - 1]?.comment).filter(Boolean).map((c) => h('q', { class: 'ply-comment' }, c)),
      ),
    ),
  );
}
