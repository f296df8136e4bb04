"""RULES.md R2, R3 (the deal) and R10-R13 (order of action), one test per point."""

from __future__ import annotations

import pytest

from holdem.cards import ALL_CARDS, Deck, parse_cards
from holdem.engine import Action, Hand, HandConfig, Phase
from holdem.engine import events as ev
from holdem.errors import DealingError, IllegalActionError
from tests.engine.helpers import CALL, CHECK, FOLD, assert_refused, play


def nl(stacks: list[int], sb: int = 50, bb: int = 100, **rules: object) -> HandConfig:
    return HandConfig.create("nl", stacks, small_blind=sb, big_blind=bb, **rules)


def acted(hand: Hand) -> list[tuple[int, str]]:
    return [(e.player, e.action) for e in hand.events if isinstance(e, ev.PlayerActed)]


# -- R2: hole cards one at a time, from the small blind to the button ----------------------


def test_r2_hole_cards_dealt_one_at_a_time_from_the_small_blind_to_the_button():
    deck_order = list(ALL_CARDS)  # 2c 2d 2h 2s 3c ...
    hand = Hand(nl([1000] * 4), Deck(deck_order))
    # Position i (0 = small blind, 3 = button) gets the i-th card and the (4 + i)-th card.
    for player in range(4):
        assert hand.holes[player] == (deck_order[player], deck_order[4 + player])
    dealt = [e for e in hand.events if isinstance(e, ev.HoleCardsDealt)]
    assert [e.player for e in dealt] == [0, 1, 2, 3]
    assert dealt[0].cards == tuple(parse_cards("2c 3c"))
    assert dealt[3].cards == tuple(parse_cards("2s 3s"))


def test_r2_heads_up_big_blind_gets_the_first_card_and_the_button_the_second():
    deck_order = list(ALL_CARDS)
    hand = Hand(nl([1000, 1000]), Deck(deck_order))
    posted = {e.player: e.amount for e in hand.events if isinstance(e, ev.BlindPosted)}
    assert posted == {0: 100, 1: 50}  # heads-up, position 0 is the big blind
    assert hand.holes[0] == (deck_order[0], deck_order[2])
    assert hand.holes[1] == (deck_order[1], deck_order[3])


def test_r2_explicit_dealing_asks_from_the_small_blind_to_the_button():
    hand = Hand(nl([1000] * 3))
    assert hand.pending_deal == ("hole", 0)
    with pytest.raises(DealingError, match="hole cards for player 1 come next"):
        hand.deal_hole(1, parse_cards("AsAh"))
    for player, cards in enumerate(["AsAh", "KsKh", "QsQh"]):
        assert hand.pending_deal == ("hole", player)
        hand.deal_hole(player, parse_cards(cards))
    assert hand.pending_deal is None
    assert hand.phase == Phase.BETTING


# -- R3: burn, flop; burn, turn; burn, river; four betting rounds ---------------------------


def test_r3_burn_before_flop_turn_and_river_and_four_betting_rounds():
    n = 3
    order = list(ALL_CARDS)
    deck = Deck(order)
    hand = Hand(nl([1000] * n), deck)
    play(hand, (2, CALL), (0, CALL), (1, CHECK))
    for _street in range(3):
        play(hand, (0, CHECK), (1, CHECK), (2, CHECK))
    assert hand.is_over
    board_events = [
        e
        for e in hand.events
        if isinstance(e, (ev.CardBurned, ev.BoardDealt, ev.BettingRoundEnded))
    ]
    # Each street is a burn then its cards; each betting round ends before the next burn.
    assert [type(e).__name__ for e in board_events] == [
        "BettingRoundEnded",
        "CardBurned",
        "BoardDealt",
        "BettingRoundEnded",
        "CardBurned",
        "BoardDealt",
        "BettingRoundEnded",
        "CardBurned",
        "BoardDealt",
        "BettingRoundEnded",
    ]
    rounds = [e.street for e in hand.events if isinstance(e, ev.BettingRoundEnded)]
    assert rounds == [0, 1, 2, 3]
    first = 2 * n  # the first card after the hole cards
    assert deck.burned == [order[first], order[first + 4], order[first + 6]]
    assert hand.board == [*order[first + 1 : first + 4], order[first + 5], order[first + 7]]
    flop, turn, river = (e for e in hand.events if isinstance(e, ev.BoardDealt))
    assert (len(flop.cards), len(turn.cards), len(river.cards)) == (3, 1, 1)


def test_r3_burns_also_when_the_board_is_run_out_all_in():
    order = list(ALL_CARDS)
    deck = Deck(order)
    hand = Hand(nl([1000, 1000]), deck)
    play(hand, (1, Action.all_in()), (0, CALL))
    first = 4
    assert deck.burned == [order[first], order[first + 4], order[first + 6]]
    assert hand.board == [*order[first + 1 : first + 4], order[first + 5], order[first + 7]]


# -- R10: preflop order ---------------------------------------------------------------------


def test_r10_utg_acts_first_preflop_and_the_big_blind_last_with_the_option():
    hand = Hand(nl([1000] * 5), Deck())
    assert hand.to_act == 2  # UTG, left of the big blind
    play(hand, (2, CALL), (3, CALL), (4, CALL), (0, CALL))
    assert hand.to_act == 1  # the big blind acts last
    legal = hand.legal_actions()
    assert legal.check and legal.raise_ is not None and legal.raise_.min == 200
    play(hand, (1, CHECK))
    assert hand.street == 1


