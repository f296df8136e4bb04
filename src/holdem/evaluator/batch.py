"""Evaluate many hands at once: a numba kernel over an array of card codes.

The kernel is the scalar evaluator's arithmetic (``tables``) without the Python: per
hand, seven additions, one branch for flushes, and two loads from tables that stay in
cache. Checking each card (a code past 51, a card given twice) costs about a quarter of
the rate, so a caller whose hands are known to be good can skip it with
``validate=False``. numba compiles the kernels on first use and caches the machine code
on disk.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import numba
import numpy as np

from holdem.errors import InvalidCardsError
from holdem.evaluator import tables

_START = tables.HAND_START
_FLUSH_FLAGS = tables.FLUSH_FLAGS
_SUIT_SHIFT = tables.SUIT_SHIFT
_RANK_MASK = tables.RANK_MASK
_ROW_SHIFT = tables.ROW_SHIFT
_COLUMN_MASK = tables.COLUMN_MASK

# Typed as Any: numba's dispatchers take the arguments of the function they compile.
kernel: Callable[..., Any] = numba.njit(cache=True, nogil=True, boundscheck=False)


@kernel
def trusted_rows(codes, card_keys, flush, row_offsets, hashed, out):  # type: ignore[no-untyped-def]
    """``evaluate_rows`` without the check of each card, for hands known to be good.

    ``card_keys`` has 256 entries (zero past 51), and the suit, the rank mask and the
    perfect hash's slot are kept inside their tables, so that a bad hand that slipped
    through reads a wrong strength, never memory past the tables.
    """
    last_row = len(row_offsets) - 1
    last = len(hashed) - 1
    for i in range(codes.shape[0]):
        key = _START
        for j in range(codes.shape[1]):
            key += card_keys[codes[i, j]]
        flags = key & _FLUSH_FLAGS
        if flags:
            suit = 0
            while suit < 3 and not flags & (np.int64(8) << (_SUIT_SHIFT + 4 * suit)):
                suit += 1
            mask = 0
            for j in range(codes.shape[1]):
                card = codes[i, j]
                if card & 3 == suit:
                    mask |= 1 << ((card >> 2) & 15)
            out[i] = flush[mask & 0x1FFF]
        else:
            ranks = key & _RANK_MASK
            slot = row_offsets[min(ranks >> _ROW_SHIFT, last_row)] + (ranks & _COLUMN_MASK)
            out[i] = hashed[min(max(slot, 0), last)]
    return -1


@cache
def padded_card_keys() -> np.ndarray:
    """The cards' keys over every uint8 code, zero past 51 (``trusted_rows`` reads them)."""
    keys = np.zeros(256, dtype=np.int64)
    keys[:52] = tables.kernel_arrays()[0]
    return keys


@kernel
def evaluate_rows(codes, card_keys, flush, row_offsets, hashed, out):  # type: ignore[no-untyped-def]
    """Fill ``out`` with the strength of each row of ``codes``; return the first bad row or -1.

    The checked kernel over the tables as ``tables.kernel_arrays`` gives them, for the
    compiled kernels (pots, the bots' policies) that carry those four arrays and value a
    hand or a few at a time.
    """
    for i in range(codes.shape[0]):
        key = _START
        seen = 0  # one bit per card code, to catch a card given twice
        for j in range(codes.shape[1]):
            card = codes[i, j]
            if card >= 52 or seen >> card & 1:
                return i
            seen |= np.int64(1) << card
            key += card_keys[card]
        flags = key & _FLUSH_FLAGS
        if flags:
            suit = 0
            while not flags & (np.int64(8) << (_SUIT_SHIFT + 4 * suit)):
                suit += 1
            mask = 0
            for j in range(codes.shape[1]):
                card = codes[i, j]
                if card & 3 == suit:
                    mask |= 1 << (card >> 2)
            out[i] = flush[mask]
        else:
            ranks = key & _RANK_MASK
            out[i] = hashed[row_offsets[ranks >> _ROW_SHIFT] + (ranks & _COLUMN_MASK)]
    return -1


def evaluate_batch(
    codes: Any, *, out: np.ndarray | None = None, validate: bool = True
) -> np.ndarray:
    """Strengths of many hands: ``codes`` has shape (N, 5), (N, 6) or (N, 7), card codes 0..51.

    The result is an int32 array of N strengths (1..7462) that orders hands exactly as
    ``evaluate`` does: higher is better, equal is a tie. ``out``, an int32 array of N
    items, receives them instead of a new array (a caller evaluating in a loop allocates
    once). ``validate=False`` skips the check of codes and repeated cards for uint8 hands
    already known to be good; a bad hand then gives a meaningless strength, never a crash.

    >>> from holdem.cards import parse_cards
    >>> evaluate_batch([parse_cards("AsKsQsJsTs"), parse_cards("7c5d4h3s2c")]).tolist()
    [7462, 1]
    """
    hands = np.asarray(codes)
    if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
        raise InvalidCardsError(
            "expected an array of shape (N, 5), (N, 6) or (N, 7) card codes, "
            f"got shape {hands.shape}"
        )
    if hands.dtype != np.uint8:
        if hands.size and not np.issubdtype(hands.dtype, np.integer):
            raise InvalidCardsError(f"card codes are integers 0..51, not {hands.dtype}")
        out_of_range = ((hands < 0) | (hands > 51)).any(axis=1)
        if out_of_range.any():
            raise _bad_row(hands, int(out_of_range.argmax()))
        hands = hands.astype(np.uint8)
    hands = np.ascontiguousarray(hands)
    result = _output(out, hands.shape[0])
    card_keys, flush, row_offsets, hashed = tables.kernel_arrays()
    if not validate:
        trusted_rows(hands, padded_card_keys(), flush, row_offsets, hashed, result)
        return result
    bad = evaluate_rows(hands, card_keys, flush, row_offsets, hashed, result)
    if bad >= 0:
        raise _bad_row(hands, bad)
    return result


def _output(out: np.ndarray | None, rows: int) -> np.ndarray:
    if out is None:
        return np.empty(rows, dtype=np.int32)
    if not isinstance(out, np.ndarray) or out.dtype != np.int32 or out.shape != (rows,):
        shape = getattr(out, "shape", None)
        dtype = getattr(out, "dtype", type(out).__name__)
        raise InvalidCardsError(
            f"out must be an int32 array of shape ({rows},), one strength a hand; "
            f"got {dtype} of shape {shape}"
        )
    if not (out.flags.c_contiguous and out.flags.writeable):
        raise InvalidCardsError("out must be a writable, contiguous int32 array")
    return out


def _bad_row(hands: np.ndarray, row: int) -> InvalidCardsError:
    return InvalidCardsError(
        f"row {row} ({hands[row].tolist()}) is not a hand: codes are 0..51 and every card distinct"
    )
