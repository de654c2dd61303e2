// Unit tests of the game page's controller (crates/server/web/js/game-ctrl.js) in Node, with
// no browser and no DOM: a fake `ui` records what the controller asks the page to show, a fake
// `api` answers, and the clocks read an injected time. Without loaded translations t() gives
// back the message id, which shows the sentence chosen.
//
//   node --test e2e/unit/

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GameCtrl } from '../../crates/server/web/js/game-ctrl.js';
import { ApiError } from '../../crates/server/web/js/api.js';

const START = '<6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S';
const P1 = '<6,0,0,0,5,5,5,5,4,4,4,4,4,4,4> N';
const P2 = '<6,0,0,0,5,5,5,5,4,0,5,5,5,5,4> N';
const P3 = '<6,0,1,0,5,5,5,5,4,0,0,6,6,6,5> S';
const P4 = '<6,0,1,0,5,0,6,6,5,0,0,6,6,6,5> N';

/** A game against a friend, South to move after South's 1 and North's 1 then 2 (extra turn). */
function game(extra = {}) {
  return {
    id: 'g1',
    opponent: 'friend',
    you: 'south',
    status: 'playing',
    start_position: START,
    position: P3,
    ply: 3,
    to_move: 'south',
    legal_moves: ['2', '3', '4', '5', '6'],
    moves: ['1', '1', '2'],
    seats: { south: { kind: 'human', joined: true }, north: { kind: 'human', joined: true } },
    history: [
      { ply: 1, mover: 'south', move: '1', position: P1 },
      { ply: 2, mover: 'north', move: '1', position: P2, extra_turn: true },
      { ply: 3, mover: 'north', move: '2', position: P3 },
    ],
    clock: null,
    ...extra,
  };
}

/** One more ply: South sows house 3. */
function nextState(g) {
  return {
    ...g,
    ply: 4,
    position: P4,
    to_move: 'north',
    moves: [...g.moves, '3'],
    history: [...g.history, { ply: 4, mover: 'south', move: '3', position: P4 }],
  };
}

/** A fake page: records every call; `animate` may be replaced per test. */
function fakeUi(overrides = {}) {
  const calls = [];
  const record = (name) => (...args) => {
    calls.push([name, ...args]);
  };
  const ui = {
    calls,
    position: record('position'),
    redraw: record('redraw'),
    rebuild: record('rebuild'),
    say: record('say'),
    event: record('event'),
    animate: async (before, entry) => {
      calls.push(['animate', entry.ply]);
    },
    animationFailed: record('animationFailed'),
    clearError: record('clearError'),
    error: record('error'),
    claimFailed: record('claimFailed'),
    lowTime: record('lowTime'),
    focusBoard: record('focusBoard'),
    navigate: record('navigate'),
    named: (name) => calls.filter((c) => c[0] === name),
    ...overrides,
  };
  return ui;
}

function fakeApi(answers = {}) {
  const calls = [];
  const api = { calls };
  for (const name of ['game', 'move', 'resign', 'claim', 'rematch', 'gameAnalysis', 'analyze']) {
    api[name] = async (...args) => {
      calls.push([name, ...args]);
      const a = answers[name];
      if (a instanceof Error) throw a;
      return typeof a === 'function' ? a(...args) : a;
    };
  }
  return api;
}

function ctrlFor(g, { entry = { id: 'g1', token: 'seat', side: 'south' }, ui = fakeUi(), api = fakeApi(), now = () => 0 } = {}) {
  const remembered = [];
  const ctrl = new GameCtrl(g, entry, { api, ui, now, rememberGame: (e) => { remembered.push(e); return { ...entry, ...e }; } });
  return { ctrl, ui, api, remembered };
}

