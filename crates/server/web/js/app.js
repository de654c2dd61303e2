// The page's entry point: the frame (header, language switch, theme toggle), the router
// for /, /g/{id}, /analysis, /bots, /bots/{name}, /players/{name}, /leaderboard, /watch and /rules/{preset}, and in-page navigation.

import { h, replace } from './dom.js';
import { LANGUAGES, language, preferredLanguage, setLanguage, t } from './i18n.js';
import { prefs } from './prefs.js';
import { homeView } from './home.js';
import { gameView } from './game.js';
import { analysisView } from './analysis.js';
import { rulesView } from './rules.js';
import { botsView } from './bots.js';
import { botView } from './bot.js';
import { playerView, leaderboardView } from './players.js';
import { watchView } from './watch.js';
import { puzzlesView } from './puzzles.js';
import { lessonView } from './lesson.js';
import { messageView } from './views.js';
import { startLobby } from './lobby.js';
import { api } from './api.js';

// Who this browser plays as, for the header: null until known (GET /api/session creates nothing).
let session = null;

async function loadSession() {
  try {
    session = await api.session();
  } catch (_) {
    session = null;
  }
  renderFrame();
}

// The header's menu on a phone (the links behind a button, as lichess's): closed on every page.
let navOpen = false;

const main = document.getElementById('main');
let currentView = null;
let routeCounter = 0;

/** Goes to an in-page address without reloading. */
export function navigate(path, { replaceEntry = false } = {}) {
  if (replaceEntry) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  const done = route();
  main.focus({ preventScroll: true });
  window.scrollTo(0, 0);
  // An address with a part (/#online, the lobby; /#account, signing in): there once drawn.
  if (location.hash) done.then(() => document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView());
}

const ROUTES = [
  [/^\/$/, () => homeView],
  [/^\/g\/([^/]+)\/?$/, () => gameView],
  [/^\/analysis\/?$/, () => analysisView],
  [/^\/bots\/?$/, () => botsView],
  [/^\/bots\/([^/]+)\/?$/, () => botView],
  [/^\/players\/([^/]+)\/?$/, () => playerView],
  [/^\/leaderboard\/?$/, () => leaderboardView],
  [/^\/watch\/?$/, () => watchView],
  [/^\/puzzles(?:\/([^/]+))?\/?$/, () => puzzlesView],
  [/^\/learn\/?$/, () => lessonView],
  [/^\/rules\/?$/, () => rulesView],
  [/^\/rules\/([^/]+)\/?$/, () => rulesView],
];

async function route() {
  const token = ++routeCounter;
  if (currentView && currentView.dispose) currentView.dispose();
  currentView = null;
  navOpen = false;
  renderFrame();
  const path = location.pathname;
  const query = new URLSearchParams(location.search);
  let view = null;
  let params = [];
  for (const [pattern, get] of ROUTES) {
    const m = pattern.exec(path);
    if (m) {
      view = get();
      // An optional part left out (/puzzles) stays undefined, not the text "undefined".
      params = m.slice(1).map((part) => (part === undefined ? undefined : decodeURIComponent(part)));
      break;
    }
  }
  replace(main, h('p', { class: 'loading' }, t('loading')));
  const ctx = { params, query, navigate, isCurrent: () => token === routeCounter };
  try {
    const result = view
      ? await view(main, ctx)
      : messageView(main, { heading: t('not-found-page-heading'), text: t('not-found-page-text') });
    if (token === routeCounter) currentView = result || null;
    else result?.dispose?.();
  } catch (e) {
    console.error(e);
    if (token === routeCounter) {
      messageView(main, { heading: t('error-heading'), text: e.text ? e.text() : String(e) });
    }
  }
}

