"""The table across hands: the button, blinds, new and returning players, buy-ins.

Rules R20, R35-R38, R43."""

import random

import pytest

from holdem.engine import Action, Structure
from holdem.errors import IllegalActionError
from holdem.table import NewPlayerRule, Table, TableSettings


def table(seats=6, names=("Ana", "Ben", "Cleo"), at=(0, 2, 4), **settings) -> Table:
    t = Table(TableSettings(seats=seats, **settings), rng=random.Random(1))
    for seat, name in zip(at, names, strict=True):
        t.sit(seat, name, 100)
    return t


def check_down(t: Table) -> None:
    """Play the current hand to the end: everyone calls or checks."""
    hand = t.hand
    assert hand is not None
    while not hand.is_over:
        legal = hand.legal_actions()
        t.act(t.seat_to_act, Action.call() if legal.call else Action.check())


def play(t: Table, hands: int = 1) -> list:
    blinds = []
    for _ in range(hands):
        t.start_hand()
        blinds.append(t.blinds)
        check_down(t)
    return blinds


def test_r35_the_button_moves_one_seat_each_hand():
    t = table()
    buttons = [b.button for b in play(t, 4)]
    assert buttons == [0, 2, 4, 0]
    assert [h.blinds.big_blind for h in t.history] == [4, 0, 2, 4]


def test_r36_dead_button_big_blind_moves_exactly_one_seat_when_a_player_leaves():
    t = table(names=("Ana", "Ben", "Cleo", "Dan"), at=(0, 1, 2, 3))
    first = play(t)[0]
    assert (first.button, first.small_blind, first.big_blind) == (0, 1, 2)
    t.leave(2)  # the big blind of the last hand goes
    second = play(t)[0]
    # The big blind moves on to Dan; the small blind is the empty seat 2 (dead), and the
    # button moves to seat 1, where the small blind was.
    assert (second.button, second.small_blind, second.small_blind_posts, second.big_blind) == (
        1, 2, False, 3,
    )  # fmt: skip
    third = play(t)[0]
    assert (third.button, third.small_blind, third.big_blind) == (2, 3, 0)  # dead button on seat 2


def test_r36_from_heads_up_to_three_players_the_button_sits_right_of_the_small_blind():
    t = table(names=("Ana", "Ben"), at=(2, 3), new_players=NewPlayerRule.POST)
    play(t, 2)  # heads-up: the button posts the small blind; last hand Ben (3) had it
    assert (t.blinds.button, t.blinds.big_blind) == (3, 2)
    t.sit(5, "Cleo", 100)
    blinds = play(t)[0]
    # The big blind moves one seat, to Ben; Ana, the big blind last, posts the small
    # blind; the button is Cleo, right of her, and not a blind.
    assert (blinds.button, blinds.small_blind, blinds.big_blind) == (5, 2, 3)
    hand = t.history[-1]
    assert hand.seat_of == [2, 3, 5] and hand.hand.config.blinds_or_straddles == (1, 2, 0)


def test_r36_without_the_dead_button_the_button_simply_moves_on():
    t = table(names=("Ana", "Ben", "Cleo", "Dan"), at=(0, 1, 2, 3), dead_button=False)
    play(t)
    t.leave(2)
    second = play(t)[0]
    assert (second.button, second.small_blind, second.big_blind) == (1, 3, 0)


def test_r37_from_three_players_to_two_the_last_big_blind_gets_the_button():
    t = table()
    last = play(t)[0]
    assert last.big_blind == 4
    t.leave(0)  # Ana, on the button, goes: Ben and Cleo remain
    heads_up = play(t)[0]
    assert heads_up.button == heads_up.small_blind == 4  # Cleo, big blind last hand
    assert heads_up.big_blind == 2


def test_r37_without_the_dead_button_from_three_to_two_nobody_posts_the_big_blind_twice():
    t = table(dead_button=False)
    last = play(t)[0]
    assert (last.button, last.small_blind, last.big_blind) == (0, 2, 4)
    t.leave(0)  # Ana, on the button, goes
    heads_up = play(t)[0]
    assert heads_up.button == heads_up.small_blind == 4  # Cleo, the big blind last hand
    assert heads_up.big_blind == 2
    after = play(t)[0]
    assert (after.button, after.big_blind) == (2, 4)  # heads-up the blinds alternate


def test_r37_without_the_dead_button_the_small_blind_leaving_keeps_the_rotation():
    t = table(dead_button=False)
    play(t)  # button 0, small blind 2, big blind 4
    t.leave(2)
    heads_up = play(t)[0]
    assert (heads_up.button, heads_up.big_blind) == (4, 0)  # Cleo's big blind is not repeated


def test_r6_heads_up_the_button_posts_the_small_blind():
    t = table(names=("Ana", "Ben"), at=(0, 3))
    t.start_hand()
    hand = t.hand
    assert hand is not None
    button = t.blinds.button
    assert t.current.seat_of[1] == button  # position 1 is the button heads-up
    assert hand.bets == [2, 1]


