"""Payout tables and exact rounding."""

from fractions import Fraction

import pytest

from holdem.errors import ConfigError
from holdem.tournament.payouts import (
    DEFAULT_PAYOUT_TABLE,
    graded_percentages,
    payout_percentages,
    payouts,
)


@pytest.mark.parametrize(
    ("players", "percentages"),
    [(2, (100,)), (3, (100,)), (4, (65, 35)), (5, (65, 35)), (6, (50, 30, 20)),
     (8, (50, 30, 20)), (10, (50, 30, 20)), (11, (45, 27, 18, 10)), (18, (45, 27, 18, 10))],
)  # fmt: skip
def test_default_percentages_by_field_size(players, percentages):
    assert payout_percentages(players) == percentages


def test_default_table_rows_are_valid():
    for largest, row in DEFAULT_PAYOUT_TABLE:
        assert sum(Fraction(str(p)) for p in row) == 100
        assert list(row) == sorted(row, reverse=True)
        assert len(row) <= largest
    assert DEFAULT_PAYOUT_TABLE[-1][0] == 100


@pytest.mark.parametrize("players", range(2, 101))
@pytest.mark.parametrize(("pool", "unit"), [(40_000, 1), (12_345, 5), (999, 100), (7, 1)])
def test_payouts_sum_exactly_and_are_rounded(players, pool, unit):
    shares = payout_percentages(players)
    if any(pool * Fraction(str(p)) / 100 < unit for p in shares[1:]):
        with pytest.raises(ConfigError, match="with nothing: round to a smaller unit"):
            payouts(pool, players, unit=unit)
        return
    amounts = payouts(pool, players, unit=unit)
    assert sum(amounts) == pool
    assert all(a % unit == 0 for a in amounts[1:])
    assert amounts == sorted(amounts, reverse=True)
    assert len(amounts) == len(payout_percentages(players))


def test_remainder_goes_to_first_place():
    assert payouts(335, 8, unit=10) == [175, 100, 60]
    assert payouts(100, 7) == [50, 30, 20]
    assert payouts(101, 7) == [51, 30, 20]


def test_custom_table():
    table = [(4, (100,)), (10, (60, 40))]
    assert payouts(500, 8, table=table) == [300, 200]
    assert payouts(500, 3, table=table) == [500]


@pytest.mark.parametrize(
    ("table", "words"),
    [
        ([], "no rows"),
        ([(5, (60, 30))], "add up to 90"),
        ([(5, (30, 70))], "cannot pay more"),
        ([(5, (100,)), (4, (100,))], "growing field sizes"),
        ([(2, (50, 30, 20))], "pays 3 places"),
        ([(5, (100, 0))], "above 0"),
    ],
)
def test_bad_tables_are_refused(table, words):
    with pytest.raises(ConfigError, match=words):
        payouts(100, 2, table=table)


def test_bad_arguments():
    with pytest.raises(ConfigError, match="fields of up to 100,000"):
        payouts(1000, 100_001)
    with pytest.raises(ConfigError, match="up to 100 players, not 101"):
        payouts(1000, 101, table=DEFAULT_PAYOUT_TABLE)
    with pytest.raises(ConfigError, match="1 players"):
        payouts(1000, 1)
    with pytest.raises(ConfigError, match="prize pool -1"):
        payouts(-1, 5)
    with pytest.raises(ConfigError, match="rounding unit 0"):
        payouts(100, 5, unit=0)


def test_a_rounding_that_leaves_a_paid_place_unpaid_is_refused():
    with pytest.raises(ConfigError, match="leaves place 2 and below with nothing"):
        payouts(10, 10, unit=5)
    assert payouts(0, 10, unit=5) == [0, 0, 0]  # a freeroll for nothing pays nothing


@pytest.mark.parametrize("players", [101, 150, 1_000, 100_000])
def test_big_fields_pay_the_top_15_percent_graded(players):
    shares = payout_percentages(players)
    assert len(shares) == round(players * 0.15)
    assert sum(Fraction(str(p)) for p in shares) == 100
    assert list(shares) == sorted(shares, reverse=True) and shares[-1] > 0
    prizes = payouts(players * 100, players)
    assert sum(prizes) == players * 100
    assert prizes[-1] >= 150  # about 1.5 buy-ins to the last paid place


@pytest.mark.parametrize(("players", "places"), [(9, 2), (50, 13), (150, 1), (150, 150)])
def test_graded_shares_for_any_number_of_places(players, places):
    shares = graded_percentages(players, places)
    assert len(shares) == places
    assert sum(Fraction(str(p)) for p in shares) == 100
    assert list(shares) == sorted(shares, reverse=True)
    with pytest.raises(ConfigError, match="pay 1 to"):
        graded_percentages(players, players + 1)