function effectiveTheme() {
  return prefs.theme || (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
}

function applyTheme() {
  if (prefs.theme) document.documentElement.dataset.theme = prefs.theme;
  else delete document.documentElement.dataset.theme;
}

function renderFrame() {
  document.title = t('app-title');
  document.getElementById('skip-link').textContent = t('skip-to-content');
  const path = location.pathname;
  const navLink = (href, id, active) =>
    h('a', { href, class: active ? 'active' : '', 'aria-current': active ? 'page' : false }, t(id));
  const select = h(
    'select',
    { id: 'language-select', 'aria-label': t('language-label'), onChange: (e) => changeLanguage(e.target.value) },
    LANGUAGES.map((l) => h('option', { value: l.code, selected: l.code === language(), lang: l.code }, l.name)),
  );
  const dark = effectiveTheme() === 'dark';
  const themeButton = h(
    'button',
    {
      type: 'button',
      id: 'theme-toggle',
      class: 'icon-button',
      title: t(dark ? 'theme-light' : 'theme-dark'),
      'aria-label': t('theme-toggle'),
      'aria-pressed': dark ? 'true' : 'false',
      onClick: () => {
        prefs.theme = effectiveTheme() === 'dark' ? 'light' : 'dark';
        applyTheme();
        renderFrame();
      },
    },
    h('span', { 'aria-hidden': 'true' }, dark ? '☀' : '☾'),
  );
  // Shown only on a phone's width (style.css): it opens the links as a panel under the header.
  const navToggle = h(
    'button',
    {
      type: 'button',
      id: 'nav-toggle',
      class: 'icon-button nav-toggle',
      'aria-label': t('nav-menu'),
      'aria-controls': 'site-nav',
      'aria-expanded': navOpen ? 'true' : 'false',
      onClick: () => {
        navOpen = !navOpen;
        renderFrame();
        document.getElementById('nav-toggle')?.focus();
      },
    },
    h('span', { 'aria-hidden': 'true' }, '☰'),
  );
  replace(
    document.getElementById('site-header'),
    navToggle,
    h('a', { href: '/', class: 'brand' }, h('img', { src: '/assets/icon.svg', alt: '', width: 28, height: 28 }), t('app-title')),
    h(
      'nav',
      { 'aria-label': t('app-title'), id: 'site-nav', class: navOpen ? 'is-open' : '' },
      navLink('/', 'nav-new-game', path === '/' && location.hash !== '#online'),
      navLink('/#online', 'nav-lobby', path === '/' && location.hash === '#online'),
      navLink('/leaderboard', 'nav-leaderboard', path.startsWith('/leaderboard')),
      navLink('/bots', 'nav-bots', path.startsWith('/bots')),
      navLink('/watch', 'nav-watch', path.startsWith('/watch')),
      navLink('/puzzles', 'puzzles-nav', path.startsWith('/puzzles')),
      navLink('/analysis', 'nav-analysis', path.startsWith('/analysis')),
      navLink('/rules/standard', 'nav-rules', path.startsWith('/rules')),
      navLink('/learn', 'lesson-nav', path.startsWith('/learn')),
    ),
    h('div', { class: 'header-tools' }, playerMenu(), h('label', { class: 'lang' }, select), themeButton),
  );
  replace(document.getElementById('site-footer'), h('p', {}, t('footer-text')));
  fitHeader();
}

const PHONE = matchMedia('(max-width: 520px)');

/** Puts the header's links behind the menu button (class is-compact, style.css) when they do
 *  not fit in one row beside the brand and the tools: measured, as the labels' widths depend
 *  on the language and the account's name. A phone's width always has the menu (style.css). */
function fitHeader() {
  const header = document.getElementById('site-header');
  header.classList.remove('is-compact');
  if (PHONE.matches) return;
  const boxes = [...header.children, ...header.querySelectorAll('nav > a')]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  const first = boxes[0];
  const wraps = boxes.some((r) => r.top >= first.bottom || r.bottom <= first.top);
  header.classList.toggle('is-compact', wraps || header.scrollWidth > header.clientWidth);
}

/** "Sign in", or the account's name opening a menu: my page, sign out. */
function playerMenu() {
  const player = session && session.player;
  if (!player || player.kind !== 'account') {
    return h('a', { href: '/#account', class: 'header-sign-in', id: 'header-sign-in' }, t('account-sign-in'));
  }
  const page = `/players/${encodeURIComponent(player.name)}`;
  const menu = h(
    'details',
    { class: 'player-menu', id: 'player-menu' },
    h('summary', { 'aria-label': t('menu-player-label', { name: player.name }) }, player.name),
    h(
      'div',
      { class: 'player-menu-items' },
      h('a', { href: page, id: 'menu-my-page', onClick: () => { menu.open = false; } }, t('menu-my-page')),
      h(
        'button',
        {
          type: 'button',
          id: 'menu-sign-out',
          onClick: async () => {
            menu.open = false;
            try {
              await api.logout(session.csrf);
            } catch (_) {
              // Signed out elsewhere already.
            }
            window.dispatchEvent(new Event('kalah-session'));
          },
        },
        t('account-log-out'),
      ),
    ),
  );
  return menu;
}

async function changeLanguage(lang) {
  prefs.language = lang;
  await setLanguage(lang);
  route();
}

function interceptLinks(event) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const a = event.target.closest('a');
  if (!a || a.target || a.hasAttribute('download')) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/assets/')) return;
  if (url.hash && url.pathname === location.pathname && url.search === location.search) {
    // The same page: the browser scrolls; the header marks Lobby or New game.
    navOpen = false;
    setTimeout(renderFrame, 0);
    return;
  }
  event.preventDefault();
  navigate(url.pathname + url.search + url.hash);
}

async function start() {
  applyTheme();
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => renderFrame());
  await setLanguage(preferredLanguage());
  document.addEventListener('click', interceptLinks);
  window.addEventListener('popstate', route);
  window.addEventListener('resize', fitHeader);
  document.fonts?.ready.then(fitHeader);
  // Signing in, up or out anywhere on the page redraws the header (account.js its card).
  window.addEventListener('kalah-session', loadSession);
  route();
  loadSession();
  startLobby(navigate);
}

start();
