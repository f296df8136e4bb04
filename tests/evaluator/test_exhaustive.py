"""Every five-card and every seven-card hand, through the batch path (R50)."""

from math import comb

import numpy as np
import pytest

from holdem.cards import ALL_CARDS
from holdem.evaluator import Category, evaluate, evaluate_batch
from holdem.evaluator.classes import CLASSES
from holdem.evaluator.combos import colex_combinations
from holdem.evaluator.scalar import evaluate_python
from tests.r50 import FIVE_CARD_HANDS, SEVEN_CARD_HANDS, SEVEN_CARD_ROYAL_FLUSHES

# The first strength of each category, to count categories from strengths.
CATEGORY_STARTS = np.array(
    [next(i + 1 for i, c in enumerate(CLASSES) if c.category == cat) for cat in Category]
)


def category_counts(strengths: np.ndarray) -> dict[Category, int]:
    cats = np.searchsorted(CATEGORY_STARTS, strengths, side="right") - 1
    return {cat: int(n) for cat, n in zip(Category, np.bincount(cats, minlength=9), strict=True)}


@pytest.fixture(scope="module")
def all_five_card_hands() -> np.ndarray:
    return colex_combinations(52, 5)


@pytest.mark.slow
def test_r50_all_2598960_five_card_hands(all_five_card_hands):
    strengths = evaluate_batch(all_five_card_hands)
    assert len(strengths) == 2_598_960
    assert len(np.unique(strengths)) == 7462
    assert category_counts(strengths) == FIVE_CARD_HANDS


@pytest.mark.slow
@pytest.mark.parametrize("scalar", [evaluate, evaluate_python], ids=["accelerated", "python"])
def test_scalar_and_batch_agree_on_every_five_card_hand(all_five_card_hands, scalar):
    strengths = evaluate_batch(all_five_card_hands)
    for hand, strength in zip(all_five_card_hands.tolist(), strengths.tolist(), strict=True):
        assert scalar([ALL_CARDS[c] for c in hand]).strength == strength


@pytest.mark.slow
def test_r50_all_133784560_seven_card_hands():
    # Colex order: the 6-subsets of range(m) are the first comb(m, 6) rows, so one
    # table of 6-subsets of the 51 cards above card 0 serves every lowest card.
    six = colex_combinations(51, 6)
    counts = dict.fromkeys(Category, 0)
    royals = 0
    for low in range(46):
        above = 51 - low
        rest = six[: comb(above, 6)] + np.uint8(low + 1)
        hands = np.empty((len(rest), 7), dtype=np.uint8)
        hands[:, 0] = low
        hands[:, 1:] = rest
        strengths = evaluate_batch(hands)
        for cat, n in category_counts(strengths).items():
            counts[cat] += n
        royals += int((strengths == 7462).sum())
    assert sum(counts.values()) == comb(52, 7) == 133_784_560
    assert counts == SEVEN_CARD_HANDS
    assert royals == SEVEN_CARD_ROYAL_FLUSHES
