"""The 7,462 distinct values of a five-card poker hand, in order (R32-R34, R50).

A hand's *strength* is its place in this order, 1 (7-5-4-3-2 offsuit) to 7,462 (a royal
flush): higher is better, equal is a tie. Each value is a category and the ranks that
decide ties inside it, most important first:

- high card and flush: the five ranks;
- one pair: the pair, then three kickers; two pair: top pair, bottom pair, kicker;
- three of a kind: the trips, two kickers; four of a kind: the quads, one kicker;
- full house: the trips, then the pair; straight and straight flush: the top card
  (a five for the wheel, A-2-3-4-5).
"""

from __future__ import annotations

from bisect import bisect_right
from enum import IntEnum
from itertools import combinations
from typing import NamedTuple


class Category(IntEnum):
    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The category's name as R32 writes it: "straight flush", "two pair"."""
        return self.name.lower().replace("_", " ")


FIVE_HIGH = 3  # the top card of the wheel A-2-3-4-5 is the five (rank 3)
ACE = 12


class HandClass(NamedTuple):
    """One of the 7,462 values: the category and its deciding ranks."""

    category: Category
    ranks: tuple[int, ...]


def straight_top(rank_mask: int) -> int | None:
    """The top rank of the best straight in a 13-bit mask of ranks, or None (no wrap-around)."""
    for top in range(ACE, FIVE_HIGH, -1):
        run = 0b11111 << (top - 4)
        if rank_mask & run == run:
            return top
    wheel = (1 << ACE) | 0b1111
    return FIVE_HIGH if rank_mask & wheel == wheel else None


def straight_ranks(top: int) -> tuple[int, ...]:
    """The five ranks of the straight with this top card, highest first (the wheel: A last)."""
    if top == FIVE_HIGH:
        return (3, 2, 1, 0, ACE)
    return tuple(range(top, top - 5, -1))


def _descending(ranks: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(ranks, reverse=True))


def _all_classes() -> list[HandClass]:
    ranks = range(13)
    unpaired = [
        _descending(five)
        for five in combinations(ranks, 5)
        if straight_top(sum(1 << r for r in five)) is None
    ]
    tops = list(range(FIVE_HIGH, ACE + 1))
    found: list[HandClass] = []
    found += [HandClass(Category.HIGH_CARD, r) for r in unpaired]
    found += [
        HandClass(Category.ONE_PAIR, (p, *_descending(k)))
        for p in ranks
        for k in combinations([r for r in ranks if r != p], 3)
    ]
    found += [
        HandClass(Category.TWO_PAIR, (*_descending(pair), k))
        for pair in combinations(ranks, 2)
        for k in ranks
        if k not in pair
    ]
    found += [
        HandClass(Category.THREE_OF_A_KIND, (t, *_descending(k)))
        for t in ranks
        for k in combinations([r for r in ranks if r != t], 2)
    ]
    found += [HandClass(Category.STRAIGHT, (top,)) for top in tops]
    found += [HandClass(Category.FLUSH, r) for r in unpaired]
    found += [HandClass(Category.FULL_HOUSE, (t, p)) for t in ranks for p in ranks if p != t]
    found += [HandClass(Category.FOUR_OF_A_KIND, (q, k)) for q in ranks for k in ranks if k != q]
    found += [HandClass(Category.STRAIGHT_FLUSH, (top,)) for top in tops]
    found.sort()
    return found


CLASSES: tuple[HandClass, ...] = tuple(_all_classes())
"""CLASSES[strength - 1] is the hand class of that strength."""

STRENGTH: dict[HandClass, int] = {cls: i + 1 for i, cls in enumerate(CLASSES)}

# The lowest strength of each category, to find a strength's category by bisection.
_CATEGORY_STARTS = [
    next(i + 1 for i, cls in enumerate(CLASSES) if cls.category == cat) for cat in Category
]


def category_of(strength: int) -> Category:
    return Category(bisect_right(_CATEGORY_STARTS, strength) - 1)


def class_of(strength: int) -> HandClass:
    if not 1 <= strength <= len(CLASSES):
        raise ValueError(f"strength {strength} is out of range: strengths are 1..{len(CLASSES)}")
    return CLASSES[strength - 1]


def five_ranks(cls: HandClass) -> tuple[int, ...]:
    """The ranks of the five cards that play, in ranking order: pair of aces → A A K 9 7."""
    cat, r = cls
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return straight_ranks(r[0])
    if cat == Category.ONE_PAIR:
        return (r[0], r[0], *r[1:])
    if cat == Category.TWO_PAIR:
        return (r[0], r[0], r[1], r[1], r[2])
    if cat == Category.THREE_OF_A_KIND:
        return (r[0],) * 3 + r[1:]
    if cat == Category.FULL_HOUSE:
        return (r[0],) * 3 + (r[1],) * 2
    if cat == Category.FOUR_OF_A_KIND:
        return (r[0],) * 4 + (r[1],)
    return r


def best_class(counts: list[int], *, flush_mask: int | None = None) -> HandClass:
    """The best five-card class among cards with these rank counts (13 numbers).

    ``flush_mask`` is the 13-bit mask of ranks in a suit holding five or more cards; when
    given, the answer is that flush or straight flush (no flush can hold quads or a full
    house in seven cards, so nothing else can beat it).
    """
    if flush_mask is not None:
        top = straight_top(flush_mask)
        if top is not None:
            return HandClass(Category.STRAIGHT_FLUSH, (top,))
        return HandClass(
            Category.FLUSH, tuple(r for r in range(ACE, -1, -1) if flush_mask >> r & 1)[:5]
        )
    by_count: list[list[int]] = [[], [], [], [], []]
    for rank in range(ACE, -1, -1):
        by_count[counts[rank]].append(rank)
    present = [r for r in range(ACE, -1, -1) if counts[r]]

    def kickers(exclude: tuple[int, ...], n: int) -> tuple[int, ...]:
        return tuple(r for r in present if r not in exclude)[:n]

    quads, trips, pairs = by_count[4], by_count[3], by_count[2]
    if quads:
        return HandClass(Category.FOUR_OF_A_KIND, (quads[0], *kickers((quads[0],), 1)))
    if trips and (len(trips) > 1 or pairs):
        return HandClass(Category.FULL_HOUSE, (trips[0], max(trips[1:] + pairs)))
    top = straight_top(sum(1 << r for r in present))
    if top is not None:
        return HandClass(Category.STRAIGHT, (top,))
    if trips:
        return HandClass(Category.THREE_OF_A_KIND, (trips[0], *kickers((trips[0],), 2)))
    if len(pairs) > 1:
        return HandClass(Category.TWO_PAIR, (pairs[0], pairs[1], *kickers(tuple(pairs[:2]), 1)))
    if pairs:
        return HandClass(Category.ONE_PAIR, (pairs[0], *kickers((pairs[0],), 3)))
    return HandClass(Category.HIGH_CARD, tuple(present[:5]))
