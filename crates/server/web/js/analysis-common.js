// Helpers shared by the hints of the game page and the analysis board.

import { t, sideName, formatNumber } from './i18n.js';

const RULE_FIELDS = ['houses', 'seeds', 'capture', 'end', 'sweep', 'early_end', 'pie', 'both_stores'];

/** The rules object the API takes ({preset, ...options}) from a GameState's rules. */
export function rulesBody(rules) {
  const body = { preset: (rules && rules.preset) || 'standard' };
  for (const f of RULE_FIELDS) if (rules && rules[f] !== undefined) body[f] = rules[f];
  return body;
}

/** Map(house -> {text, best, label}) from an analysis answer. */
export function valuesFromAnalysis(result) {
  const values = new Map();
  const best = new Set(result.best_moves || []);
  for (const m of result.moves || []) {
    if (!/^\d+$/.test(m.move)) continue;
    const text = formatNumber(m.value, true);
    values.set(Number(m.move), { text, best: best.has(m.move), label: t('house-value', { value: text }) });
  }
  return values;
}

/**
 * A hint as a sentence: "Best: house 6. With best play from here you finish 22 behind."
 * `name` is null for the viewer, else the side to move's name. Values are the mover's
 * final store difference with best play; `exact` says whether it is proven. An estimate
 * (a short search, a busy server) is said to be one, and never called "best": "An estimate,
 * not proven: house 1 looks strongest, about 1 ahead." The value and the moves named are the
 * ones written on the houses, so the sentence never contradicts them. A proven value whose
 * best moves are not all known (`best_moves_complete` false) says that others may be as good.
 */
export function hintSentence(result, name) {
  let value = Number(result.value) || 0;
  let best = result.best_moves || [];
  const shown = (result.moves || []).filter((m) => Number.isFinite(m.value));
  if (!result.exact && shown.length) {
    value = Math.max(...shown.map((m) => m.value));
    best = shown.filter((m) => m.value === value).map((m) => m.move);
  }
  const moves = best.map((m) => (m === 'swap' ? t('move-swap') : m)).join(', ') || '–';
  const outcome = value > 0 ? 'ahead' : value < 0 ? 'behind' : 'level';
  const args = { moves, n: formatNumber(Math.abs(value)), exact: result.exact ? 'yes' : 'no', name: name || '', outcome };
  if (!result.exact) return t(`hint-estimate-${name === null ? 'you' : 'other'}`, args);
  const sentence = t(`hint-${name === null ? 'you' : 'other'}-${outcome}`, args);
  // The value proven, but time ran out before every other move was checked for best ones.
  return result.best_moves_complete === false ? `${sentence} ${t('hint-best-unchecked')}` : sentence;
}

/** The best line by turns, each with who plays it: "South 3-6 · North 2 · South 1". */
export function lineText(result, toMove) {
  const movers = result.pv_movers || [];
  const turns = [];
  let mover = toMove;
  result.pv.forEach((m, i) => {
    const side = movers[i] || mover;
    const text = m === 'swap' ? t('move-swap') : m;
    const last = turns[turns.length - 1];
    if (last && last.side === side && m !== 'swap') last.moves.push(text);
    else turns.push({ side, moves: [text] });
    mover = side;
  });
  return turns.map((turn) => `${sideName(turn.side)} ${turn.moves.join('-')}`).join(' · ');
}
