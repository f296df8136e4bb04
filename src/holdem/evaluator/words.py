"""Words for ranks and hands, shared by describe() and compare()."""

from __future__ import annotations

from collections.abc import Iterable

from holdem.cards import RANKS
from holdem.evaluator.classes import Category

RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip
RANK_PLURALS = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)  # fmt: skip
ORDINALS = ("first", "second", "third", "fourth", "fifth")

# How a category reads in "a flush beats two pair".
CATEGORY_PHRASES = {
    Category.HIGH_CARD: "high card",
    Category.ONE_PAIR: "a pair",
    Category.TWO_PAIR: "two pair",
    Category.THREE_OF_A_KIND: "three of a kind",
    Category.STRAIGHT: "a straight",
    Category.FLUSH: "a flush",
    Category.FULL_HOUSE: "a full house",
    Category.FOUR_OF_A_KIND: "four of a kind",
    Category.STRAIGHT_FLUSH: "a straight flush",
}


def name(rank: int) -> str:
    return RANK_NAMES[rank]


def plural(rank: int) -> str:
    return RANK_PLURALS[rank]


def listing(words: Iterable[str]) -> str:
    """ "king", "king and nine", "king, nine and seven"."""
    items = list(words)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def kickers(ranks: Iterable[int]) -> str:
    """ "jack kicker", "king, nine and seven kickers"."""
    names = [name(r) for r in ranks]
    return listing(names) + (" kicker" if len(names) == 1 else " kickers")


def dashed(ranks: Iterable[int]) -> str:
    """The ranks as players write a hand: "A-A-K-9-7"."""
    return "-".join(RANKS[r] for r in ranks)
