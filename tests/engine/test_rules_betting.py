"""RULES.md R14-R22 (betting actions) and E7 (every minimum-raise and Pot-Limit example)."""

from __future__ import annotations

from holdem.cards import Deck
from holdem.engine import Action, AmountRange, Hand, HandConfig, ShortAllInRule
from holdem.engine import events as ev
from tests.engine.helpers import ALL_IN, CALL, CHECK, FOLD, assert_refused, play


def config(structure: str, stacks: list[int], sb: int = 50, bb: int = 100, **kw: object):
    return HandConfig.create(structure, stacks, small_blind=sb, big_blind=bb, **kw)


def to_flop(hand: Hand) -> None:
    """Everyone calls the big blind, which checks: the flop, nobody has bet yet."""
    while hand.street == 0:
        legal = hand.legal_actions()
        hand.act(CHECK if legal.check else CALL)
    assert hand.street == 1 and max(hand.bets) == 0


def last_action(hand: Hand) -> ev.PlayerActed:
    return [e for e in hand.events if isinstance(e, ev.PlayerActed)][-1]


# -- R14: check ------------------------------------------------------------------------------


def test_r14_check_refused_facing_a_bet():
    hand = Hand(config("nl", [1000] * 3), Deck())
    assert not hand.legal_actions().check
    message = assert_refused(hand, CHECK, "you cannot check")
    assert message == "you cannot check: there is a bet of 100, 100 to you; call, raise or fold"
    play(hand, (2, CALL))
    assert_refused(hand, CHECK, "there is a bet of 100, 50 to you")


def test_r14_only_the_big_blind_may_check_preflop():
    hand = Hand(config("nl", [1000] * 4), Deck())
    checks = []
    while hand.street == 0:
        legal = hand.legal_actions()
        checks.append((legal.player, legal.check))
        hand.act(CHECK if legal.check else CALL)
    assert checks == [(2, False), (3, False), (0, False), (1, True)]


def test_r14_check_allowed_when_nobody_has_bet_and_refused_after_a_bet():
    hand = Hand(config("nl", [1000] * 3), Deck())
    to_flop(hand)
    play(hand, (0, CHECK), (1, Action.bet(100)))
    assert_refused(hand, CHECK, "there is a bet of 100, 100 to you")


# -- R15: bet --------------------------------------------------------------------------------


def test_r15_minimum_bet_is_the_big_blind():
    hand = Hand(config("nl", [1000] * 3), Deck())
    to_flop(hand)
    assert hand.legal_actions().bet == AmountRange(100, 900)
    assert_refused(hand, Action.bet(99), "the minimum bet is 100")
    play(hand, (0, Action.bet(100)))
    assert hand.bets == [100, 0, 0]


def test_r15_pot_limit_minimum_bet_is_the_big_blind():
    hand = Hand(config("pl", [1000] * 3), Deck())
    to_flop(hand)
    assert hand.legal_actions().bet == AmountRange(100, 300)
    assert_refused(hand, Action.bet(50), "the minimum bet is 100")


def test_r15_all_in_bet_for_less_than_the_minimum():
    hand = Hand(config("nl", [1000, 1000, 160]), Deck())
    to_flop(hand)
    play(hand, (0, CHECK), (1, CHECK))
    legal = hand.legal_actions()
    assert legal.bet == AmountRange(60, 60) and legal.all_in_to == 60
    play(hand, (2, Action.bet(60)))
    assert last_action(hand) == ev.PlayerActed(2, "bet", 60, 60, True)


def test_r15_bet_refused_when_there_is_already_a_bet():
    hand = Hand(config("nl", [1000] * 3), Deck())
    assert_refused(hand, Action.bet(300), "there is already a bet of 100: raise, call or fold")


# -- R16: call -------------------------------------------------------------------------------


def test_r16_call_matches_the_current_bet():
    hand = Hand(config("nl", [1000] * 3), Deck())
    play(hand, (2, Action.raise_to(300)))
    legal = hand.legal_actions()
    assert (legal.call, legal.call_to) == (250, 300)
    play(hand, (0, CALL))
    assert last_action(hand) == ev.PlayerActed(0, "call", 300, 250, False)


