"""The same seed gives the same play, for every bot."""

from __future__ import annotations

import random

from holdem.bots import BOTS
from holdem.cards import Deck
from holdem.engine import Action, HandConfig
from holdem.sim import simulate
from tests.bots.helpers import play


def nets(names: list[str], seed: int) -> list[int]:
    return [r.net for r in simulate(names, 100, seed=seed).results]


def test_a_seed_repeats_the_results():
    names = ["mc", "tag", "caller", "random"]
    assert nets(names, 3) == nets(names, 3)
    assert nets(names, 3) != nets(names, 4)


def decisions(name: str) -> list[Action]:
    """Fifteen hands of four copies of one bot, seeded: every action in order."""
    config = HandConfig.create("nl", [200] * 4, small_blind=1, big_blind=2)
    bots = [BOTS[name](random.Random(f"{name}-{p}")) for p in range(4)]
    deck_rng = random.Random(7)
    log: list[Action] = []
    for _ in range(15):
        play(config, bots, Deck.shuffled(deck_rng), lambda h, p, v, a: log.append(a))
    return log


def test_each_bot_repeats_its_decisions_given_the_same_generator():
    for name in BOTS:
        assert decisions(name) == decisions(name), name
