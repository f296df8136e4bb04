"""The categories of every five- and seven-card hand, counted by the evaluator (R50)."""

from math import comb

import pytest

from holdem.evaluator import Category
from holdem.odds import five_card_categories, seven_card_categories
from tests.r50 import FIVE_CARD_HANDS, SEVEN_CARD_HANDS, SEVEN_CARD_ROYAL_FLUSHES


def test_r50_five_card_hands():
    table = five_card_categories()
    assert table.total == comb(52, 5) == 2_598_960
    assert table.counts == FIVE_CARD_HANDS
    assert table.royal_flushes == 4


def test_r50_seven_card_hands():
    # Every one of the 133,784,560 hands, walked by a kernel: about a second.
    table = seven_card_categories()
    assert table.total == comb(52, 7) == 133_784_560
    assert table.counts == SEVEN_CARD_HANDS
    assert table.royal_flushes == SEVEN_CARD_ROYAL_FLUSHES
    assert table.probability(Category.STRAIGHT_FLUSH) == pytest.approx(0.000311, abs=1e-6)
    assert table.royal_flushes / table.total == pytest.approx(0.0000323, abs=1e-7)  # ~0.003%