def test_r38_new_player_waits_for_the_big_blind():
    t = table(new_players=NewPlayerRule.WAIT)
    play(t)
    t.sit(5, "Dan", 100)
    seats_dealt = []
    for _ in range(3):
        t.start_hand()
        seats_dealt.append(list(t.current.seat_of))
        check_down(t)
        if 5 in seats_dealt[-1]:
            break
    assert 5 in seats_dealt[-1] and all(5 not in d for d in seats_dealt[:-1])
    assert t.history[-1].blinds.big_blind == 5


def test_r38_a_new_player_who_alone_could_play_is_dealt_in_at_once():
    t = table(names=("Ana", "Ben"), at=(0, 2), new_players=NewPlayerRule.WAIT)
    play(t)
    t.leave(2)  # Ben goes; Dan comes, and the big blind is not his for a while
    t.sit(1, "Dan", 100)
    assert t.player(1).waiting
    t.start_hand()  # waiting would leave Ana alone: Dan plays now, owing nothing
    assert sorted(t.current.seat_of) == [0, 1]
    assert not t.player(1).waiting and t.hand.pot_total == 3


def test_r38_new_player_posts_a_big_blind_at_once():
    t = table(new_players=NewPlayerRule.POST)
    play(t)
    t.sit(1, "Dan", 100)
    t.start_hand()
    assert 1 in t.current.seat_of
    # Big blind Ana (seat 0), small blind Cleo (seat 4): Dan posts a live big blind.
    assert (t.blinds.small_blind, t.blinds.big_blind) == (4, 0)
    position = t.current.seat_of.index(1)
    assert t.hand.bets[position] == 2
    assert t.hand.dead_money == 0


def test_r38_returning_player_posts_the_missed_blinds():
    t = table(names=("Ana", "Ben", "Cleo", "Dan"), at=(0, 1, 2, 3), new_players=NewPlayerRule.POST)
    play(t)  # button 0, SB 1, BB 2
    t.sit_out(3)
    play(t, 2)  # the big blind passes Dan's seat
    assert t.seats[3].owes_big
    t.sit_in(3)
    t.start_hand()
    assert (t.blinds.small_blind, t.blinds.big_blind) == (1, 2)
    position = t.current.seat_of.index(3)
    assert t.hand.bets[position] == 2  # the missed big blind, live
    assert t.hand.dead_money == 1  # the missed small blind, dead
    assert not t.seats[3].owes_big


def test_r38_returning_player_may_wait_for_the_big_blind_instead():
    t = table(names=("Ana", "Ben", "Cleo", "Dan"), at=(0, 1, 2, 3), new_players=NewPlayerRule.WAIT)
    play(t)
    t.sit_out(3)
    play(t, 2)
    t.sit_in(3)
    for _ in range(4):
        t.start_hand()
        dealt = 3 in t.current.seat_of
        assert not dealt or t.blinds.big_blind == 3
        check_down(t)
        if dealt:
            break
    assert dealt


def _missed_only_the_small_blind(rule: NewPlayerRule) -> Table:
    """Cleo (seat 2) had the big blind, then sat out: the next small blind, hers, was dead."""
    t = table(names=("Ana", "Ben", "Cleo", "Dan"), at=(0, 1, 2, 3), new_players=rule)
    first = play(t)[0]
    assert first.big_blind == 2
    t.sit_out(2)
    second = play(t)[0]
    assert (second.small_blind, second.small_blind_posts, second.big_blind) == (2, False, 3)
    assert t.seats[2].owes_small and not t.seats[2].owes_big
    t.sit_in(2)
    return t


def test_r38_a_player_who_missed_only_the_small_blind_posts_it_dead_on_return():
    t = _missed_only_the_small_blind(NewPlayerRule.POST)
    t.start_hand()
    assert t.blinds.button == 2 and 2 in t.current.seat_of  # dealt in on the button
    position = t.current.seat_of.index(2)
    assert t.hand.dead_money == 1 and t.hand.bets[position] == 0  # the small blind, dead
    assert t.hand.config.dead_blinds[position] == 1
    assert not t.seats[2].owes_small
    check_down(t)
    t.start_hand()
    assert t.hand.dead_money == 0  # paid once


def test_r38_a_player_who_missed_only_the_small_blind_may_wait_for_the_big_blind():
    t = _missed_only_the_small_blind(NewPlayerRule.WAIT)
    assert t.seats[2].waiting
    dealt_at = []
    for _ in range(4):
        t.start_hand()
        assert t.hand.dead_money == 0  # nothing posted: the big blind covers it
        if 2 in t.current.seat_of:
            dealt_at.append(t.blinds.big_blind)
        check_down(t)
    assert dealt_at[0] == 2  # first dealt in when the big blind reached the seat
    assert not t.seats[2].waiting and not t.seats[2].owes_small


