# mypy: disable-error-code="no-untyped-def"
# (numba kernels: their argument types are numba's to infer, not annotations)
"""Numba building blocks shared by exact enumeration and Monte Carlo.

Both score boards without building hands: a board's key (``holdem.evaluator.tables``)
is the sum of its cards' keys, kept as the board grows, and each player's seven-card
key is the board's key plus the key of their two hole cards. One AND finds a flush;
anything else is two loads from the evaluator's perfect hash.

A board's result is counted per player: a win, or a tie between ``k`` players
(``ties[player, k]``), so that equity, win and tie shares, and the variance of a
player's share, all follow exactly from integers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
import numpy as np

from holdem.evaluator import tables

_START = tables.HAND_START
_FLUSH_FLAGS = tables.FLUSH_FLAGS
_SUIT_SHIFT = tables.SUIT_SHIFT
_RANK_MASK = tables.RANK_MASK
_ROW_SHIFT = tables.ROW_SHIFT
_COLUMN_MASK = tables.COLUMN_MASK

MAX_PLAYERS = 10

# Typed as Any: numba's dispatchers take the arguments of the function they compile.
kernel: Callable[..., Any] = numba.njit(cache=True, nogil=True, boundscheck=False)
inline: Callable[..., Any] = numba.njit(cache=True, nogil=True, boundscheck=False, inline="always")


def evaluator_arrays() -> tuple[np.ndarray, ...]:
    """(card keys, flush table, row offsets, hashed strengths): the evaluator's tables."""
    return tables.kernel_arrays()


@inline
def rank_strength(key, row_offsets, hashed):
    """Strength of a hand that holds no flush: the perfect hash of its rank sum."""
    ranks = key & _RANK_MASK
    return np.int64(hashed[row_offsets[ranks >> _ROW_SHIFT] + (ranks & _COLUMN_MASK)])


def _strength(key, cards, flush, row_offsets, hashed):
    """Strength of the hand with this key; ``cards`` has one bit per card of the hand."""
    flags = key & _FLUSH_FLAGS
    if not flags:
        return rank_strength(key, row_offsets, hashed)
    suit = 0
    while not flags & (np.int64(8) << (_SUIT_SHIFT + 4 * suit)):
        suit += 1
    return np.int64(flush[suit_ranks(cards, suit)])


@inline
def suit_ranks(cards, suit):
    """The 13-bit mask of the ranks held in ``suit``: every fourth bit of ``cards``, gathered.

    Bits 4r + suit move to bit r in four shift-and-mask steps (pairs, nibbles, bytes,
    halves), which is what a PEXT instruction would do in one.
    """
    m = (cards >> suit) & 0x1111111111111
    m = (m | m >> 3) & 0x0303030303030303
    m = (m | m >> 6) & 0x000F000F000F000F
    m = (m | m >> 12) & 0x000000FF000000FF
    return (m | m >> 24) & 0x1FFF


strength_inline = inline(_strength)
"""``strength`` inlined: for loops over the few boards where a flush is possible."""

strength = kernel(_strength)
"""``strength`` as a function of its own. Called from a hot loop on the few boards where
a flush is possible: inlining its code there slows the common case."""


# Scoring a batch of boards takes three passes, each a plain loop: every player's
# strength as if nobody held a flush (two loads each, no branch), then the boards where
# someone may hold one put right, then the outcomes tallied. Written as one loop with a
# branch per board, the same work runs up to twice as slowly.


@kernel
def rank_pass(board_keys, count, hole_keys, stride, strengths, flagged, row_offsets, hashed):
    """Fill ``strengths[i, p]`` ignoring flushes; list in ``flagged`` the boards to put right.

    Board i is played by the deal ``hole_keys[i * stride]`` (stride 0: one deal for all).
    Returns how many boards were flagged.
    """
    n = hole_keys.shape[1]
    found = 0
    if n == 2:  # written out for the common case
        for i in range(count):
            j = i * stride
            k0 = board_keys[i] + hole_keys[j, 0]
            k1 = board_keys[i] + hole_keys[j, 1]
            strengths[i, 0] = rank_strength(k0, row_offsets, hashed)
            strengths[i, 1] = rank_strength(k1, row_offsets, hashed)
            flagged[found] = i
            found += ((k0 | k1) & _FLUSH_FLAGS) != 0
        return found
    for i in range(count):
        j = i * stride
        anyone = np.int64(0)
        for p in range(n):
            key = board_keys[i] + hole_keys[j, p]
            anyone |= key
            strengths[i, p] = rank_strength(key, row_offsets, hashed)
        flagged[found] = i
        found += (anyone & _FLUSH_FLAGS) != 0
    return found


@kernel
def flush_pass(
    flagged,
    found,
    board_cards,
    board_keys,
    hole_cards,
    hole_keys,
    stride,
    strengths,
    flush,
    row_offsets,
    hashed,
):
    """Put right the strengths of the flagged boards; ``board_cards[i]`` has a bit per card."""
    n = hole_keys.shape[1]
    for f in range(found):
        i = flagged[f]
        j = i * stride
        for p in range(n):
            key = board_keys[i] + hole_keys[j, p]
            if key & _FLUSH_FLAGS:
                cards = board_cards[i] | hole_cards[j, p]
                strengths[i, p] = strength_inline(key, cards, flush, row_offsets, hashed)


@kernel
def score(
    board_cards,
    board_keys,
    valid,
    count,
    hole_cards,
    hole_keys,
    stride,
    strengths,
    flagged,
    wins,
    ties,
    flush,
    row_offsets,
    hashed,
):
    """The three passes over boards whose cards are all known (``board_cards``)."""
    found = rank_pass(board_keys, count, hole_keys, stride, strengths, flagged, row_offsets, hashed)
    flush_pass(
        flagged,
        found,
        board_cards,
        board_keys,
        hole_cards,
        hole_keys,
        stride,
        strengths,
        flush,
        row_offsets,
        hashed,
    )
    tally(strengths, valid, count, wins, ties)


@kernel
def tally(strengths, valid, count, wins, ties):
    """Count each valid board for each player as a win, or a tie between k (``ties[p, k]``)."""
    n = strengths.shape[1]
    if n == 2:  # heads-up, without a branch on the outcome
        w0 = w1 = tied = 0
        for i in range(count):
            v = valid[i]
            s0, s1 = strengths[i, 0], strengths[i, 1]
            w0 += v & (s0 > s1)
            w1 += v & (s1 > s0)
            tied += v & (s0 == s1)
        wins[0] += w0
        wins[1] += w1
        ties[0, 2] += tied
        ties[1, 2] += tied
        return
    for i in range(count):
        if not valid[i]:
            continue
        best = strengths[i, 0]
        for p in range(1, n):
            best = max(best, strengths[i, p])
        k = 0
        for p in range(n):
            k += strengths[i, p] == best
        if k == 1:
            for p in range(n):
                wins[p] += strengths[i, p] == best
        else:
            for p in range(n):
                ties[p, k] += strengths[i, p] == best


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@inline
def splitmix(z):
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@kernel
def fill_random(buffer, state):
    """Fill ``buffer`` with SplitMix64 outputs after ``state``; return the new state.

    A counter-based generator: every word depends only on the state plus its position,
    so the loop has no carried dependency and the compiler vectorises it.
    """
    for i in range(buffer.shape[0]):
        buffer[i] = splitmix(state + np.uint64(i + 1) * _GOLDEN)
    return state + np.uint64(buffer.shape[0]) * _GOLDEN
