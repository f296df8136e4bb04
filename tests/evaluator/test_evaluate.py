"""evaluate(): the best five of seven, ranking rules R27, R32-R34, E5 and E6."""

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from holdem.cards import ALL_CARDS, Card, parse_cards
from holdem.errors import InvalidCardsError
from holdem.evaluator import Category, HandValue, evaluate


def value(text: str) -> HandValue:
    return evaluate(parse_cards(text))


def shown(cards) -> str:
    return "".join(str(c) for c in cards)


@pytest.mark.parametrize(
    ("cards", "category", "description"),
    [
        ("AsKsQsJsTs", Category.STRAIGHT_FLUSH, "Royal flush"),
        ("9h8h7h6h5h", Category.STRAIGHT_FLUSH, "Straight flush, nine high"),
        ("5d4d3d2dAd", Category.STRAIGHT_FLUSH, "Straight flush, five high"),
        ("QcQdQhQs3c", Category.FOUR_OF_A_KIND, "Four of a kind, queens, three kicker"),
        ("KcKdKh2s2c", Category.FULL_HOUSE, "Full house, kings full of twos"),
        ("As9s7s4s2s", Category.FLUSH, "Flush, ace high"),
        ("AcKdQhJsTc", Category.STRAIGHT, "Straight, ace high"),
        ("5c4d3h2sAc", Category.STRAIGHT, "Straight, five high (the wheel)"),
        ("7c7d7hAsKc", Category.THREE_OF_A_KIND, "Three of a kind, sevens, ace and king kickers"),
        ("KcKdQhQsJc", Category.TWO_PAIR, "Two pair, kings and queens, jack kicker"),
        ("AcAd9h7s4c", Category.ONE_PAIR, "Pair of aces, nine, seven and four kickers"),
        (
            "AcKd9h7s2c",
            Category.HIGH_CARD,
            "High card, ace high, king, nine, seven and two kickers",
        ),
    ],
)
def test_r32_categories_and_descriptions(cards, category, description):
    v = value(cards)
    assert v.category == category
    assert v.describe() == description


def test_r32_order_of_categories_on_real_hands():
    ladder = [
        "AcKd9h7s2c",  # high card
        "2c2d9h7s4c",  # one pair
        "3c3d2h2s4c",  # two pair
        "2c2d2h7s4c",  # three of a kind
        "5c4d3h2sAc",  # straight (the lowest)
        "7s5s4s3s2s",  # flush (the lowest)
        "2c2d2h3s3c",  # full house (the lowest)
        "2c2d2h2s3c",  # four of a kind (the lowest)
        "5d4d3d2dAd",  # straight flush (the lowest)
    ]
    values = [value(h) for h in ladder]
    assert values == sorted(values)
    assert len(set(values)) == len(values)


def test_r32_suits_never_break_a_tie():
    assert value("AsKsQsJs9s") == value("AhKhQhJh9h")
    assert value("AcAd7h5s2c") == value("AhAs7c5d2h")
    assert hash(value("AsKsQsJs9s")) == hash(value("AhKhQhJh9h"))


def test_r33_wheel_is_a_straight_and_the_lowest():
    wheel = value("Ah2d3c4s5h")
    assert wheel.category == Category.STRAIGHT
    assert wheel < value("2d3c4s5h6c")
    assert shown(wheel.best_five) == "5h4s3c2dAh"


@pytest.mark.parametrize("cards", ["QhKdAc2s3h", "KhAd2c3s4h", "JhQdKcAs2h"])
def test_r33_no_wrap_around(cards):
    assert value(cards).category == Category.HIGH_CARD


def test_r33_a_sixth_flush_card_never_breaks_a_tie():
    # Both hold six spades; only the top five count.
    assert value("AsKs9s7s4s3s2d") == value("AsKs9s7s4s2s3d")
    assert value("AsKs9s7s4s3s") == value("AsKs9s7s4s2s")
    v = value("AsKs9s7s4s3s2s")
    assert v.category == Category.FLUSH
    assert shown(v.best_five) == "AsKs9s7s4s"


def test_r33_a_sixth_and_seventh_card_never_count():
    assert value("AcAd9h7s4c3d2h") == value("AcAd9h7s4c")


def test_r34_ties_within_categories():
    assert value("AcAdKh9s7c") > value("AhAsQc9d7h")  # pair: first kicker
    assert value("AcAdKhQs7c") > value("AhAsKcJd7h")  # pair: second kicker
    assert value("KcKd4h4s2c") > value("QhQsJcJdAh")  # two pair: top pair first
    assert value("KcKd5h5s2c") > value("KhKs4c4dAh")  # then bottom pair
    assert value("KcKd5h5s3c") > value("KhKs5c5d2h")  # then the kicker
    assert value("KcKdKh2s2c") > value("QhQsQcAdAh")  # kings full of twos beats queens full of aces
    assert value("7c7d7hAs2c") > value("7c7d7hKsQc")  # trips: kickers
    assert value("AsKsQsJs9s") > value("AhKhQhJh8h")  # flush: card by card to the last
    assert value("6c5d4h3s2c") > value("5c4d3h2sAc")  # straight: top card; the wheel is five high


