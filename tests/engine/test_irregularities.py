"""A host's and a live dealer's operations: misdeal, exposed card, premature cards, void.

Rules R39-R42."""

import random

import pytest

from holdem.cards import ALL_CARDS, parse_cards
from holdem.engine import Action, Hand, HandConfig, Phase
from holdem.engine import events as ev
from holdem.engine.events import BoardReturned, CardExposed, ExtraCardsDealt, HandVoided, Misdealt
from holdem.errors import DealingError, IllegalActionError
from tests.engine.helpers import deck_starting

CONFIG = HandConfig.create("nl", [200, 200, 200], small_blind=1, big_blind=2)


# Dealt one card at a time (R2): p1 AhKh, p2 2c7s, p3 3d8d; then burn 9c, flop TcJcQc,
# burn Ks, turn 4h, burn 5h, river 6h.
DECK = "Ah 2c 3d Kh 7s 8d 9c Tc Jc Qc Ks 4h 5h 6h 2d"


def _explicit_hand_after_preflop() -> Hand:
    """Explicit dealing (a live dealer's cards): everyone calls preflop; the flop is due."""
    hand = Hand(CONFIG)
    for player, cards in enumerate(["AsKs", "7c2d", "QhQd"]):
        hand.deal_hole(player, parse_cards(cards))
    for _ in range(3):
        hand.act(Action.call() if hand.legal_actions().call else Action.check())
    return hand


def test_r39_exposed_first_card_is_a_misdeal_and_forced_bets_come_back():
    hand = Hand(CONFIG, deck_starting(DECK))
    hand.expose_hole_card(0, 0)
    assert hand.phase == Phase.VOIDED
    assert isinstance(hand.events[-1], Misdealt)
    assert hand.final_stacks == (200, 200, 200)


def test_r39_exposed_later_card_is_replaced_and_becomes_the_first_burn():
    hand = Hand(CONFIG, deck_starting(DECK))
    # p3's second card (8d) was the sixth card dealt: the deal goes on.
    assert hand.holes[2] == tuple(parse_cards("3d 8d"))
    hand.expose_hole_card(2, 1)
    assert hand.holes[2] == tuple(parse_cards("3d 9c"))  # the next card after the deal
    assert any(isinstance(e, CardExposed) and str(e.card) == "8d" for e in hand.events)
    for _ in range(3):
        hand.act(Action.call() if hand.legal_actions().call else Action.check())
    assert hand.deck is not None and hand.deck.burned == parse_cards("8d")  # no other burn
    assert hand.board == parse_cards("Tc Jc Qc")


def test_r39_a_second_exposed_card_is_a_misdeal():
    hand = Hand(CONFIG, deck_starting(DECK))
    hand.expose_hole_card(2, 1)
    hand.expose_hole_card(1, 1)
    assert hand.phase == Phase.VOIDED and "second" in hand.events[-1].reason


def test_r39_no_misdeal_after_the_first_action():
    hand = Hand(CONFIG, deck_starting(DECK))
    hand.act(Action.call())
    with pytest.raises(IllegalActionError, match="void the hand instead"):
        hand.misdeal()
    assert hand.phase == Phase.BETTING


def test_r40_a_premature_flops_burn_is_an_event_and_the_new_flop_has_none():
    hand = Hand(CONFIG, deck_starting(DECK), rng=random.Random(5))
    hand.act(Action.call())
    burns = sum(isinstance(e, ev.CardBurned) for e in hand.events)
    hand.premature_board()
    at = next(i for i, e in enumerate(hand.events) if isinstance(e, CardExposed))
    assert isinstance(hand.events[at - 1], ev.CardBurned)  # the burn came with the early flop
    hand.act(Action.call())
    hand.act(Action.check())
    assert len(hand.board) == 3
    assert sum(isinstance(e, ev.CardBurned) for e in hand.events) == burns + 1  # one, not two


def test_r40_premature_flop_goes_back_and_the_new_flop_has_no_burn():
    hand = Hand(CONFIG, deck_starting(DECK), rng=random.Random(5))
    hand.act(Action.call())
    hand.premature_board()  # the dealer burns and flops before the big blind has acted
    early = [e.card for e in hand.events if isinstance(e, CardExposed)]
    assert early == parse_cards("Tc Jc Qc")  # 9c was the burn
    assert hand.deck is not None and hand.deck.burned == parse_cards("9c")
    hand.act(Action.call())
    hand.act(Action.check())
    assert len(hand.board) == 3
    assert hand.deck.burned == parse_cards("9c")  # the burn stays, the new flop has none
    assert sorted(hand.deck.remaining + hand.board) == sorted(
        [c for c in ALL_CARDS if c not in hand.deck.dealt + hand.deck.burned] + hand.board
    )


