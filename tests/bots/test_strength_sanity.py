"""A quick look that the bots are as strong as they should be (the real measure,
20,000 hands with confidence intervals, is ``bench/bots.py``)."""

from __future__ import annotations

import pytest

from holdem.sim import simulate


@pytest.mark.parametrize(("winner", "loser"), [("tag", "random"), ("tag", "caller"), ("mc", "tag")])
def test_the_better_bot_wins_heads_up(winner, loser):
    result = simulate([winner, loser], 2000, seed=1)
    assert result.results[0].bot == winner
    assert result.results[0].bb_per_100 > 0