def test_r27_using_both_one_or_neither_hole_card():
    board = "KhQd7c4s2h"
    assert value("AhAs" + board).category == Category.ONE_PAIR  # both
    assert value("Kc3d" + board).category == Category.ONE_PAIR  # one
    assert value("3c5d" + board) == value(board) or value("3c5d" + board) > value(board)
    assert value("6c3d" + board).category == Category.HIGH_CARD
    royal_board = "AsKsQsJsTs"
    assert value("2c3d" + royal_board) == value(royal_board)  # neither: the board plays


def test_e5_kickers():
    assert value("AsKd" + "Ac9d7s4h2c") > value("AhQc" + "Ac9d7s4h2c")
    assert value("AhKd" + "Ks9d7c4h2s") > value("KcQc" + "Ks9d7c4h2s")


def test_e6_playing_the_board():
    board = "KsKhQdQcJs"
    assert value("8d3c" + board) == value("7h6h" + board)  # both play K-K-Q-Q-J
    assert shown(value("8d3c" + board).best_five)[::2] == "KKQQJ"
    assert value("Ad3c" + board) > value("8d3c" + board)  # K-K-Q-Q-A
    # The reference text also pairs 8d3c with Th9h here, but T-9 with K-Q-J is a straight.
    assert value("Th9h" + board).category == Category.STRAIGHT
    assert value("QdJd" + "KsKd9c9hAs") == value("8c7c" + "KsKd9c9hAs")
    board = "AsKdQcJhTs"
    assert value("2c3c" + board) == value("9h9d" + board) == value("AhAd" + board)
    assert value("9s3h" + "AhAdKcQsJc") == value("8s2h" + "AhAdKcQsJc")
    assert value("Ts2h" + "AhAdKcQsJc").category == Category.STRAIGHT
    assert value("Jc3d" + "AhAdKcQs9c") > value("Tc2d" + "AhAdKcQs9c")
    assert value("Kd5c" + "KhQdJc9s7h") == value("Kc3s" + "KhQdJc9s7h")
    assert value("Kd5c" + "Kh9d7c4s2h") > value("Kc3s" + "Kh9d7c4s2h")


def test_best_five_in_ranking_order():
    assert shown(value("Ac9d7s4h2c AsKd").best_five) in ("AsAcKd9d7s", "AcAsKd9d7s")
    assert [c.rank for c in value("KcKdKh2s2c9h8d").best_five] == [11, 11, 11, 0, 0]
    sf = value("9h8h7h6h5hTd4h")
    assert shown(sf.best_five) == "9h8h7h6h5h"


def test_six_and_five_card_hands():
    assert value("AsKsQsJsTs") == value("AsKsQsJsTs2c") == value("AsKsQsJsTs2c3d")
    assert value("2c2d2h3s3c4d").describe() == "Full house, twos full of threes"


def best_of_fives(cards):
    return max(evaluate(list(five)) for five in itertools.combinations(cards, 5))


seven_cards = st.lists(st.sampled_from(ALL_CARDS), min_size=7, max_size=7, unique=True)


@given(seven_cards)
def test_the_value_of_seven_cards_is_the_best_of_their_21_fives(cards):
    assert evaluate(cards) == best_of_fives(cards)
    assert evaluate(cards).category == best_of_fives(cards).category


@given(seven_cards, st.permutations(range(4)), st.randoms())
def test_suit_relabelling_and_card_order_change_nothing(cards, suits, rnd):
    relabelled = [Card.of(c.rank, suits[c.suit]) for c in cards]
    rnd.shuffle(relabelled)
    assert evaluate(relabelled) == evaluate(cards)
    assert sorted(evaluate(relabelled).best_five) != [] and len(evaluate(cards).best_five) == 5


def test_plain_int_codes_work_like_cards():
    rng = random.Random(3)
    for _ in range(200):
        codes = rng.sample(range(52), 7)
        assert evaluate(codes) == evaluate([ALL_CARDS[c] for c in codes])


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        (parse_cards("AsKs", distinct=False), "5, 6 or 7 cards, not 2"),
        (parse_cards("AsKsQsJsTs9s8s7s"), "5, 6 or 7 cards, not 8"),
        (parse_cards("AsAsKdQdJd", distinct=False), "As appears twice"),
        (parse_cards("AsAsKdQdJd2c3c", distinct=False), "As appears twice"),
        ([51, 50, 49, 48, 52, 1, 2], "52 is not a card code"),
        ([51, 50, 49, 48, -1, 1, 2], "-1 is not a card code"),
        ([51, 50, 49, 48, -1], "-1 is not a card code"),
        (["As", "Kd", "Qd", "Jd", "Td"], "read text with parse_cards first"),
        ("AsKdQdJdTd", "read text with parse_cards first"),
        ([None] * 5, "None is not a card code"),
        (5, "5 is not a list of cards"),
    ],
)
def test_bad_hands_get_a_clear_error(cards, words):
    with pytest.raises(InvalidCardsError, match=words):
        evaluate(cards)


def test_hand_values_compare_only_with_hand_values():
    v = value("AsKsQsJsTs")
    assert v.strength == 7462
    assert (v == 7462) is False
    with pytest.raises(TypeError):
        _ = v < 5