def test_r16_call_all_in_for_less():
    hand = Hand(config("nl", [1000, 250, 1000]), Deck())
    play(hand, (2, Action.raise_to(600)), (0, FOLD))
    legal = hand.legal_actions()
    assert (legal.call, legal.call_to) == (150, 250)
    assert legal.raise_ is None
    play(hand, (1, CALL))
    assert last_action(hand) == ev.PlayerActed(1, "call", 250, 150, True)
    returned = [e for e in hand.events if isinstance(e, ev.UncalledBetReturned)]
    assert returned == [ev.UncalledBetReturned(2, 350)]


def test_r16_call_refused_when_there_is_nothing_to_call():
    hand = Hand(config("nl", [1000] * 3), Deck())
    to_flop(hand)
    assert_refused(hand, CALL, "there is no bet to call: check or bet")


# -- R17: the minimum raise ------------------------------------------------------------------


def test_r17_min_raise_preflop_is_two_big_blinds():
    hand = Hand(config("nl", [10000] * 4), Deck())
    assert hand.legal_actions().raise_ == AmountRange(200, 10000)
    message = assert_refused(hand, Action.raise_to(199))
    assert message == "the minimum raise is to 200: the last full raise was 100"


def test_r17_min_raise_after_reraise():
    hand = Hand(config("nl", [10000] * 5), Deck())
    play(hand, (2, Action.raise_to(300)))
    assert_refused(hand, Action.raise_to(499), "the minimum raise is to 500", "was 200")
    play(hand, (3, Action.raise_to(500)), (4, Action.raise_to(1200)))
    assert_refused(hand, Action.raise_to(1899), "the minimum raise is to 1900", "was 700")
    assert hand.legal_actions().raise_ == AmountRange(1900, 10000)


def test_r17_the_largest_raise_of_the_round_sets_the_minimum():
    # 300 (+200), 1,200 (+900), then a short all-in to 1,500 (+300): the next raise must
    # still add 900, measured from the all-in (R18).
    hand = Hand(config("nl", [1500, 10000, 10000, 10000]), Deck())
    play(hand, (2, Action.raise_to(300)), (3, Action.raise_to(1200)), (0, ALL_IN))
    assert hand.legal_actions().raise_ == AmountRange(2400, 10000)


def test_r17_minimum_raise_after_the_flop():
    hand = Hand(config("nl", [10000] * 3), Deck())
    to_flop(hand)
    play(hand, (0, Action.bet(200)))
    assert hand.legal_actions().raise_ == AmountRange(400, 9900)
    play(hand, (1, Action.raise_to(700)))
    assert hand.legal_actions().raise_ == AmountRange(1200, 9900)


def test_r17_pot_limit_minimum_raise_is_the_same():
    hand = Hand(config("pl", [10000] * 4), Deck())
    range_ = hand.legal_actions().raise_
    assert range_ is not None and range_.min == 200
    play(hand, (2, Action.raise_to(300)))
    range_ = hand.legal_actions().raise_
    assert range_ is not None and range_.min == 500


# -- E7: every example of R17, R18 and R21, each its own assertion ---------------------------


def test_e7_r17_raise_to_300_next_minimum_500():
    hand = Hand(config("nl", [10000] * 4), Deck())
    play(hand, (2, Action.raise_to(300)))
    assert hand.legal_actions().raise_ == AmountRange(500, 10000)


def test_e7_r17_raise_to_1200_plus_700_next_minimum_1900():
    # "+700" means the raise to 1,200 followed a raise to 500 (300 + 200): 1,200 - 500.
    hand = Hand(config("nl", [10000] * 5), Deck())
    play(hand, (2, Action.raise_to(300)), (3, Action.raise_to(500)), (4, Action.raise_to(1200)))
    assert hand.legal_actions().raise_ == AmountRange(1900, 10000)