describe('animations', () => {
  it('play every ply this browser has not shown, then hand the turn to the player', async () => {
    // Seen up to ply 1: North's two plies are played out.
    const { ctrl, ui } = ctrlFor(game(), { entry: { id: 'g1', token: 'seat', side: 'south', seenPly: 1 } });
    assert.equal(ctrl.displayedPly, 1);
    await ctrl.runAnimations();
    assert.deepEqual(ui.named('animate').map((c) => c[1]), [2, 3]);
    assert.equal(ctrl.displayedPly, 3);
    assert.equal(ctrl.animating, false);
    assert.equal(ctrl.canMove(), true);
    assert.deepEqual(ui.named('say').map((c) => c[1]), [
      'move-other-sow move-other-again',
      'move-other-sow',
      'move-other-sow announce-your-turn',
    ]);
    assert.equal(ui.named('focusBoard').length, 1);
  });

  for (const how of ['rejects', 'throws at once']) {
    it(`go on past a step that ${how}, ending on the game's position and not stuck`, async () => {
      const boom = new Error('the hand is parked on the store');
      let n = 0;
      const ui = fakeUi({
        animate(before, entry) {
          ui.calls.push(['animate', entry.ply]);
          n += 1;
          if (n !== 1) return Promise.resolve();
          if (how === 'rejects') return Promise.reject(boom);
          throw boom;
        },
      });
      const { ctrl } = ctrlFor(game(), { entry: { id: 'g1', token: 'seat', side: 'south', seenPly: 1 }, ui });
      await ctrl.runAnimations(); // resolves: a failed step is not thrown at the page
      assert.deepEqual(ui.named('animate').map((c) => c[1]), [2, 3], 'the ply after the failed one is still played');
      assert.equal(ctrl.animationError, boom);
      assert.deepEqual(ui.named('animationFailed'), [['animationFailed', boom]]);
      assert.equal(ctrl.displayedPly, 3);
      assert.equal(ctrl.animating, false);
      assert.equal(ctrl.animMover, null);
      // The board is put on the game's position after the sequence, then drawn as at rest.
      const lastPosition = ui.calls.map((c) => c[0]).lastIndexOf('position');
      const lastAnimate = ui.calls.map((c) => c[0]).lastIndexOf('animate');
      assert.ok(lastPosition > lastAnimate, 'the position is shown after the last step');
      assert.equal(ui.calls.at(-2)[0], 'redraw');
      assert.equal(ctrl.canMove(), true, 'the player may move again');
      assert.equal(ctrl.playable().side, 'south');
      assert.deepEqual([...ctrl.playable().houses], [2, 3, 4, 5, 6]);
      // And the next state animates as usual.
      ctrl.applyState(nextState(ctrl.game));
      await new Promise((r) => setImmediate(r));
      assert.equal(ctrl.displayedPly, 4);
      assert.equal(ctrl.animating, false);
      assert.deepEqual(ui.named('animate').map((c) => c[1]), [2, 3, 4]);
    });
  }

  it('end in a consistent state even when drawing fails before the first step', async () => {
    let first = true;
    const ui = fakeUi({
      redraw() {
        if (first) {
          first = false;
          throw new Error('drawing failed');
        }
      },
    });
    const { ctrl } = ctrlFor(game(), { entry: { id: 'g1', token: 'seat', side: 'south', seenPly: 1 }, ui });
    await ctrl.runAnimations();
    assert.equal(ctrl.animating, false);
    assert.equal(ctrl.displayedPly, 3);
    assert.equal(ctrl.canMove(), true);
    assert.equal(ctrl.animationError.message, 'drawing failed');
  });

  it('stop when the page is left, without drawing again', async () => {
    const ui = fakeUi();
    const { ctrl } = ctrlFor(game(), { entry: { id: 'g1', token: 'seat', side: 'south', seenPly: 1 }, ui });
    ui.animate = async (before, entry) => {
      ui.calls.push(['animate', entry.ply]);
      ctrl.dispose();
    };
    await ctrl.runAnimations();
    assert.deepEqual(ui.named('animate').map((c) => c[1]), [2]);
    assert.equal(ctrl.animating, false);
    assert.equal(ui.calls.at(-1)[0], 'animate');
  });

  it('replay the last move without a new sentence at the end', async () => {
    const { ctrl, ui } = ctrlFor(game());
    assert.equal(ctrl.displayedPly, 3);
    assert.equal(ctrl.replayOffered(), true);
    ctrl.replayLast();
    assert.equal(ctrl.replayOffered(), false, 'not while replaying');
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(ui.named('animate').map((c) => c[1]), [3]);
    assert.deepEqual(ui.named('say').map((c) => c[1]), ['move-other-sow']);
    assert.equal(ctrl.replaying, false);
  });
});