def test_r10_big_blind_option_raise_reopens_the_action():
    hand = Hand(nl([1000] * 4), Deck())
    play(hand, (2, CALL), (3, CALL), (0, CALL), (1, Action.raise_to(300)))
    assert hand.to_act == 2
    play(hand, (2, CALL), (3, FOLD), (0, CALL))
    assert hand.street == 1
    assert hand.pot_total == 300 * 3 + 100


def test_r10_three_handed_the_button_is_first_preflop():
    hand = Hand(nl([1000] * 3), Deck())
    assert hand.to_act == 2


def test_r10_first_to_act_is_left_of_the_last_straddle():
    hand = Hand(nl([1000] * 6, straddles=[200, 400]), Deck())
    assert hand.to_act == 4


# -- R11: later rounds ------------------------------------------------------------------------


def test_r11_first_active_player_left_of_the_button_acts_first_after_the_flop():
    hand = Hand(nl([1000] * 4), Deck())
    play(hand, (2, CALL), (3, CALL), (0, CALL), (1, CHECK))
    assert hand.to_act == 0  # the small blind, left of the button
    play(hand, (0, CHECK), (1, CHECK), (2, CHECK), (3, CHECK))
    assert hand.street == 2  # the button acted last on the flop


def test_r11_folded_small_blind_is_skipped_and_the_button_acts_last():
    hand = Hand(nl([1000] * 4), Deck())
    play(hand, (2, CALL), (3, CALL), (0, FOLD), (1, CHECK))
    assert hand.to_act == 1
    play(hand, (1, CHECK), (2, CHECK))
    assert hand.to_act == 3
    play(hand, (3, CHECK))
    assert hand.street == 2


def test_r11_all_in_player_is_skipped_after_the_flop():
    hand = Hand(nl([1000, 1000, 300, 1000]), Deck())
    play(hand, (2, Action.all_in()), (3, CALL), (0, CALL), (1, CALL))
    assert hand.street == 1
    assert hand.to_act == 0
    play(hand, (0, CHECK), (1, CHECK))
    assert hand.to_act == 3  # position 2 is all-in


# -- R12: when a round ends -----------------------------------------------------------------


def test_r12_round_ends_when_all_matched_and_everyone_acted_since_the_last_full_raise():
    hand = Hand(nl([1000] * 4), Deck())
    play(hand, (2, CALL), (3, Action.raise_to(300)), (0, FOLD), (1, CALL))
    assert hand.street == 0 and hand.to_act == 2  # the limper must act again
    play(hand, (2, CALL))
    ended = [e for e in hand.events if isinstance(e, ev.BettingRoundEnded)]
    assert ended == [ev.BettingRoundEnded(street=0, pot=950)]
    assert hand.street == 1


def test_r12_a_player_facing_a_bigger_all_in_must_still_act():
    hand = Hand(nl([1000, 1000, 500]), Deck())
    play(hand, (2, Action.all_in()), (0, FOLD))
    # The big blind is the only player who can still bet, but it faces 400 more: it acts.
    assert hand.to_act == 1
    assert hand.legal_actions().call == 400
    play(hand, (1, CALL))
    assert hand.is_over


def test_r12_at_most_one_player_can_act_so_the_board_is_dealt_out():
    hand = Hand(nl([1000, 1000, 400]), Deck())
    play(hand, (2, Action.all_in()), (0, CALL), (1, FOLD))
    # The small blind still has 600 chips but nobody can bet against it: no more betting.
    assert hand.is_over
    assert len(hand.board) == 5
    assert [e.street for e in hand.events if isinstance(e, ev.BettingRoundEnded)] == [0]


def test_r12_big_blind_not_asked_when_everyone_else_is_all_in_for_less():
    hand = Hand(nl([1000, 1000, 60]), Deck())
    play(hand, (2, Action.all_in()), (0, FOLD))
    assert hand.is_over  # the big blind, covering the all-in, had nothing to decide
    returned = [e for e in hand.events if isinstance(e, ev.UncalledBetReturned)]
    assert returned == [ev.UncalledBetReturned(player=1, amount=40)]


# -- R13: acting out of turn ------------------------------------------------------------------


def test_r13_out_of_turn_refused_and_nothing_changes():
    hand = Hand(nl([1000] * 4), Deck())
    assert hand.to_act == 2
    message = assert_refused(hand, CALL, player=0)
    assert message == "it is not player 1's turn: player 3 is to act"
    assert_refused(hand, Action.raise_to(300), "not player 4's turn", player=3)
    assert_refused(hand, FOLD, "not player 2's turn", player=1)
    play(hand, (2, CALL))
    assert acted(hand) == [(2, "call")]


def test_r13_out_of_turn_refused_after_the_flop():
    hand = Hand(nl([1000] * 3), Deck())
    play(hand, (2, CALL), (0, CALL), (1, CHECK))
    assert_refused(hand, Action.bet(100), "it is not player 3's turn: player 1 is to act", player=2)


def test_r13_no_action_when_the_hand_is_over_or_being_dealt():
    dealing = Hand(nl([1000] * 3))
    with pytest.raises(IllegalActionError, match="the dealer is dealing"):
        dealing.legal_actions()
    assert_refused(dealing, CALL, "no player is to act: the dealer is dealing")
    hand = Hand(nl([1000] * 3), Deck())
    play(hand, (2, FOLD), (0, FOLD))
    assert hand.is_over
    assert_refused(hand, CHECK, "no player is to act: the hand is over")
