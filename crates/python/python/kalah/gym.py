"""A Gymnasium environment: one agent plays Kalah against a playing level or a policy.

    >>> import kalah.gym, numpy as np
    >>> env = kalah.gym.KalahEnv(opponent="club")
    >>> obs, info = env.reset(seed=0)
    >>> obs.shape, info["action_mask"].tolist()
    ((14,), [1, 1, 1, 1, 1, 1])

Importing this module registers the id ``kalah/Kalah-v0``, so
``gymnasium.make("kalah/Kalah-v0", opponent="master")`` works too.

* Observation (``float32``, ``2 * houses + 2``): the agent's houses 1..n, its store, the
  opponent's houses 1..n, the opponent's store.
* Action ``a`` sows house ``a + 1``; under the pie rule action ``houses`` is ``swap``.
  ``info["action_mask"]`` (``int8``) marks the legal actions. An illegal action loses the
  game at once (reward ``-total_seeds`` or ``-1``, ``info["illegal"]`` True).
* The opponent answers inside ``step`` (all its sowings, extra turns included); the agent
  moves again at once after its own extra turn.
* Reward at the end only: the final margin for the agent (``reward="margin"``) or
  ``+1 / 0 / -1`` (``reward="wdl"``).
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Union

import gymnasium
import numpy as np
from gymnasium import spaces

import kalah

Policy = Callable[[kalah.Position], Union[int, str]]


def observation(pos: kalah.Position, seat: str) -> np.ndarray:
    """The board from ``seat``'s side: its houses, its store, the other's houses and store."""
    other = "north" if seat == "south" else "south"
    return np.array(
        pos.houses(seat) + [pos.store(seat)] + pos.houses(other) + [pos.store(other)],
        dtype=np.float32,
    )


def action_mask(pos: kalah.Position, num_actions: int) -> np.ndarray:
    """``int8`` mask of the legal actions (house ``a + 1``; ``houses`` for ``swap``)."""
    mask = np.zeros(num_actions, dtype=np.int8)
    houses = pos.rules.houses
    for m in pos.legal_moves():
        mask[houses if m == "swap" else m - 1] = 1
    return mask


def to_move(action: int, houses: int) -> Union[int, str]:
    """The move of an action index."""
    return "swap" if action == houses else int(action) + 1


class KalahEnv(gymnasium.Env):
    """Kalah against ``opponent``: a level name (``kalah.LEVELS``) or a policy, a function
    from a ``kalah.Position`` to a move. ``agent_side`` is ``"south"`` (moves first),
    ``"north"`` or ``"random"`` (drawn at each reset). ``random_opening`` random moves are
    played from the start before the agent's first turn."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        rules: Union[str, kalah.Rules, None] = None,
        opponent: Union[str, Policy] = "master",
        agent_side: str = "south",
        reward: str = "margin",
        random_opening: int = 0,
        render_mode: Optional[str] = None,
    ):
        self.rules = rules if isinstance(rules, kalah.Rules) else kalah.Rules(rules)
        if agent_side not in ("south", "north", "random"):
            raise kalah.KalahError(f"unknown agent_side {agent_side!r}: expected south, north or random")
        if reward not in ("margin", "wdl"):
            raise kalah.KalahError(f"unknown reward {reward!r}: expected margin or wdl")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise kalah.KalahError(f"unknown render_mode {render_mode!r}: expected ansi or human")
        self.opponent = opponent
        self.agent_side = agent_side
        self.reward_kind = reward
        self.random_opening = random_opening
        self.render_mode = render_mode
        self._player = kalah.Player(opponent) if isinstance(opponent, str) else None
        houses = self.rules.houses
        self.num_actions = houses + (1 if self.rules.pie else 0)
        total = self.rules.total_seeds
        self.observation_space = spaces.Box(0.0, float(total), (2 * houses + 2,), np.float32)
        self.action_space = spaces.Discrete(self.num_actions)
        self.position = self.rules.start()
        self._seat = "south"

    # -- helpers -------------------------------------------------------------------------

    def _opponent_move(self) -> Union[int, str]:
        if self._player is not None:
            seed = int(self.np_random.integers(0, 2**63 - 1))
            return self._player.choose(self.position, seed)
        return self.opponent(self.position.copy())

    def _play(self, move: Union[int, str]) -> None:
        self.position.play(move)
        if move == "swap":
            self._seat = "north" if self._seat == "south" else "south"

    def _opponent_turns(self) -> None:
        while not self.position.is_over() and self.position.to_move != self._seat:
            self._play(self._opponent_move())

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": action_mask(self.position, self.num_actions),
            "position": str(self.position),
            "seat": self._seat,
        }

    def _final_reward(self) -> float:
        margin = self.position.outcome().margin(self._seat)
        return float(margin if self.reward_kind == "margin" else np.sign(margin))

    # -- Gymnasium API -------------------------------------------------------------------

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        side = self.agent_side
        if side == "random":
            side = "south" if self.np_random.integers(0, 2) == 0 else "north"
        self._seat = side
        for _ in range(100):
            self.position = self.rules.start()
            for _ in range(self.random_opening):
                moves = self.position.legal_moves()
                if not moves:
                    break
                self._play(moves[int(self.np_random.integers(0, len(moves)))])
            self._opponent_turns()
            if not self.position.is_over():
                break
        return observation(self.position, self._seat), self._info()

    def step(self, action):
        houses = self.rules.houses
        move = to_move(int(action), houses)
        if not self.position.is_legal(move):
            info = self._info()
            info["illegal"] = True
            loss = -float(self.position.total_seeds if self.reward_kind == "margin" else 1)
            return observation(self.position, self._seat), loss, True, False, info
        self._play(move)
        self._opponent_turns()
        over = self.position.is_over()
        reward = self._final_reward() if over else 0.0
        if self.render_mode == "human":
            print(self.render_text())
        return observation(self.position, self._seat), reward, over, False, self._info()

    def render_text(self) -> str:
        return f"{self.position}\n{self.position.draw()}"

    def render(self):
        if self.render_mode == "ansi":
            return self.render_text()
        if self.render_mode == "human":
            print(self.render_text())
        return None


gymnasium.register(id="kalah/Kalah-v0", entry_point="kalah.gym:KalahEnv")
