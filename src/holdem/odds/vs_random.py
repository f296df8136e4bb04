"""Each of the 169 starting hands' equity against one random hand, computed once and kept.

An exact table would take hundreds of billions of boards, so each class is sampled
(Monte Carlo, a fixed seed per class so the table is the same everywhere) until its
95% interval is within ``precision``. The table is saved beside the evaluator's tables
in the user cache directory ($HOLDEM_CACHE_DIR overrides it); one that cannot be read
is computed again, one that cannot be written costs only the computing next time.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import NamedTuple

from holdem.evaluator import tables
from holdem.odds.equities import Progress, equity
from holdem.odds.ranges import Range
from holdem.odds.starting import STARTING_HANDS

TABLE_VERSION = 1
DEFAULT_PRECISION = 0.001


class ClassEquity(NamedTuple):
    equity: float
    interval: float
    """Half-width of its 95% confidence interval."""


def cache_path(precision: float) -> Path:
    return tables.cache_path().parent / f"odds-vs-random-v{TABLE_VERSION}-{precision:g}.json"


def equity_vs_random(
    precision: float = DEFAULT_PRECISION, *, progress: Progress | None = None
) -> dict[str, ClassEquity]:
    """Label ("AA", "AKs", ...) to equity against a random hand, in chart order.

    >>> table = equity_vs_random(precision=0.02)
    >>> table["AA"].equity > 0.8 > table["72o"].equity
    True
    """
    path = cache_path(precision)
    try:
        stored = json.loads(path.read_text())
        table = {label: ClassEquity(*stored[label]) for label in _labels()}
    except (OSError, ValueError, KeyError, TypeError):
        table = compute(precision, progress=progress)
        _save(path, table)
    return table


def compute(precision: float, *, progress: Progress | None = None) -> dict[str, ClassEquity]:
    """Sample every class against a random hand until its interval is within ``precision``."""
    table = {}
    for i, hand in enumerate(STARTING_HANDS):
        result = equity(
            [Range.of_hand(hand.combos[0]), "random"],
            precision=precision,
            rng=random.Random(f"vs-random-{hand.label}"),
        )
        table[hand.label] = ClassEquity(result.equities[0], result.intervals[0])
        if progress is not None:
            progress(i + 1, len(STARTING_HANDS))
    return table


def _labels() -> list[str]:
    return [hand.label for hand in STARTING_HANDS]


def _save(path: Path, table: dict[str, ClassEquity]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(json.dumps({k: list(v) for k, v in table.items()}, indent=0))
        partial.replace(path)
    except OSError:
        pass
