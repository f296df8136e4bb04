"""Our engine against PokerKit on random hands: the same legal actions and the same stacks."""

import os
import random

import pytest

pytest.importorskip("pokerkit")

from tests.engine.pokerkit_oracle import play, random_scenario

HANDS = int(os.environ.get("HOLDEM_DIFFERENTIAL_HANDS", "5000"))


def test_5000_random_hands_agree_with_pokerkit():
    rng = random.Random(20261130)
    decisions = 0
    for _ in range(HANDS):
        decisions += play(random_scenario(rng), rng)
    assert decisions > HANDS  # hands were played, not just dealt


@pytest.mark.slow
@pytest.mark.skipif(
    os.environ.get("HOLDEM_DIFFERENTIAL_LONG") != "1",
    reason="about half an hour: run with HOLDEM_DIFFERENTIAL_LONG=1",
)
def test_200000_random_hands_agree_with_pokerkit():
    rng = random.Random(7)
    for _ in range(200_000):
        play(random_scenario(rng), rng)
