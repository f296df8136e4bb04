"""A PettingZoo AEC environment: one hand of hold'em per episode, agents by seat.

>>> env = HoldemAEC(players=3, seed=1)
>>> env.reset(seed=1)
>>> env.agent_selection
'player_2'
>>> sorted(env.observe("player_2"))
['action_mask', 'observation']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from holdem.errors import IllegalActionError
from holdem.rl.layout import ACTION_NAMES, ACTIONS
from holdem.rl.options import observation_bound, shuffled, table_game


class HoldemAEC(AECEnv):  # type: ignore[misc]
    """``players`` agents ``player_0``.. by seat; the button moves a seat each episode.

    Observations are dicts of ``observation`` (``layout.Layout``, from that seat's point
    of view) and ``action_mask`` (int8, the acting agent's legal ids; zeros for others).
    Rewards come at the end of the hand, in big blinds. An action the mask forbids
    raises ``IllegalActionError``.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human"],
        "name": "holdem_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 6,
        stack: int | Sequence[int] = 100,
        small_blind: int = 1,
        big_blind: int = 2,
        structure: str = "nl",
        seed: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = table_game(players, stack, small_blind, big_blind, structure)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = list(self.possible_agents)
        bound = observation_bound(self.game)
        size = self.game.layout.size
        self._space = spaces.Dict(
            {
                "observation": spaces.Box(np.float32(0), np.float32(bound), (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (ACTIONS,), np.int8),
            }
        )
        self.observation_spaces = {a: self._space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in self.possible_agents}
        self._rng = random.Random(seed)
        self._hands = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
            self._hands = 0
        n = self.game.players
        self.game.new_hand(shuffled(self._rng), button=(n - 1 + self._hands) % n)
        self._hands += 1
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        game = self.game
        mask = np.zeros(ACTIONS, dtype=np.int8)
        if game.to_act == seat:
            mask[:] = game.legal_mask()
        return {"observation": game.observation(game.position_of(seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        if action is None or not 0 <= int(action) < ACTIONS or not game.legal_mask()[int(action)]:
            allowed = ", ".join(ACTION_NAMES[i] for i in np.flatnonzero(game.legal_mask()))
            raise IllegalActionError(f"{agent} may not play {action!r} now: it may {allowed}")
        self._cumulative_rewards[agent] = 0.0
        game.apply(int(action))
        if game.current.is_over:
            won = game.rewards()
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = float(won[seat])
                self.terminations[name] = True
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> None:
        print(repr(self.game.current))

    def close(self) -> None:
        pass

    def _select(self) -> None:
        seat = self.game.to_act
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.possible_agents[0]
