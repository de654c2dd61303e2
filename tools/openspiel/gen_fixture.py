#!/usr/bin/env python3
"""Generate independent Kalah reference data from OpenSpiel's "mancala" game.

INSTALL / RUN
-------------
    pip install open-spiel          # wheels exist for CPython 3.11; tested with open-spiel 2.0.2
    cd <repo root>
    python3 tools/openspiel/gen_fixture.py [--perft-depth D] [--skip-perft]

WHAT IT WRITES (paths relative to the repo root)
------------------------------------------------
  crates/rules/tests/data/openspiel-standard.txt
      300 random games (random.Random(20261121), each move drawn with
      rng.choice(state.legal_actions())) played to the end.  Per game:
          game K                     (K = 1..300)
          MOVE POSITION              (one line per sowing)
          result S N
      MOVE is our house number (1..6, from the mover's left).  POSITION is our
      position string of the board AFTER that sowing, followed by the side to
      move next (same side after an extra turn, otherwise the other side; on the
      final move this is still computed that way even though the game is over).
      IMPORTANT: OpenSpiel never sweeps the remaining seeds into the stores, so
      the POSITION after the last move is the unswept board exactly as OpenSpiel
      leaves it (one side's houses are all empty, the other side may still hold
      seeds).  `result S N` is the final score after the sweep, i.e. exactly the
      per-player sums OpenSpiel's Returns() compares: S = South store + South
      houses, N = North store + North houses (S + N = 48).  The script asserts
      that sign(S - N) equals OpenSpiel's returns()[0].
  crates/rules/tests/data/standard.perft
      perft counts from the standard start (6 houses, 4 seeds) for d = 1..D,
      counted with OpenSpiel (state.clone() / apply_action; the last ply is
      bulk-counted with len(legal_actions())).

MAPPING OPENSPIEL -> OUR NOTATION
---------------------------------
OpenSpiel's board_ is a 14-int array (read here via observation_tensor(), whose
layout is board_[0..14], current_player_, move_number_):
    board_[0]      = player 1's store      -> our North store N
    board_[1..6]   = player 0's pits       -> our South houses s1..s6
    board_[7]      = player 0's store      -> our South store S
    board_[8..13]  = player 1's pits       -> our North houses n1..n6
Sowing goes to increasing index (mod 14), so player 0 sows 1..6, 7 (own store),
8..13, [0 skipped], 1... and player 1 sows 8..13, 0 (own store), 1..6,
[7 skipped], 8...  Hence player 0 = South (moves first, current_player 0 at the
start), player 1 = North, and our house i is board_[i] for South and
board_[7+i] for North.  OpenSpiel action ids are the board index of the pit
(South 1..6, North 8..13), so our MOVE = action for South, action - 7 for North.
Opposite pit in OpenSpiel is 14 - idx: South house i (idx i) <-> idx 14-i =
North house 7-i, i.e. North house i is opposite South house n+1-i, as in ours.

RULES OPENSPIEL IMPLEMENTS (from open_spiel/games/mancala/mancala.cc, and
verified empirically by probe_rules() below, which replays 3000 random games
and checks every single transition against an independent model; run the
script to see the event counts)
------------------------------------------------------------------------------
 * Board: 6 houses per side, 4 seeds each, stores empty, player 0 (South) first.
   There are no game parameters (houses/seeds are fixed at 6/4).
 * Sowing: take all seeds of the chosen (non-empty) house, drop one per pit
   counter-clockwise; the opponent's store is skipped; the mover's own store
   receives seeds; the origin house is NOT skipped on laps (with >= 13 seeds
   the origin house gets a seed back).
 * Extra turn: if the last seed lands in the mover's own store, the same player
   moves again (no limit on repeated extra turns).
 * Capture: if the last seed lands in one of the mover's own houses that was
   empty before that seed (it now holds exactly 1) AND the opposite house is
   non-empty, the capturing seed plus all seeds of the opposite house go to the
   mover's store (both houses become 0).  If the opposite house is empty,
   nothing is captured: the single seed stays in the house.  A last seed in an
   empty house on the opponent's side never captures.
 * End of game: IsTerminal() is true as soon as either player's six houses are
   all empty (checked on every state, i.e. after every sowing, regardless of
   whose turn it is next).  (Also after move_number > 1000, never reached in
   practice.)  A terminal state has no legal actions.
 * Remaining seeds: OpenSpiel does NOT move them on the board; instead
   Returns() compares player0 = store_0 + sum(houses_0) against
   player1 = store_1 + sum(houses_1), i.e. each side's remaining seeds count for
   the owner of those houses (the standard "sweep" rule, applied only in the
   scoring).  Returns are +1/-1 (win/loss) or 0/0 (draw), not seed margins.
"""

