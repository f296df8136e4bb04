"""The table options every single-table wrapper takes, checked once, as ``VectorEnv`` does."""

from __future__ import annotations

import random
from collections.abc import Sequence

from holdem.cards import Deck
from holdem.rl.table import TableGame
from holdem.rl.vector import VectorEnv


def table_game(
    players: int, stack: int | Sequence[int], small_blind: int, big_blind: int, structure: str
) -> TableGame:
    """A ``TableGame`` for these options, or a ConfigError that says what is wrong."""
    checked = VectorEnv(1, players, stack, small_blind, big_blind, structure)
    return TableGame(checked.players, checked.stacks, small_blind, big_blind, structure)


def shuffled(rng: random.Random) -> Deck:
    return Deck.shuffled(rng)


def observation_bound(game: TableGame) -> float:
    """The largest value of any column: every chip at the table in big blinds, or a
    count of raises (each adds at least one chip)."""
    return float(max(sum(game.stacks), sum(game.stacks) / game.big_blind))
