"""Evaluate many hands at once: numba kernels over an array of card codes.

The kernels are the scalar evaluator's arithmetic (``tables``) without the Python. Per
hand: the cards' keys added, their flush bits ORed, one branch for flushes (about 3% of
random hands), and two loads from tables that stay in cache, the row base of the
perfect hash and the strength. Seven-card hands, by far the most common, have a kernel
of their own with the card loop unrolled, which lets the adds of several hands overlap.

Checking the cards costs little here: a code past 51 is caught by a comparison and a
repeated card because the sum of the hand's flush bits then differs from their OR. A
caller whose hands are known to be good (its own enumerations and deals) can skip even
that with ``validate=False``.

numba compiles each kernel on first use and caches the machine code on disk.
"""

from __future__ import annotations

from collections.abc import Callable
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
_FLUSH_RANKS = tables.FLUSH_RANKS

# Typed as Any: numba's dispatchers take the arguments of the function they compile.
# (numba's own inline="always" made the kernels five times slower here; LLVM inlines
# strength_of by itself.)
kernel: Callable[..., Any] = numba.njit(cache=True, nogil=True, boundscheck=False)


@kernel
def strength_of(key, flush_key, flush, bases, hashed, clamp=False):  # type: ignore[no-untyped-def]
    """The strength of a hand from its summed key and its ORed flush bits.

    ``clamp`` keeps the perfect hash's slot inside the table for a hand nobody checked
    (``validate=False``): a bad hand then reads a wrong strength, never memory past the
    table. Checked hands leave it off: it is two more comparisons a hand.
    """
    flags = (key & _FLUSH_FLAGS) >> (_SUIT_SHIFT + 3)  # bit 4s set when suit s has 5+ cards
    if flags:
        # At most one suit can hold five of seven cards: its lane starts at bit 16s.
        lane = 16 * (((flags >> 4) & 1) + 2 * ((flags >> 8) & 1) + 3 * ((flags >> 12) & 1))
        return flush[(flush_key >> lane) & _FLUSH_RANKS]
    ranks = key & _RANK_MASK
    if not clamp:
        return hashed[ranks + bases[ranks >> _ROW_SHIFT]]
    # Unsigned, so that one comparison covers both ends (and never mixed with signed
    # 64-bit integers in one operation: numba would make a float of them).
    row = min(ranks >> _ROW_SHIFT, len(bases) - 1)
    slot = np.uint64(ranks + np.int64(bases[row]))
    return hashed[min(slot, np.uint64(len(hashed) - 1))]


@kernel
def _seven(codes, keys, bits, flush, bases, hashed, out, validate):  # type: ignore[no-untyped-def]
    """Fill ``out`` with the strength of each 7-card row; return the first bad row or -1."""
    for i in range(codes.shape[0]):
        c0, c1, c2, c3 = codes[i, 0], codes[i, 1], codes[i, 2], codes[i, 3]
        c4, c5, c6 = codes[i, 4], codes[i, 5], codes[i, 6]
        total = 0
        if validate:
            if max(c0, c1, c2, c3, c4, c5, c6) >= 52:
                return i
            total = bits[c0] + bits[c1] + bits[c2] + bits[c3] + bits[c4] + bits[c5] + bits[c6]
        flush_key = bits[c0] | bits[c1] | bits[c2] | bits[c3] | bits[c4] | bits[c5] | bits[c6]
        if validate and total != flush_key:
            return i
        # Three independent partial sums: the adds of one hand need not wait on each other.
        key = (
            (_START + keys[c0] + keys[c1])
            + (keys[c2] + keys[c3])
            + (keys[c4] + keys[c5] + keys[c6])
        )
        out[i] = strength_of(key, flush_key, flush, bases, hashed, not validate)
    return -1


@kernel
def _any(codes, keys, bits, flush, bases, hashed, out, validate):  # type: ignore[no-untyped-def]
    """``_seven`` for rows of 5 or 6 cards (or 7, looped)."""
    for i in range(codes.shape[0]):
        key = _START
        flush_key = 0
        total = 0
        for j in range(codes.shape[1]):
            card = codes[i, j]
            if validate and card >= 52:
                return i
            key += keys[card]
            flush_key |= bits[card]
            total += bits[card]
        if validate and total != flush_key:
            return i
        out[i] = strength_of(key, flush_key, flush, bases, hashed, not validate)
    return -1


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
    arrays = tables.fast_arrays()
    run = _seven if hands.shape[1] == 7 else _any
    bad = run(hands, *arrays, result, validate)
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
