"""The 169 starting hands: their classes, combinations, frequencies (R47) and groups (R48).

1,326 two-card combinations fall into 169 classes once suits stop mattering: 13 pairs
(6 combinations each), 78 suited hands (4 each) and 78 offsuit hands (12 each).

>>> hand = starting_hand("AKs")
>>> hand.kind, len(hand.combos), group_of(hand).label
('suited', 4, 'premium')
>>> str(frequencies().pair)
'1/17'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cache

from holdem.cards import ALL_CARDS, RANKS, Card

ACE = 12


@dataclass(frozen=True)
class StartingHand:
    """One of the 169 classes: "AA", "AKs", "AKo". ``high`` >= ``low`` are ranks 0..12."""

    high: int
    low: int
    suited: bool

    @property
    def kind(self) -> str:
        """ "pair", "suited" or "offsuit"."""
        if self.high == self.low:
            return "pair"
        return "suited" if self.suited else "offsuit"

    @property
    def label(self) -> str:
        ranks = RANKS[self.high] + RANKS[self.low]
        return ranks if self.high == self.low else ranks + ("s" if self.suited else "o")

    @property
    def combos(self) -> tuple[tuple[Card, Card], ...]:
        """Its combinations, each as (higher card, lower card): 6, 4 or 12 of them."""
        return _combos(self)

    @property
    def grid(self) -> tuple[int, int]:
        """(row, column) in the usual 13x13 chart: aces first, suited above the diagonal."""
        row, col = ACE - self.high, ACE - self.low
        return (row, col) if self.suited or self.high == self.low else (col, row)

    def __str__(self) -> str:
        return self.label


@cache
def _combos(hand: StartingHand) -> tuple[tuple[Card, Card], ...]:
    found = []
    for s1 in range(3, -1, -1):
        for s2 in range(3, -1, -1):
            a, b = ALL_CARDS[hand.high * 4 + s1], ALL_CARDS[hand.low * 4 + s2]
            if a > b and (s1 == s2) == hand.suited:
                found.append((a, b))
    return tuple(found)


def _all_hands() -> tuple[StartingHand, ...]:
    hands = []
    for row in range(13):
        for col in range(13):
            high, low = ACE - min(row, col), ACE - max(row, col)
            hands.append(StartingHand(high, low, suited=col > row))
    return tuple(hands)


STARTING_HANDS: tuple[StartingHand, ...] = _all_hands()
"""The 169 classes in chart order: row by row from AA, suited above the diagonal."""

_BY_LABEL = {hand.label: hand for hand in STARTING_HANDS}


def starting_hand(label: str) -> StartingHand:
    """The class named "AA", "AKs" or "AKo" (ranks in either order; "T" or "10")."""
    from holdem.odds.errors import RangeParseError

    text = label.strip().replace("10", "T")
    suited = len(text) == 3 and text[2] in "so"
    ranks = text[:2].upper() + text[2] if suited else text.upper()
    if len(ranks) >= 2 and all(ch in RANKS for ch in ranks[:2]):
        hi, lo = sorted((RANKS.index(ranks[0]), RANKS.index(ranks[1])), reverse=True)
        name = RANKS[hi] + RANKS[lo] + ranks[2:]
        if name in _BY_LABEL:
            return _BY_LABEL[name]
    raise RangeParseError(
        label, "a starting hand is a pair (QQ) or two ranks and s or o (AKs, AKo)"
    )


def class_of(first: int, second: int) -> StartingHand:
    """The class of two distinct cards: ``class_of(Card.parse("As"), Card.parse("Kh"))`` is AKo."""
    hi, lo = max(first >> 2, second >> 2), min(first >> 2, second >> 2)
    return StartingHand(hi, lo, suited=hi != lo and first & 3 == second & 3)


# --- R47: how often each kind comes, derived by counting the 1,326 combinations.


@dataclass(frozen=True)
class Frequencies:
    """Exact chances of being dealt each kind of starting hand (R47)."""

    combinations: int  # 1,326
    classes: int  # 169
    pair: Fraction  # any pocket pair: 1/17
    aces: Fraction  # one given pair, e.g. aces: 1/221
    suited: Fraction  # two suited cards: 4/17, about once in four
    offsuit: Fraction  # unpaired, different suits: 12/17


def frequencies() -> Frequencies:
    by_kind = {"pair": 0, "suited": 0, "offsuit": 0}
    aces = 0
    for hand in STARTING_HANDS:
        by_kind[hand.kind] += len(hand.combos)
        aces += len(hand.combos) if hand.label == "AA" else 0
    total = sum(by_kind.values())
    return Frequencies(
        combinations=total,
        classes=len(STARTING_HANDS),
        pair=Fraction(by_kind["pair"], total),
        aces=Fraction(aces, total),
        suited=Fraction(by_kind["suited"], total),
        offsuit=Fraction(by_kind["offsuit"], total),
    )


# --- R48: starting-hand groups for beginners.


class Group(Enum):
    PREMIUM = "premium"
    STRONG = "strong"
    SPECULATIVE = "speculative"
    WEAK = "weak"  # R48's "avoid": weak unconnected offsuit hands
    OTHER = "other"  # the rule says nothing: play them by position and table

    @property
    def label(self) -> str:
        return self.value


_PREMIUM = {"AA", "KK", "QQ", "AKs", "AKo"}
_STRONG = {"JJ", "TT", "AQs", "AQo", "AJs", "KQs"}
_FOUR, _NINE, _TEN = RANKS.index("4"), RANKS.index("9"), RANKS.index("T")


def group_of(hand: StartingHand | str) -> Group:
    """The R48 group of a class.

    - premium: AA, KK, QQ, AK; strong: JJ, TT, AQ, AJ suited, KQ suited;
    - speculative: 22-99 and suited connectors from 54s to JTs;
    - weak (avoid): offsuit hands whose cards cannot share a straight (at least five
      ranks apart, the ace counting low too) and hold no ace: 93o, J4o, Q2o;
    - other: everything the rule does not name.

    >>> [group_of(h).label for h in ("QQ", "AJs", "87s", "J4o", "AJo")]
    ['premium', 'strong', 'speculative', 'weak', 'other']
    """
    if isinstance(hand, str):
        hand = starting_hand(hand)
    label = hand.label
    if label in _PREMIUM:
        return Group.PREMIUM
    if label in _STRONG:
        return Group.STRONG
    if hand.kind == "pair" and hand.high <= _NINE:
        return Group.SPECULATIVE
    if hand.suited and hand.high - hand.low == 1 and _FOUR <= hand.low <= _TEN:
        return Group.SPECULATIVE
    if not hand.suited and hand.high != ACE and hand.high - hand.low >= 5:
        return Group.WEAK
    return Group.OTHER
