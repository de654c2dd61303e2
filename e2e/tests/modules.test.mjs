// Tests of the page's pure modules in Node (no browser): the position string, turns of a
// history, highlights, the rules page composition and the translations' fallback.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parsePosition, formatPosition, startPosition, other } from '../../crates/server/web/js/position.js';
import { turnsOf, highlightsOf, mySide, statusSummary, resultText, playerName, seatName } from '../../crates/server/web/js/gamestate.js';
import { rulesSections } from '../../crates/server/web/js/rules.js';
import { hintSentence, lineText } from '../../crates/server/web/js/analysis-common.js';

describe('position strings', () => {
  it('parse and print back', () => {
    for (const text of ['<6,1,0,4,4,0,5,5,5,4,4,4,4,4,4> S', '<3,10,2,0,1,2,3,4,5> N pie=offer', '<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S pie=first']) {
      assert.equal(formatPosition(parsePosition(text)), text);
    }
    const p = parsePosition('<6,1,0,4,4,0,5,5,5,4,4,4,4,4,4> S');
    assert.deepEqual(p.houses.south, [4, 4, 0, 5, 5, 5]);
    assert.equal(p.stores.south, 1);
    assert.equal(p.toMove, 'south');
  });

  it('refuses what is not a position', () => {
    for (const bad of ['', 'hello', '<6,0,0,4> S', '<6,0,0,4,4,4,4,4,4,4,4,4,4,4,x> S', '<0,0,0> S', '<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> X', null]) {
      assert.equal(parsePosition(bad), null, String(bad));
    }
  });

  it('builds start positions', () => {
    assert.equal(formatPosition(startPosition(6, 4)), '<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S');
    assert.equal(other('south'), 'north');
  });
});

describe('reading a game state', () => {
  const history = [
    { ply: 1, mover: 'south', move: '3', extra_turn: true },
    { ply: 2, mover: 'south', move: '6' },
    { ply: 3, mover: 'north', move: 'swap' },
    { ply: 4, mover: 'north', move: '2', capture: { house: 2, seeds: 5 }, last: { side: 'north', house: 2 } },
  ];

  it('groups plies into turns', () => {
    const turns = turnsOf(history);
    assert.deepEqual(turns.map((t) => [t.mover, t.plies.map((p) => p.move)]), [['south', ['3', '6']], ['north', ['swap']], ['north', ['2']]]);
  });

  it('highlights a capture on both sides and the store', () => {
    const hl = highlightsOf(history[3], 6);
    assert.deepEqual(hl.from, { side: 'north', house: 2 });
    assert.deepEqual(hl.capture, [{ side: 'north', house: 2 }, { side: 'south', house: 5 }, { side: 'north', store: true }]);
    assert.deepEqual(highlightsOf(history[2], 6), {});
  });

  it('knows the viewer side: the server first, else the stored side flipped by swaps', () => {
    assert.equal(mySide({ you: 'north', opponent: 'friend', moves: [] }, { token: 't', side: 'south' }), 'north');
    assert.equal(mySide({ opponent: 'friend', moves: ['3', 'swap'] }, { token: 't', side: 'south' }), 'north');
    assert.equal(mySide({ opponent: 'local', you: 'south', moves: [] }, { token: 't' }), null);
    assert.equal(mySide({ opponent: 'friend', moves: [] }, null), null);
  });

  it('summarises the status for the recent games', () => {
    const over = { status: 'finished', result: { south: 30, north: 18, winner: 'south' } };
    assert.deepEqual(statusSummary(over, 'south'), { key: 'status-won', args: { you: 30, them: 18 } });
    assert.deepEqual(statusSummary(over, 'north'), { key: 'status-lost', args: { you: 18, them: 30 } });
    assert.deepEqual(statusSummary({ status: 'playing', to_move: 'south' }, 'south'), { key: 'status-your-turn' });
  });
});

describe('endings and names (issue 37)', () => {
  it('word an ending off the board by its cause, without a score as its result', () => {
    const time = (by, winner) => ({ status: 'timeout', result: { reason: 'time', by, winner, south: 4, north: 4 } });
    assert.equal(resultText(time('south', 'north'), 'south'), 'result-lost-on-time');
    assert.equal(resultText(time('south', 'north'), 'north'), 'result-on-time-opponent result-you-win-plain');
    assert.equal(resultText(time('south', 'north'), null), 'result-on-time-side result-side-wins-plain');
    const resigned = { status: 'resigned', result: { reason: 'resign', resigned: 'south', winner: 'north', south: 0, north: 1 } };
    assert.equal(resultText(resigned, 'south'), 'result-you-resigned');
    assert.equal(resultText(resigned, 'north', () => 'Ann'), 'result-other-resigned result-you-win-plain');
    // On the board: the score is the result.
    assert.equal(resultText({ status: 'finished', result: { south: 30, north: 18, winner: 'south' } }, 'south'), 'result-you-win');
  });

  it('name a stranger by their name, an unnamed friend "Friend"', () => {
    const lobby = { opponent: 'friend', players: { south: 'Guest 12', north: 'Guest 34' }, seats: { south: { kind: 'human' }, north: { kind: 'human' } } };
    assert.equal(playerName(lobby, 'north', 'south'), 'Guest 34');
    assert.equal(seatName({ ...lobby, accounts: { north: 'Bob' } }, 'north'), 'Bob');
    const invite = { ...lobby, players: { south: 'Player south', north: 'Player north' } };
    assert.equal(playerName(invite, 'north', 'south'), 'player-friend');
    assert.equal(seatName(invite, 'north'), null);
  });

  it('say an estimate as one, naming the moves and value shown on the houses', () => {
    const busy = { value: 3, exact: false, best_moves: ['1'], moves: [{ move: '1', value: 1 }, { move: '2', value: 1 }, { move: '3', value: -2 }] };
    assert.equal(hintSentence(busy, null), 'hint-estimate-you');
    assert.equal(hintSentence(busy, 'North'), 'hint-estimate-other');
  });
});