def test_r41_premature_turn_is_set_aside_then_shuffled_back_for_the_river():
    hand = Hand(CONFIG, deck_starting(DECK + " 3h 7c"), rng=random.Random(1))
    for _ in range(3):
        hand.act(Action.call() if hand.legal_actions().call else Action.check())
    assert hand.board == parse_cards("Tc Jc Qc")
    hand.act(Action.check())
    hand.premature_board()  # burn Ks, turn 4h dealt too soon: set aside
    hand.act(Action.check())
    hand.act(Action.check())
    assert hand.board[3] == parse_cards("6h")[0]  # burn 5h, then the would-be river
    for _ in range(3):
        hand.act(Action.check())
    assert hand.deck is not None
    assert hand.deck.burned == parse_cards("9c Ks 5h")  # the river came without a burn
    assert len(hand.board) == 5


def test_r41_explicit_dealing_refuses_the_set_aside_card_as_the_turn():
    hand = _explicit_hand_after_preflop()
    hand.deal_board(parse_cards("Ah9s3s"))
    hand.act(Action.check())
    hand.premature_board(parse_cards("2s"))
    hand.act(Action.check())
    hand.act(Action.check())
    with pytest.raises(DealingError, match="set aside"):
        hand.deal_board(parse_cards("2s"))
    hand.deal_board(parse_cards("5d"))
    assert hand.board[-1] == parse_cards("5d")[0]


def test_r42_void_returns_every_chip_and_is_recorded():
    hand = Hand(CONFIG, deck_starting(DECK))
    hand.act(Action.raise_to(10))
    hand.act(Action.call())
    hand.void("the dealer flashed the deck")
    assert hand.final_stacks == (200, 200, 200)
    assert isinstance(hand.events[-1], HandVoided)
    assert hand.events[-1].reason == "the dealer flashed the deck"
    with pytest.raises(IllegalActionError, match="hand that is over"):
        hand.void()
    with pytest.raises(IllegalActionError):
        hand.act(Action.fold())


def _to_the_turn(hand: Hand) -> None:
    """Everyone calls preflop and checks the flop; the first player checks the turn."""
    for _ in range(3):
        hand.act(Action.call() if hand.legal_actions().call else Action.check())
    for _ in range(4):
        hand.act(Action.check())


def test_r41_premature_river_goes_back_and_the_river_comes_without_a_burn():
    hand = Hand(CONFIG, deck_starting(DECK), rng=random.Random(3))
    _to_the_turn(hand)
    assert hand.board == parse_cards("Tc Jc Qc 4h")
    ruling = hand.premature_board()  # burn 5h, river 6h turned before the turn betting ended
    assert ruling.rule == "R41"
    assert [e.card for e in hand.events if isinstance(e, CardExposed)] == parse_cards("6h")
    assert hand.deck is not None and parse_cards("6h")[0] in hand.deck.remaining
    hand.act(Action.check())
    hand.act(Action.check())
    assert len(hand.board) == 5
    assert hand.deck.burned == parse_cards("9c Ks 5h")  # the burn stayed, no new one
    holes = [c for hole in hand.holes if hole for c in hole if c is not None]
    out = set(holes) | set(hand.board) | set(hand.deck.burned)
    assert set(hand.deck.remaining) == set(ALL_CARDS) - out  # the early card is back in


def test_r41_the_premature_river_card_can_still_be_the_river():
    rivers = set()
    for seed in range(120):
        hand = Hand(CONFIG, deck_starting(DECK), rng=random.Random(seed))
        _to_the_turn(hand)
        hand.premature_board()
        hand.act(Action.check())
        hand.act(Action.check())
        rivers.add(str(hand.board[4]))
    assert "6h" in rivers and len(rivers) > 20  # reshuffled: any unseen card, 6h among them


def test_r41_explicit_dealing_the_premature_river_may_be_dealt_again():
    hand = _explicit_hand_after_preflop()
    hand.deal_board(parse_cards("Ah9s3s"))
    for _ in range(3):
        hand.act(Action.check())
    hand.deal_board(parse_cards("5d"))
    hand.act(Action.check())
    hand.premature_board(parse_cards("2s"))
    with pytest.raises(DealingError, match="Ah"):
        hand.premature_board(parse_cards("Ah"))  # a card already on the board
    hand.act(Action.check())
    hand.act(Action.check())
    hand.deal_board(parse_cards("2s"))  # shuffled back in: it may come as the river
    assert hand.board[-1] == parse_cards("2s")[0]


