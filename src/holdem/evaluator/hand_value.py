"""HandValue: what a hand is worth, and the words for it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from operator import itemgetter
from typing import Any

from holdem.cards import ALL_CARDS, Card
from holdem.evaluator import words
from holdem.evaluator.classes import ACE, FIVE_HIGH, Category, HandClass, class_of, five_ranks


class HandValue(tuple[int, Sequence[int]]):
    """The value of a hand of 5 to 7 cards: totally ordered, higher is better, equal is a tie.

    Only ``strength`` (1..7462) takes part in comparisons and hashing: suits never break
    a tie and the cards that do not play never count (R32-R34). A HandValue is a light
    ``(strength, cards)`` tuple so that evaluating one hand costs almost nothing; use the
    named properties rather than its items.

    >>> from holdem.cards import parse_cards
    >>> from holdem.evaluator import evaluate
    >>> v = evaluate(parse_cards("AsKs QsJsTs2d3c"))
    >>> v.describe()
    'Royal flush'
    >>> v > evaluate(parse_cards("AhAdAcAs2d"))
    True
    """

    __slots__ = ()

    strength: int = property(itemgetter(0))  # type: ignore[assignment]
    cards: Sequence[int] = property(itemgetter(1))  # type: ignore[assignment]
    """The cards that were evaluated (5, 6 or 7)."""

    @property
    def hand_class(self) -> HandClass:
        return class_of(self[0])

    @property
    def category(self) -> Category:
        return self.hand_class.category

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The five cards that play, in ranking order: the pair before its kickers, and so on."""
        cls = self.hand_class
        pool = [ALL_CARDS[c] for c in self[1]]
        if cls.category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
            suit = max(range(4), key=lambda s: sum(c.suit == s for c in pool))
            pool = [c for c in pool if c.suit == suit]
        pool.sort(reverse=True)  # within a rank the highest suit code first, for a stable choice
        chosen: list[Card] = []
        for rank in five_ranks(cls):
            card = next(c for c in pool if c.rank == rank)
            pool.remove(card)
            chosen.append(card)
        return tuple(chosen)

    def describe(self) -> str:
        """The hand in plain English: "Two pair, kings and queens, jack kicker"."""
        return describe_class(self.hand_class)

    def __eq__(self, other: object) -> bool:
        return self[0] == other[0] if isinstance(other, HandValue) else NotImplemented

    def __ne__(self, other: object) -> bool:
        return self[0] != other[0] if isinstance(other, HandValue) else NotImplemented

    def __lt__(self, other: Any) -> bool:
        return self[0] < other[0] if isinstance(other, HandValue) else NotImplemented

    def __le__(self, other: Any) -> bool:
        return self[0] <= other[0] if isinstance(other, HandValue) else NotImplemented

    def __gt__(self, other: Any) -> bool:
        return self[0] > other[0] if isinstance(other, HandValue) else NotImplemented

    def __ge__(self, other: Any) -> bool:
        return self[0] >= other[0] if isinstance(other, HandValue) else NotImplemented

    def __hash__(self) -> int:
        return hash(self[0])

    def __repr__(self) -> str:
        return f"HandValue({self[0]}, {self.describe()!r})"


@cache  # 7,462 classes at most; showdowns describe the same hands again and again
def describe_class(cls: HandClass) -> str:
    cat, r = cls
    if cat == Category.STRAIGHT_FLUSH:
        return "Royal flush" if r[0] == ACE else f"Straight flush, {words.name(r[0])} high"
    if cat == Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {words.plural(r[0])}, {words.kickers(r[1:])}"
    if cat == Category.FULL_HOUSE:
        return f"Full house, {words.plural(r[0])} full of {words.plural(r[1])}"
    if cat == Category.FLUSH:
        return f"Flush, {words.name(r[0])} high"
    if cat == Category.STRAIGHT:
        wheel = " (the wheel)" if r[0] == FIVE_HIGH else ""
        return f"Straight, {words.name(r[0])} high{wheel}"
    if cat == Category.THREE_OF_A_KIND:
        return f"Three of a kind, {words.plural(r[0])}, {words.kickers(r[1:])}"
    if cat == Category.TWO_PAIR:
        pairs = f"{words.plural(r[0])} and {words.plural(r[1])}"
        return f"Two pair, {pairs}, {words.kickers(r[2:])}"
    if cat == Category.ONE_PAIR:
        return f"Pair of {words.plural(r[0])}, {words.kickers(r[1:])}"
    return f"High card, {words.name(r[0])} high, {words.kickers(r[1:])}"
