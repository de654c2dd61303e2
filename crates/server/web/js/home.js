// Home: one click to play the computer (level remembered) or a friend, a "Custom game"
// section with every rule option and the presets, and the list of this browser's recent games.

import { h, replace } from './dom.js';
import { api, meta } from './api.js';
import { t, formatDate, has } from './i18n.js';
import { prefs, recentGames, rememberGame, forgetGame, forgetAllGames } from './prefs.js';
import { showError, errorBox } from './views.js';
import { levelName, mySide, statusSummary, seatName } from './gamestate.js';
import { other } from './position.js';
import { accountCard } from './account.js';
import { onlineCard } from './online.js';
import { dailyPuzzleCard } from './puzzles.js';

const OPTION_FIELDS = ['houses', 'seeds', 'capture', 'end', 'sweep', 'early_end', 'pie', 'both_stores'];
const CHOICES = {
  capture: ['standard', 'empty', 'none'],
  end: ['either-empty', 'mover-cannot-move'],
  sweep: ['owner', 'emptier', 'none'],
};
const HOUSES = [3, 4, 5, 6, 7, 8];
const SEEDS = [3, 4, 5, 6];

export function presetName(name) {
  const text = t(`preset-name-${name}`);
  return text === `preset-name-${name}` ? name : text;
}

export function presetSummary(preset) {
  return has(`preset-${preset.name}`) ? t(`preset-${preset.name}`) : preset.summary || '';
}

