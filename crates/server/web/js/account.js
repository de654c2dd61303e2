// The home page's "Your name" card: who this browser plays as (nobody yet, a guest or an
// account), with forms to sign in and to sign up, and a log-out button (docs/api.md,
// "Players and sessions"). Loading it never creates anything on the server.

import { h, replace } from './dom.js';
import { api } from './api.js';
import { t } from './i18n.js';

/** A translated sentence for a failed sign-in or sign-up. */
function failure(e) {
  switch (e.code) {
    case 'bad_login':
      return t('account-bad-login');
    case 'name_taken':
      return t('account-name-taken');
    case 'rate_limited':
      return t('account-rate-limited');
    case 'bad_name':
      return t('account-name-hint');
    case 'bad_password':
      return t('account-password-hint');
    default:
      return e.text ? e.text() : String(e);
  }
}

/** "Signed in as NAME.", the name a link to the player's page. */
function signedIn(name) {
  const text = t('account-signed-in', { name });
  const at = text.indexOf(name);
  const link = h('a', { href: `/players/${encodeURIComponent(name)}`, id: 'account-page-link' }, name);
  if (at < 0) return [text, ' ', link];
  return [text.slice(0, at), link, text.slice(at + name.length)];
}

export function accountCard() {
  const el = h('section', { class: 'card account', id: 'account', 'aria-labelledby': 'account-heading' });
  let session = null;
  // Made once: a re-render (the session arriving after the first paint) must not take what
  // the player is typing, nor the focus.
  let forms = null;

  async function load() {
    try {
      session = await api.session();
    } catch (_) {
      session = null;
    }
    render();
  }

  function form(kind) {
    const id = `account-${kind}`;
    const signup = kind === 'signup';
    const name = h('input', { id: `${id}-name`, name: 'username', autocomplete: 'username', required: true, maxLength: 20, 'aria-describedby': signup ? `${id}-name-hint` : null });
    const password = h('input', {
      id: `${id}-password`, type: 'password', name: 'password', required: true, maxLength: 256,
      autocomplete: signup ? 'new-password' : 'current-password', 'aria-describedby': signup ? `${id}-password-hint` : null,
    });
    const error = h('p', { class: 'account-error', role: 'alert', id: `${id}-error`, hidden: true });
    const submit = h('button', { type: 'submit', class: 'button secondary', id: `${id}-submit` }, t(signup ? 'account-sign-up' : 'account-sign-in'));
    const hint = (key) => (signup ? h('span', { class: 'note', id: `${id}-${key}-hint` }, t(`account-${key}-hint`)) : null);
    return h(
      'form',
      {
        class: 'account-form',
        id,
        onSubmit: async (e) => {
          e.preventDefault();
          submit.disabled = true;
          error.hidden = true;
          try {
            session = signup ? await api.signup(name.value, password.value, session && session.csrf) : await api.login(name.value, password.value);
            // Empty and ready again for whoever signs in after a log-out.
            e.target.reset();
            submit.disabled = false;
            render();
            window.dispatchEvent(new Event('kalah-session'));
          } catch (err) {
            error.textContent = failure(err);
            error.hidden = false;
            submit.disabled = false;
          }
        },
      },
      h('h3', {}, t(signup ? 'account-sign-up' : 'account-sign-in')),
      h('div', { class: 'field' }, h('label', { for: `${id}-name` }, t('account-name')), name, hint('name')),
      h('div', { class: 'field' }, h('label', { for: `${id}-password` }, t('account-password')), password, hint('password')),
      error,
      submit,
    );
  }

  function render() {
    const player = session && session.player;
    let status = t('account-anonymous');
    if (player) status = player.kind === 'guest' ? t('account-guest', { name: player.name }) : signedIn(player.name);
    const logout = player
      ? h('button', {
        type: 'button',
        class: 'button secondary small',
        id: 'account-logout',
        onClick: async () => {
          try {
            await api.logout(session.csrf);
          } catch (_) {
            // Signed out elsewhere already: the reload below shows it.
          }
          await load();
          window.dispatchEvent(new Event('kalah-session'));
        },
      }, t('account-log-out'))
      : null;
    const line = h('p', { class: 'account-status', id: 'account-status', 'aria-live': 'polite' }, status);
    const showForms = !(player && player.kind === 'account');
    if (showForms && forms && forms.parentNode === el) {
      el.querySelector('#account-status').replaceWith(line);
      el.querySelector('#account-logout')?.remove();
      if (logout) line.after(logout);
      return;
    }
    forms ||= h('div', { class: 'account-forms' }, form('login'), form('signup'));
    replace(el, h('h2', { id: 'account-heading' }, t('account-heading')), line, logout, showForms ? forms : null);
  }

  // Signed in or out elsewhere (the header's menu): shown here too, while the card is on the page.
  const onSession = () => {
    if (!el.isConnected) window.removeEventListener('kalah-session', onSession);
    else load();
  };
  window.addEventListener('kalah-session', onSession);
  render();
  load();
  return el;
}