describe('moves', () => {
  it('are sent only when the player may move, with the ply they answer', async () => {
    const api = fakeApi({ move: (id, token, move) => ({ ...nextState(game()), moves: ['1', '1', '2', move] }) });
    const { ctrl, ui } = ctrlFor(game(), { api });
    ctrl.goTo(1);
    assert.equal(ctrl.canMove(), false, 'not from the history view');
    await ctrl.sendMove('3');
    assert.equal(api.calls.length, 0);
    ctrl.goTo(null);
    const sent = ctrl.sendMove('3');
    assert.equal(ctrl.pending, true);
    assert.equal(ctrl.canMove(), false, 'not twice');
    assert.equal(ctrl.playable(), null);
    await sent;
    assert.deepEqual(api.calls, [['move', 'g1', 'seat', '3', 3]]);
    assert.equal(ctrl.pending, false);
    assert.equal(ctrl.game.ply, 4);
    assert.ok(ui.named('clearError').length >= 1);
    await new Promise((r) => setImmediate(r));
    assert.equal(ctrl.displayedPly, 4, 'the own move is played out');
    assert.equal(ctrl.canMove(), false, "North's turn");
  });

  it('refused as stale (409): the game is fetched again, no error shown', async () => {
    const api = fakeApi({ move: new ApiError(409, 'stale', 'ply'), game: nextState(game()) });
    const { ctrl, ui } = ctrlFor(game(), { api });
    await ctrl.sendMove('3');
    assert.deepEqual(api.calls.map((c) => c[0]), ['move', 'game']);
    assert.equal(ui.named('error').length, 0);
    assert.equal(ctrl.game.ply, 4);
  });

  it('refused as forbidden (403): the error is shown and the game fetched again', async () => {
    const refusal = new ApiError(403, 'not_your_turn', 'no');
    const api = fakeApi({ move: refusal, game: game() });
    const { ctrl, ui } = ctrlFor(game(), { api });
    await ctrl.sendMove('3');
    assert.deepEqual(ui.named('error'), [['error', refusal]]);
    assert.deepEqual(api.calls.map((c) => c[0]), ['move', 'game']);
    assert.equal(ctrl.pending, false);
    assert.equal(ctrl.canMove(), true);
  });

  it('a spectator and the wrong side may not move', () => {
    assert.equal(ctrlFor(game(), { entry: null }).ctrl.canMove(), false);
    assert.equal(ctrlFor(game({ to_move: 'north' })).ctrl.canMove(), false);
    assert.equal(ctrlFor(game({ status: 'finished' })).ctrl.canMove(), false);
    // A one-screen game moves both sides.
    assert.equal(ctrlFor(game({ opponent: 'local', to_move: 'north' }), { entry: { id: 'g1', token: 'seat' } }).ctrl.canMove(), true);
  });

  it('offer the swap only when the rules do', () => {
    assert.equal(ctrlFor(game({ legal_moves: ['2', 'swap'] })).ctrl.swapOffered(), true);
    assert.equal(ctrlFor(game()).ctrl.swapOffered(), false);
  });
});