export async function homeView(main, ctx) {
  let info;
  try {
    info = await meta();
  } catch (e) {
    const slot = h('div');
    replace(main, h('h1', {}, t('home-heading')), slot);
    showError(slot, e, () => ctx.navigate(location.pathname + location.search, { replaceEntry: true }));
    return null;
  }
  const presets = info.presets || [];
  const levels = [...(info.levels || [])].sort((a, b) => a.rank - b.rank);
  const saved = prefs.lastSetup || {};
  const wanted = ctx.query.get('preset');
  const startPreset = presets.find((p) => p.name === wanted) || presets.find((p) => p.name === saved.preset) || presets[0];

  const state = {
    opponent: ['computer', 'friend', 'local'].includes(saved.opponent) ? saved.opponent : 'computer',
    // A first game is casual, as in the terminal game (kalah play).
    level: levels.some((l) => l.name === saved.level) ? saved.level : (levels.find((l) => l.name === 'casual') || levels[Math.min(2, levels.length - 1)] || {}).name,
    preset: startPreset ? startPreset.name : 'standard',
    rules: { ...(startPreset ? startPreset.rules : {}) },
    first: ['lot', 'south', 'north'].includes(saved.first) ? saved.first : 'lot',
    side: ['south', 'north', 'random'].includes(saved.side) ? saved.side : 'south',
  };
  if (!wanted && saved.preset === 'custom' && saved.rules) {
    state.preset = 'custom';
    state.rules = { ...state.rules, ...saved.rules };
  }

  const errorSlot = h('div', { class: 'error-slot' });
  const formError = h('div', { class: 'error-slot' });
  const form = h('form', { class: 'new-game', onSubmit: (e) => { e.preventDefault(); start(state, submit); } });

  // --- Opponent
  const opponentCards = ['computer', 'friend', 'local'].map((kind) =>
    h(
      'label',
      { class: 'choice-card' },
      h('input', { type: 'radio', name: 'opponent', value: kind, checked: state.opponent === kind, onChange: () => { state.opponent = kind; sync(); } }),
      h('span', { class: 'choice-title' }, t(`opponent-${kind}`)),
      h('span', { class: 'choice-hint' }, t(`opponent-${kind}-hint`)),
    ),
  );
  const levelSelect = h(
    'select',
    { id: 'level', name: 'level', onChange: (e) => { state.level = e.target.value; quickLevel.value = state.level; } },
    levels.map((l) => h('option', { value: l.name, selected: l.name === state.level }, levelName(l.name))),
  );
  const levelRow = h('div', { class: 'field' }, h('label', { for: 'level' }, t('level-label')), levelSelect);

  // --- Rules
  const presetSelect = h(
    'select',
    { id: 'preset', name: 'preset', onChange: (e) => choosePreset(e.target.value) },
    presets.map((p) => h('option', { value: p.name }, presetName(p.name))),
    h('option', { value: 'custom' }, t('preset-custom')),
  );
  const presetText = h('p', { class: 'preset-summary' });
  const rulesLink = h('a', { href: '#', class: 'rules-link' }, t('read-rules'));
  const controls = {};
  const numberSelect = (field, values) => {
    const el = h('select', { id: `opt-${field}`, onChange: (e) => setOption(field, Number(e.target.value)) }, values.map((v) => h('option', { value: String(v) }, String(v))));
    controls[field] = el;
    return h('div', { class: 'field' }, h('label', { for: `opt-${field}` }, t(`option-${field}`)), el);
  };
  const choiceSelect = (field) => {
    const el = h(
      'select',
      { id: `opt-${field}`, onChange: (e) => setOption(field, e.target.value) },
      CHOICES[field].map((v) => h('option', { value: v }, t(`${field}-${v}`))),
    );
    controls[field] = el;
    return h('div', { class: 'field wide' }, h('label', { for: `opt-${field}` }, t(`option-${field}`)), el);
  };
  const checkbox = (field) => {
    const el = h('input', { type: 'checkbox', id: `opt-${field}`, onChange: (e) => setOption(field, e.target.checked) });
    controls[field] = el;
    return h('div', { class: 'field check' }, el, h('label', { for: `opt-${field}` }, t(`option-${field.replace('_', '-')}`)));
  };
  const options = h(
    'details',
    { class: 'rule-options', open: state.preset === 'custom' },
    h('summary', {}, t('more-options')),
    h('div', { class: 'option-grid' }, numberSelect('houses', HOUSES), numberSelect('seeds', SEEDS)),
    choiceSelect('capture'),
    choiceSelect('end'),
    choiceSelect('sweep'),
    checkbox('early_end'),
    checkbox('pie'),
    checkbox('both_stores'),
  );

  // --- Who starts, which side
  const radioGroup = (name, values, labelKey, get, set) =>
    h(
      'div',
      { class: 'radio-row', role: 'radiogroup', 'aria-label': t(labelKey) },
      values.map(([value, key]) =>
        h('label', { class: 'pill' }, h('input', { type: 'radio', name, value, checked: get() === value, onChange: () => set(value) }), h('span', {}, t(key))),
      ),
    );
  const firstGroup = h(
    'fieldset',
    { class: 'group' },
    h('legend', {}, t('first-legend')),
    radioGroup('first', [['lot', 'first-lot'], ['south', 'first-south'], ['north', 'first-north']], 'first-legend', () => state.first, (v) => { state.first = v; }),
  );
  const sideGroup = h(
    'fieldset',
    { class: 'group' },
    h('legend', {}, t('side-legend')),
    h('p', { class: 'note' }, t('side-bottom-note')),
    radioGroup('side', [['south', 'side-south'], ['north', 'side-north'], ['random', 'side-choice-random']], 'side-legend', () => state.side, (v) => { state.side = v; }),
  );
  const localNote = h('p', { class: 'note' }, t('side-local-note'));
  const submit = h('button', { type: 'submit', class: 'button primary big', id: 'start-game' }, t('start-game'));

  form.append(
    h('fieldset', { class: 'group' }, h('legend', {}, t('opponent-legend')), h('div', { class: 'choice-cards' }, opponentCards), levelRow),
    h(
      'fieldset',
      { class: 'group' },
      h('legend', {}, t('rules-legend')),
      h('div', { class: 'field' }, h('label', { for: 'preset' }, t('preset-label')), presetSelect),
      presetText,
      rulesLink,
      options,
    ),
    firstGroup,
    sideGroup,
    localNote,
    formError,
    submit,
  );
  const custom = h('details', { class: 'card custom-game', id: 'custom-game', open: !!saved.customOpen }, h('summary', {}, h('h2', {}, t('custom-game'))), form);
  custom.addEventListener('toggle', () => { prefs.lastSetup = { ...(prefs.lastSetup || {}), customOpen: custom.open }; });

  // --- One click to play: the remembered level and rules, the player's seat at the bottom.
  const quickLevel = h(
    'select',
    { id: 'quick-level', 'aria-label': t('level-label'), onChange: (e) => { state.level = e.target.value; levelSelect.value = state.level; remember(); } },
    levels.map((l) => h('option', { value: l.name, selected: l.name === state.level }, levelName(l.name))),
  );
  const playComputer = h('button', { type: 'button', class: 'button primary big', id: 'play-computer', onClick: () => quick('computer') }, t('play-computer'));
  const playFriend = h('button', { type: 'button', class: 'button primary big', id: 'play-friend', onClick: () => quick('friend') }, t('play-friend'));
  // A clock for the friend game: none by default; the test-only control when the server offers it.
  const timeControls = ['', '1+0', '1+1', '3+2', '5+3', '10+5', '1d', '3d', '7d'];
  if (new URLSearchParams(window.location.search).has('test-clock')) timeControls.push('0+5');
  const quickTime = h(
    'select',
    { id: 'quick-time', onChange: (e) => { prefs.lastSetup = { ...(prefs.lastSetup || {}), timeControl: e.target.value }; } },
    timeControls.map((tc) => h('option', { value: tc, selected: tc === (saved.timeControl || '') }, tc ? tc : t('time-control-none'))),
  );
  // The first lesson, in the rules chosen here (docs/web.md).
  const lessonLink = h('a', { href: '/learn', class: 'button secondary lesson-link', id: 'lesson-link' }, t('lesson-home-link'));
  const quickCard = h(
    'section',
    { class: 'card quick-play', 'aria-label': t('home-new-game') },
    h('div', { class: 'quick-option' }, playComputer, h('label', { class: 'quick-level' }, h('span', {}, t('level-label')), quickLevel)),
    h(
      'div',
      { class: 'quick-option' },
      playFriend,
      h('label', { class: 'quick-time' }, h('span', {}, t('time-control-label')), quickTime),
      h('p', { class: 'note' }, t('opponent-friend-hint')),
    ),
    h('p', { class: 'note quick-rules' }, t('quick-rules', { rules: presetName(state.preset === 'custom' ? 'standard' : state.preset) })),
    lessonLink,
    errorSlot,
  );

  function quick(kind) {
    const rules = state.preset === 'custom' ? { ...((presets.find((p) => p.name === 'standard') || presets[0] || {}).rules || {}) } : state.rules;
    const timeControl = kind === 'friend' ? quickTime.value : '';
    start({ opponent: kind, rules, preset: state.preset === 'custom' ? 'standard' : state.preset, first: 'lot', side: 'south', timeControl }, kind === 'computer' ? playComputer : playFriend);
  }

  function remember() {
    prefs.lastSetup = { ...(prefs.lastSetup || {}), opponent: state.opponent, level: state.level, preset: state.preset, rules: state.rules, first: state.first, side: state.side };
  }

  function choosePreset(name) {
    state.preset = name;
    const p = presets.find((x) => x.name === name);
    if (p) state.rules = { ...p.rules };
    else options.open = true;
    sync();
  }

  function setOption(field, value) {
    state.rules[field] = value;
    const match = presets.find((p) => OPTION_FIELDS.every((f) => (p.rules[f] ?? false) === (state.rules[f] ?? false)));
    state.preset = match ? match.name : 'custom';
    sync();
  }

  function sync() {
    levelRow.hidden = state.opponent !== 'computer';
    sideGroup.hidden = state.opponent === 'local';
    localNote.hidden = state.opponent !== 'local';
    presetSelect.value = state.preset;
    const p = presets.find((x) => x.name === state.preset);
    presetText.textContent = p ? presetSummary(p) : '';
    rulesLink.hidden = !p;
    if (p) rulesLink.href = `/rules/${p.name}`;
    const lessonRules = p ? [['preset', p.name]] : OPTION_FIELDS.filter((f) => state.rules[f] !== undefined).map((f) => [f, String(state.rules[f])]);
    lessonLink.href = `/learn?${new URLSearchParams(lessonRules)}`;
    for (const f of OPTION_FIELDS) {
      const el = controls[f];
      if (!el) continue;
      if (el.type === 'checkbox') el.checked = !!state.rules[f];
      else el.value = String(state.rules[f] ?? '');
    }
  }

  /** Creates the game described by `setup` ({opponent, rules, preset, first, side}); `button` shows progress. */
  async function start(setup, button) {
    const label = button.textContent;
    button.disabled = true;
    button.textContent = t('starting-game');
    errorSlot.replaceChildren();
    const preset = setup.preset === 'custom' ? (presets[0] || {}).name || 'standard' : setup.preset;
    const rules = { preset };
    for (const f of OPTION_FIELDS) if (setup.rules[f] !== undefined) rules[f] = setup.rules[f];
    const opponent = setup.opponent === 'computer' ? { kind: 'computer', level: state.level } : { kind: setup.opponent };
    const body = { rules, opponent, side: setup.opponent === 'local' ? 'south' : setup.side, first: setup.first };
    if (setup.timeControl) body.time_control = setup.timeControl;
    if (setup === state) remember();
    else prefs.lastSetup = { ...(prefs.lastSetup || {}), level: state.level };
    try {
      const created = await api.createGame(body);
      rememberGame({
        id: created.id,
        token: created.token,
        side: created.side,
        opponent: setup.opponent,
        level: setup.opponent === 'computer' ? state.level : undefined,
        invite: created.invite_url,
        creator: true,
        status: 'status-playing',
        date: new Date().toISOString(),
      });
      ctx.navigate(`/g/${encodeURIComponent(created.id)}`);
    } catch (e) {
      // The form's own errors show beside its button; the quick buttons' at the top.
      if (setup === state) {
        replace(formError, errorBox(e.text ? e.text() : String(e), () => start(setup, button)));
      } else showError(errorSlot, e, () => start(setup, button));
      button.disabled = false;
      button.textContent = label;
    }
  }

  sync();
  const recent = recentSection(ctx);
  const online = onlineCard();
  replace(
    main,
    h(
      'div',
      { class: 'home' },
      h('section', { class: 'intro' }, h('h1', {}, t('home-heading')), h('p', {}, t('home-intro')), h('p', {}, h('a', { href: '/bots', id: 'bots-link' }, t('home-bots-link')), ' · ', h('a', { href: '/leaderboard', id: 'leaderboard-link' }, t('home-leaderboard-link')))),
      h('div', { class: 'home-play' }, quickCard, custom),
      online.el,
      dailyPuzzleCard(),
      recent.el,
      accountCard(),
    ),
  );
  recent.refresh();
  return { dispose: () => { recent.dispose(); online.dispose(); } };
}

