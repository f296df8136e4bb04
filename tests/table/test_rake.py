"""A cash table with a rake: a percentage of the pots, capped, none before the flop, rounded
down; the winners pay it, and the hand's PHH records it and replays to the same stacks."""

import random
from decimal import Decimal

import pytest

from holdem.engine import Action
from holdem.engine.rake import RakeRule, take_rake
from holdem.errors import ConfigError
from holdem.history import dumps, loads
from holdem.history.record import history_of, with_rake
from holdem.history.replay import replay
from holdem.table import Table, TableSettings

FIVE_PERCENT = RakeRule(percent=Decimal(5), cap=4)


@pytest.mark.parametrize(
    ("pot", "flop", "rake"),
    [(39, True, 1), (40, True, 2), (19, True, 0), (1000, True, 4), (1000, False, 0), (0, True, 0)],
)
def test_the_rake_rounds_down_and_stops_at_the_cap(pot, flop, rake):
    assert FIVE_PERCENT.amount(pot, flop_dealt=flop) == rake


def test_without_no_flop_no_drop_a_preflop_pot_is_raked_too():
    rule = RakeRule(percent=Decimal("4.5"), no_flop_no_drop=False)
    assert rule.amount(100, flop_dealt=False) == 4  # 4.5 rounded down
    assert rule.amount(10_000) == 450  # no cap


def test_winners_pay_in_proportion_to_what_they_collected():
    taken = take_rake(RakeRule(percent=Decimal(10)), [0, 75, 25, 0], flop_dealt=True)
    assert taken.total == 10 and taken.shares == (0, 8, 2, 0)  # 7.5 and 2.5: the odd chip
    split = take_rake(RakeRule(percent=Decimal(10)), [15, 15], flop_dealt=True)
    assert split.shares == (2, 1)  # 3 chips of rake: the lower position pays the odd one


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        ({"percent": Decimal(-1)}, "the rake is 0 to 100 percent of the pot"),
        ({"percent": Decimal(101)}, "the rake is 0 to 100 percent of the pot"),
        ({"percent": Decimal(5), "cap": -2}, "the cap is 0 or more chips, or none"),
    ],
)
def test_a_bad_rake_is_refused_in_words(rule, words):
    with pytest.raises(ConfigError, match=words):
        RakeRule(**rule)


def raking_table(rule=FIVE_PERCENT):
    table = Table(TableSettings(seats=6, rake=rule), rng=random.Random(7))
    for seat, name in enumerate(["Ana", "Ben", "Cleo"]):
        table.sit(seat, name, 100)
    return table


def to_the_river(table, bet=10):
    """Everyone calls preflop; on the flop the first player bets and the others call."""
    table.start_hand()
    hand = table.hand
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.bet is not None and len(hand.board) == 3:
            table.act(table.seat_to_act, Action.bet(bet))
        elif legal.show or legal.muck:
            table.act(table.seat_to_act, Action.show())
        else:
            table.act(table.seat_to_act, Action.call() if legal.call else Action.check())
    return table.history[-1]


def test_a_raking_table_takes_the_rake_from_the_winners():
    table = raking_table()
    played = to_the_river(table)
    assert played.rake is not None
    pot = sum(played.hand.result.collected)
    assert pot == 36 and played.rake.total == 1  # 5% of 36 is 1.8: 1
    stacks = [table.seats[seat].stack for seat in range(3)]
    assert sum(stacks) + table.raked == 300 and table.raked == 1
    for position, seat in enumerate(played.seat_of):
        engine = played.hand.final_stacks[position]
        assert table.seats[seat].stack == engine - played.rake.shares[position]


def test_no_flop_no_drop():
    table = raking_table()
    table.start_hand()
    while not table.hand.is_over:
        table.act(table.seat_to_act, Action.fold())
    played = table.history[-1]
    assert played.rake is not None and played.rake.total == 0 and table.raked == 0


def test_the_raked_hand_writes_its_rake_to_phh_and_replays():
    table = raking_table(RakeRule(percent=Decimal(10), cap=10))
    played = to_the_river(table, bet=20)
    record = with_rake(history_of(played.hand, players=played.names), played.hand, played.rake)
    text = dumps(record)
    assert f"rake = {played.rake.total}\n" in text and "winnings = [" in text
    [again] = loads(text)
    paid = [c - t for c, t in zip(played.hand.result.collected, played.rake.shares, strict=True)]
    assert list(again.winnings) == paid and sum(paid) + again.rake == sum(
        played.hand.result.collected
    )
    result = replay(again)
    assert result.ok and result.match is True
    assert result.rake == played.rake.total == 6  # 10% of 66, rounded down
    assert list(result.finishing_stacks) == [table.seats[seat].stack for seat in played.seat_of]


def test_a_table_without_rake_is_as_before():
    table = Table(TableSettings(seats=6), rng=random.Random(7))
    for seat, name in enumerate(["Ana", "Ben", "Cleo"]):
        table.sit(seat, name, 100)
    played = to_the_river(table)
    assert played.rake is None and table.raked == 0
    assert "rake" not in dumps(history_of(played.hand))
