"""E4 and R18: an all-in nobody can call, through the PHH writer and a replay."""

from holdem.engine import Hand, HandConfig
from holdem.engine import events as ev
from holdem.history.actions import format_action
from holdem.history.phh import dumps, loads
from holdem.history.record import history_of
from holdem.history.replay import replay, replay_hand
from tests.engine.helpers import ALL_IN, CALL, play, stacked


def e4_in_the_order_given() -> Hand:
    config = HandConfig.create("nl", [50, 120, 200], small_blind=1, big_blind=2)
    hand = Hand(config, stacked(["AsAh", "2s3h", "KsKh"], "4c7d9h8cJd"))
    play(hand, (2, CALL), (0, ALL_IN), (1, ALL_IN), (2, ALL_IN))
    return hand


def test_e4_r18_the_phh_writer_writes_the_uncallable_all_in_as_the_call_it_comes_to():
    hand = e4_in_the_order_given()
    acted = [e for e in hand.events if isinstance(e, ev.PlayerActed)][-1]
    assert acted.action == "raise" and acted.to == 200 and acted.uncallable
    history = history_of(hand)
    written = [format_action(a) for a in history.actions]
    assert "p3 cc # all-in to 200, the rest uncalled" in written
    assert history.finishing_stacks == (150, 0, 220)
    again = loads(dumps(history))[0]
    assert replay(again).match
    assert replay_hand(again).final_stacks == hand.final_stacks == (150, 0, 220)