def test_r42_r38_a_voided_hand_does_not_forgive_missed_blinds():
    t = table(names=("Ana", "Ben", "Cleo", "Dan"), at=(0, 1, 2, 3), new_players=NewPlayerRule.POST)
    play(t)
    t.sit_out(3)
    play(t, 2)  # the big blind passes Dan's seat
    t.sit_in(3)
    stacks = t.stacks_by_name()
    t.start_hand()
    blinds, position = t.blinds, t.current.seat_of.index(3)
    posted = (t.hand.bets[position], t.hand.dead_money)
    assert posted == (2, 1)  # the missed big blind live, the small blind dead
    t.void_hand("the deck was found short")
    assert t.seats[3].owes_big and t.seats[3].owes_small  # still owed
    assert t.stacks_by_name() == stacks  # every chip went back
    t.start_hand()
    assert t.blinds == blinds  # the same button and blinds
    position = t.current.seat_of.index(3)
    assert (t.hand.bets[position], t.hand.dead_money) == posted  # the same posts again
    check_down(t)
    assert not t.seats[3].owes_big and len(t.history) == 4


def test_r42_r38_a_voided_hand_keeps_the_waiting_player_waiting_for_the_big_blind():
    t = table(new_players=NewPlayerRule.WAIT)
    play(t)
    t.sit(5, "Dan", 100)
    while True:
        t.start_hand()
        if 5 in t.current.seat_of:
            break
        check_down(t)
    assert t.blinds.big_blind == 5 and not t.seats[5].waiting
    t.void_hand()
    assert t.seats[5].waiting  # the big blind did not really reach Dan
    t.start_hand()
    assert t.blinds.big_blind == 5 and 5 in t.current.seat_of


def test_r39_after_a_misdeal_the_same_button_deals_again():
    t = table()
    play(t)
    t.start_hand()
    blinds = t.blinds
    t.hand.expose_hole_card(0, 0)  # the first card dealt was exposed: a misdeal
    assert t.voided is not None
    t.start_hand()
    assert t.blinds == blinds and t.hands_played == 1  # the misdeal was not a hand
    check_down(t)
    t.start_hand()
    assert t.blinds.button != blinds.button  # after a hand played out, the button moves
    check_down(t)
    stacks = t.stacks_by_name()
    t.start_hand()
    misdealt = t.blinds
    t.misdeal("two cards stuck together")
    assert t.hand.is_over and t.stacks_by_name() == stacks
    t.start_hand()
    assert t.blinds == misdealt  # the table's own misdeal: the same button too
    t.act(t.seat_to_act, Action.call())
    with pytest.raises(IllegalActionError, match="void the hand instead"):
        t.misdeal()


def test_r20_r43_top_ups_and_cash_outs_only_between_hands():
    t = table()
    t.start_hand()
    seat = t.current.seat_of[0]
    before = t.seats[seat].stack
    t.top_up(seat, 10)  # asked during the hand: the chips come when it is over
    assert t.seats[seat].stack == before and t.current.hand.stacks[0] <= before
    with pytest.raises(IllegalActionError, match="the most you can have"):
        t.top_up(seat, t.settings.max_buy_in)
    check_down(t)
    ended_with = t.history[-1].hand.final_stacks[0]
    added = min(10, t.settings.max_buy_in - ended_with)
    assert t.seats[seat].stack == ended_with + added
    assert t.ledger.entries[-1].kind.value == "top-up" or added == 0
    t.start_hand()
    seat = t.current.seat_of[0]
    stacks = [s.stack for s in t.seats if s]
    t.leave(seat)  # leaves when the hand is over
    assert t.seats[seat] is not None
    check_down(t)
    assert t.seats[seat] is None
    assert [e.kind.value for e in t.ledger.entries][-1] == "cash-out"
    assert len(stacks) == 3


def test_r43_buy_in_limits():
    t = table(min_buy_in=40, max_buy_in=200)
    with pytest.raises(IllegalActionError, match="40 to 200"):
        t.sit(1, "Dan", 20)
    with pytest.raises(IllegalActionError, match="up to 200"):
        t.sit(1, "Dan", 300)
    with pytest.raises(IllegalActionError, match="up to 100"):
        t.top_up(0, 150)
    t.top_up(0, 100)
    assert t.seats[0].stack == 200
    with pytest.raises(IllegalActionError, match="seat 1 is taken"):
        t.sit(0, "Eve", 100)


def test_ledger_keeps_every_chip():
    t = table()
    play(t, 3)
    t.top_up(0, 50)
    t.leave(2)
    t.adjust(4, -10)
    rows = {r.player: r for r in t.ledger.totals(t.stacks_by_name())}
    assert rows["Ana"].bought == 150
    assert rows["Ben"].cashed_out > 0 and rows["Ben"].at_table == 0
    assert sum(r.net for r in rows.values()) == 0
    csv = t.ledger.csv(t.stacks_by_name())
    assert csv.splitlines()[0] == "player,bought,cashed_out,adjusted,at_table,net"


def test_fixed_limit_and_pot_limit_tables():
    for structure in (Structure.FIXED_LIMIT, Structure.POT_LIMIT):
        t = table(structure=structure)
        play(t, 3)
        assert t.chips_on_table() == 300
