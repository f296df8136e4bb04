"""The 7,462 five-card values and their order (R32, R34, R50)."""

from collections import Counter

from holdem.evaluator.classes import (
    CLASSES,
    STRENGTH,
    Category,
    HandClass,
    category_of,
    five_ranks,
    straight_top,
)


def test_r50_there_are_7462_distinct_five_card_values():
    assert len(CLASSES) == 7462
    assert len(set(CLASSES)) == 7462


def test_r50_distinct_values_per_category():
    counts = Counter(cls.category for cls in CLASSES)
    assert counts == {
        Category.STRAIGHT_FLUSH: 10,
        Category.FOUR_OF_A_KIND: 156,
        Category.FULL_HOUSE: 156,
        Category.FLUSH: 1277,
        Category.STRAIGHT: 10,
        Category.THREE_OF_A_KIND: 858,
        Category.TWO_PAIR: 858,
        Category.ONE_PAIR: 2860,
        Category.HIGH_CARD: 1277,
    }


def test_r32_categories_are_ordered_high_to_low():
    labels = [cat.label for cat in sorted(Category, reverse=True)]
    assert labels == [
        "straight flush",
        "four of a kind",
        "full house",
        "flush",
        "straight",
        "three of a kind",
        "two pair",
        "one pair",
        "high card",
    ]
    strengths = [STRENGTH[cls] for cls in CLASSES]
    assert strengths == sorted(strengths)
    assert [category_of(s) for s in strengths] == [cls.category for cls in CLASSES]


def test_r34_full_house_by_trips_then_pair():
    kings_full_of_twos = HandClass(Category.FULL_HOUSE, (11, 0))
    queens_full_of_aces = HandClass(Category.FULL_HOUSE, (10, 12))
    assert STRENGTH[kings_full_of_twos] > STRENGTH[queens_full_of_aces]


def test_r33_wheel_is_the_lowest_straight_and_no_wrap_around():
    assert straight_top(0b1000000001111) == 3  # A-2-3-4-5
    assert straight_top(0b1100000000111) is None  # K-A-2-3-4 wraps: not a straight
    assert straight_top(0b1110000000011) is None  # Q-K-A-2-3
    wheel = HandClass(Category.STRAIGHT, (3,))
    six_high = HandClass(Category.STRAIGHT, (4,))
    assert STRENGTH[wheel] == min(STRENGTH[c] for c in CLASSES if c.category == Category.STRAIGHT)
    assert STRENGTH[wheel] < STRENGTH[six_high]
    assert five_ranks(wheel) == (3, 2, 1, 0, 12)


def test_extremes():
    assert CLASSES[0] == HandClass(Category.HIGH_CARD, (5, 3, 2, 1, 0))  # 7-5-4-3-2
    assert CLASSES[-1] == HandClass(Category.STRAIGHT_FLUSH, (12,))  # royal flush
