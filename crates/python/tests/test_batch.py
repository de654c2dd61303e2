"""BatchEnv: N games stepped in Rust give the same games as Position, move by move."""

import numpy as np
import pytest

import kalah


def expected_obs(pos):
    me = pos.to_move
    other = "north" if me == "south" else "south"
    return pos.houses(me) + [pos.store(me)] + pos.houses(other) + [pos.store(other)]


def expected_mask(pos, num_actions):
    mask = [False] * num_actions
    for m in pos.legal_moves():
        mask[pos.rules.houses if m == "swap" else m - 1] = True
    return mask


@pytest.mark.parametrize(
    "rules, reward",
    [("standard", "margin"), ("bga pie=yes", "wdl"), ("sheet-004 houses=4 seeds=3 both-stores=yes", "margin")],
)
def test_batch_env_follows_position(rules, reward):
    n = 64
    env = kalah.BatchEnv(n, rules, seed=3, reward=reward)
    assert env.num_actions == kalah.Rules(rules).houses + (1 if kalah.Rules(rules).pie else 0)
    obs, masks = env.reset()
    games = [kalah.Position(rules=rules) for _ in range(n)]
    finished = 0
    rng = np.random.default_rng(0)
    for _ in range(300):
        for i, pos in enumerate(games):
            assert obs[i].tolist() == expected_obs(pos)
            assert masks[i].tolist() == expected_mask(pos, env.num_actions)
        # Half the steps from the env's own generator, half from NumPy over the masks.
        if rng.random() < 0.5:
            actions = env.random_actions()
        else:
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        assert all(masks[i, a] for i, a in enumerate(actions))
        movers = [p.to_move for p in games]
        obs, rewards, dones, masks = env.step(actions)
        for i, pos in enumerate(games):
            a = int(actions[i])
            s = pos.play("swap" if a == pos.rules.houses else a + 1)
            assert dones[i] == s.ended
            if s.ended:
                m = pos.outcome().margin(movers[i])
                assert rewards[i] == (m if reward == "margin" else np.sign(m))
                games[i] = kalah.Position(rules=rules)
                finished += 1
            else:
                assert rewards[i] == 0
        assert env.to_move.tolist() == [0 if p.to_move == "south" else 1 for p in games]
    assert finished > 50
    assert obs.dtype == np.float32 and masks.dtype == np.bool_ and dones.dtype == np.bool_


def test_given_starts_and_random_openings():
    starts = ["<6,10,10,1,0,0,0,0,0,2,2,2,2,2,2> S", "<6,12,12,0,0,0,0,0,4,4,4,0,0,0,0> N"]
    env = kalah.BatchEnv(32, "standard", starts=starts, seed=5)
    seen = {str(p) for p in env.positions()}
    assert seen == set(starts)
    env = kalah.BatchEnv(32, "standard", random_opening=4, seed=5)
    assert len({str(p) for p in env.positions()}) > 5
    assert all(not p.is_over() for p in env.positions())
    with pytest.raises(kalah.PositionError):
        kalah.BatchEnv(4, "standard", starts=["<6,24,24,0,0,0,0,0,0,0,0,0,0,0,0> S"])


def test_illegal_actions_raise_before_any_game_moves():
    env = kalah.BatchEnv(3, "standard", starts=["<6,10,10,1,0,0,0,0,0,2,2,2,2,2,2> S"])
    before = [str(p) for p in env.positions()]
    with pytest.raises(kalah.MoveError, match="game 1: action 3 .*house 4 is empty"):
        env.step(np.array([0, 3, 0]))
    with pytest.raises(kalah.MoveError, match="actions are 0 to 5"):
        env.step(np.array([0, 0, 9]))
    with pytest.raises(TypeError, match="2 actions for 3 games"):
        env.step(np.array([0, 0]))
    assert [str(p) for p in env.positions()] == before
    env.step(np.array([0, 0, 0], dtype=np.int32))  # other integer types work too


def test_play_random_counts_finished_games():
    env = kalah.BatchEnv(100, "standard", seed=1)
    finished = env.play_random(200)
    assert 100 <= finished <= 100 * 200 // 5


@pytest.mark.parametrize("rules", ["standard", "houses=16 seeds=2 pie=yes", "houses=9 seeds=3"])
def test_random_actions_stay_legal_after_set_position_and_play_random(rules):
    """The env keeps each game's legal actions beside it: they follow set_position and
    play_random, on boards small and large (more than 8 actions, swap offered)."""
    env = kalah.BatchEnv(16, rules, seed=7)
    env.play_random(25)
    r = kalah.Rules(rules)
    start = kalah.Position(rules=r)
    env.set_position(3, start.after(1))
    for step in range(60):
        actions = env.random_actions()
        for pos, a in zip(env.positions(), actions):
            a = int(a)
            move = "swap" if a == r.houses else a + 1
            assert move in pos.legal_moves(), (str(pos), a)
        # A strided view (int64 or int32) is read as well as a contiguous array.
        wide = np.zeros((16, 2), dtype=np.int64 if step % 2 else np.int32)
        wide[:, 0] = actions
        env.step(wide[:, 0])
    _, masks = env.observe()
    assert all(masks[i, a] for i, a in enumerate(env.random_actions()))
