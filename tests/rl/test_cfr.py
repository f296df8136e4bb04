"""Small games, exploitability and the CFR family against OpenSpiel's own implementations.

OpenSpiel's ``kuhn_poker`` and ``leduc_poker`` (C++) and its Python algorithms are the
independent check: holdem's presets must give the same game (the same exploitability
for every policy the solvers produce), and holdem's solvers the same policies,
values and exploitability, iteration by iteration, to 1e-6.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import policy as openspiel_policy
from open_spiel.python.algorithms import (
    cfr,
    discounted_cfr,
    expected_game_score,
    external_sampling_mccfr,
    outcome_sampling_mccfr,
)
from open_spiel.python.algorithms import exploitability as openspiel_exploitability

from holdem.errors import ConfigError
from holdem.rl import exploitability, load_small_game
from holdem.rl.best_response import nash_conv
from holdem.rl.cfr import CFR, DCFR, CFRPlus, ExternalSampling, OutcomeSampling

TOLERANCE = 1e-6
GAMES = {"kuhn": "kuhn_poker", "leduc": "leduc_poker"}
EXACT = [
    (CFR, cfr.CFRSolver),
    (CFRPlus, cfr.CFRPlusSolver),
    (DCFR, discounted_cfr.DCFRSolver),
]
SAMPLING = [
    (OutcomeSampling, outcome_sampling_mccfr.OutcomeSamplingSolver),
    (ExternalSampling, external_sampling_mccfr.ExternalSamplingSolver),
]


def random_policy(game: Any, seed: int) -> Any:
    table = openspiel_policy.TabularPolicy(game)
    rng = np.random.default_rng(seed)
    weights = rng.random(table.action_probability_array.shape) * table.legal_actions_mask
    table.action_probability_array = weights / weights.sum(axis=1, keepdims=True)
    return table


@pytest.mark.parametrize("name", ["kuhn", "leduc"])
def test_exploitability_is_openspiels_on_random_policies(name: str) -> None:
    game = pyspiel.load_game(GAMES[name])
    for seed in range(3):
        policy = random_policy(game, seed)
        theirs = openspiel_exploitability.exploitability(game, policy)
        assert abs(exploitability(policy, game) - theirs) < TOLERANCE
        assert abs(nash_conv(policy, game) - 2 * theirs) < TOLERANCE


@pytest.mark.parametrize("name", ["kuhn", "leduc"])
def test_the_presets_are_openspiels_games(name: str) -> None:
    mine, theirs = load_small_game(name), pyspiel.load_game(GAMES[name])
    uniform = openspiel_exploitability.nash_conv(
        theirs, openspiel_policy.UniformRandomPolicy(theirs)
    )
    assert abs(nash_conv(openspiel_policy.UniformRandomPolicy(mine), mine) - uniform) < TOLERANCE
    # the same solver on both games: the same exploitability every iteration
    on_mine, on_theirs = CFR(mine), CFR(theirs)
    for _ in range(5 if name == "leduc" else 30):
        on_mine.iteration()
        on_theirs.iteration()
        here = exploitability(on_mine.average_policy(), mine)
        there = exploitability(on_theirs.average_policy(), theirs)
        assert abs(here - there) < TOLERANCE
    assert exploitability(on_mine.average_policy(), name) == here  # by preset name too


def same_policies(mine: Any, theirs: Any, game: Any) -> None:
    states = openspiel_policy.TabularPolicy(game).states
    for state in states:
        ours = mine.action_probabilities(state)
        for action, p in theirs.action_probabilities(state).items():
            assert abs(ours[action] - p) < TOLERANCE, state.information_state_string()


@pytest.mark.parametrize(("mine", "theirs"), EXACT)
@pytest.mark.parametrize("name", ["kuhn", "leduc"])
def test_cfr_cfr_plus_and_dcfr_match_openspiel(mine: Any, theirs: Any, name: str) -> None:
    game = pyspiel.load_game(GAMES[name])
    ours, reference = mine(game), theirs(game)
    for _ in range(4 if name == "leduc" else 40):
        ours.iteration()
        reference.evaluate_and_update_policy()
        expected = exploitability(reference.average_policy(), game)
        assert abs(exploitability(ours.average_policy(), game) - expected) < TOLERANCE
    same_policies(ours.average_policy(), reference.average_policy(), game)
    value = expected_game_score.policy_value(
        game.new_initial_state(), [reference.average_policy()] * 2
    )
    mine_value = expected_game_score.policy_value(
        game.new_initial_state(), [ours.average_policy()] * 2
    )
    assert np.allclose(mine_value, value, atol=TOLERANCE)


@pytest.mark.parametrize(("mine", "theirs"), SAMPLING)
@pytest.mark.parametrize("name", ["kuhn", "leduc"])
def test_monte_carlo_cfr_matches_openspiel_with_the_same_random_numbers(
    mine: Any, theirs: Any, name: str
) -> None:
    game = pyspiel.load_game(GAMES[name])
    np.random.seed(29)
    ours = mine(game)
    curve = []
    for i in range(300):
        ours.iteration()
        if i % 100 == 99:
            curve.append(exploitability(ours.average_policy(), game))
    np.random.seed(29)
    reference = theirs(game)
    for i in range(300):
        reference.iteration()
        if i % 100 == 99:
            expected = exploitability(reference.average_policy(), game)
            assert abs(curve[i // 100] - expected) < TOLERANCE
    same_policies(ours.average_policy(), reference.average_policy(), game)


def test_cfr_plus_solves_kuhn() -> None:
    solver = CFRPlus("kuhn")
    for _ in range(300):
        solver.iteration()
    assert exploitability(solver.average_policy(), "kuhn") < 2e-3
    # player 0's value of Kuhn poker is -1/18
    game = load_small_game("kuhn")
    value = expected_game_score.policy_value(
        game.new_initial_state(), [solver.average_policy()] * 2
    )
    assert abs(value[0] + 1 / 18) < 2e-3


def test_custom_games_play_to_zero_sum_returns() -> None:
    games = [
        load_small_game("custom", ranks=4, suits=2, board_cards=[0, 1, 1], bets=[1, 2, 2]),
        load_small_game("custom", players=3, ranks=4, suits=1, board_cards=[0], bets=[2]),
        load_small_game("custom", limit=False, stack=5, ranks=3, suits=1, board_cards=[0]),
        load_small_game("kuhn", players=3),
    ]
    rng = np.random.default_rng(1)
    for game in games:
        for _ in range(200):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = [a for a, _ in state.chance_outcomes()]
                    state.apply_action(int(rng.choice(outcomes)))
                else:
                    state.apply_action(int(rng.choice(state.legal_actions())))
            assert abs(sum(state.returns())) < 1e-9
    # the small ones solved exactly: a best response gains against uniform play
    for game in games[2:]:
        uniform = openspiel_policy.UniformRandomPolicy(game)
        theirs = openspiel_exploitability.nash_conv(game, uniform)
        assert abs(nash_conv(uniform, game) - theirs) < TOLERANCE and theirs > 0


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"preset": "holdem"}, "preset is one of kuhn, leduc, custom"),
        ({"preset": "custom", "ranks": 2, "suits": 1}, "the deck has 2 cards"),
        ({"preset": "custom", "bets": [2]}, "one bet size per round"),
        ({"preset": "kuhn", "antes": 1}, "unknown option 'antes'"),
    ],
)
def test_bad_small_games_are_refused(options: dict[str, Any], words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        load_small_game(**options)
