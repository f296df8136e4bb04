"""The categories of every five- and seven-card hand, counted by the evaluator (R50)."""

from math import comb

import pytest

from holdem.evaluator import Category
from holdem.odds import five_card_categories, seven_card_categories


def test_r50_five_card_hands():
    table = five_card_categories()
    assert table.total == comb(52, 5) == 2_598_960
    assert table.counts == {
        Category.STRAIGHT_FLUSH: 40,
        Category.FOUR_OF_A_KIND: 624,
        Category.FULL_HOUSE: 3744,
        Category.FLUSH: 5108,
        Category.STRAIGHT: 10200,
        Category.THREE_OF_A_KIND: 54912,
        Category.TWO_PAIR: 123552,
        Category.ONE_PAIR: 1098240,
        Category.HIGH_CARD: 1302540,
    }
    assert table.royal_flushes == 4


def test_r50_seven_card_hands():
    # Every one of the 133,784,560 hands, walked by a kernel: about a second.
    table = seven_card_categories()
    assert table.total == comb(52, 7) == 133_784_560
    assert table.counts == {
        Category.STRAIGHT_FLUSH: 41584,
        Category.FOUR_OF_A_KIND: 224848,
        Category.FULL_HOUSE: 3473184,
        Category.FLUSH: 4047644,
        Category.STRAIGHT: 6180020,
        Category.THREE_OF_A_KIND: 6461620,
        Category.TWO_PAIR: 31433400,
        Category.ONE_PAIR: 58627800,
        Category.HIGH_CARD: 23294460,
    }
    assert table.royal_flushes == 4324
    assert table.probability(Category.STRAIGHT_FLUSH) == pytest.approx(0.000311, abs=1e-6)
    assert table.royal_flushes / table.total == pytest.approx(0.0000323, abs=1e-7)  # ~0.003%
