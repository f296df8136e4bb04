"""Run it twice (R46): all-in before the river, the rest of the board dealt once per run."""

from holdem.cards import Deck, parse_cards
from holdem.engine import Action, Hand, HandConfig
from tests.engine.helpers import deck_starting


def test_r46_run_it_twice_splits_each_pot_by_board():
    # Heads-up: p1 (big blind) AcAd, p2 (button) KcKd; all-in preflop for 101 each.
    config = HandConfig.create("nl", [101, 101], small_blind=1, big_blind=2, run_count=2)
    # Deal: p1 Ac, p2 Kc, p1 Ad, p2 Kd; run 1: burn, flop 2h7s9d, burn, 3c, burn, 4d (aces);
    # run 2: burn, flop Kh5s6c, burn, 8h, burn, Jd (kings make a set).
    deck = deck_starting("Ac Kc Ad Kd 2s 2h7s9d 3s 3c 4s 4d 5h Kh5s6c 6h 8h 7h Jd")
    hand = Hand(config, deck)
    hand.act(Action.all_in())  # the button, first preflop heads-up (R6)
    hand.act(Action.call())
    assert hand.is_over and hand.result is not None
    assert [len(board) for board in hand.result.boards] == [5, 5]
    assert hand.result.boards[0][:3] == tuple(parse_cards("2h7s9d"))
    assert hand.result.boards[1][:3] == tuple(parse_cards("Kh5s6c"))
    awards = {(p.run, p.winners) for p in hand.result.pots}
    assert awards == {(0, (0,)), (1, (1,))}
    # 202 chips, 101 per board: each player gets one board's half back.
    assert hand.result.final_stacks == (101, 101)


def test_r46_odd_chip_of_a_run_goes_to_the_first_board():
    # The small blind folds its 1 chip; two all-ins for 50 make a pot of 101.
    config = HandConfig.create("nl", [200, 50, 50], small_blind=1, big_blind=2, run_count=2)
    hand = Hand(config, Deck())
    hand.act(Action.all_in())  # the button
    hand.act(Action.fold())  # the small blind
    hand.act(Action.call())  # the big blind, all-in
    assert hand.result is not None
    by_run = {run: sum(p.amount for p in hand.result.pots if p.run == run) for run in (0, 1)}
    assert by_run == {0: 51, 1: 50}


def test_run_count_is_ignored_when_the_board_is_complete():
    config = HandConfig.create("nl", [100, 100], small_blind=1, big_blind=2, run_count=3)
    hand = Hand(config, Deck())
    for _ in range(2):
        hand.act(Action.call() if hand.legal_actions().call else Action.check())
    while not hand.is_over:
        hand.act(Action.check())
    assert hand.result is not None and len(hand.result.boards) == 1
