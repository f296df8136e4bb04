"""RULES.md R5-R9: blinds, heads-up blinds, antes, short forced bets and straddles."""

from __future__ import annotations

from dataclasses import replace

import pytest

from holdem.cards import Deck
from holdem.engine import Action, Hand, HandConfig
from holdem.engine import events as ev
from holdem.errors import ConfigError
from tests.engine.helpers import CALL, CHECK, FOLD, play, stacked


def check_down(hand: Hand) -> None:
    """Everyone checks until the hand ends."""
    while not hand.is_over:
        hand.act(CHECK)


def forced(hand: Hand) -> list[tuple[str, int, int, bool]]:
    return [
        ("ante" if isinstance(e, ev.AntePosted) else "blind", e.player, e.amount, e.all_in)
        for e in hand.events
        if isinstance(e, (ev.AntePosted, ev.BlindPosted))
    ]


def nl(stacks: list[int], sb: int = 50, bb: int = 100, **kwargs: object) -> HandConfig:
    return HandConfig.create("nl", stacks, small_blind=sb, big_blind=bb, **kwargs)


# -- R5: the blinds, live bets ----------------------------------------------------------------


def test_r5_small_blind_left_of_the_button_big_blind_left_of_the_small_blind():
    hand = Hand(nl([1000] * 4), Deck())
    assert forced(hand) == [("blind", 0, 50, False), ("blind", 1, 100, False)]
    assert hand.stacks == [950, 900, 1000, 1000]
    assert hand.bets == [50, 100, 0, 0]


def test_r5_blinds_are_live_small_blind_completes_and_big_blind_checks():
    hand = Hand(nl([1000] * 4), Deck())
    play(hand, (2, CALL), (3, CALL))
    legal = hand.legal_actions()
    assert (legal.call, legal.call_to) == (50, 100)  # the small blind's 50 counts
    play(hand, (0, CALL))
    legal = hand.legal_actions()
    assert legal.player == 1 and legal.check and legal.call is None  # nothing more to call
    play(hand, (1, CHECK))
    assert hand.street == 1
    assert hand.pot_total == 400


def test_r5_the_blind_counts_toward_a_raise():
    hand = Hand(nl([1000] * 3), Deck())
    play(hand, (2, Action.raise_to(300)), (0, Action.raise_to(900)))
    raised = [e for e in hand.events if isinstance(e, ev.PlayerActed)][-1]
    assert (raised.to, raised.added) == (900, 850)


# -- R6: heads-up ---------------------------------------------------------------------------


def test_r6_heads_up_button_posts_small_blind_acts_first_preflop_last_after():
    hand = Hand(nl([1000, 1000]), Deck())
    # Position 0 is the big blind, position 1 the button.
    assert forced(hand) == [("blind", 0, 100, False), ("blind", 1, 50, False)]
    assert hand.to_act == 1
    assert hand.legal_actions().call == 50
    play(hand, (1, CALL), (0, CHECK))
    for street in (1, 2, 3):
        assert hand.street == street
        assert hand.to_act == 0  # the big blind first
        play(hand, (0, CHECK), (1, CHECK))  # the button last
    assert hand.is_over


# -- R7: antes --------------------------------------------------------------------------------


def test_r7_uniform_antes_do_not_count_toward_the_call():
    hand = Hand(nl([1000] * 3, ante=10), Deck())
    assert forced(hand) == [
        ("blind", 0, 50, False),
        ("blind", 1, 100, False),
        ("ante", 0, 10, False),
        ("ante", 1, 10, False),
        ("ante", 2, 10, False),
    ]
    legal = hand.legal_actions()
    assert (legal.player, legal.call, legal.call_to) == (2, 100, 100)
    assert legal.raise_ is not None and legal.raise_.min == 200
    assert hand.pot_total == 180
    play(hand, (2, CALL), (0, CALL))
    assert hand.legal_actions().check  # the big blind's option: its ante is not a bet


