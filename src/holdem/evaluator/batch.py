"""Evaluate many hands at once: a numba kernel over an array of card codes.

The kernel is the scalar evaluator's arithmetic (``tables``) without the Python: per
hand, seven additions, one branch for flushes, and two loads from tables that stay in
cache. numba compiles it on first use and caches the machine code on disk.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
import numpy as np

from holdem.errors import InvalidCardsError
from holdem.evaluator import tables

_SUIT_SHIFT = tables.SUIT_SHIFT
_START = tables.HAND_START
_FLUSH_FLAGS = tables.FLUSH_FLAGS
_RANK_MASK = tables.RANK_MASK
_ROW_SHIFT = tables.ROW_SHIFT
_COLUMN_MASK = tables.COLUMN_MASK


# Typed as Any: numba's dispatchers take the arguments of the function they compile.
kernel: Callable[..., Any] = numba.njit(cache=True, nogil=True, boundscheck=False)


@kernel
def _evaluate_rows(codes, card_keys, flush, row_offsets, hashed, out):  # type: ignore[no-untyped-def]
    """Fill ``out`` with the strength of each row of ``codes``; return the first bad row or -1."""
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


def evaluate_batch(codes: Any) -> np.ndarray:
    """Strengths of many hands: ``codes`` has shape (N, 5), (N, 6) or (N, 7), card codes 0..51.

    The result is an int32 array of N strengths (1..7462) that orders hands exactly as
    ``evaluate`` does: higher is better, equal is a tie.

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
    out = np.empty(hands.shape[0], dtype=np.int32)
    bad = _evaluate_rows(hands, *tables.kernel_arrays(), out)
    if bad >= 0:
        raise _bad_row(hands, bad)
    return out


def _bad_row(hands: np.ndarray, row: int) -> InvalidCardsError:
    return InvalidCardsError(
        f"row {row} ({hands[row].tolist()}) is not a hand: codes are 0..51 and every card distinct"
    )
