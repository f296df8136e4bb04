"""The C hot path (_accel) and the pure-Python path give the same values and errors."""

import numpy as np
import pytest

from holdem.cards import ALL_CARDS, parse_cards
from holdem.errors import InvalidCardsError
from holdem.evaluator import evaluate, scalar
from holdem.evaluator.combos import colex_combinations


def test_the_accelerator_is_built_and_in_use():
    # Development and CI machines have a C compiler; only a bare install may lack one.
    assert scalar.ACCELERATED, "holdem.evaluator._accel was not built: is a C compiler installed?"
    assert evaluate is scalar.evaluate is not scalar.evaluate_python


@pytest.mark.parametrize("k", [5, 6, 7])
def test_same_values_on_random_hands(k):
    rng = np.random.default_rng(k)
    hands = np.argsort(rng.random((50_000, 52)), axis=1)[:, :k].tolist()
    for codes in hands:
        cards = [ALL_CARDS[c] for c in codes]
        fast, slow = scalar.evaluate(cards), scalar.evaluate_python(cards)
        assert fast.strength == slow.strength
        assert fast.cards is cards and slow.cards is cards
        assert type(fast) is type(slow)


def test_same_values_on_every_flush_heavy_hand():
    pool = [r * 4 + s for r in range(3, 13) for s in (1, 2)]
    for combo in colex_combinations(len(pool), 7).tolist():
        cards = tuple(ALL_CARDS[pool[i]] for i in combo)
        assert scalar.evaluate(cards) == scalar.evaluate_python(cards)


@pytest.mark.parametrize(
    "cards",
    [
        parse_cards("AsKs", distinct=False),
        parse_cards("AsAsKdQdJd", distinct=False),
        [51, 50, 49, 48, 52],
        [51, 50, 49, 48, -1],
        [51, 50, 49, 48, 2**70],
        ["As", "Kd", "Qd", "Jd", "Td"],
        None,
        (x for x in range(5)),
    ],
)
def test_same_errors(cards):
    with pytest.raises(InvalidCardsError) as fast:
        scalar.evaluate(cards)
    with pytest.raises(InvalidCardsError) as slow:
        scalar.evaluate_python(cards)
    assert str(fast.value) == str(slow.value)