describe("the server's states", () => {
  it('an older state (an answer overtaken by the socket) or another game is ignored', () => {
    const { ctrl } = ctrlFor(nextState(game()));
    ctrl.applyState(game());
    assert.equal(ctrl.game.ply, 4);
    ctrl.applyState({ ...nextState(game()), id: 'other', ply: 9 });
    assert.equal(ctrl.game.ply, 4);
  });

  it('the same ply with another position replaces the board at once', () => {
    const { ctrl, ui } = ctrlFor(game());
    ctrl.goTo(1);
    ctrl.applyState({ ...game(), position: P4 });
    assert.equal(ctrl.game.position, P4);
    assert.equal(ctrl.shownPly, 1, 'the history view stays on an earlier ply');
    assert.equal(ui.named('animate').length, 0);
  });

  it('the end of the game is said once', () => {
    const { ctrl, ui } = ctrlFor(game());
    const over = { ...game(), status: 'resigned', result: { reason: 'resign', resigned: 'north', winner: 'south' } };
    ctrl.applyState(over);
    ctrl.applyState(over);
    assert.deepEqual(ui.named('say').map((c) => c[1]), ['result-other-resigned']);
  });

  it('a pie swap that moves the player lays the page out again with their side at the bottom', () => {
    const { ctrl, ui } = ctrlFor(game({ you: undefined }), { entry: { id: 'g1', token: 'seat', side: 'south' } });
    assert.equal(ctrl.bottom, 'south');
    const swapped = { ...nextState(game({ you: undefined })), moves: ['1', '1', '2', 'swap'], history: [...game().history, { ply: 4, mover: 'south', move: 'swap', position: P3 }] };
    ctrl.applyState(swapped);
    assert.equal(ctrl.me, 'north');
    assert.equal(ctrl.bottom, 'north');
    assert.equal(ui.named('rebuild').length, 1);
  });

  it('the game is polled only while the socket is down', async () => {
    const api = fakeApi({ game: game() });
    const { ctrl } = ctrlFor(game(), { api });
    ctrl.onConnection({ state: 'open' });
    ctrl.poll();
    assert.equal(api.calls.length, 0);
    ctrl.onConnection({ state: 'lost', retryIn: 1 });
    ctrl.poll();
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(api.calls, [['game', 'g1', 'seat']]);
  });

  it('a failed refresh shows its error unless the network is down', async () => {
    for (const [status, shown] of [[0, 0], [500, 1]]) {
      const { ctrl, ui } = ctrlFor(game(), { api: fakeApi({ game: new ApiError(status, 'x', 'y') }) });
      await ctrl.refresh();
      assert.equal(ui.named('error').length, shown, `status ${status}`);
    }
  });

  it('a rematch offer is remembered with the other side and said', () => {
    const { ctrl, ui, remembered } = ctrlFor(game());
    ctrl.onRematch({ id: 'g2', token: 'seat2' });
    assert.equal(ctrl.game.rematch, 'g2');
    const e = remembered.find((r) => r.id === 'g2');
    assert.equal(e.token, 'seat2');
    assert.equal(e.side, 'north');
    assert.deepEqual(ui.named('say').map((c) => c[1]), ['rematch-ready']);
  });
});

describe('actions', () => {
  it('a refused claim is reported and the game fetched again on 409', async () => {
    const refusal = new ApiError(409, 'opponent_connected', 'back');
    const api = fakeApi({ claim: refusal, game: game() });
    const { ctrl, ui } = ctrlFor(game(), { api });
    await ctrl.sendClaim();
    await new Promise((r) => setImmediate(r));
    assert.equal(ui.named('claimFailed')[0][1], refusal);
    assert.deepEqual(api.calls.map((c) => c[0]), ['claim', 'game']);
  });

  it('a rematch opens the new game and remembers its seat', async () => {
    const api = fakeApi({ rematch: { id: 'g2', token: 's2', side: 'north', invite_url: '/g/g2?seat=x' } });
    const { ctrl, ui, remembered } = ctrlFor(game({ status: 'finished', result: { south: 30, north: 18, winner: 'south' } }), { api });
    await ctrl.rematch();
    assert.deepEqual(ui.named('navigate'), [['navigate', '/g/g2']]);
    assert.equal(remembered.find((r) => r.id === 'g2').creator, true);
  });

  it('a failed resignation offers to try again', async () => {
    const failure = new ApiError(500, 'internal', 'x');
    const { ctrl, ui } = ctrlFor(game(), { api: fakeApi({ resign: failure }) });
    const retry = () => {};
    await ctrl.resign(retry);
    assert.deepEqual(ui.named('error'), [['error', failure, retry]]);
  });
});

describe('history view', () => {
  it('steps within the game and comes back to the live position', () => {
    const { ctrl } = ctrlFor(game());
    ctrl.step(-1);
    assert.equal(ctrl.shownPly, 2);
    ctrl.goTo(0);
    ctrl.step(-1);
    assert.equal(ctrl.shownPly, 0);
    assert.equal(ctrl.positionString(ctrl.currentPly()), START);
    ctrl.step(5);
    assert.equal(ctrl.shownPly, null);
    assert.equal(ctrl.currentPly(), 3);
    ctrl.goTo(7);
    assert.equal(ctrl.shownPly, null);
  });
});