def test_e7_r17_raise_from_300_straight_to_1200_next_minimum_2100():
    # Read literally (300, then 1,200) the raise adds 900, so the next minimum is 2,100.
    hand = Hand(config("nl", [10000] * 4), Deck())
    play(hand, (2, Action.raise_to(300)), (3, Action.raise_to(1200)))
    assert hand.legal_actions().raise_ == AmountRange(2100, 10000)


def test_e7_r17_bet_200_minimum_raise_400():
    hand = Hand(config("nl", [10000] * 3), Deck())
    to_flop(hand)
    play(hand, (0, Action.bet(200)))
    range_ = hand.legal_actions().raise_
    assert range_ is not None and range_.min == 400


def test_e7_r17_raise_to_700_next_minimum_1200():
    hand = Hand(config("nl", [10000] * 3), Deck())
    to_flop(hand)
    play(hand, (0, Action.bet(200)), (1, Action.raise_to(700)))
    range_ = hand.legal_actions().raise_
    assert range_ is not None and range_.min == 1200


def test_e7_r17_one_two_dollar_minimum_raise_preflop_is_4():
    hand = Hand(config("nl", [200] * 6, sb=1, bb=2), Deck())
    assert hand.legal_actions().raise_ == AmountRange(4, 200)


def test_e7_r17_one_two_dollar_after_a_raise_to_6_minimum_10():
    hand = Hand(config("nl", [200] * 6, sb=1, bb=2), Deck())
    play(hand, (2, FOLD), (3, Action.raise_to(6)))
    assert hand.legal_actions().raise_ == AmountRange(10, 200)


def test_e7_r18_bet_100_short_all_in_150_bettor_may_call_50_not_raise():
    hand = _bet_then_short_all_in(150)
    legal = hand.legal_actions()
    assert (legal.player, legal.call, legal.raise_, legal.all_in_to) == (0, 50, None, None)


def test_e7_r18_bet_raise_all_in_call_raiser_may_not_raise():
    hand = _bet_raise_short_all_in()
    play(hand, (0, CALL))
    legal = hand.legal_actions()
    assert (legal.player, legal.call, legal.raise_) == (1, 50, None)


def test_e7_r18_bet_raise_all_in_the_first_bettor_could_have_raised():
    hand = _bet_raise_short_all_in()
    legal = hand.legal_actions()
    assert legal.player == 0 and legal.call == 150
    assert legal.raise_ == AmountRange(350, 900)


def test_e7_r18_bet_100_all_in_140_raise_to_at_least_240():
    hand = _bet_then_short_all_in(140, bettor_first=False)
    range_ = hand.legal_actions().raise_
    assert range_ is not None and range_.min == 240


def test_e7_r21_pot_300_bet_100_call_makes_500_raise_to_600():
    hand = _pot_limit_pot_300_bet_100()
    legal = hand.legal_actions()
    assert legal.call == 100
    assert hand.pot_total + legal.call == 500
    assert legal.raise_ == AmountRange(200, 600)


def _bet_then_short_all_in(short: int, *, bettor_first: bool = True) -> Hand:
    """Flop, four players: position 0 bets 100, position 1 goes all-in for ``short``.

    With ``bettor_first`` position 2 calls and position 3 folds, so the action is back
    on the bettor; otherwise position 2, who has not acted, is to act.
    """
    hand = Hand(config("nl", [1000, short + 100, 1000, 1000]), Deck())
    to_flop(hand)
    play(hand, (0, Action.bet(100)), (1, ALL_IN))
    if bettor_first:
        play(hand, (2, CALL), (3, FOLD))
    return hand


def _bet_raise_short_all_in() -> Hand:
    """Flop: A (0) bets 100, B (1) raises to 200, C (2) all-in for 250; A to act."""
    hand = Hand(config("nl", [1000, 1000, 350]), Deck())
    to_flop(hand)
    play(hand, (0, Action.bet(100)), (1, Action.raise_to(200)), (2, ALL_IN))
    return hand


def _pot_limit_pot_300_bet_100() -> Hand:
    """Pot-Limit, three players call 100 preflop (pot 300); on the flop a bet of 100."""
    hand = Hand(config("pl", [10000] * 3), Deck())
    to_flop(hand)
    assert hand.pot_total == 300
    play(hand, (0, Action.bet(100)))
    return hand


