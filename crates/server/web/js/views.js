// Small shared pieces of views: message screens, error boxes, announcements, copy fields.

import { h, replace, copyText } from './dom.js';
import { t } from './i18n.js';

/** A full-page message (e.g. "No such game") with a link home. */
export function messageView(main, { heading, text }) {
  replace(
    main,
    h('section', { class: 'card message' }, h('h1', {}, heading), h('p', {}, text), h('p', {}, h('a', { href: '/', class: 'button' }, t('back-home')))),
  );
  return null;
}

/** An inline error box; `retry` adds a "Try again" button. Returns the element. */
export function errorBox(message, retry) {
  const box = h(
    'div',
    { class: 'error-box', role: 'alert' },
    h('p', {}, message),
    h(
      'div',
      { class: 'row' },
      retry ? h('button', { type: 'button', class: 'button', onClick: retry }, t('error-try-again')) : null,
      h('button', { type: 'button', class: 'button secondary', onClick: () => box.remove() }, t('error-dismiss')),
    ),
  );
  return box;
}

/** Shows an error in `slot` (replacing the previous one). */
export function showError(slot, err, retry) {
  const message = err && err.text ? err.text() : String(err && err.message ? err.message : err);
  replace(slot, errorBox(message, retry));
}

/** Says something through the page's aria-live region. */
export function announce(text) {
  const region = document.getElementById('announcer');
  if (!region) return;
  region.textContent = '';
  // A fresh text node after clearing makes screen readers read it even when repeated.
  setTimeout(() => {
    region.textContent = text;
  }, 30);
}

/** A read-only text field with a Copy button and a status line. */
export function copyField(value, { label, id } = {}) {
  const input = h('input', { type: 'text', readonly: true, value, id, class: 'copy-input', 'aria-label': label, onFocus: (e) => e.target.select() });
  input.value = value;
  const status = h('span', { class: 'copy-status', role: 'status' });
  const button = h(
    'button',
    {
      type: 'button',
      class: 'button',
      onClick: async () => {
        const ok = await copyText(input.value);
        status.textContent = ok ? t('copied') : t('copy-failed');
        if (!ok) input.select();
      },
    },
    t('copy'),
  );
  return h('div', { class: 'copy-field' }, input, button, status);
}
