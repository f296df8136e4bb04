# mypy: disable-error-code="no-untyped-def"
# (numba kernels: their argument types are numba's to infer, not annotations)
"""Monte Carlo with ranges: a random deal, then a random board, many at a time.

A trial deals each range player one combination, drawn by weight (Walker's alias
method: one random word gives the index and the test), and deals again from scratch
when two players would share a card, so that a deal's chance is proportional to the
product of its weights, as in the exact enumeration. The board is then drawn (``draw``)
from every card not known, again until it misses the dealt cards: a uniform board of
the cards left. Players with a known hand hold it every time; when every hand is known,
``known`` does the same work much faster.

Boards are scored a batch at a time, one deal per board, in the three passes of
``kernels``.
"""

from __future__ import annotations

import numpy as np

from holdem.evaluator.tables import HAND_START
from holdem.odds.draw import bounded, draw
from holdem.odds.draw import deck as draw_deck
from holdem.odds.kernels import evaluator_arrays, fill_random, flush_pass, kernel, rank_pass, tally

BATCH = 512  # trials scored per pass
_RANDOM_WORDS = 4096
_MAX_REDEALS = 100_000  # clashing deals in a row before giving up: the ranges barely fit
_LOW32 = np.uint64(0xFFFFFFFF)


def alias_tables(weights: list[np.ndarray], width: int) -> tuple[np.ndarray, np.ndarray]:
    """Walker's alias tables for each player's weights, padded to ``width`` columns.

    Entry i is kept when a uniform 32-bit number is below ``keep[i]`` (out of 2**32),
    and is replaced by ``alias[i]`` otherwise.
    """
    keep = np.full((len(weights), width), 1 << 32, dtype=np.uint64)
    alias = np.zeros((len(weights), width), dtype=np.int64)
    for p, w in enumerate(weights):
        size = len(w)
        scaled = [float(x) * size / float(w.sum()) for x in w]
        small = [i for i, x in enumerate(scaled) if x < 1.0]
        large = [i for i, x in enumerate(scaled) if x >= 1.0]
        while small and large:
            s, g = small.pop(), large.pop()
            keep[p, s] = int(scaled[s] * (1 << 32))
            alias[p, s] = g
            scaled[g] -= 1.0 - scaled[s]
            (small if scaled[g] < 1.0 else large).append(g)
        for i in small + large:  # what is left is 1 up to rounding
            keep[p, i] = 1 << 32
            alias[p, i] = i
    return keep, alias


@kernel
def _sample(
    trials,
    state,
    combo_cards,
    combo_keys,
    sizes,
    dealt,
    keep,
    alias,
    deck,
    key0,
    cards0,
    to_come,
    tabs,
    wins,
    ties,
):
    """Run ``trials`` trials into ``wins`` (n,) and ``ties`` (n, 11).

    ``combo_cards[p, i]`` and ``combo_keys[p, i]`` are the bits and key of player p's i-th
    combination (``sizes[p]`` of them; one for a known hand); ``dealt`` lists the players
    with more than one. Returns (new state, trials run), or (state, -1) when the ranges
    find no deal.
    """
    flush, row_offsets, hashed = tabs
    n = sizes.shape[0]
    size_cut = np.zeros(n, np.uint64)
    for p in range(n):
        size_cut[p] = (_LOW32 + 1) % np.uint64(sizes[p])
    hole_cards = np.empty((BATCH, n), np.int64)
    hole_keys = np.empty((BATCH, n), np.int64)
    for t in range(BATCH):  # the known hands, once and for all
        hole_cards[t] = combo_cards[:, 0]
        hole_keys[t] = combo_keys[:, 0]
    board_cards = np.empty(BATCH, np.int64)
    board_keys = np.empty(BATCH, np.int64)
    counted = np.ones(BATCH, np.int64)
    strengths = np.empty((BATCH, n), np.int64)
    flagged = np.empty(BATCH, np.int64)
    randoms = np.empty(_RANDOM_WORDS, np.uint64)
    used = _RANDOM_WORDS
    done = 0
    while done < trials:
        batch = min(BATCH, trials - done)
        for t in range(batch):
            redeals = 0
            while True:  # deal, until no card is shared
                taken = cards0
                for p in dealt:
                    if used == _RANDOM_WORDS:
                        state = fill_random(randoms, state)
                        used = 0
                    x = randoms[used]
                    used += 1
                    i, unbiased = bounded(x, np.uint64(sizes[p]), size_cut[p], 32, _LOW32)
                    if (x >> np.uint64(32)) >= keep[p, i]:
                        i = alias[p, i]
                    bits = combo_cards[p, i]
                    if not unbiased or taken & bits:
                        break
                    taken |= bits
                    hole_cards[t, p] = bits
                    hole_keys[t, p] = combo_keys[p, i]
                else:
                    break
                redeals += 1
                if redeals > _MAX_REDEALS:
                    return state, -1
            while True:  # the board, until it counts and misses the dealt cards
                if used == _RANDOM_WORDS:
                    state = fill_random(randoms, state)
                    used = 0
                key, bits, counts = draw(randoms[used], to_come, deck)
                used += 1
                if counts and not bits & taken:
                    break
            board_keys[t] = key0 + key
            board_cards[t] = cards0 | bits
        found = rank_pass(board_keys, batch, hole_keys, 1, strengths, flagged, row_offsets, hashed)
        flush_pass(
            flagged,
            found,
            board_cards,
            board_keys,
            hole_cards,
            hole_keys,
            1,
            strengths,
            flush,
            row_offsets,
            hashed,
        )
        tally(strengths, counted, batch, wins, ties)
        done += batch
    return state, done


def run(
    trials: int,
    state: int,
    cards: np.ndarray,
    sizes: np.ndarray,
    keep: np.ndarray,
    alias: np.ndarray,
    live: np.ndarray,
    known: np.ndarray,
    wins: np.ndarray,
    ties: np.ndarray,
) -> tuple[int, int]:
    """Run ``trials`` trials into ``wins`` and ``ties``: (the generator's new state, trials run).

    ``cards[p, i]`` is player p's i-th combination, ``live`` the cards neither known nor
    dead nor in a known hand. ``trials run`` is -1 when the ranges leave (almost) no
    deal without a shared card.
    """
    keys, flush, row_offsets, hashed = evaluator_arrays()
    new_state, done = _sample(
        trials,
        np.uint64(state),
        (np.int64(1) << cards).sum(axis=2),
        keys[cards].sum(axis=2),
        sizes,
        np.flatnonzero(sizes > 1).astype(np.int64),
        keep,
        alias,
        draw_deck(live, keys),
        np.int64(keys[known].sum() + HAND_START),
        np.int64((np.int64(1) << known).sum()),
        5 - len(known),
        (flush, row_offsets, hashed),
        wins,
        ties,
    )
    return int(new_state), int(done)


SAMPLER = _sample
"""The compiled sampler, for asking whether numba compiled it before (``holdem odds``)."""
