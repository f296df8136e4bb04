"""Exact all-in equity of every pair of the 169 starting-hand classes, card removal included.

For classes ``i`` and ``j`` the table counts, over every pair of combinations that share
no card and every board of five from the 48 cards left, how often ``i`` wins. Done pair
by pair that is some 10^12 evaluations; done board by board it is far less:

- suits are interchangeable, so each of the 2,598,960 boards is one of 134,459 shapes,
  and a shape stands for its whole orbit (a suit swap maps combinations to combinations
  of the same class and keeps who wins);
- on one board the 1,081 combinations left are sorted by strength once; walking up the
  order, a running count per class of the combinations already passed (less those that
  hold either of this combination's cards) is what this combination beats.

The counts are exact integers; the table is built once (a minute or so on one core) and
kept beside the evaluator's tables in the user cache directory ($HOLDEM_CACHE_DIR).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from math import comb
from pathlib import Path

import numpy as np

from holdem.evaluator import tables
from holdem.odds.starting import STARTING_HANDS

__all__ = ["BOARDS_PER_PAIR", "CLASSES", "LABELS", "Matchups", "cache_path", "matchups"]

TABLE_VERSION = 1
CLASSES = len(STARTING_HANDS)
LABELS: tuple[str, ...] = tuple(hand.label for hand in STARTING_HANDS)
BOARDS_PER_PAIR = comb(48, 5)  # boards that miss both combinations of a disjoint pair


@dataclass(frozen=True)
class Matchups:
    """Counts over (combination pair, board) for every ordered pair of classes."""

    wins: np.ndarray  # int64[169, 169]: times class i beats class j
    pairs: np.ndarray  # int64[169, 169]: combination pairs of i and j sharing no card

    @property
    def ties(self) -> np.ndarray:
        ties: np.ndarray = self.pairs * BOARDS_PER_PAIR - self.wins - self.wins.T
        return ties

    def win(self) -> np.ndarray:
        """P(i wins) for each ordered class pair (0 where the classes cannot meet)."""
        return _ratio(self.wins, self.pairs * BOARDS_PER_PAIR)

    def tie(self) -> np.ndarray:
        return _ratio(self.ties, self.pairs * BOARDS_PER_PAIR)

    def equity(self) -> np.ndarray:
        """P(i wins) plus half P(tie): i's share of the pot."""
        return self.win() + self.tie() / 2

    def equity_of(self, first: str, second: str) -> float:
        i, j = LABELS.index(first), LABELS.index(second)
        return float(self.equity()[i, j])


def _ratio(top: np.ndarray, bottom: np.ndarray) -> np.ndarray:
    out = np.zeros(top.shape)
    np.divide(top, bottom, out=out, where=bottom > 0)
    return out


def cache_path() -> Path:
    return tables.cache_path().parent / f"preflop-matchups-v{TABLE_VERSION}.npz"


_loaded: list[Matchups] = []  # the table once read, for the rest of the process


def matchups(progress: Callable[[int, int], None] | None = None) -> Matchups:
    """The table from the cache, computing and saving it first when it is not there
    (``progress(done, total)`` is called as board shapes are counted)."""
    if _loaded:
        return _loaded[0]
    _loaded.append(_read_or_compute(progress))
    return _loaded[0]


def _read_or_compute(progress: Callable[[int, int], None] | None) -> Matchups:
    path = cache_path()
    try:
        with np.load(path) as stored:
            found = Matchups(wins=stored["wins"], pairs=stored["pairs"])
        if found.wins.shape == (CLASSES, CLASSES):
            return found
    except (OSError, KeyError, ValueError):
        pass
    from holdem.solver.preflop_build import compute  # numba, only to build

    table = compute(progress)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(partial, wins=table.wins, pairs=table.pairs)
        partial.replace(path)
    except OSError:
        pass
    return table
