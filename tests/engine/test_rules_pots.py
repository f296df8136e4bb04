"""RULES.md R23-R26 (pots) and the worked examples E3 and E4."""

from __future__ import annotations

from holdem.cards import Deck
from holdem.engine import Action, Hand, HandConfig, HandResult
from holdem.engine import events as ev
from holdem.engine.config import OddChips
from tests.engine.helpers import ALL_IN, CALL, CHECK, FOLD, play, stacked


def check_down(hand: Hand) -> None:
    while not hand.is_over:
        hand.act(CHECK)


def nl(stacks: list[int], sb: int = 50, bb: int = 100, **kw: object) -> HandConfig:
    return HandConfig.create("nl", stacks, small_blind=sb, big_blind=bb, **kw)


def pots(result: HandResult | None) -> dict[int, tuple[int, tuple[int, ...], dict[int, int]]]:
    """Pot index -> (amount, eligible players, {player: chips won})."""
    assert result is not None
    return {p.index: (p.amount, p.eligible, dict(p.shares)) for p in result.pots}


ROYAL = "AsKsQsJsTs"  # a board nobody can beat: every hand still in ties


# -- E3 and E4 --------------------------------------------------------------------------------


def test_r23_side_pots_e3():
    # E3: Alice all-in 1,000; Bruno and Chloe, 3,000 each, all-in. Bruno is the small
    # blind (0), Chloe the big blind (1), Alice the button (2). Alice has the best hand.
    hand = Hand(nl([3000, 3000, 1000]), stacked(["KsKh", "QsQh", "AsAh"], "2c7d9h3c4d"))
    play(hand, (2, ALL_IN), (0, ALL_IN), (1, CALL))
    assert pots(hand.result) == {
        0: (3000, (0, 1, 2), {2: 3000}),  # main pot, three players
        1: (4000, (0, 1), {0: 4000}),  # side pot, Bruno and Chloe
    }
    assert hand.result is not None
    assert hand.result.final_stacks == (4000, 0, 3000)


def test_e3_side_pot_goes_to_the_better_of_the_two_big_stacks():
    hand = Hand(nl([3000, 3000, 1000]), stacked(["QsQh", "KsKh", "AsAh"], "2c7d9h3c4d"))
    play(hand, (2, ALL_IN), (0, ALL_IN), (1, CALL))
    assert pots(hand.result) == {0: (3000, (0, 1, 2), {2: 3000}), 1: (4000, (0, 1), {1: 4000})}


def test_e4_main_150_side_140_and_80_returned_to_cleo():
    # E4: Ana $50, Ben $120, Cleo $200, all-in preflop (blinds $1/$2 play no part).
    # Cleo (the button, 2) moves in first, Ana (small blind, 0) and Ben (big blind, 1) call.
    # Ana has the best hand, Cleo the second, Ben the worst.
    hand = Hand(nl([50, 120, 200], sb=1, bb=2), stacked(["AsAh", "2s3h", "KsKh"], "4c7d9h8cJd"))
    play(hand, (2, ALL_IN), (0, CALL), (1, CALL))
    returned = [e for e in hand.events if isinstance(e, ev.UncalledBetReturned)]
    assert returned == [ev.UncalledBetReturned(player=2, amount=80)]
    first_shown = next(i for i, e in enumerate(hand.events) if isinstance(e, ev.CardsShown))
    assert hand.events.index(returned[0]) < first_shown  # returned before the showdown
    assert pots(hand.result) == {
        0: (150, (0, 1, 2), {0: 150}),  # main, all three: Ana
        1: (140, (1, 2), {2: 140}),  # side, Ben and Cleo: Cleo
    }
    assert hand.result is not None
    assert hand.result.final_stacks == (150, 0, 140 + 80)


