# mypy: disable-error-code="no-untyped-def"
# (numba kernels: their argument types are numba's to infer, not annotations)
"""Monte Carlo when every hand is known: one small lookup per board, however many players.

Unless someone may hold a flush, who wins a board depends only on the board's ranks.
So each call first works out the winners of every rank multiset the board can show
(at most 6,175 of them) and files them in a table of its own: a perfect hash of the
boards' rank sums (row displacement, rows of 4,096) that, with the table, fits in the
level-1 cache. A trial then costs its draw, one addition per player to see whether
anyone may hold a flush, and two loads. The boards where someone may (a few in a
hundred) are scored in full by the evaluator.

Boards are drawn by ``draw``; the draws that do not count (a card twice, about one in
six) are not trials.

An outcome is the set of players with the best hand, as a bit mask: one bit is a win,
``k`` bits a ``k``-way tie.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from holdem.evaluator.tables import FLUSH_FLAGS, HAND_START, RANK_KEYS, RANK_MASK
from holdem.odds.draw import deck as draw_deck
from holdem.odds.draw import draw
from holdem.odds.kernels import evaluator_arrays, fill_random, inline, kernel, strength_inline

BATCH = 1024
_BANKS = 4  # counters in turn, so that repeated outcomes do not wait on one another
_SHIFT = 12  # the board hash: a rank sum's bits above this pick a row
_COLUMNS = (1 << _SHIFT) - 1
_RANK_KEYS = np.array(RANK_KEYS, dtype=np.int64)


@kernel
def _displace(sums):
    """Row offsets placing every sum at ``offsets[s >> _SHIFT] + (s & _COLUMNS)``, no two alike.

    Rows are placed fullest first, each at the lowest offset where its columns are free
    (first-fit decreasing, as the evaluator's own perfect hash). Returns (offsets, size).
    """
    rows = (sums.max() >> _SHIFT) + 1
    counts = np.zeros(rows, np.int64)
    for s in sums:
        counts[s >> _SHIFT] += 1
    starts = np.zeros(rows + 1, np.int64)
    for r in range(rows):
        starts[r + 1] = starts[r] + counts[r]
    columns = np.empty(sums.shape[0], np.int64)
    filled = starts[:-1].copy()
    for s in sums:
        columns[filled[s >> _SHIFT]] = s & _COLUMNS
        filled[s >> _SHIFT] += 1
    taken = np.zeros(4 * sums.shape[0] + 2 * (_COLUMNS + 1), np.bool_)
    offsets = np.zeros(rows, np.int64)
    first_free = 0
    for r in np.argsort(-counts, kind="mergesort"):
        if counts[r] == 0:
            break
        row = columns[starts[r] : starts[r + 1]]
        offset = first_free - row.min()
        while True:
            fits = True
            for c in row:
                fits &= not taken[offset + c]
            if fits:
                break
            offset += 1
        offsets[r] = offset
        for c in row:
            taken[offset + c] = True
        while taken[first_free]:
            first_free += 1
    return offsets, np.flatnonzero(taken).max() + 1


@cache
def board_hash() -> tuple[np.ndarray, int]:
    """(row offsets, table size) of the perfect hash of every five-card board's rank sum."""
    sums: set[int] = set()

    def walk(rank: int, left: int, total: int, counts: tuple[int, ...]) -> None:
        if left == 0:
            sums.add(total)
            return
        for r in range(rank, 13):
            if counts.count(r) < 4:
                walk(r, left - 1, total + RANK_KEYS[r], (*counts, r))

    walk(0, 5, 0, ())
    offsets, size = _displace(np.array(sorted(sums), dtype=np.int64))
    return offsets.astype(np.int16), int(size)


@inline
def _slot(ranks, rows):
    return rows[ranks >> _SHIFT] + (ranks & _COLUMNS)


@inline
def _outcome(strengths, n):
    best = strengths[0]
    for p in range(1, n):
        best = max(best, strengths[p])
    mask = 0
    for p in range(n):
        mask |= (strengths[p] == best) << p
    return mask


@kernel
def outcome_table(hole_keys, live, known, rows, size, rank_keys, row_offsets, hashed):
    """The outcome (flushes aside) of every board the ``live`` cards can complete."""
    n = hole_keys.shape[0]
    table = np.zeros(size, np.uint16)
    available = np.zeros(13, np.int64)
    for card in live:
        available[card >> 2] += 1
    known_ranks = np.int64(0)
    for card in known:
        known_ranks += rank_keys[card >> 2]
    to_come = 5 - known.shape[0]
    ranks = np.zeros(max(to_come, 1), np.int64)  # a non-decreasing sequence of ranks
    counts = np.zeros(13, np.int64)
    strengths = np.empty(n, np.int64)
    while True:
        counts[:] = 0
        board = known_ranks
        possible = True
        for i in range(to_come):
            counts[ranks[i]] += 1
            possible &= counts[ranks[i]] <= available[ranks[i]]
            board += rank_keys[ranks[i]]
        if possible:
            for p in range(n):
                hand = (board + hole_keys[p]) & RANK_MASK
                strengths[p] = hashed[row_offsets[hand >> 9] + (hand & 511)]
            table[_slot(board, rows)] = _outcome(strengths, n)
        i = to_come - 1
        while i >= 0 and ranks[i] == 12:
            i -= 1
        if i < 0:
            return table
        ranks[i] += 1
        ranks[i + 1 : to_come] = ranks[i]


@inline
def _batch(randoms, batch, to_come, two, arrays):
    """Draw and count ``batch`` boards; list those where a flush is possible. (found, done).

    A board where a flush is possible is listed by its random word, from which it is
    drawn again: one store per board rather than two.
    """
    deck, (key0, hole_keys, table, rows, banks, flagged) = arrays
    n = hole_keys.shape[0]
    found = done = 0
    for t in range(batch):
        key, _, ok = draw(randoms[t], to_come, deck)
        key += key0
        anyone = (key + hole_keys[0]) | (key + hole_keys[1])
        if not two:  # (a constant in each compiled loop: heads-up has no loop here)
            for p in range(2, n):
                anyone |= key + hole_keys[p]
        may_flush = np.int64((anyone & FLUSH_FLAGS) != 0)
        flagged[found] = t  # kept only where a flush is possible
        found += ok & may_flush
        banks[t & (_BANKS - 1), table[_slot(key & RANK_MASK, rows)]] += ok & (1 - may_flush)
        done += ok
    return found, done


@kernel
def _sample(
    trials, state, hole_keys, hole_cards, deck, key0, cards0, to_come, table, rows, tabs, counts
):
    """Add ``trials`` trials to ``counts[outcome]``; return (new state, trials run)."""
    flush, row_offsets, hashed = tabs
    n = hole_keys.shape[0]
    randoms = np.empty(BATCH, np.uint64)
    flagged = np.empty(BATCH, np.int64)
    banks = np.zeros((_BANKS, counts.shape[0]), np.int64)
    strengths = np.empty(n, np.int64)
    arrays = (deck, (key0, hole_keys, table, rows, banks, flagged))
    done = 0
    while done < trials:
        batch = min(BATCH, trials - done)
        state = fill_random(randoms[:batch], state)
        # One loop per board size and for heads-up, so that none tests them per board.
        if to_come == 5 and n == 2:
            found, ran = _batch(randoms, batch, 5, True, arrays)
        elif to_come == 5:
            found, ran = _batch(randoms, batch, 5, False, arrays)
        elif to_come == 2:
            found, ran = _batch(randoms, batch, 2, False, arrays)
        else:
            found, ran = _batch(randoms, batch, to_come, False, arrays)
        done += ran
        for f in range(found):
            key, drawn, _ = draw(randoms[flagged[f]], to_come, deck)
            for p in range(n):
                hand = key0 + key + hole_keys[p]
                cards = cards0 | drawn | hole_cards[p]
                strengths[p] = strength_inline(hand, cards, flush, row_offsets, hashed)
            banks[0, _outcome(strengths, n)] += 1
    for b in range(_BANKS):
        counts += banks[b]
    return state, done


def run(
    trials: int, state: int, holes: np.ndarray, live: np.ndarray, known: np.ndarray
) -> tuple[int, int, np.ndarray]:
    """``trials`` trials of known hands ``holes`` (n, 2): (new state, trials run, counts).

    ``counts[mask]`` is how many boards the players in ``mask`` shared as best.
    """
    keys, flush, row_offsets, hashed = evaluator_arrays()
    rows, size = board_hash()
    hole_keys = keys[holes].sum(axis=1)
    table = outcome_table(hole_keys, live, known, rows, size, _RANK_KEYS, row_offsets, hashed)
    counts = np.zeros(1 << len(holes), np.int64)
    new_state, done = _sample(
        trials,
        np.uint64(state),
        hole_keys,
        (np.int64(1) << holes).sum(axis=1),
        draw_deck(live, keys),
        np.int64(HAND_START + keys[known].sum()),
        np.int64((np.int64(1) << known).sum()),
        5 - len(known),
        table,
        rows,
        (flush, row_offsets, hashed),
        counts,
    )
    return int(new_state), int(done), counts