function recentSection(ctx) {
  const el = h('section', { class: 'card recent', 'aria-labelledby': 'recent-heading' });
  let alive = true;

  function opponentText(g) {
    if (g.opponent === 'computer') return g.level ? t('player-computer-level', { level: levelName(g.level) }) : t('player-computer');
    if (g.opponent === 'local') return t('opponent-local');
    if (g.opponent === 'kgp') return t('player-bot', { name: g.botName || '?' });
    // A stranger of the lobby by their name; "Friend" only for an invitation without one.
    return g.opponentName || t('player-friend');
  }

  function render() {
    const games = recentGames();
    const rows = games.map((g) =>
      h(
        'li',
        { class: 'recent-game', dataset: { id: g.id } },
        h('a', { href: `/g/${encodeURIComponent(g.id)}`, class: 'recent-link' }, h('span', { class: 'recent-opponent' }, opponentText(g)), h('span', { class: 'recent-date' }, g.date ? formatDate(g.date) : '')),
        h('span', { class: `recent-status ${g.status === 'status-your-turn' ? 'your-turn' : ''}` }, t(g.status || 'status-unknown', g.statusArgs || {})),
        h('button', { type: 'button', class: 'icon-button small', 'aria-label': t('recent-remove-label', { id: g.id }), title: t('recent-remove'), onClick: () => { forgetGame(g.id); render(); } }, '✕'),
      ),
    );
    replace(
      el,
      h('h2', { id: 'recent-heading' }, t('recent-heading')),
      games.length ? h('ul', { class: 'recent-list' }, rows) : h('p', { class: 'note' }, t('recent-empty')),
      games.length ? h('button', { type: 'button', class: 'button secondary small', onClick: () => { forgetAllGames(); render(); } }, t('recent-clear')) : null,
    );
  }

  async function refresh() {
    const games = recentGames().slice(0, 10);
    await Promise.all(
      games.map(async (g) => {
        try {
          const game = await api.game(g.id, g.token);
          const me = mySide(game, g);
          const s = statusSummary(game, me);
          const opponentName = me && game.opponent === 'friend' ? seatName(game, other(me)) : null;
          rememberGame({ id: g.id, status: s.key, statusArgs: s.args || {}, ...(opponentName ? { opponentName } : {}) }, false);
        } catch (e) {
          if (e.status === 404) rememberGame({ id: g.id, status: 'status-unknown' }, false);
        }
      }),
    );
    if (alive) render();
  }

  render();
  return { el, refresh, dispose: () => { alive = false; } };
}
