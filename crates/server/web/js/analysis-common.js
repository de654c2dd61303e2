// Helpers shared by the hints of the game page and the analysis board.

import { t, formatNumber } from './i18n.js';

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