def test_e4_r18_in_the_order_given_cleo_moves_in_last_and_her_80_come_back_uncalled():
    # E4 as told: Ana all-in for $50, Ben all-in for $120, then Cleo all-in with $200.
    # Nobody can match Cleo's last $80: her all-in is recorded as made, and the $80 come
    # back to her as an uncalled bet before the showdown ("Uncalled bet returned").
    hand = Hand(nl([50, 120, 200], sb=1, bb=2), stacked(["AsAh", "2s3h", "KsKh"], "4c7d9h8cJd"))
    play(hand, (2, CALL), (0, ALL_IN), (1, ALL_IN), (2, ALL_IN))
    assert [e for e in hand.events if isinstance(e, ev.PlayerActed)][-1] == ev.PlayerActed(
        2, "raise", 200, 198, True, uncallable=True
    )
    returned = [e for e in hand.events if isinstance(e, ev.UncalledBetReturned)]
    assert returned == [ev.UncalledBetReturned(player=2, amount=80)]
    first_shown = next(i for i, e in enumerate(hand.events) if isinstance(e, ev.CardsShown))
    assert hand.events.index(returned[0]) < first_shown
    assert pots(hand.result) == {
        0: (150, (0, 1, 2), {0: 150}),  # main, all three: Ana
        1: (140, (1, 2), {2: 140}),  # side, Ben and Cleo: Cleo
    }
    assert hand.result is not None and hand.result.final_stacks == (150, 0, 140 + 80)


# -- R23: side pots ---------------------------------------------------------------------------


def test_r23_pots_are_built_from_the_smallest_contribution_up():
    hand = _four_all_ins()
    assert [e for e in hand.events if isinstance(e, ev.UncalledBetReturned)] == [
        ev.UncalledBetReturned(player=2, amount=600)
    ]
    assert pots(hand.result) == {
        0: (400, (0, 1, 2, 3), {0: 400}),
        1: (450, (1, 2, 3), {1: 450}),
        2: (300, (2, 3), {3: 300}),
    }
    assert hand.result is not None
    assert hand.result.final_stacks == (400, 450, 600, 300)


def _four_all_ins() -> Hand:
    """Stacks 100, 250, 1,000 and 400 all-in preflop; the shorter the stack, the better the
    hand (aces, kings, jacks, queens)."""
    config = nl([100, 250, 1000, 400], sb=5, bb=10)
    hand = Hand(config, stacked(["AsAh", "KsKh", "JsJh", "QsQh"], "2c7d9h3c4d"))
    play(hand, (2, ALL_IN), (3, CALL), (0, CALL), (1, CALL))
    return hand


def test_r23_a_short_stack_wins_from_each_opponent_at_most_what_it_put_in():
    hand = Hand(nl([1000, 1000, 300]), stacked(["KsKh", "QsQh", "AsAh"], "2c7d9h3c4d"))
    play(hand, (2, ALL_IN), (0, Action.raise_to(800)), (1, CALL))
    check_down(hand)
    assert hand.result is not None
    assert hand.result.net == (500 - 300, -800, 600)


def test_r23_folded_chips_stay_in_but_the_folder_contests_no_pot():
    hand = Hand(
        nl([1000, 1000, 300, 1000]), stacked(["2s3h", "KsKh", "AsAh", "QsQh"], "2c7d9h3c4d")
    )
    play(hand, (2, ALL_IN), (3, CALL), (0, CALL), (1, Action.raise_to(900)), (3, FOLD), (0, FOLD))
    result = pots(hand.result)
    assert result[0] == (1200, (1, 2), {2: 1200})  # 300 from each of the four
    assert hand.result is not None
    assert hand.result.final_stacks == (700, 700, 1200, 700)  # 600 back to 1


def test_r23_uncalled_bet_returned_before_the_showdown():
    hand = Hand(nl([1000, 1000, 1000]), stacked(["2s3h", "KsKh", "AsAh"], "2c7d9h3c4d"))
    play(hand, (2, CALL), (0, CALL), (1, CHECK))
    play(hand, (0, CHECK), (1, Action.bet(400)), (2, FOLD), (0, FOLD))
    assert [e for e in hand.events if isinstance(e, ev.UncalledBetReturned)] == [
        ev.UncalledBetReturned(player=1, amount=400)
    ]
    assert hand.result is not None
    assert hand.result.final_stacks == (900, 1200, 900)


