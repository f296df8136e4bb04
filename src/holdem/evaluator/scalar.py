"""Evaluate one hand from Python: a few additions and one lookup.

The arithmetic is written twice: in Python here (``evaluate_python``), and in C in
``_accel.c``, built with the package when a compiler is there. A Python function call
costs more than the evaluation itself, so the C version, which checks the cards, adds
the keys and builds the HandValue in one call, is three to four times faster and is the
``evaluate`` that everyone gets when it is built. Both are tested against each other.

Importing this module loads the lookup tables (see ``tables``); it is imported on first
use, so ``import holdem`` stays light.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from holdem.errors import InvalidCardsError
from holdem.evaluator import tables
from holdem.evaluator.hand_value import HandValue

_TABLES = tables.load()
_START = tables.HAND_START
_FLUSH_FLAGS = tables.FLUSH_FLAGS
_RANK_MASK = tables.RANK_MASK
# Codes 52..103 and -52..-1 find a poison key: its bit 26 lies above every rank sum,
# so the lookup fails and the bad code is reported instead of read as another card.
_KEYS = tables.CARD_KEYS + (1 << 26,) * 52
_FLUSH: list[int] = _TABLES.flush.tolist()
_BY_RANK_SUM: dict[int, int] = dict(
    zip(_TABLES.rank_sums.tolist(), _TABLES.rank_values.tolist(), strict=True)
)
_new_value = tuple.__new__


def evaluate_python(cards: Sequence[int]) -> HandValue:
    """The value of the best five-card hand among 5, 6 or 7 distinct cards.

    >>> from holdem.cards import parse_cards
    >>> evaluate_python(parse_cards("Ac9d7s4h2c AsKd")).describe()
    'Pair of aces, king, nine and seven kickers'
    """
    try:
        if len(cards) == 7:  # the common case, spelled out: twice as fast as the loop
            a, b, c, d, e, f, g = cards
            key = (
                _START + _KEYS[a] + _KEYS[b] + _KEYS[c] + _KEYS[d] + _KEYS[e] + _KEYS[f] + _KEYS[g]
            )
            distinct = len({a, b, c, d, e, f, g}) == 7
        else:
            key = _START + sum(map(_KEYS.__getitem__, cards))
            distinct = len(set(cards)) == len(cards) and 5 <= len(cards) <= 7
        if distinct:
            if key & _FLUSH_FLAGS:
                return _new_value(HandValue, (_flush_strength(cards, key), cards))
            return _new_value(HandValue, (_BY_RANK_SUM[key & _RANK_MASK], cards))
    except (LookupError, TypeError):
        pass
    raise _invalid(cards)


def _flush_strength(cards: Sequence[int], key: int) -> int:
    # The flags sit at bits 35, 39, 43, 47 (suit 0..3); only one suit can hold five of seven.
    suit = ((key & _FLUSH_FLAGS).bit_length() - 36) >> 2
    mask = 0
    for card in cards:
        if not 0 <= card < 52:
            raise IndexError(card)
        if card & 3 == suit:
            mask |= 1 << (card >> 2)
    return _FLUSH[mask]


def _invalid(cards: Sequence[int]) -> InvalidCardsError:
    """Find out what is wrong with a hand that failed, and say it."""
    from holdem.cards import parse_cards
    from holdem.errors import ParseError

    try:
        len(cards)
        items = list(cards)
    except TypeError:
        return InvalidCardsError(f"{cards!r} is not a list of cards: pass a list or tuple")
    if isinstance(cards, str) or any(isinstance(card, str) for card in items):
        return InvalidCardsError(
            f"{cards!r}: evaluate takes cards or codes 0..51; read text with parse_cards first"
        )
    try:
        checked = parse_cards(items)
    except (InvalidCardsError, ParseError) as error:
        return InvalidCardsError(str(error))
    except TypeError:
        return InvalidCardsError(f"{cards!r} is not a list of cards")
    return InvalidCardsError(
        f"a hand is evaluated from 5, 6 or 7 cards, not {len(checked)}: "
        "two hole cards and three to five board cards"
    )


def _install_accelerator() -> Callable[[Sequence[int]], HandValue] | None:
    try:
        from holdem.evaluator import _accel
    except ImportError:
        return None
    _accel.install(
        HandValue,
        evaluate_python,
        _TABLES_KEYS_BYTES,
        _TABLES.flush.astype("<u2").tobytes(),
        _TABLES.row_offsets.astype("<i4").tobytes(),
        _TABLES.hashed.astype("<u2").tobytes(),
        _START,
        _FLUSH_FLAGS,
        _RANK_MASK,
        tables.SUIT_SHIFT,
        tables.ROW_SHIFT,
        tables.COLUMN_MASK,
    )
    return _accel.evaluate


_TABLES_KEYS_BYTES = b"".join(key.to_bytes(8, "little") for key in tables.CARD_KEYS)
_accelerated = _install_accelerator()
ACCELERATED = _accelerated is not None
"""Whether ``evaluate`` is the C version (``_accel``) rather than ``evaluate_python``."""

evaluate: Callable[[Sequence[int]], HandValue] = _accelerated or evaluate_python