# -- R18: all-in -----------------------------------------------------------------------------


def test_r18_all_in_allowed_for_any_amount_up_to_the_stack():
    hand = Hand(config("nl", [1000, 1000, 170]), Deck())
    legal = hand.legal_actions()
    assert legal.all_in_to == 170 and legal.raise_ == AmountRange(170, 170)
    play(hand, (2, ALL_IN))
    assert last_action(hand) == ev.PlayerActed(2, "raise", 170, 170, True)
    assert hand.stacks[2] == 0


def test_r18_all_in_when_nobody_could_call_a_raise_is_made_and_the_rest_returned_uncalled():
    hand = Hand(config("nl", [1000, 1000, 300]), Deck())
    play(hand, (2, ALL_IN), (0, FOLD))
    legal = hand.legal_actions()  # the big blind faces 200 more; nobody left could call more
    assert legal.raise_ is None and legal.call_to == 300
    assert legal.all_in_to == 1000 and legal.describe() == "fold, call 200, all-in (1000)"
    play(hand, (1, ALL_IN))
    assert last_action(hand) == ev.PlayerActed(1, "raise", 1000, 900, True, uncallable=True)
    returned = [e for e in hand.events if isinstance(e, ev.UncalledBetReturned)]
    assert returned == [ev.UncalledBetReturned(player=1, amount=700)]
    assert hand.result is not None and hand.result.final_stacks[1] >= 700  # 700 came back


def test_r18_all_in_after_the_flop_with_the_only_opponent_all_in_is_made_as_a_raise():
    hand = Hand(config("nl", [1000, 1000, 400]), Deck())
    to_flop(hand)
    play(hand, (0, Action.bet(100)), (1, FOLD), (2, ALL_IN))  # the button's last 300
    assert hand.legal_actions().all_in_to == 900 and hand.legal_actions().raise_ is None
    play(hand, (0, ALL_IN))
    assert last_action(hand) == ev.PlayerActed(0, "raise", 900, 800, True, uncallable=True)
    returned = [e for e in hand.events if isinstance(e, ev.UncalledBetReturned)]
    assert returned == [ev.UncalledBetReturned(player=0, amount=600)]


def test_r18_short_all_in_does_not_reopen_for_the_bettor():
    hand = _bet_then_short_all_in(150)
    assert hand.legal_actions().describe() == "fold, call 50"
    message = assert_refused(hand, Action.raise_to(300))
    assert message == (
        "you cannot raise: the all-in since your last action added 50, less than a full raise "
        "of 100, so the betting is not reopened for you"
    )
    assert_refused(hand, ALL_IN, "you cannot go all-in", "not reopened")
    play(hand, (0, CALL))
    assert hand.street == 2


def test_r18_short_all_in_player_yet_to_act_may_raise_from_the_all_in():
    hand = _bet_then_short_all_in(150, bettor_first=False)
    assert hand.legal_actions().raise_ == AmountRange(250, 900)
    assert_refused(hand, Action.raise_to(249), "the minimum raise is to 250")
    play(hand, (2, Action.raise_to(250)))
    # That full raise reopens the betting for the bettor.
    play(hand, (3, FOLD))
    range_ = hand.legal_actions().raise_
    assert hand.to_act == 0 and range_ is not None and range_.min == 350


def test_r18_several_short_all_ins_reopen_once_they_add_up_to_a_full_raise():
    # A bets 100, B all-in 150 (+50), C all-in 220 (+70), D calls: A faces 120 >= 100.
    hand = Hand(config("nl", [1000, 250, 320, 1000]), Deck())
    to_flop(hand)
    play(hand, (0, Action.bet(100)), (1, ALL_IN), (2, ALL_IN), (3, CALL))
    legal = hand.legal_actions()
    assert legal.player == 0 and legal.call == 120
    assert legal.raise_ == AmountRange(320, 900)