describe('clocks', () => {
  const clock = { south: 12000, north: 60000, running: 'south' };

  it('count down the running side on the injected time and warn the player once', () => {
    let now = 1000;
    const { ctrl, ui } = ctrlFor(game({ clock }), { now: () => now });
    let shown = ctrl.tick();
    assert.equal(shown.south.text, '0:12');
    assert.equal(shown.south.running, true);
    assert.equal(shown.south.low, false);
    assert.equal(shown.north.text, '1:00');
    assert.equal(shown.north.running, false);
    now += 2500;
    shown = ctrl.tick();
    assert.equal(shown.south.text, '0:09.5');
    assert.equal(shown.south.low, true);
    assert.equal(shown.north.text, '1:00');
    now += 100;
    ctrl.tick();
    assert.deepEqual(ui.named('say').map((c) => c[1]), ['clock-low-say'], 'said once');
    assert.equal(ui.named('lowTime').length, 1);
    now += 60000;
    assert.equal(ctrl.tick().south.text, '0:00.0');
  });

  it("take the socket's latency off a new state's times", () => {
    let now = 0;
    const ctrl = new GameCtrl(game({ clock }), { id: 'g1', token: 'seat', side: 'south' }, { api: fakeApi(), now: () => now, latency: () => 200 });
    now = 5000;
    ctrl.applyState({ ...game({ clock: { ...clock, south: 30000 } }) });
    assert.equal(ctrl.tick(5000).south.ms, 29800);
  });

  it("show the first move's countdown, and nothing without a clock or once over", () => {
    const { ctrl } = ctrlFor(game({ clock: { ...clock, first_move: { side: 'south', left_ms: 15000 } } }));
    assert.deepEqual(ctrl.tick(1500).first, { side: 'south', seconds: 14 });
    assert.equal(ctrlFor(game()).ctrl.tick(0), null);
    assert.equal(ctrlFor(game({ clock, status: 'timeout' })).ctrl.tick(0).south.running, false);
  });
});

describe('hints', () => {
  it('are asked for once per position and only when wanted and allowed', async () => {
    const api = fakeApi({ gameAnalysis: { value: 3, best_moves: ['2'] }, analyze: { value: 0 } });
    const { ctrl } = ctrlFor(game({ opponent: 'computer', seats: { south: { kind: 'human' }, north: { kind: 'computer' } } }), { api });
    assert.equal(ctrl.hintPlan(false).kind, 'off');
    const plan = ctrl.hintPlan(true);
    assert.equal(plan.kind, 'values');
    assert.equal(plan.result, null);
    await ctrl.loadHint(plan);
    assert.deepEqual(ctrl.hintPlan(true).result, { value: 3, best_moves: ['2'] });
    ctrl.goTo(1);
    const old = ctrl.hintPlan(true);
    assert.equal(ctrl.hintCurrent(plan), false);
    await ctrl.loadHint(old);
    assert.deepEqual(api.calls.map((c) => c[0]), ['gameAnalysis', 'analyze']);
    // Between friends, no values while the game is on.
    assert.equal(ctrlFor(game()).ctrl.hintPlan(true).kind, 'off');
  });
});

describe('people by their names (issue 37)', () => {
  it('names a stranger of the lobby in sentences and on the store, "your friend" only without a name', () => {
    const lobby = game({ players: { south: 'Guest 12', north: 'Guest 34' } });
    const { ctrl, remembered } = ctrlFor(lobby);
    assert.equal(ctrl.subject('north'), 'Guest 34');
    assert.equal(ctrl.shortName('north'), 'Guest 34');
    assert.equal(ctrl.shortName('south'), 'player-you');
    ctrl.remember();
    assert.equal(remembered.at(-1).opponentName, 'Guest 34');
    const invite = game({ players: { south: 'Player south', north: 'Player north' } });
    assert.equal(ctrlFor(invite).ctrl.subject('north'), 'subject-friend');
    assert.equal(ctrlFor(invite).ctrl.shortName('north'), 'player-friend');
  });
});

describe('a friend game before the friend is in (issue 37)', () => {
  it('offers the host no move until the friend has opened the link', () => {
    const start = game({ position: START, ply: 0, moves: [], history: [], legal_moves: ['1', '2', '3', '4', '5', '6'], seats: { south: { kind: 'human', joined: true }, north: { kind: 'human', joined: false } } });
    const { ctrl } = ctrlFor(start);
    assert.equal(ctrl.canMove(), false);
    assert.equal(ctrl.turnText(), 'turn-waiting-friend-open');
    const joined = ctrlFor({ ...start, seats: { south: { kind: 'human', joined: true }, north: { kind: 'human', joined: true } } }).ctrl;
    assert.equal(joined.canMove(), true);
  });
});