import argparse
import collections
import os
import random
import sys
import time

import pyspiel

try:
    from importlib.metadata import version as _pkg_version
    OPENSPIEL_VERSION = _pkg_version("open-spiel")
except Exception:  # pragma: no cover
    OPENSPIEL_VERSION = "unknown"

HOUSES = 6
SEED = 20261121
NUM_GAMES = 300
DEFAULT_PERFT_DEPTH = 13

REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
GAMES_PATH = os.path.join(REPO_ROOT, "crates", "rules", "tests", "data",
                          "openspiel-standard.txt")
PERFT_PATH = os.path.join(REPO_ROOT, "crates", "rules", "tests", "data",
                          "standard.perft")


# --------------------------------------------------------------------------
# OpenSpiel state access
# --------------------------------------------------------------------------
def board_of(state):
    """OpenSpiel board_ (14 ints) and internal current_player_ (valid even at
    terminal states, where state.current_player() returns a sentinel)."""
    t = state.observation_tensor(0)
    assert len(t) == 16
    board = [int(v) for v in t[:14]]
    return board, int(t[14])


def to_our_position(board, side_to_move):
    south = board[1:7]
    north = board[8:14]
    vals = [HOUSES, board[7], board[0]] + south + north
    return "<" + ",".join(str(v) for v in vals) + "> " + ("S" if side_to_move == 0 else "N")


def to_our_move(player, action):
    house = action if player == 0 else action - 7
    assert 1 <= house <= HOUSES
    return house


# --------------------------------------------------------------------------
# Independent model (written from our rules description, same index layout)
# --------------------------------------------------------------------------
def model_step(board, player, action):
    """Returns (new_board, next_player, events) for standard Kalah rules."""
    b = list(board)
    own_store = 7 if player == 0 else 0
    opp_store = 0 if player == 0 else 7
    own_pits = range(1, 7) if player == 0 else range(8, 14)
    events = set()
    seeds = b[action]
    assert seeds > 0 and action in own_pits
    if seeds >= 13:
        events.add("lap_through_origin")
    b[action] = 0
    pos = action
    for _ in range(seeds):
        pos = (pos + 1) % 14
        if pos == opp_store:
            pos = (pos + 1) % 14
            events.add("skipped_opponent_store")
        b[pos] += 1
    if pos == own_store:
        events.add("extra_turn")
        nxt = player
    else:
        nxt = 1 - player
        if pos in own_pits and b[pos] == 1:
            opp = 14 - pos
            if b[opp] > 0:
                events.add("capture")
                b[own_store] += b[opp] + 1
                b[opp] = 0
                b[pos] = 0
            else:
                events.add("own_empty_landing_opposite_empty_no_capture")
        elif pos not in own_pits and b[pos] == 1:
            events.add("opponent_empty_landing_no_capture")
    south_empty = sum(b[1:7]) == 0
    north_empty = sum(b[8:14]) == 0
    if south_empty or north_empty:
        events.add("game_over")
        if sum(b[1:7]) + sum(b[8:14]) > 0:
            events.add("game_over_with_seeds_left_on_board")
        if (south_empty and nxt == 0) or (north_empty and nxt == 1):
            events.add("game_over_side_to_move_empty")
        else:
            events.add("game_over_other_side_empty")
    return b, nxt, events


def final_scores(board):
    return board[7] + sum(board[1:7]), board[0] + sum(board[8:14])


# --------------------------------------------------------------------------
# Empirical probe: check every transition of many random games
# --------------------------------------------------------------------------
def probe_rules(game, num_games=3000, seed=12345):
    rng = random.Random(seed)
    counts = collections.Counter()
    for _ in range(num_games):
        st = game.new_initial_state()
        board, cur = board_of(st)
        assert board == [0, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4] and cur == 0
        assert st.current_player() == 0
        while not st.is_terminal():
            player = st.current_player()
            assert player == cur
            legal = st.legal_actions()
            own = range(1, 7) if player == 0 else range(8, 14)
            assert legal == [i for i in own if board[i] > 0], (legal, board)
            a = rng.choice(legal)
            exp_board, exp_next, ev = model_step(board, player, a)
            st.apply_action(a)
            board, cur = board_of(st)
            assert board == exp_board, (board, exp_board)
            assert cur == exp_next
            assert st.is_terminal() == ("game_over" in ev)
            counts.update(ev)
            counts["moves"] += 1
        assert st.legal_actions() == []
        s, n = final_scores(board)
        ret = st.returns()
        exp = [1.0, -1.0] if s > n else [-1.0, 1.0] if s < n else [0.0, 0.0]
        assert list(ret) == exp, (ret, s, n)
        counts["games"] += 1
    return counts


