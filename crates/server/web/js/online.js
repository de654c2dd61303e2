// Playing people: the home page's "Play online" card (quick pairing, the live list of seeks,
// a form to create one) and the "Challenge" button of player pages. Both speak through the
// lobby socket of lobby.js.

import { h, replace } from './dom.js';
import { t } from './i18n.js';
import { lobby, rulesName, modeName, lobbyError } from './lobby.js';

const RULES = ['kalah-6-4', 'bga-6-6'];
const QUICK = ['1+1', '3+2', '5+3', '10+5'];
const CLOCKS = ['1+0', '1+1', '3+2', '5+3', '10+5', '1d', '3d', '7d'];

/** The time controls offered; `?test-clock` adds the browser tests' short one. */
function clocks(list) {
  return new URLSearchParams(window.location.search).has('test-clock') ? [...list, '0+5'] : list;
}

function select(id, values, label) {
  return h('select', { id }, values.map((v) => h('option', { value: v }, label(v))));
}

/** The home page's "Play online" card; `dispose` stops listening. */
export function onlineCard() {
  const el = h('section', { class: 'card online', id: 'online', 'aria-labelledby': 'online-heading' });
  const status = h('p', { class: 'note online-status', id: 'online-status', 'aria-live': 'polite' });
  const error = h('p', { class: 'account-error', id: 'online-error', role: 'alert', hidden: true });
  const rated = h('input', { type: 'checkbox', id: 'online-rated' });
  const ratedRow = h('div', { class: 'field check' }, rated, h('label', { for: 'online-rated' }, t('online-rated')));
  const guestNote = h('p', { class: 'note', id: 'online-guest-note' }, t('online-guest-note'));
  const waiting = h('div', { class: 'online-waiting', id: 'online-waiting', hidden: true });
  const seeks = h('div', { class: 'online-seeks', id: 'online-seeks' });
  const enter = h('button', { type: 'button', class: 'button secondary', id: 'online-enter', onClick: () => act(() => {}) }, t('online-enter'));
  const enterRow = h('div', { class: 'online-enter' }, h('p', { class: 'note' }, t('online-enter-note')), enter);

  function fail(text) {
    error.textContent = text;
    error.hidden = false;
  }

  /** Joins the lobby first if needed (a guest session), then sends what `msg()` gives. */
  async function act(msg) {
    error.hidden = true;
    try {
      await lobby.ensure();
    } catch (e) {
      fail(e.text ? e.text() : t('online-disconnected'));
      return;
    }
    const m = msg();
    if (m && !lobby.send(m)) fail(t('online-disconnected'));
  }

  const quick = h(
    'div',
    { class: 'online-quick', role: 'group', 'aria-labelledby': 'online-quick-heading' },
    h('h3', { id: 'online-quick-heading' }, t('online-quick-heading')),
    RULES.map((rules) =>
      h(
        'div',
        { class: 'online-quick-row' },
        h('span', { class: 'online-quick-rules' }, rulesName(rules)),
        clocks(QUICK).map((clock) =>
          h(
            'button',
            {
              type: 'button',
              class: 'button secondary small online-quick-button',
              dataset: { rules, clock },
              'aria-label': t('online-quick-button', { rules: rulesName(rules), clock }),
              onClick: () => act(() => ({ type: 'pool_join', rules, time_control: clock, rated: rated.checked })),
            },
            clock,
          ),
        ),
      ),
    ),
  );

  const seekRules = select('seek-rules', RULES, rulesName);
  const seekClock = select('seek-clock', clocks(CLOCKS), (c) => c);
  seekClock.value = '3+2';
  const create = h(
    'form',
    {
      class: 'online-create',
      id: 'online-create',
      onSubmit: (e) => {
        e.preventDefault();
        act(() => ({ type: 'seek', rules: seekRules.value, time_control: seekClock.value, rated: rated.checked }));
      },
    },
    h('h3', {}, t('online-create-heading')),
    h('div', { class: 'field' }, h('label', { for: 'seek-rules' }, t('online-rules-label')), seekRules),
    h('div', { class: 'field' }, h('label', { for: 'seek-clock' }, t('time-control-label')), seekClock),
    h('button', { type: 'submit', class: 'button secondary', id: 'online-create-submit' }, t('online-create')),
  );

  function renderWaiting() {
    const p = lobby.pool;
    waiting.hidden = !p;
    if (!p) return replace(waiting);
    replace(
      waiting,
      h('p', { class: 'online-waiting-text' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('online-waiting', { rules: rulesName(p.rules), clock: p.time_control })),
      h('button', { type: 'button', class: 'button secondary small', id: 'online-pool-cancel', onClick: () => lobby.send({ type: 'pool_leave' }) }, t('online-cancel')),
    );
  }

  function renderSeeks() {
    if (!lobby.connected) {
      replace(seeks);
      return;
    }
    const list = lobby.seeks;
    const rows = list.map((s) => {
      const rating = s.rating === null || s.rating === undefined ? '' : ` (${Math.round(s.rating)})`;
      const button = s.mine
        ? h('button', { type: 'button', class: 'button secondary small seek-cancel', onClick: () => lobby.send({ type: 'cancel_seek', id: s.id }) }, t('online-cancel-seek'))
        : h(
            'button',
            {
              type: 'button',
              class: 'button primary small seek-accept',
              // A guest cannot take a rated seek (the note above says why).
              disabled: s.rated && !(lobby.you && lobby.you.account),
              'aria-describedby': s.rated && !(lobby.you && lobby.you.account) ? 'online-guest-note' : null,
              'aria-label': t('online-accept-label', { name: s.name, rules: rulesName(s.rules), clock: s.time_control }),
              onClick: () => act(() => ({ type: 'accept_seek', id: s.id })),
            },
            t('online-accept'),
          );
      return h(
        'tr',
        { class: s.mine ? 'seek mine' : 'seek', dataset: { id: String(s.id) } },
        h('td', {}, s.mine ? t('online-your-seek') : `${s.name}${rating}`),
        h('td', {}, rulesName(s.rules)),
        h('td', {}, s.time_control),
        h('td', {}, modeName(s)),
        h('td', {}, button),
      );
    });
    const head = h('tr', {}, ['online-col-player', 'online-rules-label', 'time-control-label', 'online-col-mode', 'online-col-action'].map((k) => h('th', { scope: 'col' }, t(k))));
    replace(
      seeks,
      h('h3', { id: 'online-seeks-heading' }, t('online-seeks-heading')),
      rows.length
        ? h('div', { class: 'table-scroll' }, h('table', { class: 'leaderboard seek-list', 'aria-labelledby': 'online-seeks-heading' }, h('thead', {}, head), h('tbody', {}, rows)))
        : h('p', { class: 'note', id: 'online-seeks-empty' }, t('online-seeks-empty')),
    );
  }

  function render() {
    const account = !!(lobby.you && lobby.you.account);
    rated.disabled = !account;
    if (!account) rated.checked = false;
    guestNote.hidden = account;
    enterRow.hidden = lobby.connected;
    status.textContent = lobby.connected ? t('online-you', { name: lobby.you.name }) : '';
    renderWaiting();
    renderSeeks();
  }

  const stop = lobby.on((msg) => {
    if (msg.type === 'error') fail(lobbyError(msg));
    else if (msg.type === 'hello' || msg.type === 'status') {
      // A fresh account may rate its games; keep the box as the player left it otherwise.
      if (msg.type === 'hello' && msg.you.account && !rated.dataset.touched) rated.checked = true;
    }
    render();
  });
  rated.addEventListener('change', () => { rated.dataset.touched = '1'; });
  if (lobby.you && lobby.you.account) rated.checked = true;

  replace(
    el,
    h('h2', { id: 'online-heading' }, t('online-heading')),
    h('p', {}, t('online-intro')),
    status,
    ratedRow,
    guestNote,
    quick,
    waiting,
    error,
    enterRow,
    seeks,
    create,
  );
  render();
  const unwatch = lobby.watchSeeks();
  // The waiting state shows only here: leaving the page leaves the pool.
  const dispose = () => {
    stop();
    unwatch();
    if (lobby.pool) lobby.send({ type: 'pool_leave' });
  };
  return { el, dispose };
}

/** The "Challenge" button of the player page of `name`, with its small form and status. */
export function challengeBox(name) {
  const el = h('section', { class: 'card challenge-box', id: 'challenge-box', 'aria-labelledby': 'challenge-heading' });
  const status = h('p', { class: 'note', id: 'challenge-status', 'aria-live': 'polite' });
  const rules = select('challenge-rules', RULES, rulesName);
  const clock = select('challenge-clock', clocks(CLOCKS), (c) => c);
  clock.value = '5+3';
  const rated = h('input', { type: 'checkbox', id: 'challenge-rated' });
  let sent = null;
  const form = h(
    'form',
    {
      class: 'challenge-form',
      id: 'challenge-form',
      hidden: true,
      onSubmit: async (e) => {
        e.preventDefault();
        status.textContent = '';
        try {
          await lobby.ensure();
        } catch (_) {
          status.textContent = t('online-disconnected');
          return;
        }
        lobby.send({ type: 'challenge', to: name, rules: rules.value, time_control: clock.value, rated: rated.checked });
      },
    },
    h('div', { class: 'field' }, h('label', { for: 'challenge-rules' }, t('online-rules-label')), rules),
    h('div', { class: 'field' }, h('label', { for: 'challenge-clock' }, t('time-control-label')), clock),
    h('div', { class: 'field check' }, rated, h('label', { for: 'challenge-rated' }, t('online-rated'))),
    h('button', { type: 'submit', class: 'button primary', id: 'challenge-send' }, t('challenge-send')),
  );
  const open = h(
    'button',
    {
      type: 'button',
      class: 'button secondary',
      id: 'challenge-button',
      'aria-expanded': 'false',
      'aria-controls': 'challenge-form',
      onClick: () => {
        form.hidden = !form.hidden;
        open.setAttribute('aria-expanded', form.hidden ? 'false' : 'true');
        if (!form.hidden) rules.focus();
      },
    },
    t('challenge-button'),
  );
  const stop = lobby.on((msg) => {
    switch (msg.type) {
      case 'challenge_sent':
        sent = msg.id;
        status.textContent = t('challenge-sent', { name: msg.to });
        break;
      case 'challenge_declined':
        if (msg.id === sent) status.textContent = t('challenge-declined', { name });
        break;
      case 'challenge_expired':
        if (msg.id === sent) status.textContent = t('challenge-expired');
        break;
      case 'challenge_cancelled':
        if (msg.id === sent) status.textContent = t('challenge-cancelled');
        break;
      case 'challenge_crowded_out':
        if (msg.id === sent) status.textContent = t('challenge-crowded-out', { name });
        break;
      case 'error':
        status.textContent = lobbyError(msg);
        break;
      default:
        break;
    }
  });
  replace(el, h('h2', { id: 'challenge-heading' }, t('challenge-heading', { name })), open, form, status);
  return { el, dispose: stop };
}
