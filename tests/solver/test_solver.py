"""The hold'em solver against answers known without it: a river game with a closed form,
symmetry, suit permutation, chips conserved, threads that change nothing."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem.cards import ALL_CARDS
from holdem.solver import Spot, solve
from holdem.solver.cfr import CFR
from holdem.solver.game import FOLD, SHOWDOWN
from holdem.solver.tree import build

RIVER = "Ah Kd 7c 4s 2h"


def polarized(size: float) -> Spot:
    """A bettor with the nuts (0.3 of a combo) or air (1) against one bluff-catcher: one
    bet of ``size`` x the pot, all-in, and the catcher can never bet."""
    pot = 100
    return Spot(
        board=RIVER,
        oop_range="AsAd:0.3,6c5c",
        ip_range="QcQd",
        pot=pot,
        stack=pot * size,
        sizes={"river": {"bet": f"{size * 100:g}%"}, "ip": {"river": {"bet": ""}}},
        tree={"add_allin_threshold": 0.0},
    )


@pytest.mark.parametrize("size", [0.5, 0.75, 1.0, 2.0])
def test_river_toy_matches_the_closed_form(size):
    solution = solve(polarized(size), target=1e-4, max_iterations=4000, check_every=200)
    root = solution.report("")
    assert root["node"]["actions"] == ["check", f"allin {size * 100:g}"]
    bluff = root["combos"]["6c5c"]["strategy"][1]
    value = root["combos"]["AsAd"]["strategy"][1]
    # the bettor's bluffs make the catcher indifferent: bluffs / bets = s / (1 + 2s)
    expected_bluff = 0.3 * size / (1 + size)
    assert value == pytest.approx(1.0, abs=1e-3)
    assert bluff == pytest.approx(expected_bluff, abs=1e-3)
    # the catcher calls just enough that a bluff breaks even: 1 / (1 + s)
    facing = solution.report("a")
    assert facing["node"]["actions"] == ["fold", "call"]
    assert facing["combos"]["QdQc"]["strategy"][1] == pytest.approx(1 / (1 + size), abs=1e-3)


def test_equal_ranges_with_no_betting_split_the_pot():
    spot = Spot(board="Td9d6hQc", oop_range="QQ+,AK,76s", ip_range="QQ+,AK,76s", pot=80, stack=0)
    solution = solve(spot, max_iterations=1, target=100)
    report = solution.report("")
    assert report["ev"]["oop"] == pytest.approx(40, abs=1e-4)
    assert report["ev"]["ip"] == pytest.approx(40, abs=1e-4)
    assert report["equity"]["oop"] == pytest.approx(0.5, abs=1e-6)


def _swap(text: str, table: dict[str, str]) -> str:
    return "".join(table.get(ch, ch) for ch in text)


def test_a_suit_permuted_spot_has_the_same_strategy():
    swap = {"c": "h", "h": "c", "d": "s", "s": "d"}
    sizes = {"river": {"bet": "50%,a", "raise": "2.5x"}}
    spots = [
        Spot(
            board=b,
            oop_range="JJ+,AQs,T9s,87s",
            ip_range="99+,AJ,KQ,T8s",
            pot=100,
            stack=300,
            sizes=sizes,
        )
        for b in ("Td9d6hQc2s", _swap("Td9d6hQc2s", swap))
    ]
    solved = [solve(s, max_iterations=60, target=0.0001) for s in spots]
    first, second = (s.report("") for s in solved)
    assert first["node"]["actions"] == second["node"]["actions"]
    for combo, info in first["combos"].items():
        twin = _swap(combo, swap)
        twin = twin if twin in second["combos"] else twin[2:] + twin[:2]
        assert np.allclose(info["strategy"], second["combos"][twin]["strategy"], atol=1e-4)
    assert first["ev"]["oop"] == pytest.approx(second["ev"]["oop"], abs=1e-3)


def test_one_thread_and_all_threads_reach_the_same_strategy():
    spot = Spot(
        board="Td9d6hQc",
        oop_range="QQ+,AK,T9s,87s",
        ip_range="99+,AQ,KQ,J8s",
        pot=100,
        stack=200,
        sizes={"turn": {"bet": "75%"}, "river": {"bet": "a"}},
    )
    one = solve(spot, threads=1, max_iterations=30, target=1e-9)
    many = solve(spot, threads=None, max_iterations=30, target=1e-9)
    assert np.max(np.abs(one.strategy - many.strategy)) < 1e-4


def test_chips_are_conserved_at_every_ending():
    spot = Spot(
        board="Td9d6hQc",
        oop_range="QQ+,AK",
        ip_range="99+,AQ",
        pot=100,
        stack=150,
        sizes={"turn": {"bet": "50%,a", "raise": "2.5x"}, "river": {"bet": "e", "raise": "2.5x"}},
        rake={"rate": 0.05, "cap": 4},
    )
    game = build(spot)
    # every pot is 100 or more, so the rake is its cap: 96 of the starting 100 is shared
    folds = np.flatnonzero(game.kind == FOLD)
    assert len(folds) > 10
    for n in folds:
        assert game.payoff[n, :, 0].sum() == pytest.approx(96)
    for n in np.flatnonzero(game.kind == SHOWDOWN):
        win, lose, tie = game.payoff[n, :, 0], game.payoff[n, :, 1], game.payoff[n, :, 2]
        assert win[0] + lose[1] == pytest.approx(96)
        assert win[1] + lose[0] == pytest.approx(96)
        assert tie.sum() == pytest.approx(96)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_exploitability_falls_towards_zero_on_random_river_spots(rng):
    cards = rng.sample(range(52), 5)
    board = "".join(str(ALL_CARDS[c]) for c in cards)
    ranks = "AKQJT98765432"

    def some_range() -> str:
        return (
            ",".join(
                f"{a}{b}{rng.choice('so')}" if a != b else a + b
                for a, b in (sorted(rng.sample(ranks, 2), key=ranks.index) for _ in range(6))
            )
            + ","
            + rng.choice(ranks) * 2
        )

    try:
        spot = Spot(
            board=board, oop_range=some_range(), ip_range=some_range(), pot=100,
            stack=rng.choice([50, 100, 300]), sizes={"river": {"bet": "50%,a", "raise": "3x"}},
        )  # fmt: skip
    except ValueError:  # every combo blocked by the board
        return
    cfr = CFR(build(spot))
    cfr.iterate(10)
    early = cfr.exploitability()
    cfr.iterate(290)
    late = cfr.exploitability()
    assert late <= max(early, 1e-3)
    assert late < 0.005 * 100  # under half a percent of the pot
