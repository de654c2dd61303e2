"""A PettingZoo AEC environment: two agents play Kalah, with action masks.

    >>> import kalah.pettingzoo
    >>> env = kalah.pettingzoo.env()
    >>> env.reset(seed=0)
    >>> env.agent_selection
    'player_0'
    >>> obs, reward, termination, truncation, info = env.last()
    >>> obs["action_mask"].tolist()
    [1, 1, 1, 1, 1, 1]

``player_0`` moves first, as South; under the pie rule a ``swap`` exchanges the players'
seats (``infos[agent]["seat"]``). Each agent observes the board from its own seat (its
houses, its store, the other's houses and store; ``float32``) with an ``int8``
``action_mask``, in the style of PettingZoo's classic games. Action ``a`` sows house
``a + 1``; action ``houses`` is ``swap``. An agent moves again after its own extra turn.
Rewards come at the end: the final margin (``reward="margin"``) or ``+1 / 0 / -1``
(``reward="wdl"``). An illegal action loses at once.
"""

from __future__ import annotations

from typing import Optional, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import kalah
from kalah.gym import action_mask, observation, to_move

AGENTS = ["player_0", "player_1"]


class raw_env(AECEnv):
    metadata = {"render_modes": ["ansi", "human"], "name": "kalah_v0", "is_parallelizable": False}

    def __init__(
        self,
        rules: Union[str, kalah.Rules, None] = None,
        reward: str = "margin",
        render_mode: Optional[str] = None,
    ):
        super().__init__()
        self.rules = rules if isinstance(rules, kalah.Rules) else kalah.Rules(rules)
        if reward not in ("margin", "wdl"):
            raise kalah.KalahError(f"unknown reward {reward!r}: expected margin or wdl")
        self.reward_kind = reward
        self.render_mode = render_mode
        houses = self.rules.houses
        self.num_actions = houses + (1 if self.rules.pie else 0)
        total = float(self.rules.total_seeds)
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, total, (2 * houses + 2,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in AGENTS}
        self.position = self.rules.start()
        self.seats = {"player_0": "south", "player_1": "north"}

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _occupant(self, seat: str) -> str:
        return next(a for a, s in self.seats.items() if s == seat)

    def observe(self, agent):
        mask = action_mask(self.position, self.num_actions)
        if self.position.to_move != self.seats[agent] or agent != self.agent_selection:
            mask = np.zeros_like(mask)
        return {"observation": observation(self.position, self.seats[agent]), "action_mask": mask}

    def reset(self, seed=None, options=None):
        self.position = self.rules.start()
        self.agents = list(AGENTS)
        self.seats = {"player_0": "south", "player_1": "north"}
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {"seat": self.seats[a]} for a in AGENTS}
        self.agent_selection = "player_0"

    def _end(self, scores: dict) -> None:
        for a in AGENTS:
            self.rewards[a] = float(scores[a])
            self.terminations[a] = True

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in AGENTS}
        move = to_move(int(action), self.rules.houses)
        if not self.position.is_legal(move):
            loss = float(self.rules.total_seeds if self.reward_kind == "margin" else 1)
            other = next(a for a in AGENTS if a != agent)
            self._end({agent: -loss, other: loss})
            self.infos[agent]["illegal"] = True
        else:
            self.position.play(move)
            if move == "swap":
                self.seats = {a: ("north" if s == "south" else "south") for a, s in self.seats.items()}
            for a in AGENTS:
                self.infos[a]["seat"] = self.seats[a]
            if self.position.is_over():
                out = self.position.outcome()
                margins = {a: out.margin(self.seats[a]) for a in AGENTS}
                if self.reward_kind == "wdl":
                    margins = {a: float(np.sign(m)) for a, m in margins.items()}
                self._end(margins)
            else:
                self.agent_selection = self._occupant(self.position.to_move)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        text = f"{self.position}\n{self.position.draw()}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def env(**kwargs) -> AECEnv:
    """The AEC environment with PettingZoo's order-enforcing wrapper."""
    from pettingzoo.utils import wrappers

    e = raw_env(**kwargs)
    e = wrappers.OrderEnforcingWrapper(e)
    return e
