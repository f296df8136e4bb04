"""Hand ranges in the notation players write, and their combinations.

A range is a set of two-card combinations, each with a weight from 0 to 1 (how often
the player holds it when it is possible). Tokens are separated by commas or spaces:

- pairs ``QQ``, ``QQ+`` (queens or better), ``22-77``;
- two ranks, suited or offsuit: ``AKs``, ``AKo``, ``AK`` (both, 16 combinations);
- ``A2s+`` raises the kicker up to the card below the top one (A2s..AKs); on a
  connector (``T9s+``) both cards move up: T9s, JTs, QJs, KQs, AKs;
- dash ranges with the same suitedness: ``A5s-A2s`` (same top card), ``T9s-54s``
  (same gap), ``22-77`` (pairs);
- exact cards ``AsKs``; ``random`` (or ``any``) for all 1,326 combinations;
- an optional weight after a colon: ``AKo:0.5`` or ``AKo:50%``.

A combination named twice takes the weight of its last token, so ``random,72o:0`` is
every hand but seven-deuce offsuit.

>>> r = parse_range("QQ+, AKs, A5s-A2s:0.5")
>>> len(r), r.weight()
(38, 30.0)
>>> r.count(dead="As")
30
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache

from holdem.cards import ALL_CARDS, RANKS, Card, format_cards, parse_cards
from holdem.errors import DuplicateCardError, ParseError
from holdem.odds.errors import RangeParseError
from holdem.odds.starting import STARTING_HANDS, StartingHand, class_of

Combo = tuple[Card, Card]
"""Two hole cards, the higher card first."""

_HELP = (
    "write pairs (QQ, QQ+, 22-77), two ranks with s or o (AKs, AKo, AK, A5s-A2s, T9s+), "
    "exact cards (AsKs) or random, each with an optional weight (AKo:0.5)"
)
_CLASS = re.compile(r"([2-9TJQKA]|10)([2-9TJQKA]|10)([so]?)", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,]+")
_RANDOM = {"random", "any"}


def combo(first: int, second: int) -> Combo:
    """Two distinct cards as a combination, higher card first."""
    a, b = ALL_CARDS[max(first, second)], ALL_CARDS[min(first, second)]
    return (a, b)


@cache
def all_combos() -> tuple[Combo, ...]:
    """The 1,326 two-card combinations, strongest cards first."""
    return tuple(combo(a, b) for a in range(51, -1, -1) for b in range(a - 1, -1, -1))


class Range:
    """A weighted set of combinations; see the module docstring for the notation.

    Build one with ``parse_range`` (or ``Range.parse``), ``Range.of_hand`` or
    ``Range.random()``. Ranges are immutable; ``without(cards)`` gives a new one.
    """

    __slots__ = ("_text", "_weights")

    def __init__(self, weights: dict[Combo, float], text: str) -> None:
        self._weights = {c: w for c, w in sorted(weights.items(), reverse=True) if w > 0}
        self._text = text

    @classmethod
    def parse(cls, text: str) -> Range:
        return parse_range(text)

    @classmethod
    def of_hand(cls, cards: Iterable[int | str] | str) -> Range:
        """The range of one known hand: exactly two distinct cards."""
        hole = parse_cards(cards)
        if len(hole) != 2:
            raise ParseError(f"a hand is two hole cards, not {len(hole)}")
        return cls({combo(*hole): 1.0}, format_cards(hole))

    @classmethod
    def random(cls) -> Range:
        return cls(dict.fromkeys(all_combos(), 1.0), "random")

    @property
    def text(self) -> str:
        """The range as it was written (normalised for a single hand: "AsAh")."""
        return self._text

    @property
    def combos(self) -> tuple[Combo, ...]:
        return tuple(self._weights)

    @property
    def weights(self) -> tuple[float, ...]:
        return tuple(self._weights.values())

    def items(self) -> Iterator[tuple[Combo, float]]:
        return iter(self._weights.items())

    @property
    def hand(self) -> Combo | None:
        """The only combination when the range is one known hand, else None."""
        return next(iter(self._weights)) if len(self._weights) == 1 else None

    def without(self, cards: Iterable[int | str] | str) -> Range:
        """The combinations that hold none of ``cards`` (card removal: board, dead, hands)."""
        gone = set(parse_cards(cards, distinct=False))
        kept = {c: w for c, w in self._weights.items() if c[0] not in gone and c[1] not in gone}
        return Range(kept, self._text)

    def count(self, dead: Iterable[int | str] | str = ()) -> int:
        """How many combinations remain once ``dead`` cards are removed (weights ignored)."""
        return len(self.without(dead))

    def weight(self, dead: Iterable[int | str] | str = ()) -> float:
        """The weighted number of combinations once ``dead`` cards are removed."""
        return sum(self.without(dead).weights)

    def classes(self) -> dict[StartingHand, float]:
        """For each of the 169 classes, the weighted share of its combinations in the range."""
        held = dict.fromkeys(STARTING_HANDS, 0.0)
        for (a, b), w in self._weights.items():
            held[class_of(a, b)] += w
        return {hand: w / len(hand.combos) for hand, w in held.items()}

    def __len__(self) -> int:
        return len(self._weights)

    def __eq__(self, other: object) -> bool:
        return self._weights == other._weights if isinstance(other, Range) else NotImplemented

    def __hash__(self) -> int:
        return hash(frozenset(self._weights.items()))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Range({self._text!r}: {len(self)} combinations)"


def parse_range(text: str) -> Range:
    """Read a range; a ``RangeParseError`` names the token that could not be read.

    >>> sorted(hand.label for hand, share in parse_range("T9s+").classes().items() if share)
    ['AKs', 'JTs', 'KQs', 'QJs', 'T9s']
    >>> parse_range("AKx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    holdem.odds.errors.RangeParseError: 'AKx' is not a hand or range: write pairs (QQ, QQ+, ...
    """
    stripped = text.strip()
    try:  # two cards, however written ("As Kd", "AsKd"), are one hand
        hole = parse_cards(stripped)
    except ParseError:
        hole = []
    if len(hole) == 2:
        return Range({combo(*hole): 1.0}, format_cards(hole))
    tokens = [t for t in _SEPARATORS.split(stripped) if t]
    if not tokens:
        raise RangeParseError(text, "it is empty: " + _HELP)
    weights: dict[Combo, float] = {}
    for token in tokens:
        body, _, weight_text = token.partition(":")
        weight = _weight(weight_text, token) if ":" in token else 1.0
        for c in _expand(body, token):
            weights[c] = weight
    found = Range(weights, stripped)
    if not found:
        raise RangeParseError(text, "every combination has weight 0")
    return found


def _weight(text: str, token: str) -> float:
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 1:
        raise RangeParseError(
            token, f"the weight {text!r} is not a number from 0 to 1 (AKo:0.5) or a percentage"
        )
    return value


def _expand(body: str, token: str) -> list[Combo]:
    if body.lower() in _RANDOM:
        return list(all_combos())
    if "-" in body:
        first, _, last = body.partition("-")
        classes = _dash(_class(first, token), _class(last, token), token)
    elif body.endswith("+"):
        classes = _plus(_class(body[:-1], token))
    elif _CLASS.fullmatch(body):
        classes = [_class(body, token)]
    else:
        try:
            hole = parse_cards(body)
        except DuplicateCardError as error:
            raise RangeParseError(token, str(error)) from None
        except ParseError:
            hole = []
        if len(hole) != 2:
            raise RangeParseError(token, _HELP)
        return [combo(*hole)]
    return [c for hi, lo, suits in classes for c in _class_combos(hi, lo, suits)]


# A class as written: (high rank, low rank, "s", "o" or "" for both).
_Written = tuple[int, int, str]


def _class(text: str, token: str) -> _Written:
    match = _CLASS.fullmatch(text)
    if not match:
        raise RangeParseError(token, _HELP)
    r1, r2 = (RANKS.index(r.upper().replace("10", "T")) for r in match.groups()[:2])
    suits = match.group(3).lower()
    if r1 == r2 and suits:
        raise RangeParseError(token, f"a pair is neither suited nor offsuit: write {text[:2]}")
    return (max(r1, r2), min(r1, r2), suits)


def _plus(written: _Written) -> list[_Written]:
    hi, lo, suits = written
    if hi == lo:
        return [(r, r, "") for r in range(hi, 13)]
    if hi - lo == 1:  # a connector: both cards move up
        return [(lo + 1 + k, lo + k, suits) for k in range(12 - hi + 1)]
    return [(hi, k, suits) for k in range(lo, hi)]


def _dash(a: _Written, b: _Written, token: str) -> list[_Written]:
    if a[2] != b[2]:
        raise RangeParseError(token, "both ends of a dash range need the same s or o")
    suits = a[2]
    if a[0] == a[1] and b[0] == b[1]:
        return [(r, r, "") for r in range(min(a[0], b[0]), max(a[0], b[0]) + 1)]
    if a[0] == b[0] and a[1] != a[0] and b[1] != b[0]:
        return [(a[0], k, suits) for k in range(min(a[1], b[1]), max(a[1], b[1]) + 1)]
    gap = a[0] - a[1]
    if gap == b[0] - b[1] and gap > 0:
        low, high = sorted((a[1], b[1]))
        return [(k + gap, k, suits) for k in range(low, high + 1)]
    raise RangeParseError(
        token,
        "the two ends of a dash range share their top card (A5s-A2s), their gap "
        "(T9s-54s) or are both pairs (22-77)",
    )


def _class_combos(hi: int, lo: int, suits: str) -> tuple[Combo, ...]:
    if hi == lo:
        return StartingHand(hi, lo, suited=False).combos
    found: tuple[Combo, ...] = ()
    if suits in ("s", ""):
        found += StartingHand(hi, lo, suited=True).combos
    if suits in ("o", ""):
        found += StartingHand(hi, lo, suited=False).combos
    return found
