"""The tight-aggressive bot: hand tiers, outs, the starting-hand chart, pot odds."""

from __future__ import annotations

import pytest

from holdem.bots import view_for
from holdem.bots.preflop_chart import Seat, playable
from holdem.bots.strength import Made, made, outs
from holdem.bots.tag import TagBot
from holdem.engine import Action, ActionKind, Hand, HandConfig
from holdem.odds import starting_hand
from tests.bots.helpers import cards, make, stacked_deck


@pytest.mark.parametrize(
    ("hole", "board", "tier"),
    [
        ("AsKd", "Ah7c2d", Made.STRONG),  # top pair, good kicker
        ("As5d", "Ah7c2d", Made.MEDIUM),  # top pair, weak kicker
        ("Ks5d", "Kh7c2d", Made.MEDIUM),  # top pair, weak kicker
        ("QsQd", "Jh7c2d", Made.STRONG),  # overpair
        ("8s8d", "Jh7c2d", Made.MEDIUM),
        ("3s3d", "Jh7c2d", Made.WEAK),
        ("9s7d", "Jh7c2d", Made.MEDIUM),  # middle pair
        ("9s2s", "Jh7c2d", Made.WEAK),
        ("9h9d", "9c7c2d", Made.MONSTER),  # a set
        ("Jd7s", "Jh7c2d", Made.MONSTER),  # two pair with both cards
        ("AsQd", "KhKd5c", Made.NOTHING),  # the pair is the board's
        ("6s5d", "4h3c2d", Made.MONSTER),  # a straight
        ("2h3h", "AhKhQhJhTh", Made.NOTHING),  # the board plays
        ("2h3d", "AhKh9h4h7c", Made.MEDIUM),  # a low card to a four-flush board
    ],
)
def test_made_hand_tiers(hole, board, tier):
    assert made(cards(hole), cards(board)) == tier


@pytest.mark.parametrize(
    ("hole", "board", "count"),
    [
        ("6h5h", "Ah9h2c", 9),  # a flush draw
        ("8s7s", "6d5c2h", 8),  # open-ended
        ("8s7s", "9d5c2h", 4),  # a gutshot
        ("AsKd", "Qh7c2d", 6),  # two overcards
        ("AsKd", "Ah7c2d", 0),  # strong already
        ("6h5h", "Ah9h2c8d3s", 0),  # the river: nothing to come
    ],
)
def test_outs_are_the_cards_that_make_a_strong_hand(hole, board, count):
    assert outs(cards(hole), cards(board)) == count


def test_the_chart_follows_the_beginners_groups_and_position():
    for premium in ("AA", "KK", "QQ", "AKo", "JJ", "AQo", "KQs"):
        assert playable(starting_hand(premium), Seat.EARLY)
    for weak in ("93o", "J4o", "Q2o"):
        assert not any(playable(starting_hand(weak), seat) for seat in Seat)
    assert not playable(starting_hand("55"), Seat.EARLY)
    assert playable(starting_hand("55"), Seat.MIDDLE)
    assert not playable(starting_hand("K9s"), Seat.MIDDLE)
    assert playable(starting_hand("K9s"), Seat.LATE)


def six_max(hole: str) -> Hand:
    holes = ["2c3d", "4c5d", hole, "7c8d", "9cTd", "JcQd"]
    return Hand(HandConfig.create("nl", [200] * 6, small_blind=1, big_blind=2), stacked_deck(holes))


def decide(hand: Hand, bot: TagBot | None = None) -> Action:
    player = hand.to_act
    assert player is not None
    return (bot or make("tag")).decide(view_for(hand, player), hand.legal_actions())  # type: ignore[return-value]


def test_tag_opens_by_position_and_reraises_premium_hands():
    assert decide(six_max("KsKh")) == Action.raise_to(6)  # 3 big blinds under the gun
    assert decide(six_max("5s5h")).kind == ActionKind.FOLD
    assert decide(six_max("9s3h")).kind == ActionKind.FOLD
    hand = Hand(
        HandConfig.create("nl", [200] * 6, small_blind=1, big_blind=2),
        stacked_deck(["2c3d", "4c5d", "7c8d", "AsAh", "9cTd", "JcQd"]),
    )
    hand.act(Action.raise_to(6))  # under the gun raises; aces are next
    assert decide(hand) == Action.raise_to(18 + 6)  # three times the raise, after the call


def heads_up_on_the_flop(stacks: int) -> Hand:
    """The tag bot (the button) holds a flush draw; the big blind bets 10 into 12."""
    hand = Hand(
        HandConfig.create("nl", [stacks, stacks], small_blind=1, big_blind=2),
        stacked_deck(["AcAd", "Qh8h"], "Kh7h2c3d4s"),
    )
    hand.act(Action.raise_to(6))
    hand.act(Action.call())
    hand.act(Action.bet(10) if stacks > 16 else Action.all_in())
    return hand


def test_a_draw_calls_only_with_the_pot_odds_by_the_rule_of_2_and_4():
    # 9 outs: with both cards to come for the price (the bet is all-in) 36% > 10/32,
    # so call; with stacks behind, the call buys one card: 18% < 10/32, so fold.
    assert decide(heads_up_on_the_flop(16)) == Action.call()
    assert decide(heads_up_on_the_flop(200)) == Action.fold()


def test_tag_bets_a_set_when_checked_to():
    hand = Hand(
        HandConfig.create("nl", [200, 200], small_blind=1, big_blind=2),
        stacked_deck(["AcKd", "7s7d"], "7h9c2d3s4s"),
    )
    hand.act(Action.call())
    hand.act(Action.check())
    hand.act(Action.check())
    assert decide(hand) == Action.bet(3)  # two thirds of the pot of 4
