"""Gymnasium, PettingZoo and OpenSpiel: their own checkers, and a differential test against
OpenSpiel's `mancala`. A missing package fails these tests: they import it directly."""

import random

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from open_spiel.python.algorithms import mcts, minimax
from pettingzoo.test import api_test

import kalah
import kalah.gym
import kalah.openspiel
import kalah.pettingzoo


@pytest.mark.parametrize("opponent", ["master", "beginner"])
def test_gymnasium_checker(opponent):
    check_env(kalah.gym.KalahEnv(opponent=opponent, agent_side="random"), skip_render_check=True)
    env = gymnasium.make("kalah/Kalah-v0", opponent=opponent, rules="bga pie=yes", render_mode="ansi")
    check_env(env.unwrapped)


def test_gymnasium_game_against_a_policy():
    env = kalah.gym.KalahEnv(rules="empty-capture", opponent=lambda pos: pos.legal_moves()[-1], reward="wdl")
    obs, info = env.reset(seed=1)
    total = 0.0
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, done, truncated, info = env.step(action)
        total += reward
        assert obs.shape == (14,)
    assert total in (-1.0, 0.0, 1.0) and env.position.is_over()
    assert total == np.sign(env.position.outcome().margin(info["seat"]))
    _, info = env.reset(seed=2)
    _, reward, done, _, info = env.step(99)  # no such house: an illegal action loses
    assert done and reward == -1.0 and info["illegal"]


@pytest.mark.parametrize("rules", ["standard", "bga pie=yes houses=4 seeds=3"])
def test_pettingzoo_checker(rules):
    api_test(kalah.pettingzoo.env(rules=rules), num_cycles=200)


def test_pettingzoo_full_game_with_a_swap():
    env = kalah.pettingzoo.env(rules="standard pie=yes")
    env.reset(seed=0)
    rng = random.Random(0)
    swapped = False
    final = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            final[agent] = (reward, info["seat"])
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = 6 if 6 in legal else int(rng.choice(list(legal)))
        swapped |= action == 6
        env.step(action)
    assert swapped
    # After the swap player_0 sits North; each reward is that seat's final margin.
    assert final["player_0"][1] == "north" and final["player_1"][1] == "south"
    outcome = env.unwrapped.position.outcome()
    assert final["player_0"][0] == outcome.margin("north") == -final["player_1"][0]


def test_differential_against_openspiel_mancala():
    """Random (6,4) games: the same legal moves at every ply and the same final returns
    (OpenSpiel scores the unswept board as if swept)."""
    theirs = pyspiel.load_game("mancala")
    ours = pyspiel.load_game("python_kalah")
    rng = random.Random(20261127)
    for _ in range(200):
        a, b = theirs.new_initial_state(), ours.new_initial_state()
        while not a.is_terminal():
            assert not b.is_terminal()
            assert a.current_player() == b.current_player()
            # mancala's actions are board indices: South 1..6, North 8..13
            offset = 1 if a.current_player() == 0 else 8
            assert [x - offset for x in a.legal_actions()] == b.legal_actions()
            action = rng.choice(b.legal_actions())
            a.apply_action(action + offset)
            b.apply_action(action)
        assert b.is_terminal()
        assert a.returns() == b.returns()


def test_openspiel_parameters_and_margin_returns():
    game = pyspiel.load_game("python_kalah", {"rules": "bga", "seeds": 5, "pie": "yes", "returns": "margin"})
    assert game.num_distinct_actions() == 7
    assert kalah.openspiel.rules_from_params(game.get_parameters()) == kalah.Rules("bga", seeds=5, pie=True)
    state = game.new_initial_state()
    state.apply_action(0)
    assert 6 in state.legal_actions()  # swap offered
    state.apply_action(6)
    assert state.current_player() == 0  # the first player now moves as North
    assert state.position.to_move == "north"


def test_openspiel_alpha_beta_equals_the_solver():
    for rules in ({"houses": 3, "seeds": 2}, {"rules": "empty-capture", "houses": 3, "seeds": 2}):
        params = dict(rules, returns="margin")
        game = pyspiel.load_game("python_kalah", params)
        value, _ = minimax.alpha_beta_search(game, maximizing_player_id=0)
        assert value == kalah.solve(rules=kalah.openspiel.rules_from_params(params)).value


def test_openspiel_mcts_plays_a_full_game_on_kalah_6_6_empty_capture():
    game = pyspiel.load_game("python_kalah", {"rules": "empty-capture", "seeds": 6})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 25, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        state.apply_action(bot.step(state))
        moves += 1
    assert moves > 10 and sum(state.returns()) == 0 and abs(state.returns()[0]) <= 1
    assert state.position.rules == kalah.Rules("empty-capture", seeds=6)
    assert state.position.outcome() is not None


def test_openspiel_cfr_converges_to_the_solved_result():
    from open_spiel.python.algorithms import cfr, exploitability, expected_game_score

    params = {"houses": 2, "seeds": 2, "capture": "empty"}
    game = pyspiel.load_game("python_kalah", params)
    solver = cfr.CFRSolver(game)
    for _ in range(100):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    assert exploitability.exploitability(game, policy) < 0.05
    value = expected_game_score.policy_value(game.new_initial_state(), [policy, policy])[0]
    solved = kalah.solve(rules=kalah.openspiel.rules_from_params(params)).value
    assert solved != 0 and abs(value - np.sign(solved)) < 0.1