def test_r18_short_all_ins_below_a_full_raise_do_not_reopen():
    # A bets 100, B all-in 150, C calls 150, D all-in 190: A faces 90, C faces 40.
    hand = Hand(config("nl", [1000, 250, 1000, 290]), Deck())
    to_flop(hand)
    play(hand, (0, Action.bet(100)), (1, ALL_IN), (2, CALL), (3, ALL_IN))
    assert hand.legal_actions().describe() == "fold, call 90"
    play(hand, (0, CALL))
    assert hand.legal_actions().describe() == "fold, call 40"


def test_r18_all_in_bet_below_the_minimum_does_not_reopen_for_players_who_checked():
    hand = Hand(config("nl", [1000, 1000, 160]), Deck())
    to_flop(hand)
    play(hand, (0, CHECK), (1, CHECK), (2, ALL_IN))
    assert hand.legal_actions().describe() == "fold, call 60"


def test_r18_big_blind_who_has_not_acted_may_raise_a_short_all_in():
    # UTG limps, the button is all-in for 150 (+50, short), the small blind calls.
    hand = Hand(config("nl", [1000, 1000, 1000, 150]), Deck())
    play(hand, (2, CALL), (3, ALL_IN), (0, CALL))
    assert hand.legal_actions().raise_ == AmountRange(250, 1000)
    play(hand, (1, CALL))
    # The limper acted and faces only the short 50: call or fold.
    assert hand.legal_actions().describe() == "fold, call 50"


# -- R19: fold -------------------------------------------------------------------------------


def test_r19_fold_at_any_turn_even_when_check_is_free():
    hand = Hand(config("nl", [1000] * 3), Deck())
    to_flop(hand)
    assert hand.legal_actions().fold and hand.legal_actions().check
    play(hand, (0, FOLD))
    assert hand.folded == [True, False, False]
    assert last_action(hand) == ev.PlayerActed(0, "fold", 0, 0, False)
    play(hand, (1, Action.bet(100)), (2, FOLD))
    result = hand.result
    assert result is not None
    # The folded players' chips stay in the pot: the winner takes 300, the folders lose 100.
    assert result.pots[0].amount == 300 and result.pots[0].shares == ((1, 300),)
    assert result.net == (-100, 200, -100)


def test_r19_big_blind_may_fold_its_option():
    hand = Hand(config("nl", [1000] * 3), Deck())
    play(hand, (2, CALL), (0, CALL), (1, FOLD))
    assert hand.street == 1
    assert hand.folded == [False, True, False]
    assert hand.pot_total == 300


# -- R20: table stakes -----------------------------------------------------------------------


def test_r20_cannot_bet_more_than_the_stack():
    hand = Hand(config("nl", [1000, 1000, 700]), Deck())
    to_flop(hand)
    play(hand, (0, CHECK), (1, CHECK))
    assert hand.legal_actions().bet == AmountRange(100, 600)
    message = assert_refused(hand, Action.bet(601))
    assert message == "you have 600 chips: you can bet to at most 600 (all-in)"
    play(hand, (2, Action.bet(600)))
    assert hand.stacks == [900, 900, 0]


def test_r20_raise_above_the_stack_refused():
    hand = Hand(config("nl", [1000, 1000, 700]), Deck())
    assert_refused(hand, Action.raise_to(701), "you have 700 chips: you can raise to at most 700")


def test_r20_no_chips_come_or_go_during_the_hand():
    hand = Hand(config("nl", [1000, 500, 700]), Deck())
    total = sum(hand.config.starting_stacks)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.act(ALL_IN if legal.all_in_to is not None else CALL)
        in_pot = 0 if hand.is_over else hand.pot_total  # pot_total counts what was put in
        assert sum(hand.stacks) + in_pot == total
    assert hand.result is not None
    assert sum(hand.result.final_stacks) == total


# -- R21: Pot-Limit --------------------------------------------------------------------------


def test_r21_pot_limit_max_raise_is_the_bet_plus_the_pot_after_the_call():
    hand = _pot_limit_pot_300_bet_100()
    message = assert_refused(hand, Action.raise_to(601))
    assert message == "the maximum raise is to 600 in Pot-Limit: the pot after your call is 500"
    play(hand, (1, Action.raise_to(600)))
    assert hand.pot_total == 1000