def test_r23_fold_out_winner_cannot_win_more_than_it_put_in():
    # Heads-up, uniform antes of 10 (matched, R7), blinds 5/10, the TDA order (blind
    # first). The big blind has 7 chips: its blind takes them all and it posts no ante.
    # The button posts 5 and antes 10, then folds to the all-in blind.
    hand = Hand(nl([7, 1000], sb=5, bb=10, ante=10), Deck())
    play(hand, (1, FOLD))
    result = hand.result
    assert result is not None
    assert sum(result.final_stacks) == 1007
    # R23: the big blind put in 7 chips, so it can win at most 7 from the button.
    assert result.net[0] <= 7
    # R26: the last player wins every pot it is eligible for, and only those.
    for pot in result.pots:
        assert set(pot.winners) <= set(pot.eligible), pot
    # The 2 chips of the blind nobody called come back to the big blind; of the button's
    # 15 the big blind matched 5, and the 10 it could not match go back to the button.
    assert [e for e in hand.events if isinstance(e, ev.UncalledBetReturned)] == [
        ev.UncalledBetReturned(player=0, amount=2),
        ev.UncalledBetReturned(player=1, amount=10),
    ]
    assert result.final_stacks == (12, 995)


def test_r23_a_folded_players_chips_nobody_still_in_can_match_go_back():
    # Uniform antes of 1, blinds 5/10, the button straddles but has only 10 (all-in, no
    # ante); the small blind is all-in for 3. The big blind (10 + the ante) has the option
    # and folds; UTG folds. The big blind's ante chip is above what anyone still in put in.
    config = nl([3, 100, 100, 10], sb=5, bb=10, ante=1, button_straddle=20)
    hand = Hand(config, stacked(["Qc4d", "Jc5d", "Tc6s", "AsAh"], "Kd9h8c3s2h"))
    play(hand, (1, FOLD), (2, FOLD))
    assert hand.is_over
    assert ev.UncalledBetReturned(player=1, amount=1) in hand.events
    result = hand.result
    assert result is not None
    for pot in result.pots:
        assert pot.eligible and set(pot.winners) <= set(pot.eligible), pot
    assert pots(result) == {0: (10, (0, 3), {3: 10}), 1: (14, (3,), {3: 14})}
    assert result.final_stacks == (0, 90, 99, 24)


# -- R24: side pots first ---------------------------------------------------------------------


def test_r24_side_pots_are_awarded_first_and_the_main_pot_last():
    hand = _four_all_ins()
    awarded = [e.pot for e in hand.events if isinstance(e, ev.PotAwarded)]
    assert awarded == [2, 1, 0]
    assert hand.result is not None
    assert [p.index for p in hand.result.pots] == [2, 1, 0]


# -- R25: ties and the odd chip ---------------------------------------------------------------


def test_r25_exact_tie_splits_the_pot_equally():
    hand = Hand(nl([1000] * 3), stacked(["2c3d", "4c5d", "6c7d"], ROYAL))
    play(hand, (2, CALL), (0, CALL), (1, CHECK))
    check_down(hand)
    assert pots(hand.result) == {0: (300, (0, 1, 2), {0: 100, 1: 100, 2: 100})}


def test_r25_odd_chip_goes_to_the_first_winner_clockwise_from_the_button():
    # The small blind folds its 5: 25 chips between the big blind (1) and the button (2).
    hand = Hand(nl([1000] * 3, sb=5, bb=10), stacked(["2c3d", "4c5d", "6c7d"], ROYAL))
    play(hand, (2, CALL), (0, FOLD), (1, CHECK))
    check_down(hand)
    assert pots(hand.result) == {0: (25, (1, 2), {1: 13, 2: 12})}


def test_r25_odd_chip_heads_up_goes_to_the_big_blind():
    # Heads-up the big blind (0) is the first player clockwise from the button (1).
    config = nl([1000, 1000], sb=10, bb=20, ante=5, ante_kind="big-blind")
    hand = Hand(config, stacked(["2c3d", "4c5d"], ROYAL))
    play(hand, (1, CALL), (0, CHECK))
    check_down(hand)
    assert pots(hand.result) == {0: (45, (0, 1), {0: 23, 1: 22})}


