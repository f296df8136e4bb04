# mypy: disable-error-code="no-untyped-def"
# (numba kernels: their argument types are numba's to infer, not annotations)
"""Drawing the rest of the board, uniformly and exactly, from one random word.

Five cards are drawn as two pairs and one card, each uniform over the cards left (a pair
by its index into the colex table of pairs), from one 64-bit word cut into three 21-bit
parts; two cards are one pair and one card is one index, from 32 bits. The draw counts
only when the five cards differ, which makes the board uniform: every board arises from
the same 30 orderings of its cards into pair, pair and card. Each part is bounded by
Lemire's multiply-shift, whose rejection test (true once in thousands) marks the draw as
not counting instead of branching, so every counted board is exactly uniform.

The pairs' keys and card bits are tabled once per call (``deck``): a draw is three loads
for the key, three for the cards, and no shuffling.
"""

from __future__ import annotations

import numpy as np

from holdem.evaluator.combos import colex_combinations
from holdem.odds.kernels import inline

_LOW21 = np.uint64((1 << 21) - 1)
_LOW32 = np.uint64(0xFFFFFFFF)


def deck(live: np.ndarray, keys: np.ndarray) -> tuple[object, ...]:
    """What ``draw`` needs of the cards ``live``: keys and card bits of each card and each pair,
    and Lemire's thresholds for 21- and 32-bit draws."""
    # With fewer than two cards left no pair is ever drawn: a placeholder keeps the shapes.
    padded = live if len(live) >= 2 else np.zeros(2, np.int64)
    cards, padded_cards = np.int64(1) << live, np.int64(1) << padded
    pairs = colex_combinations(len(padded), 2)
    n2, n1 = len(pairs), max(len(live), 1)
    cuts = tuple(
        np.uint64(x) for x in ((1 << 21) % n2, (1 << 21) % n1, (1 << 32) % n2, (1 << 32) % n1)
    )
    pair_keys, pair_cards = keys[padded][pairs].sum(axis=1), padded_cards[pairs].sum(axis=1)
    return pair_keys, pair_cards, keys[live], cards, cuts


@inline
def bounded(x, bound, cut, bits, mask):
    """Lemire's multiply-shift: (index below ``bound``, 1 if the draw is unbiased else 0)."""
    u = (x & mask) * bound
    return np.int64(u >> bits), np.int64((u & mask) >= cut)


@inline
def draw(x, to_come, deck):
    """(key, card bits, 1 if the draw counts) of ``to_come`` (0, 1, 2 or 5) cards of ``deck``."""
    pair_keys, pair_cards, card_keys, card_bits, cuts = deck
    pairs, singles = np.uint64(pair_keys.shape[0]), np.uint64(card_keys.shape[0])
    b21, b32 = np.uint64(21), np.uint64(32)
    if to_come == 5:
        i, ok1 = bounded(x, pairs, cuts[0], b21, _LOW21)
        j, ok2 = bounded(x >> b21, pairs, cuts[0], b21, _LOW21)
        k, ok3 = bounded(x >> np.uint64(42), singles, cuts[1], b21, _LOW21)
        a, b, c = pair_cards[i], pair_cards[j], card_bits[k]
        apart = np.int64((a & b) == 0) & np.int64(((a | b) & c) == 0)
        return pair_keys[i] + pair_keys[j] + card_keys[k], a | b | c, ok1 & ok2 & ok3 & apart
    if to_come == 2:
        i, ok = bounded(x, pairs, cuts[2], b32, _LOW32)
        return pair_keys[i], pair_cards[i], ok
    if to_come == 1:
        i, ok = bounded(x, singles, cuts[3], b32, _LOW32)
        return card_keys[i], card_bits[i], ok
    return np.int64(0), np.int64(0), np.int64(1)