def test_r7_uniform_antes_matched_bb_collects_14_not_17():
    # R7's example, with the antes posted first (as PHH and PokerKit do): the big blind's
    # 7 chips all go to the ante; the button antes 10. The big blind wins 7 from the button.
    config = nl([7, 1000], sb=5, bb=10, ante=10, antes_before_blinds=True)
    hand = Hand(config, stacked(["AsAh", "2c7d"], "KdQc3s4h9c"))
    assert forced(hand) == [("ante", 0, 7, True), ("ante", 1, 10, False), ("blind", 1, 5, False)]
    assert hand.is_over  # nobody could bet against the all-in big blind
    result = hand.result
    assert result is not None
    main = next(p for p in result.pots if p.index == 0)
    assert (main.amount, main.eligible, main.shares) == (14, (0, 1), ((0, 14),))
    assert result.final_stacks == (14, 993)
    assert result.net == (7, -7)


def test_r7_uniform_antes_matched_blind_first_bb_still_collects_14():
    # The TDA default posts the blind first: the 7 chips are the big blind, no ante.
    hand = Hand(nl([7, 1000], sb=5, bb=10, ante=10), stacked(["AsAh", "2c7d"], "KdQc3s4h9c"))
    assert forced(hand) == [("blind", 0, 7, True), ("blind", 1, 5, False), ("ante", 1, 10, False)]
    play(hand, (1, CALL))
    result = hand.result
    assert result is not None
    main = next(p for p in result.pots if p.index == 0)
    assert (main.amount, main.shares) == (14, ((0, 14),))
    assert result.final_stacks == (14, 993)


def test_r7_big_blind_ante_is_dead_money_everyone_contests_it():
    config = nl([50, 10000, 10000], ante_kind="big-blind")
    hand = Hand(config, stacked(["AsAh", "2c7d", "3d8h"], "KdQc5s4h9c"))
    assert forced(hand) == [
        ("blind", 0, 50, True),
        ("blind", 1, 100, False),
        ("ante", 1, 100, False),
    ]
    assert hand.dead_money == 100
    play(hand, (2, CALL), (1, CHECK))
    check_down(hand)
    result = hand.result
    assert result is not None
    main = next(p for p in result.pots if p.index == 0)
    # The all-in small blind matched 50 from each player and contests the whole dead ante.
    assert (main.amount, main.eligible, main.shares) == (250, (0, 1, 2), ((0, 250),))
    side = next(p for p in result.pots if p.index == 1)
    assert (side.amount, side.eligible) == (100, (1, 2))
    assert result.final_stacks == (250, 9800, 10000)


def test_r7_uniform_antes_can_be_set_to_dead_money():
    config = nl([60, 10000, 10000], ante=10, ante_trimming=False, antes_before_blinds=True)
    hand = Hand(config, stacked(["AsAh", "2c7d", "3d8h"], "KdQc5s4h9c"))
    assert hand.dead_money == 30
    play(hand, (2, CALL), (1, CHECK))
    check_down(hand)
    result = hand.result
    assert result is not None
    main = next(p for p in result.pots if p.index == 0)
    assert (main.amount, main.shares) == (30 + 3 * 50, ((0, 180),))


def test_r7_button_ante_is_dead_money_paid_by_the_button():
    hand = Hand(nl([1000] * 3, ante_kind="button"), Deck())
    assert forced(hand) == [
        ("blind", 0, 50, False),
        ("blind", 1, 100, False),
        ("ante", 2, 100, False),
    ]
    assert hand.dead_money == 100
    assert hand.legal_actions().call == 100  # the ante is not part of the button's bet


def test_r7_big_blind_ante_heads_up_is_paid_by_the_big_blind():
    hand = Hand(nl([1000, 1000], ante_kind="big-blind"), Deck())
    assert ("ante", 0, 100, False) in forced(hand)
    assert hand.stacks == [800, 950]


def test_r7_button_ante_heads_up_is_paid_by_the_button():
    hand = Hand(nl([1000, 1000], ante_kind="button"), Deck())
    # Heads-up position 1 is the button (and posts the small blind).
    assert ("ante", 1, 100, False) in forced(hand)
    assert hand.stacks == [900, 850]


def test_r7_blind_first_when_the_big_blind_cannot_cover_both():
    hand = Hand(nl([1000, 150, 1000], ante_kind="big-blind"), Deck())
    assert forced(hand) == [
        ("blind", 0, 50, False),
        ("blind", 1, 100, False),
        ("ante", 1, 50, True),
    ]
    assert hand.bets == [50, 100, 0]
    assert hand.dead_money == 50


