# mypy: disable-error-code="no-untyped-def"
# (numba kernels: their argument types are numba's to infer, not annotations)
"""Exact equity: every deal of the players' combinations, every board that can follow.

A *deal* gives each player one combination of their range (one for a known hand); the
deals are those where no card appears twice, each weighted by the product of its
combinations' weights. For each deal the kernel walks every completion of the board
in nested loops, adding one card's key per level; the boards are scored a few thousand
at a time by the passes of ``kernels``, so that a board costs an addition and a lookup
per player.
"""

from __future__ import annotations

import numpy as np

from holdem.evaluator.tables import HAND_START
from holdem.odds.kernels import evaluator_arrays, inline, kernel, score


@kernel
def _deals(cards, weights, sizes, holes, deal_weights, fill):
    """Count (and, with ``fill``, write) the deals whose cards are all distinct.

    ``cards[p, i]`` is player p's i-th combination, ``sizes[p]`` how many they have. A
    depth-first walk that prunes a combination as soon as it clashes with the ones above.
    """
    n = sizes.shape[0]
    index = np.full(n, -1, np.int64)
    masks = np.zeros(n + 1, np.int64)
    count = 0
    level = 0
    while level >= 0:
        index[level] += 1
        if index[level] >= sizes[level]:
            index[level] = -1
            level -= 1
            continue
        i = index[level]
        bits = (np.int64(1) << cards[level, i, 0]) | (np.int64(1) << cards[level, i, 1])
        if masks[level] & bits:
            continue
        masks[level + 1] = masks[level] | bits
        if level < n - 1:
            level += 1
            continue
        if fill:
            w = 1.0
            for p in range(n):
                holes[count, p, 0] = cards[p, index[p], 0]
                holes[count, p, 1] = cards[p, index[p], 1]
                w *= weights[p, index[p]]
            deal_weights[count] = w
        count += 1
    return count


def deals(cards: np.ndarray, weights: np.ndarray, sizes: np.ndarray) -> tuple[np.ndarray, ...]:
    """Every deal without a shared card: (holes (D, n, 2) int64, weights (D,) float64)."""
    n = len(sizes)
    empty_holes = np.empty((0, n, 2), np.int64)
    count = _deals(cards, weights, sizes, empty_holes, np.empty(0), False)
    holes = np.empty((count, n, 2), np.int64)
    deal_weights = np.empty(count)
    _deals(cards, weights, sizes, holes, deal_weights, True)
    return holes, deal_weights


_BATCH = 4096
_RUN = 1326  # the most boards one run adds: two cards of 52


@kernel
def _complete(
    known_bits,
    to_come,
    key0,
    live,
    m,
    hole_cards,
    hole_keys,
    scratch,
    wins,
    ties,
    keys,
    flush,
    row_offsets,
    hashed,
):
    """Score every way to deal ``to_come`` more board cards from ``live[:m]``; count them.

    The outer levels fix all but the last two cards; those two make a run of boards,
    appended to a batch that is scored whenever it is nearly full.
    """
    board_cards, board_keys, valid, strengths, flagged = scratch
    if to_come <= 2:
        count = _fill_run(known_bits, key0, to_come, live, 0, m, board_cards, board_keys, 0, keys)
        score(
            board_cards,
            board_keys,
            valid,
            count,
            hole_cards,
            hole_keys,
            0,
            strengths,
            flagged,
            wins,
            ties,
            flush,
            row_offsets,
            hashed,
        )
        return count
    boards = 0
    count = 0
    for a in range(m - 4):
        bits_a = known_bits | np.int64(1) << live[a]
        ka = key0 + keys[live[a]]
        for b in range(a + 1, m - 3):
            bits_b = bits_a | np.int64(1) << live[b]
            kb = ka + keys[live[b]]
            for c in range(b + 1, m - 2):
                bits_c = bits_b | np.int64(1) << live[c]
                kc = kb + keys[live[c]]
                count = _fill_run(
                    bits_c, kc, 2, live, c + 1, m, board_cards, board_keys, count, keys
                )
                if count > _BATCH:
                    score(
                        board_cards,
                        board_keys,
                        valid,
                        count,
                        hole_cards,
                        hole_keys,
                        0,
                        strengths,
                        flagged,
                        wins,
                        ties,
                        flush,
                        row_offsets,
                        hashed,
                    )
                    boards += count
                    count = 0
    score(
        board_cards,
        board_keys,
        valid,
        count,
        hole_cards,
        hole_keys,
        0,
        strengths,
        flagged,
        wins,
        ties,
        flush,
        row_offsets,
        hashed,
    )
    return boards + count


