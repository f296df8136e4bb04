"""ICM (Malmuth-Harville) equities."""

from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from holdem.errors import ConfigError
from holdem.tournament.icm import icm


def harville_by_orders(stacks, prizes):
    """Brute force: the probability of every finishing order, summed."""
    n = len(stacks)
    prizes = list(prizes) + [0] * (n - len(prizes))
    equity = [0.0] * n
    for order in permutations(range(n)):
        p, left = 1.0, sum(stacks)
        for i in order:
            if left == 0:
                break
            p *= stacks[i] / left
            left -= stacks[i]
        for place, i in enumerate(order):
            equity[i] += p * prizes[place]
    return equity


def test_heads_up_is_chip_proportional_above_second_prize():
    assert icm([3000, 1000], [100, 0]) == [75.0, 25.0]
    assert icm([3000, 1000], [70, 30]) == pytest.approx([60.0, 40.0])


def test_three_players_by_hand():
    # A finishes 1st with 0.5; 2nd if B wins (0.3 * 5/7) or C wins (0.2 * 5/8).
    a_second = 0.3 * 5 / 7 + 0.2 * 5 / 8
    a = 0.5 * 50 + a_second * 30 + (1 - 0.5 - a_second) * 20
    b_second = 0.5 * 3 / 5 + 0.2 * 3 / 8
    b = 0.3 * 50 + b_second * 30 + (1 - 0.3 - b_second) * 20
    assert icm([5000, 3000, 2000], [50, 30, 20]) == pytest.approx([a, b, 100 - a - b])


def test_winner_takes_all_is_chip_share():
    assert icm([1, 2, 3, 4], [100]) == pytest.approx([10, 20, 30, 40])


def test_equal_stacks_split_equally():
    assert icm([1500] * 6, [50, 30, 20]) == pytest.approx([100 / 6] * 6)


def test_empty_stack_places_last():
    assert icm([0, 100, 100], [60, 40]) == pytest.approx([0, 50, 50])
    assert icm([0, 0, 100], [60, 30, 10]) == pytest.approx([20, 20, 60])


def test_ten_players_is_fast_and_adds_up():
    stacks = [1000 * (i + 1) for i in range(10)]
    equity = icm(stacks, [50, 30, 20])
    assert sum(equity) == pytest.approx(100)
    assert equity == sorted(equity)


@given(
    st.lists(st.integers(1, 10_000), min_size=2, max_size=6),
    st.lists(st.integers(0, 1000), min_size=1, max_size=6),
)
def test_invariants(stacks, prizes):
    prizes = sorted(prizes[: len(stacks)], reverse=True)
    equity = icm(stacks, prizes)
    assert sum(equity) == pytest.approx(sum(prizes))
    assert equity == pytest.approx(harville_by_orders(stacks, prizes))
    for i in range(len(stacks)):
        for j in range(len(stacks)):
            if stacks[i] > stacks[j]:
                assert equity[i] >= equity[j] - 1e-9
            if stacks[i] == stacks[j]:
                assert equity[i] == pytest.approx(equity[j])


@pytest.mark.parametrize(
    ("stacks", "prizes", "words"),
    [
        ([], [1], "at least one stack"),
        ([0, 0], [1], "no stack has chips"),
        ([-1, 5], [1], "negative"),
        ([5, 5], [3, 2, 1], "3 prizes for 2 players"),
        ([5, 5], [-3], "negative"),
        ([1] * 14, [1], "limited to 13"),
    ],
)
def test_bad_input(stacks, prizes, words):
    with pytest.raises(ConfigError, match=words):
        icm(stacks, prizes)
