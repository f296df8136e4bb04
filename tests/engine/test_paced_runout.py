"""A paced runout deals the same cards as an unpaced one, a street at a time on request.

With ``paced_runout`` a hand dealt from a deck stops after the hands are turned up at an
all-in, and again before each street, until ``deal_runout()``: random all-in hands (2-6
players, uneven stacks, run it once to three times) are played paced and unpaced from
the same deck and decisions, and must end with the same events, boards and stacks.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.cards import ALL_CARDS, Deck
from holdem.engine import Action, Hand, HandConfig, Phase
from holdem.engine import events as ev
from holdem.errors import IllegalActionError
from tests.engine.helpers import CALL, play, stacked


def _decide(hand: Hand, rng: random.Random) -> Action:
    """Mostly all-in or call, so that most hands end in a runout."""
    legal = hand.legal_actions()
    if legal.show:  # a hand turned up at the all-in may only be shown (R30)
        return Action.muck() if legal.muck and rng.random() < 0.5 else Action.show()
    roll = rng.random()
    if roll < 0.1:
        return Action.fold()
    if roll < 0.5 and legal.all_in_to is not None:
        return Action.all_in()
    return Action.check() if legal.check else Action.call()


def _play(config: HandConfig, seed: int, *, auto_showdown: bool) -> tuple[Hand, list[int]]:
    """Play a hand to its end; paced, deal each runout street when due. Board sizes seen
    at each wait come back too."""
    cards = list(ALL_CARDS)
    random.Random(seed).shuffle(cards)
    hand = Hand(config, Deck(cards), auto_showdown=auto_showdown)
    rng = random.Random(seed + 1)
    waits: list[int] = []
    while not hand.is_over:
        if hand.runout_due:
            assert hand.to_act is None
            with pytest.raises(IllegalActionError, match="no player is to act"):
                hand.legal_actions()
            waits.append(sum(len(board) for board in hand.boards))
            hand.deal_runout()
        else:
            hand.act(_decide(hand, rng))
    return hand, waits


@settings(max_examples=300, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 400), min_size=2, max_size=6),
    run_count=st.sampled_from([1, 1, 2, 3]),
    auto_showdown=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_paced_and_unpaced_runouts_end_alike(
    stacks: list[int], run_count: int, auto_showdown: bool, seed: int
) -> None:
    config = HandConfig.create("nl", stacks, small_blind=1, big_blind=2, run_count=run_count)
    unpaced, no_waits = _play(config, seed, auto_showdown=auto_showdown)
    paced, waits = _play(replace(config, paced_runout=True), seed, auto_showdown=auto_showdown)
    assert no_waits == []
    assert paced.events == unpaced.events
    assert paced.boards == unpaced.boards
    assert paced.stacks == unpaced.stacks
    assert paced.result == unpaced.result
    # One wait before each street dealt after the hands were turned up, in order.
    assert len(waits) == len(_streets_after_exposure(paced))
    assert waits == sorted(waits) and len(set(waits)) == len(waits)


def _streets_after_exposure(hand: Hand) -> list[ev.BoardDealt]:
    exposed = [i for i, e in enumerate(hand.events) if isinstance(e, ev.HandsExposed)]
    if not exposed:
        return []
    return [e for e in hand.events[exposed[0] :] if isinstance(e, ev.BoardDealt)]


def _all_in_preflop(run_count: int = 1) -> Hand:
    config = HandConfig.create(
        "nl", [100, 100], small_blind=1, big_blind=2, run_count=run_count, paced_runout=True
    )
    hand = Hand(config, stacked(["AsAh", "KsKh"], "2c7d9hJcQd"))
    play(hand, (1, Action.all_in()), (0, CALL))
    return hand


def test_the_hands_are_turned_up_before_the_flop_comes() -> None:
    hand = _all_in_preflop()
    assert hand.runout_due and hand.phase == Phase.RUNOUT and hand.to_act is None
    assert isinstance(hand.events[-1], ev.HandsExposed)
    assert hand.board == []
    sizes = []
    while hand.runout_due:
        hand.deal_runout()
        sizes.append(len(hand.board))
    assert sizes == [3, 4, 5]
    assert hand.is_over and hand.final_stacks == (200, 0)


def test_run_it_twice_deals_one_street_of_one_run_at_a_time() -> None:
    hand = _all_in_preflop(run_count=2)
    seen = []
    while hand.runout_due:
        hand.deal_runout()
        seen.append(tuple(len(board) for board in hand.boards))
    assert seen == [(3, 0), (4, 0), (5, 0), (5, 3), (5, 4), (5, 5)]
    assert hand.is_over


def test_deal_runout_is_refused_when_no_street_is_due() -> None:
    config = HandConfig.create("nl", [100, 100], small_blind=1, big_blind=2, paced_runout=True)
    hand = Hand(config, Deck())
    before = list(hand.events)
    with pytest.raises(IllegalActionError, match="no runout street is due: preflop betting"):
        hand.deal_runout()
    assert hand.events == before
    finished = _all_in_preflop()
    while finished.runout_due:
        finished.deal_runout()
    with pytest.raises(IllegalActionError, match="no runout street is due: the hand is over"):
        finished.deal_runout()


def test_a_waiting_runout_can_be_voided() -> None:
    hand = _all_in_preflop()
    hand.void()
    assert hand.phase == Phase.VOIDED and hand.final_stacks == (100, 100)
