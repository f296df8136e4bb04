"""Intentions become legal actions: amounts clamped, all-in when committed."""

from __future__ import annotations

from holdem.bots import view_for
from holdem.bots.acting import aggressive, check_or_fold, passive, pot_sized
from holdem.engine import Action, Hand, HandConfig
from tests.bots.helpers import stacked_deck


def hand_with(stacks: int) -> Hand:
    config = HandConfig.create("nl", [stacks, stacks], small_blind=1, big_blind=2)
    return Hand(config, stacked_deck(["AcAd", "KcKd"]))


def test_amounts_are_clamped_to_the_legal_range():
    hand = hand_with(200)
    view, legal = view_for(hand, 1), hand.legal_actions()
    assert aggressive(view, legal, 1) == Action.raise_to(4)  # the minimum raise
    assert aggressive(view, legal, 10_000) == Action.raise_to(200)


def test_a_committed_stack_goes_all_in():
    hand = hand_with(20)
    view, legal = view_for(hand, 1), hand.legal_actions()
    assert aggressive(view, legal, 16) == Action.raise_to(20)  # 4 behind is under a third
    assert aggressive(view, legal, 6) == Action.raise_to(6)


def test_pot_sized_raises_call_first():
    hand = hand_with(200)
    view = view_for(hand, 1)  # the button: 1 to call into 3
    assert pot_sized(view, 1.0) == 2 + 4


def test_passive_and_check_or_fold():
    hand = hand_with(200)
    legal = hand.legal_actions()
    assert passive(legal) == Action.call()
    assert check_or_fold(legal) == Action.fold()
    hand.act(Action.call())
    legal = hand.legal_actions()
    assert passive(legal) == Action.check() == check_or_fold(legal)