describe('rules page', () => {
  const ids = (rules) => rulesSections(rules).flatMap(([, p]) => p);

  it('composes a preset from the messages of its options', () => {
    const standard = { houses: 6, seeds: 4, capture: 'standard', end: 'either-empty', sweep: 'owner', early_end: false, pie: false, both_stores: false };
    assert.deepEqual(ids(standard), [
      'rules-intro', 'rules-board', 'rules-numbering', 'rules-sowing', 'rules-extra-turn', 'rules-turn-ends',
      'rules-capture-standard', 'rules-end-either-empty', 'rules-sweep-owner', 'rules-winner', 'rules-first-player', 'rules-example',
    ]);
    const bga = { ...standard, end: 'mover-cannot-move', early_end: true, pie: true, seeds: 6, capture: 'empty', sweep: 'emptier', both_stores: true };
    const b = ids(bga);
    for (const id of ['rules-sowing-both-stores', 'rules-pie', 'rules-capture-empty', 'rules-end-mover-cannot-move', 'rules-sweep-emptier', 'rules-early-end']) assert.ok(b.includes(id), id);
    assert.ok(!b.includes('rules-example'), 'the worked example is for the standard board only');
  });
});

// Without loaded translations t() gives back the message id, which shows the choice made.
describe('hints in words (issue 16)', () => {
  it('pick the sentence by who moves and the sign of the value', () => {
    assert.equal(hintSentence({ value: -22, exact: true, best_moves: ['6'] }, null), 'hint-you-behind');
    assert.equal(hintSentence({ value: 3, exact: false, best_moves: ['1'] }, null), 'hint-estimate-you');
    assert.equal(hintSentence({ value: 0, exact: true, best_moves: ['2'] }, 'North'), 'hint-other-level');
    assert.equal(hintSentence({ value: 5, exact: true, best_moves: [] }, 'South'), 'hint-other-ahead');
  });

  it('say when the best moves named are not all of them', () => {
    const cut = { value: -2, exact: true, best_moves: ['4'], best_moves_complete: false };
    assert.equal(hintSentence(cut, null), 'hint-you-behind hint-best-unchecked');
    assert.equal(hintSentence({ ...cut, best_moves_complete: true }, null), 'hint-you-behind');
  });

  it('write the best line by turns with who plays each', () => {
    const line = lineText({ pv: ['3', '6', '2', 'swap', '1'], pv_movers: ['south', 'south', 'north', 'south', 'north'] }, 'south');
    assert.equal(line, 'side-south 3-6 · side-north 2 · side-south move-swap · side-north 1');
  });
});

describe('clocks', () => {
  it('format the time left', async () => {
    const { formatClock } = await import('../../crates/server/web/js/clock.js');
    assert.equal(formatClock(185000), '3:05');
    assert.equal(formatClock(9400), '0:09.4');
    assert.equal(formatClock(0), '0:00.0');
    assert.equal(formatClock(3723000), '1:02:03');
    assert.equal(formatClock(2 * 86400000 + 3 * 3600000), '2d 03h');
  });

  it('count down only the running side, from the server time less the latency', async () => {
    const { Clocks } = await import('../../crates/server/web/js/clock.js');
    const c = new Clocks();
    assert.equal(c.left('south'), null);
    c.update({ south: 5000, north: 7000, running: 'south', first_move: null, at: 0 }, 1000);
    const s = c.left('south');
    assert.ok(s <= 4000 && s > 3900, `south ${s}`);
    assert.equal(c.left('north'), 7000);
    c.update({ south: 5000, north: 7000, running: null, first_move: { side: 'north', left_ms: 30000 }, at: 0 });
    assert.equal(c.left('south'), 5000);
    assert.ok(c.firstMove().ms > 29900 && c.firstMove().side === 'north');
  });

  it('aborted games have their own status', () => {
    assert.deepEqual(statusSummary({ status: 'aborted', result: { winner: null, reason: 'abort' } }, 'south'), { key: 'status-aborted' });
    assert.deepEqual(
      statusSummary({ status: 'timeout', result: { winner: 'north', reason: 'time', by: 'south', south: 3, north: 5 } }, 'south'),
      { key: 'status-lost', args: { you: 3, them: 5 } },
    );
  });
});
