"""The coach's numbers on spots whose answers are known (R49)."""

import random

from holdem.cards import parse_cards
from holdem.terminal.coach import advise, hands_ahead


def test_a_flush_draw_with_two_overcards_has_15_outs():
    advice = advise(
        parse_cards("AhKh"), parse_cards("Qh7h2c"), 1, pot=30, call=10, rng=random.Random(1)
    )
    assert advice.outs is not None
    assert len(advice.outs.cards) == 15  # 9 hearts, 3 aces, 3 kings
    assert advice.outs.rule == 0.6  # 15 x 4%
    assert 0.54 < advice.outs.hit < 0.55
    # Calling 10 into 30 (the bet included): the pot will be 40, so 25% breaks even.
    assert advice.break_even == 0.25 and advice.ratio == "3:1"
    assert advice.call_ev is not None and advice.call_ev > 0
    assert advice.starting is None


def test_preflop_the_coach_names_the_starting_hand_and_counts_no_outs():
    advice = advise(parse_cards("AsKs"), [], 5, pot=3, call=2, rng=random.Random(1))
    assert advice.starting == "AKs, premium"
    assert advice.outs is None
    assert 0.28 < advice.equity < 0.34  # AKs against five random hands
    assert advice.break_even == 0.4  # call 2 to win 3


def test_the_nuts_need_no_outs_and_a_free_check_has_no_pot_odds():
    assert hands_ahead(parse_cards("AhKh"), parse_cards("QhJhTh")) == []
    advice = advise(parse_cards("AhKh"), parse_cards("QhJhTh2c"), 2, pot=10, call=0)
    assert advice.outs is not None and advice.outs.best
    assert advice.break_even is None and advice.call_ev is None
    assert advice.equity == 1.0
