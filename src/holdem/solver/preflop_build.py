"""Building the preflop matchup table (see ``preflop_matchups``): numba kernels that walk
every board shape once, kept apart so that reading the cached table needs no numba."""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from math import comb
from typing import Any

import numba
import numpy as np

from holdem.evaluator import evaluate_batch
from holdem.odds.starting import STARTING_HANDS, class_of
from holdem.solver.preflop_matchups import CLASSES, Matchups

__all__ = ["board_shapes", "combo_arrays", "compute", "disjoint_pairs"]

_CHUNK = 4096  # board shapes evaluated per batch: about 30 MB of card codes

kernel: Callable[..., Any] = numba.njit(cache=True, nogil=True, boundscheck=False)


def combo_arrays() -> tuple[np.ndarray, np.ndarray]:
    """(cards int64[1326, 2], class index int64[1326]) for every two-card combination."""
    index = {hand: i for i, hand in enumerate(STARTING_HANDS)}
    cards = [(a, b) for a in range(52) for b in range(a + 1, 52)]
    classes = [index[class_of(a, b)] for a, b in cards]
    return np.array(cards, dtype=np.int64), np.array(classes, dtype=np.int64)


def disjoint_pairs(cards: np.ndarray, classes: np.ndarray) -> np.ndarray:
    """int64[169, 169]: ordered combination pairs of the two classes that share no card."""
    counts = np.zeros((CLASSES, CLASSES), dtype=np.int64)
    _count_pairs(cards, classes, counts)
    return counts


@kernel
def _count_pairs(cards, classes, counts):  # type: ignore[no-untyped-def]
    n = cards.shape[0]
    for h in range(n):
        for g in range(n):
            a, b, c, d = cards[h, 0], cards[h, 1], cards[g, 0], cards[g, 1]
            if a != c and a != d and b != c and b != d:
                counts[classes[h], classes[g]] += 1


def board_shapes() -> tuple[np.ndarray, np.ndarray]:
    """(boards int64[K, 5], orbit sizes int64[K]): one board per orbit under suit swaps."""
    perms = np.array(list(permutations(range(4))), dtype=np.int64)
    count = comb(52, 5)
    boards = np.empty((count, 5), dtype=np.int64)
    weights = np.empty(count, dtype=np.int64)
    found = _board_shapes(perms, boards, weights)
    return boards[:found].copy(), weights[:found].copy()


@kernel
def _board_shapes(perms, boards, weights):  # type: ignore[no-untyped-def]
    found = 0
    images = np.empty(perms.shape[0], dtype=np.int64)
    for a in range(52):
        for b in range(a + 1, 52):
            for c in range(b + 1, 52):
                for d in range(c + 1, 52):
                    for e in range(d + 1, 52):
                        own = (1 << a) | (1 << b) | (1 << c) | (1 << d) | (1 << e)
                        smallest = True
                        for p in range(perms.shape[0]):
                            image = 0
                            for card in (a, b, c, d, e):
                                image |= 1 << ((card & ~3) | perms[p, card & 3])
                            images[p] = image
                            if image < own:
                                smallest = False
                                break
                        if not smallest:
                            continue
                        images.sort()
                        distinct = 1
                        for p in range(1, perms.shape[0]):
                            distinct += images[p] != images[p - 1]
                        boards[found] = (a, b, c, d, e)
                        weights[found] = distinct
                        found += 1
    return found


def compute(progress: Callable[[int, int], None] | None = None) -> Matchups:
    """Count every class pair's wins over every board (exact; the slow path)."""
    cards, classes = combo_arrays()
    boards, weights = board_shapes()
    wins = np.zeros((CLASSES, CLASSES), dtype=np.int64)
    for start in range(0, len(boards), _CHUNK):
        chunk = boards[start : start + _CHUNK]
        hands = np.empty((len(chunk) * len(cards), 7), dtype=np.uint8)
        # Combinations that meet the board get a stand-in hand: they are skipped below.
        hands[:, :5] = np.repeat(chunk, len(cards), axis=0)
        hands[:, 5:] = np.tile(cards, (len(chunk), 1))
        clash = _clashes(hands)
        hands[clash, 5:] = _stand_in(chunk)[np.nonzero(clash)[0] // len(cards)]
        strengths = evaluate_batch(hands).reshape(len(chunk), len(cards))
        strengths[clash.reshape(len(chunk), len(cards))] = -1
        _tally(strengths, cards, classes, weights[start : start + _CHUNK], wins)
        if progress is not None:
            progress(min(start + _CHUNK, len(boards)), len(boards))
    return Matchups(wins=wins, pairs=disjoint_pairs(cards, classes))


def _clashes(hands: np.ndarray) -> np.ndarray:
    board = hands[:, :5]
    clash: np.ndarray = ((board == hands[:, 5:6]) | (board == hands[:, 6:7])).any(axis=1)
    return clash


def _stand_in(boards: np.ndarray) -> np.ndarray:
    """Two cards off each board, so a clashing row is still a valid hand to evaluate."""
    out = np.empty((len(boards), 2), dtype=np.uint8)
    for row, board in enumerate(boards):
        free = np.setdiff1d(np.arange(52), board)
        out[row] = free[:2]
    return out


@kernel
def _tally(strengths, cards, classes, weights, wins):  # type: ignore[no-untyped-def]
    n_classes = wins.shape[0]
    passed = np.zeros(n_classes, dtype=np.int32)  # per class: combinations already passed
    passed_with = np.zeros((52, n_classes), dtype=np.int32)  # ... that hold a given card
    board_wins = np.zeros((n_classes, n_classes), dtype=np.int32)
    for row in range(strengths.shape[0]):
        order = np.argsort(strengths[row], kind="mergesort")
        k = 0
        while strengths[row, order[k]] < 0:  # combinations that meet the board
            k += 1
        while k < order.shape[0]:
            end = k
            level = strengths[row, order[k]]
            while end < order.shape[0] and strengths[row, order[end]] == level:
                end += 1
            # Every combination of this strength beats those passed that share no card.
            for t in range(k, end):
                h = order[t]
                a, b, ci = cards[h, 0], cards[h, 1], classes[h]
                for cj in range(n_classes):
                    board_wins[ci, cj] += passed[cj] - passed_with[a, cj] - passed_with[b, cj]
            for t in range(k, end):
                h = order[t]
                a, b, ci = cards[h, 0], cards[h, 1], classes[h]
                passed[ci] += 1
                passed_with[a, ci] += 1
                passed_with[b, ci] += 1
            k = end
        w = weights[row]
        for ci in range(n_classes):
            for cj in range(n_classes):
                wins[ci, cj] += w * board_wins[ci, cj]
                board_wins[ci, cj] = 0
            passed[ci] = 0
            for card in range(52):
                passed_with[card, ci] = 0
