"""Kalah as an OpenSpiel game, ``python_kalah``, with the rule options as game parameters,
so that OpenSpiel's algorithms (MCTS, alpha-beta, CFR, ...) run on every variant.

    >>> import kalah.openspiel, pyspiel
    >>> game = pyspiel.load_game("python_kalah", {"rules": "empty-capture", "seeds": 6})
    >>> state = game.new_initial_state()
    >>> state.legal_actions()
    [0, 1, 2, 3, 4, 5]

Parameters (all optional): ``rules`` (a preset, default ``standard``), then overrides as
on the command line: ``houses`` and ``seeds`` (0 keeps the preset's), ``capture``,
``end``, ``sweep`` (empty keeps the preset's), ``early_end``, ``pie``, ``both_stores``
(``"yes"``/``"no"``, empty keeps the preset's); and ``returns``: ``"wdl"`` (+1 / 0 / -1, as
OpenSpiel's own ``mancala``) or ``"margin"`` (the final margin in seeds).

Player 0 moves first, as South. Action ``a`` sows house ``a + 1`` of the mover; under the
pie rule action ``houses`` is ``swap``, after which the players have exchanged seats (player
0 then moves as North). An extra turn gives the same player the next move. Returns are
computed after the final sweep.
"""

from __future__ import annotations

import numpy as np
import pyspiel

import kalah

_DEFAULT_PARAMS = {
    "rules": "standard",
    "houses": 0,
    "seeds": 0,
    "capture": "",
    "end": "",
    "sweep": "",
    "early_end": "",
    "pie": "",
    "both_stores": "",
    "returns": "wdl",
}

_GAME_TYPE = pyspiel.GameType(
    short_name="python_kalah",
    long_name="Python Kalah (every rule variant)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULT_PARAMS,
)


def rules_from_params(params: dict) -> kalah.Rules:
    """The rules a parameter dict describes (as ``kalah.Rules`` reads them)."""
    p = dict(_DEFAULT_PARAMS)
    p.update(params or {})
    options = {}
    for name in ("houses", "seeds"):
        if int(p[name]) != 0:
            options[name] = int(p[name])
    for name in ("capture", "end", "sweep", "early_end", "pie", "both_stores"):
        if str(p[name]) != "":
            options[name] = str(p[name])
    return kalah.Rules(str(p["rules"]), **options)


class KalahGame(pyspiel.Game):
    """Kalah under any rules (see the module's documentation for the parameters)."""

    def __init__(self, params=None):
        p = dict(_DEFAULT_PARAMS)
        p.update(params or {})
        self.rules = rules_from_params(p)
        if p["returns"] not in ("wdl", "margin"):
            raise kalah.KalahError(f"unknown returns {p['returns']!r}: expected wdl or margin")
        self.margin = p["returns"] == "margin"
        total = self.rules.total_seeds
        bound = float(total) if self.margin else 1.0
        super().__init__(
            _GAME_TYPE,
            pyspiel.GameInfo(
                num_distinct_actions=self.rules.houses + (1 if self.rules.pie else 0),
                max_chance_outcomes=0,
                num_players=2,
                min_utility=-bound,
                max_utility=bound,
                utility_sum=0.0,
                # A bound for algorithms that size buffers by it; no Kalah game played
                # from a start position comes near it.
                max_game_length=max(1000, 20 * total),
            ),
            p,
        )

    def new_initial_state(self):
        return KalahState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return KalahObserver(self.rules, params)


class KalahState(pyspiel.State):
    """A Kalah position and the players' seats."""

    def __init__(self, game: KalahGame):
        super().__init__(game)
        self.position = game.rules.start()
        self.houses = game.rules.houses
        self.margin = game.margin
        # seat_of[player]: "south" or "north" (a pie-rule swap exchanges them).
        self.seat_of = ["south", "north"]

    def current_player(self):
        if self.position.is_over():
            return pyspiel.PlayerId.TERMINAL
        return self.seat_of.index(self.position.to_move)

    def _legal_actions(self, player):
        return [self.houses if m == "swap" else m - 1 for m in self.position.legal_moves()]

    def _apply_action(self, action):
        move = "swap" if action == self.houses else int(action) + 1
        self.position.play(move)
        if move == "swap":
            self.seat_of.reverse()

    def _action_to_string(self, player, action):
        return "swap" if action == self.houses else str(int(action) + 1)

    def is_terminal(self):
        return self.position.is_over()

    def returns(self):
        out = self.position.outcome()
        if out is None:
            return [0.0, 0.0]
        m = [float(out.margin(self.seat_of[p])) for p in (0, 1)]
        return m if self.margin else [float(np.sign(x)) for x in m]

    def __str__(self):
        return f"{self.position} players: {self.seat_of[0]}, {self.seat_of[1]}"


class KalahObserver:
    """The board from the observing player's seat: its houses, its store, the other's
    houses and store, then 1 when that player is to move (``float32``)."""

    def __init__(self, rules: kalah.Rules, params=None):
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.houses = rules.houses
        self.tensor = np.zeros(2 * self.houses + 3, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: KalahState, player: int):
        pos = state.position
        seat = state.seat_of[player]
        other = "north" if seat == "south" else "south"
        values = pos.houses(seat) + [pos.store(seat)] + pos.houses(other) + [pos.store(other)]
        self.tensor[: 2 * self.houses + 2] = values
        self.tensor[-1] = 1.0 if pos.to_move == seat and not pos.is_over() else 0.0

    def string_from(self, state: KalahState, player: int):
        return str(state)


pyspiel.register_game(_GAME_TYPE, KalahGame)
