"""Preflop equity of each of the 169 starting hands against named ranges, computed once.

Preflop the only cards a bot knows are its own, so its equity depends only on its
starting-hand class and the opponents' ranges: a table keyed by both, filled the first
time each entry is asked for. Each entry is sampled with a generator seeded by its key,
so the table is the same whatever order it is filled in.
"""

from __future__ import annotations

import zlib
from functools import cache

import numpy as np

from holdem.bots.opponents import RANGES
from holdem.bots.sampling import equity, weighted
from holdem.odds import starting_hand

TRIALS = 2000  # a 95% interval of about +/- 2%


def preflop_equity(label: str, ranges: tuple[str, ...]) -> float:
    """The equity of the class ``label`` ("AKs") against opponents with these ranges
    (keys of ``opponents.RANGES``), in any order."""
    return _equity(label, tuple(sorted(ranges)))


@cache
def _equity(label: str, ranges: tuple[str, ...]) -> float:
    hole = starting_hand(label).combos[0]
    gen = np.random.default_rng(zlib.crc32(f"{label}:{','.join(ranges)}".encode()))
    opponents = [weighted(RANGES[r]).without(hole) for r in ranges]
    return equity(hole, (), opponents, TRIALS, gen)


def range_share(name: str) -> float:
    """The share of all 1,326 combinations the range ``name`` holds, by weight."""
    return weighted(RANGES[name]).total / 1326
