"""compare(): winners of a showdown and the reason in words (R27, R34, E5, E6)."""

import pytest

from holdem.cards import parse_cards
from holdem.errors import InvalidCardsError, ParseError
from holdem.evaluator import compare, evaluate, explain


@pytest.mark.parametrize(
    ("board", "holes", "winners", "reason"),
    [
        # E5: kickers.
        ("Ac9d7s4h2c", ["AsKd", "AhQc"], (0,), "A-A-K-9-7 beats A-A-Q-9-7: king kicker"),
        ("Ks9d7c4h2s", ["AhKd", "KcQc"], (0,), "K-K-A-9-7 beats K-K-Q-9-7: ace kicker"),
        # E6: playing the board.
        ("KsKhQdQcJs", ["8d3c", "7h6h"], (0, 1), "split: the board plays (K-K-Q-Q-J)"),
        ("KsKhQdQcJs", ["8d3c", "Ad6h"], (1,), "K-K-Q-Q-A beats K-K-Q-Q-J: ace kicker"),
        ("KsKd9c9hAs", ["QdJd", "8c7c"], (0, 1), "split: the board plays (K-K-9-9-A)"),
        ("AsKdQcJhTs", ["2c3c", "4d5d", "6h7h"], (0, 1, 2), "split: the board plays (A-K-Q-J-T)"),
        ("AhAdKcQsJh", ["9c3d", "8c2d"], (0, 1), "split: the board plays (A-A-K-Q-J)"),
        (
            "AhAdKcQsJh",
            ["9c3d", "Tc2d"],
            (1,),
            "A-K-Q-J-T beats A-A-K-Q-J: a straight beats a pair",
        ),
        (
            "AhAdKcQs9h",
            ["Jc3d", "Tc2d"],
            (0,),
            "A-A-K-Q-J beats A-A-K-Q-T: jack kicker (the third kicker)",
        ),
        ("KhQdJc9s7h", ["Kd5c", "Kc3s"], (0, 1), "split: both have K-K-Q-J-9"),
        (
            "Kh9d7c4s2h",
            ["Kd5c", "Kc3s"],
            (0,),
            "K-K-9-7-5 beats K-K-9-7-4: five kicker (the third kicker)",
        ),
    ],
)
def test_e5_e6_showdowns(board, holes, winners, reason):
    result = compare(board, *holes)
    assert result.winners == winners
    assert result.reason == reason
    assert result.is_split == (len(winners) > 1)


@pytest.mark.parametrize(
    ("winner", "loser", "why"),
    [
        ("AsAdKhKc2s", "AhAcQsQd2d", "the second pair, kings over queens"),
        ("KsKdKh9c9s", "KcKdKs8h8c", "the pair, nines over eights"),
        ("QsQdQhQc2s", "JsJdJhJc2d", "queens beat jacks"),
        ("9s8d7h6c5s", "8d7h6c5s4d", "nine high beats eight high"),
        ("AsKs9s7s4s", "AhKh9h7h3h", "the fifth card, four over three"),
        ("AsKs9s7s4s", "QhJh9h7h3h", "ace high beats queen high"),
        ("AsKd9s7c4h", "AhKh8d7h3h", "the third card, nine over eight"),
        ("7s7d7hAc2s", "7s7d7hKc2s", "ace kicker"),
        ("KcKdKhKsAc", "KcKdKhKsQc", "ace kicker"),
        ("3s3d3h2c2s", "2s2d2hAcAs", "threes beat twos"),
        ("AsKsQsJsTs", "KsQsJsTs9s", "ace high beats king high"),
    ],
)
def test_explain_names_what_decided(winner, loser, why):
    w, lose = (
        evaluate(parse_cards(winner, distinct=False)),
        evaluate(parse_cards(loser, distinct=False)),
    )
    assert w > lose
    assert explain(w, lose).endswith(": " + why)


def test_the_one_player_left_gets_a_description():
    assert compare("Ac9d7s4h2c", "AsKd").reason == "Pair of aces, king, nine and seven kickers"


def test_compare_refuses_cards_seen_twice():
    with pytest.raises(InvalidCardsError, match="As appears twice"):
        compare("Ac9d7s4h2c", "AsKd", "AsQc")
    with pytest.raises(InvalidCardsError, match="Ac appears twice"):
        compare("Ac9d7s4h2c", "AcKd", "AhQc")


def test_compare_refuses_bad_text_and_no_players():
    with pytest.raises(ParseError, match="'x' is not a suit"):
        compare("Ac9d7s4h2c", "AxKd")
    with pytest.raises(ValueError, match="at least one player"):
        compare("Ac9d7s4h2c")


def test_compare_on_the_flop_and_turn():
    assert compare("Ac9d7s", "AsKd", "9s9c").winners == (1,)
    assert compare("Ac9d7s4h", "AsKd", "9s9c").reason.startswith("9-9-9-A-7 beats A-A-K-9-7")