def test_r21_pot_limit_max_bet_is_the_pot():
    hand = Hand(config("pl", [10000] * 3), Deck())
    to_flop(hand)
    assert hand.legal_actions().bet == AmountRange(100, 300)
    assert_refused(hand, Action.bet(301), "the maximum bet is to 300 in Pot-Limit")


def test_r21_pot_limit_preflop_raise_counts_the_blinds():
    hand = Hand(config("pl", [10000] * 3), Deck())
    # Pot 150, call 100 makes 250: raise to 100 + 250.
    assert hand.legal_actions().raise_ == AmountRange(200, 350)


def test_r21_pot_limit_counts_antes_in_the_pot():
    uniform = Hand(config("pl", [1000] * 3, ante=10), Deck())
    # Pot 150 + 30 of antes, call 100 makes 280: raise to 100 + 280.
    assert uniform.legal_actions().raise_ == AmountRange(200, 380)
    big_blind_ante = Hand(config("pl", [1000] * 3, ante_kind="big-blind"), Deck())
    assert big_blind_ante.legal_actions().raise_ == AmountRange(200, 450)


def test_r21_pot_limit_all_in_only_when_the_stack_is_within_the_pot():
    hand = Hand(config("pl", [10000, 10000, 300]), Deck())
    assert hand.legal_actions().all_in_to == 300
    big = Hand(config("pl", [10000] * 3), Deck())
    assert big.legal_actions().all_in_to is None
    assert_refused(big, ALL_IN, "you cannot go all-in")


# -- R22: Fixed-Limit ------------------------------------------------------------------------


def fl(stacks: list[int], sb: int = 1, bb: int = 2, **kw: object) -> Hand:
    return Hand(config("fl", stacks, sb=sb, bb=bb, **kw), Deck())


def test_r22_fixed_steps_small_bet_then_big_bet():
    hand = fl([1000] * 3)
    assert hand.legal_actions().raise_ == AmountRange(4, 4)
    assert_refused(hand, Action.raise_to(5), "in Fixed-Limit the raise is to exactly 4")
    to_flop(hand)
    assert hand.legal_actions().bet == AmountRange(2, 2)
    play(hand, (0, Action.bet(2)))
    assert hand.legal_actions().raise_ == AmountRange(4, 4)
    play(hand, (1, CALL), (2, CALL))
    assert hand.street == 2
    assert hand.legal_actions().bet == AmountRange(4, 4)
    assert_refused(hand, Action.bet(2), "in Fixed-Limit the bet is to exactly 4")
    play(hand, (0, Action.bet(4)))
    assert hand.legal_actions().raise_ == AmountRange(8, 8)
    play(hand, (1, CALL), (2, CALL))
    assert hand.street == 3
    assert hand.legal_actions().bet == AmountRange(4, 4)


def test_r22_cap_after_the_big_blind_and_three_raises_preflop():
    hand = fl([1000] * 4)
    play(hand, (2, Action.raise_to(4)), (3, Action.raise_to(6)), (0, Action.raise_to(8)))
    legal = hand.legal_actions()
    assert legal.player == 1 and legal.raise_ is None and legal.call == 6
    message = assert_refused(hand, Action.raise_to(10))
    assert message == (
        "you cannot raise: the betting is capped at a bet and 3 raises: you can call or fold"
    )


def test_r22_cap_after_a_bet_and_three_raises_after_the_flop():
    hand = fl([1000] * 4)
    to_flop(hand)
    play(hand, (0, Action.bet(2)), (1, Action.raise_to(4)), (2, Action.raise_to(6)))
    play(hand, (3, Action.raise_to(8)))
    assert hand.legal_actions().describe() == "fold, call 6"


def test_r22_cap_lifted_heads_up():
    hand = fl([1000, 1000])
    for to in (4, 6, 8, 10, 12):
        play(hand, (hand.to_act, Action.raise_to(to)))
    assert hand.legal_actions().raise_ == AmountRange(14, 14)


