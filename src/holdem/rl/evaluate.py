"""bb/100 of a batched policy against the built-in bots, over mirrored (duplicate) deals.

Every seat of the table is played by the policy in turn, each in its own ``VectorEnv``
seeded alike: table ``t`` deals the same cards in the same order in each, so every deal
is played from every seat and the luck of the cards cancels out of the sum. One sample
is a table: the mean over the seats of what the policy won per hand there; the
interval is 1.96 standard errors over the tables.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from holdem.errors import ConfigError
from holdem.rl.vector import VectorEnv

Policy = Callable[[dict[str, np.ndarray]], Any]


@dataclass(frozen=True)
class Evaluation:
    """The policy's winnings in big blinds per 100 hands, and a 95% interval."""

    bb_per_100: float
    interval: float  # half-width: bb_per_100 +/- interval
    hands: int
    tables: int

    def __str__(self) -> str:
        return f"{self.bb_per_100:+.1f} +/- {self.interval:.1f} bb/100 over {self.hands:,} hands"


def evaluate(
    policy: Policy,
    opponent: str | Policy = "tag",
    hands: int = 100_000,
    players: int = 2,
    tables: int = 256,
    seed: int = 0,
    **table: Any,
) -> Evaluation:
    """Play ``policy`` from every seat against ``opponent`` in the others (``VectorEnv``
    options in ``table``: stack, blinds, structure) until each seat has played
    ``hands`` hands in all."""
    if tables < 2:
        raise ConfigError("an interval needs at least two tables")
    if hands < tables:
        raise ConfigError(f"play at least one hand a table: hands {hands} < tables {tables}")
    per_table = math.ceil(hands / tables)
    won = np.zeros((players, tables))
    played = np.zeros((players, tables), dtype=np.int64)
    for seat in range(players):
        others = {s: opponent for s in range(players) if s != seat}
        env = VectorEnv(tables, players=players, seed=seed, opponents=others, **table)
        obs = env.reset()
        while True:
            obs, rewards, _, info = env.step(np.asarray(policy(obs), dtype=np.int64))
            won[seat] += rewards[:, seat]
            if int(info["hands"].min()) >= per_table:
                played[seat] = info["hands"]
                break
    per_hand = (won / played).mean(axis=0)  # each table: the mean over seats
    mean = float(per_hand.mean())
    error = float(per_hand.std(ddof=1) / math.sqrt(tables))
    return Evaluation(100 * mean, 100 * 1.96 * error, int(played.sum()), tables)
