"""Chip sets and cases (R45)."""

import pytest

from holdem.errors import ConfigError
from holdem.tournament.chips import CASE_SIZES, case_for, distribute


def test_r45_home_chip_set_5000_is_22_chips():
    plan = distribute(8, 5000, (25, 100, 500, 1000))
    assert plan.per_player == {25: 8, 100: 8, 500: 4, 1000: 2}
    assert plan.chips_per_player == 22


@pytest.mark.parametrize(("players", "total"), [(6, 132), (8, 176)])
def test_r45_total_chips(players, total):
    assert distribute(players, 5000).total_chips == total


def test_r45_case_sizes():
    # A 300-chip case serves up to 6 players, 500 up to 10.
    assert [distribute(n, 5000).case for n in range(2, 12)] == [
        100, 200, 200, 300, 300, 500, 500, 500, 500, 650,
    ]  # fmt: skip
    assert case_for(6, 22) == 300 and case_for(7, 22) == 500
    assert case_for(10, 22) == 500 and case_for(11, 22) == 650


def test_case_too_big_for_one_case_is_none():
    assert case_for(30, 22) is None
    assert all(size in CASE_SIZES for size in (case_for(n, 20) for n in range(1, 21)))


@pytest.mark.parametrize(
    ("stack", "chip_set"),
    [
        (5000, (25, 100, 500, 1000)),
        (3000, (25, 100, 500, 1000)),
        (10000, (25, 100, 500, 1000)),
        (1500, (25, 100, 500)),
        (1000, (1, 5, 25, 100, 500)),
        (20000, (25, 100, 500, 1000, 5000)),
        (7, (2, 5)),
    ],
)
def test_counts_sum_exactly_to_the_stack(stack, chip_set):
    plan = distribute(6, stack, chip_set)
    assert sum(value * n for value, n in plan.per_player.items()) == stack
    assert plan.chips_per_player == sum(plan.per_player.values())
    assert plan.total_chips == 6 * plan.chips_per_player
    assert all(n > 0 for n in plan.per_player.values())


@pytest.mark.parametrize("stack", [1500, 3000, 5000, 10000])
def test_r45_aims_for_20_to_25_chips(stack):
    assert 20 <= distribute(8, stack).chips_per_player <= 25


def test_chip_set_order_does_not_matter():
    assert distribute(8, 5000, (1000, 25, 500, 100)) == distribute(8, 5000)


def test_large_stack_beyond_the_target_still_works():
    plan = distribute(8, 100_000)
    assert sum(v * n for v, n in plan.per_player.items()) == 100_000


@pytest.mark.parametrize(
    ("players", "stack", "chip_set", "words"),
    [
        (8, 5010, (25, 100, 500, 1000), "cannot be made from chips of 25, 100, 500, 1000"),
        (8, 3, (2, 5), "cannot be made"),
        (0, 5000, (25,), "0 players"),
        (8, 0, (25,), "stack 0"),
        (8, 5000, (), "chip set"),
        (8, 5000, (0, 25), "chip set"),
    ],
)
def test_clear_errors(players, stack, chip_set, words):
    with pytest.raises(ConfigError, match=words):
        distribute(players, stack, chip_set)


def test_as_json_has_string_keys():
    assert distribute(8, 5000).as_json() == {
        "per_player": {"25": 8, "100": 8, "500": 4, "1000": 2},
        "chips_per_player": 22,
        "total_chips": 176,
        "case": 500,
    }
