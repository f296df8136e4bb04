# mypy: disable-error-code="no-untyped-def"
# (numba kernels: their argument types are numba's to infer, not annotations)
"""How often each category of hand comes, counted by the evaluator over every hand (R50).

All 133,784,560 seven-card hands are walked in nested loops that add one card's key
per level, each valued as the equity kernels value a board; the 2,598,960 five-card
hands go through ``evaluate_batch``. A royal flush is the top straight flush.

>>> table = five_card_categories()
>>> table.total, table.counts[Category.FULL_HOUSE], table.royal_flushes
(2598960, 3744, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from holdem.evaluator.classes import CLASSES, Category
from holdem.evaluator.tables import FLUSH_FLAGS, HAND_START
from holdem.odds.kernels import evaluator_arrays, kernel, rank_strength, strength

ROYAL = len(CLASSES)  # the strength of a royal flush: the best hand there is


@dataclass(frozen=True)
class CategoryCounts:
    cards: int
    """5 or 7: the size of the hands counted."""
    counts: dict[Category, int]
    royal_flushes: int

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def probability(self, category: Category) -> float:
        return self.counts[category] / self.total


def _category_of_strength() -> np.ndarray:
    return np.array([0] + [cls.category for cls in CLASSES], dtype=np.int64)


@kernel
def _count_seven(keys, categories, flush, row_offsets, hashed, counts):
    """Add the category of every seven-card hand to ``counts``; return the royal flushes."""
    royals = 0
    for a in range(46):
        ka, ba = HAND_START + keys[a], np.int64(1) << a
        for b in range(a + 1, 47):
            kb, bb = ka + keys[b], ba | np.int64(1) << b
            for c in range(b + 1, 48):
                kc, bc = kb + keys[c], bb | np.int64(1) << c
                for d in range(c + 1, 49):
                    kd, bd = kc + keys[d], bc | np.int64(1) << d
                    for e in range(d + 1, 50):
                        ke, be = kd + keys[e], bd | np.int64(1) << e
                        for f in range(e + 1, 51):
                            kf, bf = ke + keys[f], be | np.int64(1) << f
                            for g in range(f + 1, 52):
                                key = kf + keys[g]
                                if key & FLUSH_FLAGS:
                                    cards = bf | np.int64(1) << g
                                    s = strength(key, cards, flush, row_offsets, hashed)
                                    royals += s == ROYAL
                                else:
                                    s = rank_strength(key, row_offsets, hashed)
                                counts[categories[s]] += 1
    return royals


def tally_seven_card_hands() -> tuple[np.ndarray, int]:
    """Walk every seven-card hand now: (count of each category by its number, royal
    flushes). ``seven_card_categories`` keeps the answer; benchmarks time this."""
    keys, flush, row_offsets, hashed = evaluator_arrays()
    counts = np.zeros(len(Category), np.int64)
    royals = _count_seven(keys, _category_of_strength(), flush, row_offsets, hashed, counts)
    return counts, int(royals)


@cache
def seven_card_categories() -> CategoryCounts:
    """Every seven-card hand by category (about a second; the answer is kept)."""
    counts, royals = tally_seven_card_hands()
    return CategoryCounts(7, _by_category(counts), royals)


@cache
def five_card_categories() -> CategoryCounts:
    """Every five-card hand by category."""
    from holdem.evaluator import evaluate_batch
    from holdem.evaluator.combos import colex_combinations

    strengths = evaluate_batch(colex_combinations(52, 5))
    counts = np.bincount(_category_of_strength()[strengths], minlength=len(Category))
    return CategoryCounts(5, _by_category(counts), int((strengths == ROYAL).sum()))


def _by_category(counts: np.ndarray) -> dict[Category, int]:
    return {cat: int(counts[cat]) for cat in sorted(Category, reverse=True)}