def test_r7_antes_first_is_a_setting():
    config = nl([1000, 150, 1000], ante_kind="big-blind", antes_before_blinds=True)
    hand = Hand(config, Deck())
    assert forced(hand) == [
        ("ante", 1, 100, False),
        ("blind", 0, 50, False),
        ("blind", 1, 50, True),
    ]
    assert hand.bets == [50, 50, 0]
    assert hand.dead_money == 100


# -- R8: a forced bet the stack cannot cover --------------------------------------------------


def test_r8_short_small_blind_posts_all_and_wins_only_what_it_matched():
    hand = Hand(nl([30, 1000, 1000]), stacked(["AsAh", "KsKh", "2c7d"], "Qd9c5s4h3c"))
    assert forced(hand) == [("blind", 0, 30, True), ("blind", 1, 100, False)]
    assert hand.all_in(0)
    play(hand, (2, CALL), (1, CHECK))
    assert hand.to_act == 1  # the all-in small blind never acts again
    check_down(hand)
    result = hand.result
    assert result is not None
    assert [(p.index, p.amount, p.eligible, p.shares) for p in result.pots] == [
        (1, 140, (1, 2), ((1, 140),)),
        (0, 90, (0, 1, 2), ((0, 90),)),
    ]
    assert result.final_stacks == (90, 1040, 900)


def test_r8_short_big_blind_posts_all_it_has_and_is_all_in():
    hand = Hand(nl([1000, 60, 1000, 1000]), Deck())
    assert forced(hand) == [("blind", 0, 50, False), ("blind", 1, 60, True)]
    assert hand.all_in(1)
    assert hand.stacks[1] == 0


def test_r8_r16_r17_the_full_big_blind_is_called_when_its_poster_is_all_in_short():
    # PokerStars and the TDA: blinds 100/200, the big blind all-in for 105, the next
    # player still calls 200 and raises to at least 400; the big blind wins only 4 x 105.
    holes = ["AsAh", "KsKh", "QsQh", "2c7d"]
    config = nl([1000, 105, 1000, 1000], sb=100, bb=200)
    assert Hand(config, Deck()).legal_actions().call == 105  # by default, the largest bet
    hand = Hand(replace(config, full_blind_to_call=True), stacked(holes, "Jd9c5s4h3c"))
    legal = hand.legal_actions()
    assert (legal.call, legal.raise_ and legal.raise_.min) == (200, 400)
    play(hand, (2, CALL), (3, Action.raise_to(600)), (0, CALL), (2, FOLD))
    assert hand.contributed == [600, 105, 200, 600]
    check_down(hand)
    result = hand.result
    assert result is not None
    assert [(p.amount, p.eligible, p.shares) for p in result.pots] == [
        (2 * 495 + 95, (0, 3), ((0, 1085),)),  # above the 105, among those who put it in
        (4 * 105, (0, 1, 3), ((0, 420),)),
    ]
    assert result.final_stacks == (1905, 0, 800, 400)


def test_r8_ante_that_takes_the_whole_stack_is_all_in():
    hand = Hand(nl([1000, 1000, 8], ante=10), Deck())
    assert ("ante", 2, 8, True) in forced(hand)
    assert hand.all_in(2)
    assert hand.to_act == 0  # the all-in button is skipped; the small blind acts


# -- R9: straddles ----------------------------------------------------------------------------


def test_r9_utg_straddle_sets_the_call_and_minimum_raise_and_acts_last_with_the_option():
    hand = Hand(nl([10000] * 5, straddles=[200]), Deck())
    assert forced(hand)[-1] == ("blind", 2, 200, False)
    assert hand.to_act == 3  # left of the straddle
    legal = hand.legal_actions()
    assert legal.call == 200
    assert legal.raise_ is not None and legal.raise_.min == 400
    play(hand, (3, CALL), (4, CALL), (0, CALL), (1, CALL))
    assert hand.to_act == 2  # the straddler acts last preflop
    legal = hand.legal_actions()
    assert legal.check and legal.raise_ is not None and legal.raise_.min == 400
    play(hand, (2, CHECK))
    assert hand.street == 1
    assert hand.to_act == 0