# --------------------------------------------------------------------------
# Fixture: random games
# --------------------------------------------------------------------------
def write_games(game, path):
    rng = random.Random(SEED)
    lines = [
        "# source: OpenSpiel %s (pip open-spiel) game \"mancala\", "
        "tools/openspiel/gen_fixture.py" % OPENSPIEL_VERSION,
        "# %d random games, python random.Random(%d), move = rng.choice(state.legal_actions())"
        % (NUM_GAMES, SEED),
        "# each game: 'game K', then 'MOVE POSITION' per sowing (POSITION = board after the",
        "# sowing + side to move next, same side after an extra turn), then 'result S N'.",
        "# OpenSpiel does not sweep: the last POSITION of a game is the unswept board",
        "# (remaining seeds still in the houses). 'result S N' = store + own remaining",
        "# houses per side (the swept final score, as compared by OpenSpiel's Returns()).",
    ]
    for k in range(1, NUM_GAMES + 1):
        lines.append("game %d" % k)
        st = game.new_initial_state()
        board, cur = board_of(st)
        while not st.is_terminal():
            player = st.current_player()
            a = rng.choice(st.legal_actions())
            exp_board, exp_next, _ = model_step(board, player, a)
            st.apply_action(a)
            board, cur = board_of(st)
            assert board == exp_board and cur == exp_next
            lines.append("%d %s" % (to_our_move(player, a), to_our_position(board, cur)))
        s, n = final_scores(board)
        assert s + n == 48
        ret = st.returns()
        assert (ret[0] > 0) == (s > n) and (ret[0] < 0) == (s < n)
        lines.append("result %d %d" % (s, n))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


# --------------------------------------------------------------------------
# Perft
# --------------------------------------------------------------------------
def perft_counts(game, depth):
    counts = [0] * (depth + 1)

    def rec(st, d):
        legal = st.legal_actions()  # [] at terminal states
        counts[d + 1] += len(legal)
        if d + 1 == depth:
            return
        for a in legal:
            c = st.clone()
            c.apply_action(a)
            rec(c, d + 1)

    rec(game.new_initial_state(), 0)
    return counts[1:]


def write_perft(game, path, depth):
    t0 = time.time()
    counts = perft_counts(game, depth)
    dt = time.time() - t0
    lines = [
        "# source: OpenSpiel %s mancala, tools/openspiel/gen_fixture.py" % OPENSPIEL_VERSION,
        "id standard-start",
        "rules standard",
        "position <6,0,0,4,4,4,4,4,4,4,4,4,4,4,4> S",
    ]
    for d, c in enumerate(counts, 1):
        lines.append("perft %d %d" % (d, c))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return counts, dt


def model_perft(depth):
    """Perft with the independent model, for cross-checking small depths."""
    counts = [0] * (depth + 1)

    def rec(b, p, d):
        if sum(b[1:7]) == 0 or sum(b[8:14]) == 0:
            return
        own = range(1, 7) if p == 0 else range(8, 14)
        for a in own:
            if b[a] == 0:
                continue
            counts[d + 1] += 1
            if d + 1 < depth:
                nb, np_, _ = model_step(b, p, a)
                rec(nb, np_, d + 1)

    rec([0, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4], 0, 0)
    return counts[1:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--perft-depth", type=int, default=DEFAULT_PERFT_DEPTH)
    ap.add_argument("--skip-perft", action="store_true")
    args = ap.parse_args()

    game = pyspiel.load_game("mancala")
    print("open-spiel", OPENSPIEL_VERSION, "params:", game.get_parameters())

    counts = probe_rules(game)
    print("probe (all transitions matched the independent model):")
    for k in sorted(counts):
        print("  %-45s %d" % (k, counts[k]))

    write_games(game, GAMES_PATH)
    print("wrote", GAMES_PATH)

    if not args.skip_perft:
        small = min(args.perft_depth, 8)
        mp = model_perft(small)
        counts, dt = write_perft(game, PERFT_PATH, args.perft_depth)
        assert counts[:small] == mp, (counts[:small], mp)
        print("perft (cross-checked with the model up to depth %d):" % small)
        for d, c in enumerate(counts, 1):
            print("  perft %d %d" % (d, c))
        print("  %.1f s" % dt)
        print("wrote", PERFT_PATH)


if __name__ == "__main__":
    sys.exit(main())