def test_r41_no_premature_card_once_the_river_is_out():
    hand = Hand(CONFIG, deck_starting(DECK))
    _to_the_turn(hand)
    hand.act(Action.check())
    hand.act(Action.check())
    assert len(hand.board) == 5
    with pytest.raises(DealingError, match="before the river"):
        hand.premature_board()


def test_r39_one_extra_card_to_the_first_player_becomes_the_first_burn():
    hand = Hand(CONFIG, deck_starting(DECK))
    ruling = hand.extra_hole_cards(1)  # the seventh card, 9c, went to the small blind
    assert ruling.rule == "R39" and not ruling.misdeal
    assert isinstance(hand.events[-1], ExtraCardsDealt) and hand.events[-1].count == 1
    assert hand.holes[0] == tuple(parse_cards("Ah Kh"))  # the hand keeps its own two cards
    for _ in range(3):
        hand.act(Action.call() if hand.legal_actions().call else Action.check())
    assert hand.deck is not None and hand.deck.burned == parse_cards("9c")  # no other burn
    assert hand.board == parse_cards("Tc Jc Qc")


def test_r39_two_extra_cards_are_a_misdeal():
    hand = Hand(CONFIG, deck_starting(DECK))
    ruling = hand.extra_hole_cards(2)
    assert ruling.misdeal and hand.phase == Phase.VOIDED
    assert isinstance(hand.events[-1], Misdealt)
    assert hand.final_stacks == (200, 200, 200)  # the blinds came back


def test_r39_an_extra_card_is_reported_before_the_betting():
    hand = Hand(CONFIG, deck_starting(DECK))
    hand.act(Action.call())
    with pytest.raises(DealingError, match="betting has started"):
        hand.extra_hole_cards(1)
    with pytest.raises(DealingError, match="1 or more"):
        Hand(CONFIG, deck_starting(DECK)).extra_hole_cards(0)
    explicit = Hand(CONFIG)
    with pytest.raises(DealingError, match="once the hole cards are dealt"):
        explicit.extra_hole_cards(1)


def test_r40_flop_with_too_many_cards_is_mixed_back_and_dealt_again_without_a_burn():
    hand = Hand(CONFIG, deck_starting(DECK), rng=random.Random(7))
    for _ in range(3):
        hand.act(Action.call() if hand.legal_actions().call else Action.check())
    assert hand.board == parse_cards("Tc Jc Qc")
    ruling = hand.flop_with_too_many_cards(extra=1)  # Ks came with the flop
    assert ruling.rule == "R40"
    exposed = [e.card for e in hand.events if isinstance(e, CardExposed)]
    assert exposed == parse_cards("Tc Jc Qc Ks")
    assert any(isinstance(e, BoardReturned) and e.cards == tuple(exposed[:3]) for e in hand.events)
    assert hand.deck is not None and hand.deck.burned == parse_cards("9c")  # the burn stays
    assert len(hand.board) == 3 and hand.street == 1 and hand.to_act == 0
    holes = {c for hole in hand.holes if hole for c in hole if c is not None}
    unseen = set(ALL_CARDS) - holes - {parse_cards("9c")[0]}
    assert set(hand.board) <= unseen and set(hand.deck.remaining) == unseen - set(hand.board)
    for _ in range(3):
        hand.act(Action.check())
    assert hand.deck.burned[:1] == parse_cards("9c") and len(hand.deck.burned) == 2


def test_r40_explicit_dealing_a_flop_of_four_cards_is_dealt_again():
    hand = _explicit_hand_after_preflop()
    with pytest.raises(DealingError, match="not too many"):
        hand.flop_with_too_many_cards(parse_cards("Ah9s3s"))
    hand.flop_with_too_many_cards(parse_cards("Ah9s3s5d"))
    assert hand.board == [] and hand.pending_deal == ("board", 0)
    hand.deal_board(parse_cards("9s5d8h"))  # the four went back in: any may come again
    assert hand.board == parse_cards("9s5d8h") and hand.to_act == 0


def test_r40_explicit_dealing_an_extra_card_reported_once_the_flop_is_entered():
    hand = _explicit_hand_after_preflop()
    hand.deal_board(parse_cards("Ah9s3s"))
    hand.flop_with_too_many_cards(parse_cards("5d"))
    assert hand.board == [] and hand.phase == Phase.DEALING
    hand.deal_board(parse_cards("Ah5d2h"))
    hand.act(Action.check())
    with pytest.raises(DealingError, match="before anyone acts"):
        hand.flop_with_too_many_cards(parse_cards("Kd"))
