"""A single-agent Gymnasium environment: one seat learns, built-in bots play the rest.

An episode is one hand in which the agent has a decision; hands that end before the
agent's turn (everyone folds to its big blind) are dealt past and counted in
``info["hands_without_a_decision"]``, and the chips the agent won or lost in them are
added to the reward at the end of the next episode (``info["carried"]``, in big
blinds), so the episode returns add up to every chip of every hand. The button moves
a seat every hand.

>>> env = HoldemGym(players=3, opponents="caller")
>>> obs, info = env.reset(seed=1)
>>> obs.shape, info["action_mask"].tolist()
((143,), [1, 1, 1, 1, 1, 1])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from holdem.bots import BOTS, Bot, view_for
from holdem.errors import ConfigError
from holdem.rl.layout import ACTIONS, CHECK_CALL
from holdem.rl.options import observation_bound, shuffled, table_game


class HoldemGym(gymnasium.Env[np.ndarray, np.int64]):
    """The agent sits in ``seat``; ``opponents`` is a bot name of ``holdem.bots.BOTS``
    for every other seat, or one name per other seat.

    ``step`` takes an action id (``layout.ACTION_NAMES``); an id the mask forbids is
    played as check/call and flagged in ``info["illegal"]``. ``info["action_mask"]``
    (int8) and ``action_masks()`` give the legal ids. The reward, at the end of the
    hand, is the agent's chips won in big blinds, plus those of the hands dealt past
    since the last episode ended.
    """

    metadata = {"render_modes": ["human"]}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        opponents: str | Sequence[str] = "random",
        players: int = 6,
        seat: int = 0,
        stack: int | Sequence[int] = 100,
        small_blind: int = 1,
        big_blind: int = 2,
        structure: str = "nl",
        render_mode: str | None = None,
    ) -> None:
        self.game = table_game(players, stack, small_blind, big_blind, structure)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ConfigError(f"seat is a seat number 0 to {players - 1}, not {seat!r}")
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise ConfigError(f"opponents names {len(names)} bots for {players - 1} other seats")
        unknown = [name for name in names if name not in BOTS]
        if unknown:
            raise ConfigError(f"unknown bot {unknown[0]!r}: the bots are {', '.join(BOTS)}")
        self.seat = seat
        self.opponents = names
        self.render_mode = render_mode
        size = self.game.layout.size
        self.observation_space = spaces.Box(
            np.float32(0), np.float32(observation_bound(self.game)), (size,), np.float32
        )
        self.action_space = spaces.Discrete(ACTIONS)
        self._seed(None)

    def _seed(self, seed: int | None) -> None:
        self._rng = random.Random(seed)
        others = [s for s in range(self.game.players) if s != self.seat]
        self._bots: dict[int, Bot] = {
            s: BOTS[name](random.Random(self._rng.getrandbits(64)))
            for s, name in zip(others, self.opponents, strict=True)
        }
        self._hands = 0
        self._carried = 0.0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seed(seed)
        skipped = 0
        while True:
            n = self.game.players
            self.game.new_hand(shuffled(self._rng), button=(n - 1 + self._hands) % n)
            self._hands += 1
            self._play_opponents()
            if not self.game.current.is_over:
                break
            skipped += 1
            self._carried += float(self.game.rewards()[self.seat])
        return self.game.observation(), self._info(hands_without_a_decision=skipped)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        game = self.game
        chosen = int(action)
        illegal = not (0 <= chosen < ACTIONS and game.legal_mask()[chosen])
        game.apply(CHECK_CALL if illegal else chosen)
        self._play_opponents()
        if game.current.is_over:
            carried, self._carried = self._carried, 0.0
            reward = float(game.rewards()[self.seat]) + carried
            final = game.observation(game.position_of(self.seat))
            info = self._info(illegal=illegal, over=True, carried=carried)
            return final, reward, True, False, info
        return game.observation(), 0.0, False, False, self._info(illegal=illegal)

    def action_masks(self) -> np.ndarray:
        """The legal ids as booleans (the name MaskablePPO looks for)."""
        game = self.game
        if game.current.is_over:
            return np.zeros(ACTIONS, dtype=np.bool_)
        return game.legal_mask()

    def render(self) -> None:
        print(repr(self.game.current))

    def _play_opponents(self) -> None:
        game = self.game
        hand = game.current
        while not hand.is_over and game.to_act != self.seat:
            seat = game.to_act
            assert seat is not None
            position = game.position_of(seat)
            game.act(self._bots[seat].decide(view_for(hand, position), hand.legal_actions()))

    def _info(self, over: bool = False, **extra: Any) -> dict[str, Any]:
        mask = np.zeros(ACTIONS, dtype=np.int8) if over else self.action_masks().astype(np.int8)
        return {"action_mask": mask, "hands": self._hands, **extra}
