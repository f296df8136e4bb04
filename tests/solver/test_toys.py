"""The CFR core on Kuhn and Leduc poker, against OpenSpiel's exact tools."""

from __future__ import annotations

import numpy as np
import pytest

from holdem.solver.cfr import CFR
from holdem.solver.toys import kuhn, leduc

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402


@pytest.mark.parametrize(("name", "make"), [("kuhn_poker", kuhn), ("leduc_poker", leduc)])
def test_vanilla_cfr_follows_openspiel_iteration_by_iteration(name, make):
    game = pyspiel.load_game(name)
    theirs = cfr.CFRSolver(game)
    mine = CFR(make(), np.float64)
    for iteration in range(1, 21):
        theirs.evaluate_and_update_policy()
        mine.iterate(1, discounted=False)
        if iteration in (1, 2, 3, 5, 8, 13, 20):
            expected = exploitability.exploitability(game, theirs.average_policy())
            assert mine.exploitability() == pytest.approx(expected, abs=1e-9)
    # the value of the average profile, as OpenSpiel's evaluator computes it
    from open_spiel.python.algorithms import expected_game_score

    value = expected_game_score.policy_value(
        game.new_initial_state(), [theirs.average_policy()] * 2
    )
    assert mine.expected(mine.average())[0] == pytest.approx(value[0], abs=1e-9)


def test_kuhn_value_is_minus_one_eighteenth():
    mine = CFR(kuhn(), np.float64)
    mine.iterate(1000)
    assert mine.exploitability() < 2e-4
    assert mine.expected(mine.average())[0] == pytest.approx(-1 / 18, abs=1e-6)


def test_leduc_discounted_cfr_reaches_the_known_value():
    mine = CFR(leduc(), np.float64)
    mine.iterate(2000)
    assert mine.exploitability() < 2e-4
    # Leduc's value for the first player, -0.0856 (OpenSpiel's CFR converges to it too)
    assert mine.expected(mine.average())[0] == pytest.approx(-0.0856, abs=5e-4)
