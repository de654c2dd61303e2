// The server's JSON API (docs/api.md). Every failure becomes an ApiError whose
// `message()` says, in the page's language, what went wrong and what to do.

import { t } from './i18n.js';

export class ApiError extends Error {
  constructor(status, code, detail) {
    super(detail || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
    this.detail = detail || '';
  }

  /** A clear, translated sentence for the person using the page. */
  text() {
    const detail = this.detail || this.code || String(this.status);
    switch (this.status) {
      case 0:
        return t('error-network');
      case 400:
      case 413:
      case 422:
        return t('error-bad-request', { detail });
      case 401:
        return t('error-no-token');
      case 403:
        return t('error-forbidden', { detail });
      case 404:
        return t('error-not-found', { detail });
      case 409:
        return t('error-stale');
      default:
        return t('error-server', { detail });
    }
  }
}

async function request(method, path, { body, token, csrf, text = false } = {}) {
  const headers = { Accept: text ? 'text/plain' : 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  // Calls that the session cookie authorises carry the session's CSRF token (docs/api.md).
  if (csrf) headers['X-CSRF-Token'] = csrf;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, 'network', String(e));
  }
  if (!res.ok) {
    let code = '';
    let detail = '';
    try {
      const raw = await res.text();
      try {
        const json = JSON.parse(raw);
        code = json.code || '';
        detail = json.error || json.message || '';
      } catch (_) {
        detail = raw.slice(0, 300);
      }
    } catch (_) {
      // no body
    }
    throw new ApiError(res.status, code, detail || res.statusText);
  }
  if (text) return res.text();
  try {
    return await res.json();
  } catch (e) {
    throw new ApiError(res.status, 'bad_json', 'the server sent an answer the page cannot read');
  }
}

const enc = encodeURIComponent;

export const api = {
  meta: () => request('GET', '/api/meta'),
  lesson: (query) => request('GET', `/api/lesson?${query}`),
  createGame: (body) => request('POST', '/api/games', { body }),
  game: (id, token) => request('GET', `/api/games/${enc(id)}`, { token }),
  move: (id, token, move, ply) => request('POST', `/api/games/${enc(id)}/moves`, { token, body: { move, ply } }),
  resign: (id, token) => request('POST', `/api/games/${enc(id)}/resign`, { token, body: {} }),
  claim: (id, token) => request('POST', `/api/games/${enc(id)}/claim`, { token, body: {} }),
  rematch: (id, token) => request('POST', `/api/games/${enc(id)}/rematch`, { token, body: {} }),
  record: (id) => request('GET', `/api/games/${enc(id)}/record`, { text: true }),
  recordUrl: (id) => `/api/games/${enc(id)}/record`,
  gameAnalysis: (id, token) => request('GET', `/api/games/${enc(id)}/analysis`, { token }),
  analyze: (rules, position, timeMs = 1000) =>
    request('POST', '/api/analyze', { body: { rules, position, time_ms: timeMs } }),
  bots: () => request('GET', '/api/bots'),
  leaderboard: () => request('GET', '/api/bots/leaderboard'),
  bot: (name, before) => request('GET', `/api/bots/${enc(name)}${before ? `?before=${enc(before)}` : ''}`),
  player: (name) => request('GET', `/api/players/${enc(name)}`),
  playersLeaderboard: (pool) => request('GET', pool ? `/api/leaderboard?pool=${enc(pool)}` : '/api/leaderboard'),
  challengeBot: (name, board = {}) => request('POST', `/api/bots/${enc(name)}/challenge`, { body: board }),
  parseRecord: (record) => request('POST', '/api/records/parse', { body: { record } }),
  session: () => request('GET', '/api/session'),
  guest: () => request('POST', '/api/session/guest', { body: {} }),
  login: (name, password) => request('POST', '/api/session/login', { body: { name, password } }),
  signup: (name, password, csrf) => request('POST', '/api/session/signup', { body: { name, password }, csrf }),
  logout: (csrf) => request('POST', '/api/session/logout', { body: {}, csrf }),
  socketUrl: (id, token) => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const query = token ? `?token=${enc(token)}` : '';
    return `${proto}//${location.host}/api/games/${enc(id)}/ws${query}`;
  },
};

let metaPromise = null;
/** /api/meta, fetched once per page load (retried after a failure). */
export function meta() {
  if (!metaPromise) {
    metaPromise = api.meta().catch((e) => {
      metaPromise = null;
      throw e;
    });
  }
  return metaPromise;
}
