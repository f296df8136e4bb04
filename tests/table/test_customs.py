"""Home-game customs as table settings: straddles, bomb pots, run it twice, the 7-2 game (R46)."""

import random

import pytest

from holdem.engine import Action
from holdem.errors import IllegalActionError
from holdem.table import Table, TableSettings
from tests.engine.helpers import deck_starting
from tests.table.test_table import check_down


def four(**settings) -> Table:
    t = Table(TableSettings(seats=4, **settings), rng=random.Random(2))
    for seat, name in enumerate(["Ana", "Ben", "Cleo", "Dan"]):
        t.sit(seat, name, 100)
    return t


def test_r46_straddle_by_the_player_after_the_big_blind():
    t = four(straddles=True)
    t.straddle(3)  # button 0, small blind 1, big blind 2: seat 3 is under the gun
    hand = t.start_hand()
    assert hand.bets == [1, 2, 4, 0]  # positions from the small blind: Ben, Cleo, Dan, Ana
    assert t.seat_to_act == 0  # action starts left of the straddle (R9)


def test_r46_straddles_only_where_the_table_allows_them():
    with pytest.raises(IllegalActionError, match="does not allow straddles"):
        four().straddle(3)


def test_r46_bomb_pot_everyone_antes_and_the_hand_starts_at_the_flop():
    t = four()
    t.bomb_pot(5)
    hand = t.start_hand()
    assert hand.pot_total == 20
    assert len(hand.board) == 3 and hand.street == 1
    check_down(t)
    assert t.chips_on_table() == 400
    assert t.start_hand().street == 0  # only one hand


def test_r46_run_it_twice_when_every_player_agrees():
    t = four(run_it_twice=True)
    hand = t.start_hand()
    assert hand.config.run_count == 2
    check_down(t)
    t.set_run_twice(1, False)
    assert t.start_hand().config.run_count == 1


def test_r46_seven_deuce_game_collects_the_bounty_from_everyone_dealt_in():
    t = four(seven_deuce_bounty=10)
    # Button Ana (seat 0); positions Ben, Cleo, Dan, Ana. Ben gets 7-2 and a full house.
    deck = deck_starting("7c Kd Qd Jd 2c 3s 4s 5s 9h 7d 7h 2d 9s 8c 6c")
    t.start_hand(deck)
    hand = t.hand
    assert hand is not None
    assert [str(c) for c in hand.holes[0]] == ["7c", "2c"]
    while not hand.is_over:
        legal = hand.legal_actions()
        t.act(t.seat_to_act, Action.call() if legal.call else Action.check())
    bounty = t.history[-1].bounty
    assert bounty is not None and bounty.winner == 1
    assert sorted(seat for seat, _ in bounty.paid) == [0, 2, 3]
    assert all(chips == 10 for _, chips in bounty.paid)
    assert t.chips_on_table() == 400


def test_the_7_2_bounty_needs_the_pot_won_with_7_2():
    t = four(seven_deuce_bounty=10)
    t.start_hand(deck_starting("Ac Kd Qd Jd Ah 3s 4s 5s 9h 7d 7h 2d 9s 8c 6c"))
    check_down(t)
    assert t.history[-1].bounty is None
