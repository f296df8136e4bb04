"""One million random seven-card hands against eval7, an independent evaluator in C."""

import numpy as np
import pytest

from holdem.cards import RANKS, SUITS
from holdem.evaluator import evaluate_batch

eval7 = pytest.importorskip("eval7")


@pytest.mark.slow
def test_the_same_order_as_eval7_on_a_million_hands():
    rng = np.random.default_rng(2024)
    n = 1_000_000
    hands = np.argsort(rng.random((n, 52), dtype=np.float32), axis=1)[:, :7].astype(np.uint8)
    deck = [eval7.Card(RANKS[c >> 2] + SUITS[c & 3]) for c in range(52)]
    theirs = np.fromiter(
        (eval7.evaluate([deck[c] for c in row]) for row in hands.tolist()), dtype=np.int64, count=n
    )
    ours = evaluate_batch(hands)
    # Same order for every pair <=> one eval7 value per strength, rising with the strength.
    pairs = np.unique(np.stack([ours, theirs], axis=1), axis=0)
    assert len(np.unique(pairs[:, 0])) == len(pairs)  # equal strength <=> equal eval7 value
    assert (np.diff(pairs[:, 1]) > 0).all()  # and the order agrees
    assert len(pairs) > 4000  # most of the 4,824 seven-card values were seen