def test_r25_odd_chip_each_pot_separately():
    # Blinds 5/10; UTG (2) all-in for 19; the button (3) calls; the small blind (0) raises
    # to 30, the big blind (1) and the button call. Flop: the small blind checks, the big
    # blind bets 10, the button calls, the small blind folds. Every hand ties.
    config = nl([1000, 1000, 19, 1000], sb=5, bb=10)
    hand = Hand(config, stacked(["2c3d", "4c5d", "6c7d", "8c9d"], ROYAL))
    play(hand, (2, ALL_IN), (3, CALL), (0, Action.raise_to(30)), (1, CALL), (3, CALL))
    play(hand, (0, CHECK), (1, Action.bet(10)), (3, CALL), (0, FOLD))
    check_down(hand)
    assert pots(hand.result) == {
        0: (76, (1, 2, 3), {1: 26, 2: 25, 3: 25}),  # 4 x 19
        1: (53, (1, 3), {1: 27, 3: 26}),  # 3 x 11 + 2 x 10
    }


def test_r25_several_odd_chips_go_one_each_from_the_first_winner_left_of_the_button():
    # Blinds 5/10, the small blind folds its 5: 35 chips among the big blind (1), UTG (2)
    # and the button (3). Two odd chips: one each to the first two winners from the button.
    hand = Hand(nl([1000] * 4, sb=5, bb=10), stacked(["2c3d", "4c5d", "6c7d", "8c9d"], ROYAL))
    play(hand, (2, CALL), (3, CALL), (0, FOLD), (1, CHECK))
    check_down(hand)
    assert pots(hand.result) == {0: (35, (1, 2, 3), {1: 12, 2: 12, 3: 11})}


def test_r25_odd_chips_all_to_the_first_winner_is_a_house_setting():
    config = nl([1000] * 4, sb=5, bb=10, odd_chips=OddChips.FIRST_WINNER)
    hand = Hand(config, stacked(["2c3d", "4c5d", "6c7d", "8c9d"], ROYAL))
    play(hand, (2, CALL), (3, CALL), (0, FOLD), (1, CHECK))
    check_down(hand)
    assert pots(hand.result) == {0: (35, (1, 2, 3), {1: 13, 2: 11, 3: 11})}
    assert (
        HandConfig.create("nl", [100] * 3, small_blind=1, big_blind=2).odd_chips
        == OddChips.ONE_EACH
    )
    assert config.pokerkit_conventions().odd_chips == OddChips.FIRST_WINNER


# -- R26: everyone else folds -----------------------------------------------------------------


def test_r26_last_player_wins_without_showing():
    hand = Hand(nl([1000] * 4), Deck())
    play(hand, (2, Action.raise_to(300)), (3, FOLD), (0, FOLD), (1, FOLD))
    assert hand.is_over
    assert not any(isinstance(e, (ev.CardsShown, ev.HandsExposed)) for e in hand.events)
    assert [e for e in hand.events if isinstance(e, ev.UncalledBetReturned)] == [
        ev.UncalledBetReturned(player=2, amount=200)
    ]
    result = hand.result
    assert result is not None
    assert result.shown == () and result.mucked == ()
    assert [(p.amount, p.shares, p.reason) for p in result.pots] == [
        (250, ((2, 250),), "everyone else folded")
    ]
    assert result.final_stacks == (950, 900, 1150, 1000)
    assert hand.board == []


def test_r26_fold_out_after_the_flop_takes_the_dead_ante_too():
    config = nl([1000] * 3, ante_kind="big-blind")
    hand = Hand(config, Deck())
    play(hand, (2, CALL), (0, CALL), (1, CHECK))
    play(hand, (0, Action.bet(200)), (1, FOLD), (2, FOLD))
    result = hand.result
    assert result is not None
    assert [(p.amount, p.shares) for p in result.pots] == [(400, ((0, 400),))]
    assert result.final_stacks == (1300, 800, 900)