def test_r9_big_blind_has_no_option_when_there_is_a_straddle():
    hand = Hand(nl([10000] * 4, straddles=[200]), Deck())
    play(hand, (3, CALL), (0, CALL))
    legal = hand.legal_actions()
    assert legal.player == 1 and not legal.check and legal.call == 100


def test_r9_straddler_option_raise():
    hand = Hand(nl([10000] * 4, straddles=[200]), Deck())
    play(hand, (3, CALL), (0, CALL), (1, CALL), (2, Action.raise_to(600)))
    assert hand.to_act == 3
    assert hand.legal_actions().call == 400


def test_r9_re_straddle_doubles_again():
    hand = Hand(nl([10000] * 6, straddles=[200, 400]), Deck())
    assert forced(hand)[-2:] == [("blind", 2, 200, False), ("blind", 3, 400, False)]
    assert hand.to_act == 4
    legal = hand.legal_actions()
    assert legal.call == 400
    assert legal.raise_ is not None and legal.raise_.min == 800
    play(hand, (4, CALL), (5, CALL), (0, CALL), (1, CALL), (2, CALL))
    assert hand.to_act == 3  # the last straddler has the option
    assert hand.legal_actions().check


def test_r9_button_straddle_action_starts_left_of_the_button():
    hand = Hand(nl([10000] * 4, button_straddle=200), Deck())
    assert forced(hand)[-1] == ("blind", 3, 200, False)
    assert hand.to_act == 0  # left of the button's straddle: the small blind
    legal = hand.legal_actions()
    assert legal.call == 150
    assert legal.raise_ is not None and legal.raise_.min == 400
    play(hand, (0, CALL), (1, CALL), (2, CALL))
    assert hand.to_act == 3
    assert hand.legal_actions().check
    play(hand, (3, CHECK))
    assert hand.street == 1


def test_r5_a_small_blind_above_the_big_blind_is_refused():
    with pytest.raises(ConfigError, match=r"small blind \(5\) is above the big blind \(2\)"):
        HandConfig.create("nl", [200, 200, 200], small_blind=5, big_blind=2)
    with pytest.raises(ConfigError, match="at most the big blind"):  # heads-up too
        HandConfig.create("nl", [200, 200], small_blind=3, big_blind=2)
    assert HandConfig.create("nl", [200] * 3, small_blind=2, big_blind=2).min_bet == 2


def test_r5_r8_a_recorded_big_blind_all_in_for_less_than_the_small_blind_is_accepted():
    # Arrays given whole are positional and not checked: a PokerStars import gives the
    # chips posted, and here the big blind had only 3.
    config = HandConfig(
        structure="nl", starting_stacks=(500, 3, 500), blinds_or_straddles=(5, 3, 0),
        antes=(0, 0, 0), min_bet=10,
    )  # fmt: skip
    hand = Hand(config, Deck())
    assert hand.bets == [5, 3, 0] and hand.all_in(1)


def test_r9_a_straddle_below_the_big_blind_is_refused():
    with pytest.raises(ConfigError, match=r"a straddle of 1 is below the big blind \(2\)"):
        HandConfig.create("nl", [200] * 4, small_blind=1, big_blind=2, straddles=[1])
    with pytest.raises(ConfigError, match="straddle of 3 is below the big blind"):
        HandConfig.create("nl", [200] * 4, small_blind=1, big_blind=4, button_straddle=3)
    with pytest.raises(ConfigError, match="re-straddle of 6 is below the straddle before it"):
        HandConfig.create("nl", [200] * 5, small_blind=1, big_blind=2, straddles=[8, 6])
    # A straddle the stack cannot cover is posted all-in for less (R8), not refused.
    config = HandConfig.create("nl", [200, 200, 1, 200], small_blind=1, big_blind=2, straddles=[4])
    assert Hand(config, Deck()).bets == [1, 2, 1, 0]


def test_r5_a_single_blind_is_not_a_small_blind_above_the_big_blind():
    # A table's hand after a dead small blind: the big blind is the only blind, posted
    # by the first position.
    config = HandConfig(
        structure="nl", starting_stacks=(500, 500, 500), blinds_or_straddles=(20, 0, 0),
        antes=(0, 0, 0), min_bet=20,
    )  # fmt: skip
    hand = Hand(config, Deck())
    assert hand.bets == [20, 0, 0] and hand.to_act == 1