def test_r22_cap_lifted_once_the_action_is_heads_up_before_the_cap():
    hand = fl([1000] * 4)
    play(hand, (2, Action.raise_to(4)), (3, FOLD), (0, FOLD))
    for to in (6, 8, 10, 12):
        play(hand, (hand.to_act, Action.raise_to(to)))
    assert hand.legal_actions().raise_ == AmountRange(14, 14)


def test_r22_a_cap_reached_stays_reached():
    hand = fl([1000] * 4)
    play(hand, (2, Action.raise_to(4)), (3, Action.raise_to(6)), (0, FOLD))
    play(hand, (1, Action.raise_to(8)), (2, FOLD))
    # Heads-up now, but the cap was reached with three players in.
    assert hand.legal_actions().describe() == "fold, call 2"


def test_r22_cap_counts_only_players_not_all_in():
    hand = fl([1, 1000, 1000])  # the small blind is all-in for its blind
    for to in (4, 6, 8, 10):
        play(hand, (hand.to_act, Action.raise_to(to)))
    assert hand.legal_actions().raise_ == AmountRange(12, 12)


def test_r22_cap_size_is_a_house_setting():
    hand = fl([1000] * 5, raise_cap=4)
    play(hand, (2, Action.raise_to(4)), (3, Action.raise_to(6)), (4, Action.raise_to(8)))
    play(hand, (0, Action.raise_to(10)))
    assert hand.legal_actions().describe() == "fold, call 8"


def _fl_flop_bet_then_all_in(short: int, **kw: object) -> Hand:
    """$20/$40 Fixed-Limit, four players on the flop: position 0 bets 20, position 1 is
    all-in for ``short`` in all."""
    hand = fl([1000, 20 + short, 1000, 1000], sb=10, bb=20, **kw)
    to_flop(hand)
    play(hand, (0, Action.bet(20)), (1, ALL_IN))
    return hand


def test_r22_all_in_under_half_a_bet_does_not_reopen_yet_to_act_may_complete():
    hand = _fl_flop_bet_then_all_in(29)
    # Not yet acted: fold, call 29, or complete the bet to 40.
    assert hand.legal_actions().describe() == "fold, call 29, raise to [40]"
    play(hand, (2, CALL), (3, CALL))
    # The bettor has acted and faced only 9 more: call or fold.
    assert hand.legal_actions().describe() == "fold, call 9"
    assert_refused(hand, Action.raise_to(40), "not reopened")


def test_r22_all_in_of_half_a_bet_counts_as_a_full_bet():
    hand = _fl_flop_bet_then_all_in(30)
    assert hand.legal_actions().raise_ == AmountRange(50, 50)
    play(hand, (2, CALL), (3, CALL))
    legal = hand.legal_actions()
    assert legal.player == 0 and legal.call == 10 and legal.raise_ == AmountRange(50, 50)


def test_r22_full_bet_rule_is_a_house_setting():
    hand = _fl_flop_bet_then_all_in(30, short_all_in_rule=ShortAllInRule.FULL_BET)
    play(hand, (2, CALL), (3, CALL))
    assert hand.legal_actions().describe() == "fold, call 10"


def test_r22_all_in_bet_of_15_on_a_20_round_raised_to_35():
    # Robert's Rules' own example of a full raise over a half-bet-or-more all-in.
    hand = fl([1000, 35, 1000], sb=10, bb=20, big_bet=20)
    to_flop(hand)
    play(hand, (0, CHECK), (1, ALL_IN))
    assert hand.legal_actions().describe() == "fold, call 15, raise to [35]"


def test_r22_short_all_in_under_half_a_bet_is_not_a_raise_toward_the_cap():
    hand = fl([1000, 49, 1000, 1000, 1000], sb=10, bb=20)
    to_flop(hand)
    # Bet 20; all-in 29 (+9, not a raise); completed to 40 (raise 1); 60 (raise 2).
    play(hand, (0, Action.bet(20)), (1, ALL_IN), (2, Action.raise_to(40)))
    play(hand, (3, Action.raise_to(60)))
    # A bet and two raises so far: the third raise, to 80, is still allowed.
    assert hand.legal_actions().raise_ == AmountRange(80, 80)
