// Reading the server's GameState (docs/api.md) from one viewer's point of view.

import { t, sideName } from './i18n.js';
import { other } from './position.js';

/**
 * The side this browser plays now, or null for spectators and one-screen games.
 * Prefers the server's answer (`you`, sent when the request carried the seat token);
 * otherwise the side remembered when the game was created, flipped by each pie swap.
 */
export function mySide(game, entry) {
  if (!entry || !entry.token || game.opponent === 'local') return null;
  if (game.you === 'south' || game.you === 'north') return game.you;
  if (entry.side !== 'south' && entry.side !== 'north') return null;
  const swaps = (game.moves || []).filter((m) => m === 'swap').length;
  return swaps % 2 ? other(entry.side) : entry.side;
}

/** Statuses of a game that is over: on the board, by resignation, or by a clock or a claim. */
const OVER = ['finished', 'resigned', 'timeout', 'aborted', 'abandoned'];

export function isOver(game) {
  return OVER.includes(game.status);
}

/** The server's stand-in names for a seat without one (crates/round, `Round::set_names`). */
const UNNAMED = /^(Player (south|north)|Local player)$/;

/**
 * The real name of the person on `side` (an account, or a guest of the lobby), or null when
 * the seat has none (an invitation to a friend, a one-screen game).
 */
export function seatName(game, side) {
  if (game.accounts?.[side]) return game.accounts[side];
  const kind = game.seats?.[side]?.kind;
  if (kind === 'computer') return null;
  const name = game.players?.[side];
  return typeof name === 'string' && name && !UNNAMED.test(name) ? name : null;
}

/** The name shown for the player sitting on `side`. */
export function playerName(game, side, me) {
  if (me && side === me) return t('player-you');
  const seat = game.seats && game.seats[side];
  if (seat && seat.kind === 'computer') {
    return game.level ? t('player-computer-level', { level: levelName(game.level) }) : t('player-computer');
  }
  // Bots name themselves.
  if (seat && seat.kind === 'bot' && game.players?.[side]) return game.players[side];
  if (game.opponent === 'friend') {
    // A stranger of the lobby by their name; "Friend" only for an invitation without one.
    const name = seatName(game, side);
    if (name) return name;
    if (me) return t('player-friend');
    return t(side === 'south' ? 'player-side-south' : 'player-side-north');
  }
  return sideName(side);
}

export function levelName(level) {
  const text = t(`level-${level}`);
  return text === `level-${level}` ? level : text;
}

/** A one-line status for the recent-games list: {key, args}. */
export function statusSummary(game, me) {
  const r = game.result;
  if (game.status === 'aborted') return { key: 'status-aborted' };
  if (isOver(game) && r) {
    if (!me) return { key: 'status-finished' };
    const you = r[me];
    const them = r[other(me)];
    if (r.winner === 'draw') return { key: 'status-drawn', args: { you, them } };
    return { key: r.winner === me ? 'status-won' : 'status-lost', args: { you, them } };
  }
  if (game.status === 'playing') {
    return { key: me && game.to_move === me ? 'status-your-turn' : 'status-playing' };
  }
  return { key: 'status-unknown' };
}

/**
 * The sentence that states a finished game's result. A game ended on the board says the
 * score; one ended off the board (a clock, a resignation, a player gone) says its cause and
 * who won, never a score as if it were the result (the stores are shown apart, `storesText`).
 * `subject(side)` names a side in sentences (null for the viewer).
 */
export function resultText(game, me, subject = null) {
  const r = game.result;
  if (!r) return t('result-heading');
  if (r.reason === 'abort') return t('result-aborted');
  const offBoard = r.reason === 'time' || r.reason === 'abandoned' || r.reason === 'resign' || game.status === 'resigned';
  if (!offBoard) return boardResultText(r, me);
  if (r.reason === 'time' && me && r.by === me && r.winner !== 'draw') return t('result-lost-on-time');
  const resigned = r.resigned || (r.reason === 'resign' ? other(r.winner) : null);
  if (resigned && me && resigned === me) return t('result-you-resigned');
  let cause;
  if (resigned) {
    const name = (subject && subject(resigned)) || sideName(resigned);
    cause = t('result-other-resigned', { name });
  } else {
    const who = me ? (r.by === me ? 'you' : 'opponent') : 'side';
    cause = t(`result-${r.reason === 'time' ? 'on-time' : 'abandoned'}-${who}`, { side: sideName(r.by) });
  }
  return `${cause} ${outcomeText(r, me)}`;
}

function boardResultText(r, me) {
  if (r.winner === 'draw') return t('result-draw', { south: r.south, north: r.north });
  if (me) {
    const args = { you: r[me], them: r[other(me)] };
    return t(r.winner === me ? 'result-you-win' : 'result-you-lose', args);
  }
  const loser = other(r.winner);
  return t('result-side-wins', { side: sideName(r.winner), winner: r[r.winner], loser: r[loser] });
}

/** Who won, without a score: "You win.", "Draw.", "South wins.". */
function outcomeText(r, me) {
  if (r.winner === 'draw' || !r.winner) return t('result-draw-plain');
  if (me) return t(r.winner === me ? 'result-you-win-plain' : 'result-you-lose-plain');
  return t('result-side-wins-plain', { side: sideName(r.winner) });
}

/** Whether a finished game ended off the board (its stores are then not its result). */
export function endedOffBoard(game) {
  const r = game.result || {};
  return r.reason === 'time' || r.reason === 'abandoned' || r.reason === 'resign' || game.status === 'resigned';
}

/** The history entry's pits for highlighting: {from, last, capture, sweep}. */
export function highlightsOf(entry, n) {
  if (!entry || entry.move === 'swap') return {};
  const from = { side: entry.mover, house: Number(entry.move) };
  const capture = [];
  if (entry.capture) {
    const house = Number(entry.capture.house);
    capture.push({ side: entry.mover, house }, { side: other(entry.mover), house: n + 1 - house }, { side: entry.mover, store: true });
  }
  return { from, last: entry.last || null, capture, sweep: !!entry.sweep };
}

/** Groups the plies of the history into turns: [{mover, plies: [{ply, move}]}]. */
export function turnsOf(history) {
  const turns = [];
  for (const e of history || []) {
    const last = turns[turns.length - 1];
    if (last && last.mover === e.mover && e.move !== 'swap' && last.plies[last.plies.length - 1].move !== 'swap') {
      last.plies.push({ ply: e.ply, move: e.move });
    } else {
      turns.push({ mover: e.mover, plies: [{ ply: e.ply, move: e.move }] });
    }
  }
  return turns;
}