@inline
def _fill_run(bits, key, to_come, live, start, m, board_cards, board_keys, count, keys):
    """Append every board that adds ``to_come`` (0, 1 or 2) cards of ``live[start:m]``."""
    if to_come == 0:
        board_cards[count] = bits
        board_keys[count] = key
        return count + 1
    if to_come == 1:
        for a in range(start, m):
            board_cards[count] = bits | np.int64(1) << live[a]
            board_keys[count] = key + keys[live[a]]
            count += 1
        return count
    for a in range(start, m - 1):
        bits_a = bits | np.int64(1) << live[a]
        ka = key + keys[live[a]]
        for b in range(a + 1, m):
            board_cards[count] = bits_a | np.int64(1) << live[b]
            board_keys[count] = ka + keys[live[b]]
            count += 1
    return count


@kernel
def enumerate_deals(
    deal_holes, deal_weights, known, dead_mask, keys, flush, row_offsets, hashed, wins_out, ties_out
):
    """Add every deal's weighted counts to ``wins_out`` (n,) and ``ties_out`` (n, 11).

    ``known`` holds the board's cards so far (0, 3, 4 or 5), ``dead_mask`` one bit for
    each card out of play (the known board included). Returns the boards scored.
    """
    n = deal_holes.shape[1]
    key0 = np.int64(HAND_START)
    known_bits = np.int64(0)
    for i in range(known.shape[0]):
        key0 += keys[known[i]]
        known_bits |= np.int64(1) << known[i]
    live = np.empty(52, np.int64)
    hole_cards = np.empty((1, n), np.int64)
    hole_keys = np.empty((1, n), np.int64)
    wins = np.zeros(n, np.int64)
    ties = np.zeros((n, 11), np.int64)
    size = _BATCH + _RUN
    scratch = (
        np.empty(size, np.int64),
        np.empty(size, np.int64),
        np.ones(size, np.int64),
        np.empty((size, n), np.int64),
        np.empty(size, np.int64),
    )
    boards = 0
    for t in range(deal_holes.shape[0]):
        used = dead_mask | known_bits
        for p in range(n):
            a, b = deal_holes[t, p, 0], deal_holes[t, p, 1]
            hole_cards[0, p] = (np.int64(1) << a) | (np.int64(1) << b)
            hole_keys[0, p] = keys[a] + keys[b]
            used |= hole_cards[0, p]
        m = 0
        for card in range(52):
            if not used >> card & 1:
                live[m] = card
                m += 1
        wins[:] = 0
        ties[:] = 0
        to_come = 5 - known.shape[0]
        boards += _complete(
            known_bits,
            to_come,
            key0,
            live,
            m,
            hole_cards,
            hole_keys,
            scratch,
            wins,
            ties,
            keys,
            flush,
            row_offsets,
            hashed,
        )
        w = deal_weights[t]
        for p in range(n):
            wins_out[p] += w * wins[p]
            for k in range(11):
                ties_out[p, k] += w * ties[p, k]
    return boards


def run(
    deal_holes: np.ndarray,
    deal_weights: np.ndarray,
    known: np.ndarray,
    dead_mask: int,
    wins: np.ndarray,
    ties: np.ndarray,
) -> int:
    """Enumerate these deals into ``wins`` and ``ties``; return the number of boards."""
    keys, flush, row_offsets, hashed = evaluator_arrays()
    return int(
        enumerate_deals(
            deal_holes, deal_weights, known, dead_mask, keys, flush, row_offsets, hashed, wins, ties
        )
    )
