// /rules/{preset}: the rules of a preset in the page's language, composed from the
// messages of rules.ftl that match the preset's options.

import { h, replace } from './dom.js';
import { meta } from './api.js';
import { t, has } from './i18n.js';
import { messageView, showError } from './views.js';
import { Board } from './board.js';
import { startPosition } from './position.js';
import { presetName, presetSummary } from './home.js';

/**
 * The sections of a rules page for `rules`: [heading id or null, [paragraph ids]], in
 * reading order, following the composition documented at the top of en/rules.ftl.
 */
export function rulesSections(rules) {
  const move = [rules.both_stores ? 'rules-sowing-both-stores' : 'rules-sowing', 'rules-extra-turn', 'rules-turn-ends'];
  if (rules.pie) move.push('rules-pie');
  const end = [`rules-end-${rules.end || 'either-empty'}`, `rules-sweep-${rules.sweep || 'owner'}`];
  if (rules.early_end) end.push('rules-early-end');
  const sections = [
    [null, ['rules-intro']],
    ['rules-setup-heading', ['rules-board', 'rules-numbering']],
    ['rules-move-heading', move],
    ['rules-capture-heading', [`rules-capture-${rules.capture || 'standard'}`]],
    ['rules-end-heading', end],
    ['rules-winner-heading', ['rules-winner', 'rules-first-player']],
  ];
  // The worked example is written for the standard board (6 houses, 4 seeds, own store).
  if (rules.houses === 6 && rules.seeds === 4 && !rules.both_stores) sections.push(['rules-example-heading', ['rules-example']]);
  return sections;
}

function optionRows(rules, vars) {
  const yesNo = (v) => (v ? '✓' : '–');
  return [
    [t('rules-houses-label'), String(vars.houses)],
    [t('rules-seeds-label'), String(vars.seeds)],
    [t('rules-total-label'), String(vars.total)],
    [t('option-capture'), t(`capture-${rules.capture || 'standard'}`)],
    [t('option-end'), t(`end-${rules.end || 'either-empty'}`)],
    [t('option-sweep'), t(`sweep-${rules.sweep || 'owner'}`)],
    [t('option-early-end'), yesNo(rules.early_end)],
    [t('option-pie'), yesNo(rules.pie)],
    [t('option-both-stores'), yesNo(rules.both_stores)],
  ];
}

export async function rulesView(main, ctx) {
  const name = ctx.params[0] || 'standard';
  let info;
  try {
    info = await meta();
  } catch (e) {
    const slot = h('div');
    replace(main, slot);
    showError(slot, e, () => ctx.navigate(location.pathname, { replaceEntry: true }));
    return null;
  }
  const presets = info.presets || [];
  const preset = presets.find((p) => p.name === name);
  if (!preset) return messageView(main, { heading: t('rules-title'), text: t('rules-unknown-preset', { preset: name }) });
  const rules = preset.rules;
  const houses = rules.houses || 6;
  const seeds = rules.seeds || 4;
  const vars = { houses, seeds, total: 2 * houses * seeds };
  const body = rulesSections(rules).map(([heading, ids]) => {
    const paragraphs = ids.filter((id) => has(id)).map((id) => h('p', { class: `rule ${id}` }, t(id, vars)));
    if (!paragraphs.length) return null;
    return h('section', {}, heading && has(heading) ? h('h2', {}, t(heading)) : null, paragraphs);
  });
  const options = h(
    'section',
    {},
    h('h2', {}, t('rules-options-heading')),
    h('table', { class: 'options-table' }, h('tbody', {}, optionRows(rules, vars).map(([k, v]) => h('tr', {}, h('th', { scope: 'row' }, k), h('td', {}, v))))),
  );
  const board = new Board({
    n: houses,
    bottom: 'south',
    ariaLabel: t('rules-start-position'),
    label: (kind, side, house, count) =>
      kind === 'store' ? t('store-aria-side', { side: t(`side-${side}`), seeds: count }) : t('house-aria-side', { side: t(`side-${side}`), house, seeds: count }),
  });
  board.setPosition(startPosition(houses, seeds));
  board.el.classList.add('static');
  replace(
    main,
    h(
      'div',
      { class: 'rules-page' },
      h(
        'article',
        { class: 'card rules-article' },
        h('h1', {}, t('rules-title')),
        h('p', { class: 'preset-line' }, h('strong', {}, presetName(preset.name)), ' – ', presetSummary(preset)),
        h('figure', { class: 'rules-figure' }, h('div', { class: 'board-wrap' }, board.el), h('figcaption', {}, t('rules-start-position'))),
        body,
        options,
        h('p', {}, h('a', { class: 'button primary', href: `/?preset=${encodeURIComponent(preset.name)}` }, t('rules-play-this'))),
      ),
      h(
        'nav',
        { class: 'card rules-nav', 'aria-labelledby': 'other-presets' },
        h('h2', { id: 'other-presets' }, has('rules-presets-heading') ? t('rules-presets-heading') : t('rules-other-presets')),
        h(
          'ul',
          {},
          presets.map((p) =>
            h(
              'li',
              {},
              h('a', { href: `/rules/${p.name}`, 'aria-current': p.name === preset.name ? 'page' : false }, presetName(p.name)),
              h('span', { class: 'note' }, ` ${presetSummary(p)}`),
            ),
          ),
        ),
      ),
    ),
  );
  return null;
}
