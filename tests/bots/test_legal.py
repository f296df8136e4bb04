"""Every bot only ever answers an action the engine allows, at any table."""

from __future__ import annotations

import random

import pytest

from holdem.bots import BOTS
from holdem.cards import Deck
from holdem.engine import HandConfig
from holdem.sim import simulate
from tests.bots.helpers import make, play

NAMES = sorted(BOTS)


@pytest.mark.parametrize("structure", ["nl", "pl", "fl"])
def test_bots_act_legally_with_uneven_stacks_antes_and_straddles(structure):
    # Short and uneven stacks reach the corners: blinds posted all-in, calls for less,
    # raises that cannot reopen the betting, nobody left to call a raise.
    rng = random.Random(structure)
    for number in range(60):
        players = rng.choice([2, 3, 4, 6, 9])
        stacks = [rng.choice([3, 7, 25, 60, 200, 450]) for _ in range(players)]
        extras = rng.choice(
            [{}, {"ante": 1}, {"ante": 2, "ante_kind": "big-blind"}, {"straddles": (4,)}]
        )
        if players < 4 and "straddles" in extras:
            extras = {}
        config = HandConfig.create(structure, stacks, small_blind=1, big_blind=2, **extras)
        bots = [
            make(NAMES[(number + p) % len(NAMES)], seed=number * 10 + p) for p in range(players)
        ]
        hand = play(config, bots, Deck.shuffled(rng))
        assert sum(hand.stacks) == sum(stacks)


@pytest.mark.parametrize(
    ("names", "structure"),
    [
        (["mc", "tag"], "nl"),
        (["tag", "caller", "random"], "pl"),
        (["mc", "tag", "caller", "random", "mc", "tag"], "fl"),
        (["mc", "tag", "caller", "random", "tag", "mc"], "nl"),
    ],
)
def test_bots_play_hundreds_of_hands_through_the_simulator(names, structure):
    # The engine refuses an illegal action with an exception: finishing is the proof.
    result = simulate(names, 120, structure=structure, seed=11)
    assert sum(r.net for r in result.results) == 0
