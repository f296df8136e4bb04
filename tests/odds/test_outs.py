"""Outs and the rule of 2 and 4, pot odds and the value of a call (R49)."""

from math import comb

import pytest

from holdem.cards import parse_cards
from holdem.errors import DuplicateCardError
from holdem.odds import OddsError, call_ev, outs, pot_odds


def cards(text):
    return tuple(parse_cards(text))


def test_r49_a_flush_draw_on_the_flop_has_9_outs():
    result = outs("6h5h", "Ah9h2c", "AsKd")
    assert result.status == "behind"
    assert result.outs == cards("2h3h4h7h8hThJhQhKh")
    assert result.ties == ()
    assert result.to_come == 2 and result.unseen == 45
    assert result.rule_estimate == 0.36  # outs x 4 with two cards to come
    assert result.hit_chance == pytest.approx(1 - comb(36, 2) / comb(45, 2))


def test_r49_against_an_unknown_hand_the_flush_comes_about_35_percent_of_the_time():
    # Nine outs among the 47 unseen cards: 1 - (38/47)(37/46), the rule of 4 says 36%.
    result = outs("6h5h", "Ah9h2c", "AK")
    assert len(result.outs) == 9 and result.unseen == 47
    assert result.hit_chance == pytest.approx(1 - comb(38, 2) / comb(47, 2))
    assert round(result.hit_chance, 2) == 0.35


def test_r49_one_card_to_come_is_outs_x_2():
    result = outs("6h5h", "Ah9h2c3d", "AsKd")
    # The 4 of any suit now makes a straight (A-2-3-4-5 or 2-3-4-5-6): 9 hearts + 3 fours.
    assert len(result.outs) == 12
    assert result.rule_estimate == 0.24
    assert result.hit_chance == pytest.approx(12 / 44)
    assert result.equity.equities[0] == pytest.approx(12 / 44)


def test_outs_exclude_cards_that_give_the_opponent_better():
    result = outs("AhKh", "Qh7h2c", "QsQd")
    # A heart that pairs the board gives the set a full house: 2h is not an out.
    assert result.outs == cards("3h4h5h6h8h9hThJh")
    assert result.rule_estimate == 0.32
    assert result.equity.exact and result.equity.boards == 990
    assert result.equity.equities[0] < result.hit_chance  # the river can still pair the board


def test_tie_cards():
    result = outs("AhQd", "KsJcTd", "AcQh")  # both hold the straight; only a flush could split it
    assert result.status == "tied"
    assert len(result.ties) == result.unseen  # whatever comes, they split
    assert result.outs == ()


def test_outs_against_a_range():
    result = outs("AhKh", "Qh7h2c", "QQ+")
    assert result.outs == cards("2h3h4h5h6h8h9hThJh")  # 2h pairs the board: KK and AA still lose
    assert result.unseen == 47
    assert result.equity.players[1].hand == "QQ+"


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        (("AhKh", "Qh7h", "QsQd"), OddsError, "3 or 4 cards, not 2"),
        (("AhKh", "Qh7h2c3d4s", "QsQd"), OddsError, "3 or 4 cards, not 5"),
        (("AhKhQc", "Qh7h2c", "QsQd"), OddsError, "two hole cards, not 3"),
        (("AhKh", "Qh7h2c", "QhQd"), DuplicateCardError, "Qh appears twice"),
        (("AhAs", "Ad7h2c", "AA"), OddsError, "no combination left"),
    ],
)
def test_outs_errors(args, error, words):
    with pytest.raises(error, match=words):
        outs(*args)


def test_r49_calling_200_into_400_needs_25_percent():
    odds = pot_odds(400, 200)
    assert odds.final_pot == 800
    assert odds.break_even == 0.25
    assert odds.ratio == "3:1"
    assert odds.ev(0.25) == pytest.approx(0)


def test_r49_a_flush_draw_with_one_card_to_come_does_not_have_the_odds():
    draw = 9 / 46  # about 20%
    assert round(draw, 2) == 0.2
    odds = pot_odds(400, 200)
    assert draw < odds.break_even
    assert not odds.profitable(draw)
    assert call_ev(400, 200, draw) == pytest.approx(draw * 600 - (1 - draw) * 200)
    assert call_ev(400, 200, draw) < 0 < call_ev(400, 200, 0.3)


def test_pot_odds_ratios_and_errors():
    assert pot_odds(500, 200).ratio == "3.5:1"
    assert pot_odds(0, 100).break_even == 0.5
    with pytest.raises(OddsError, match="more than 0"):
        pot_odds(400, 0)
    with pytest.raises(OddsError, match="cannot be negative"):
        pot_odds(-1, 100)
    with pytest.raises(OddsError, match="from 0 to 1"):
        call_ev(400, 200, 25)
