// Everything the page remembers in this browser (localStorage): preferences, seat tokens
// and the list of recent games. Storage may be unavailable (private mode): then nothing
// is remembered and the page still works.

const PREFIX = 'kalah.';
const MAX_GAMES = 50;

function read(key, fallback) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch (_) {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch (_) {
    // storage full or disabled: forget silently
  }
}

export const prefs = {
  get language() { return read('lang', null); },
  set language(v) { write('lang', v); },
  get theme() { return read('theme', null); },
  set theme(v) { write('theme', v); },
  /** Sowing animation speed; off by default for people who asked their system for less motion. */
  get speed() {
    const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    return read('speed', reduce ? 'off' : 'normal');
  },
  set speed(v) { write('speed', v); },
  get sound() { return read('sound', false); },
  set sound(v) { write('sound', v); },
  /** The first-game coach by kind of game ({computer, friend, kgp}): null (not shown yet), the id of the game showing it, or 'done'. */
  get coach() { return read('coach', null); },
  set coach(v) { write('coach', v); },
  get hints() { return read('hints', false); },
  set hints(v) { write('hints', v); },
  get lastSetup() { return read('setup', null); },
  set lastSetup(v) { write('setup', v); },
};

/** Recent games, newest first: {id, token, side, opponent, level, date, status, invite}. */
export function recentGames() {
  const list = read('games', []);
  return Array.isArray(list) ? list.filter((g) => g && typeof g.id === 'string') : [];
}

function saveGames(list) {
  write('games', list.slice(0, MAX_GAMES));
}

/** Adds or updates a game entry (merging fields); moves it to the top when `touch`. */
export function rememberGame(entry, touch = true) {
  const list = recentGames();
  const index = list.findIndex((g) => g.id === entry.id);
  const old = index >= 0 ? list.splice(index, 1)[0] : { date: new Date().toISOString() };
  const merged = { ...old, ...Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== undefined)) };
  if (touch || index < 0) list.unshift(merged);
  else list.splice(index, 0, merged);
  saveGames(list);
  return merged;
}

export function gameEntry(id) {
  return recentGames().find((g) => g.id === id) || null;
}

export function forgetGame(id) {
  saveGames(recentGames().filter((g) => g.id !== id));
}

export function forgetAllGames() {
  saveGames([]);
}
