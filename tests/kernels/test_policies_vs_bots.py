"""The compiled bots against their objects: the same seed, the same hands, chip for chip.

The batched path (the kernel with ``bots.batched``) and the object path (``Hand`` with
the bot objects) each play hands from the streams of ``sim.streams``; for every mix of
random, caller and tight-aggressive bots, every structure and a range of stacks, each
hand must end with the same stacks on both.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import numpy as np
import pytest

from holdem.kernels.streams import StreamRandom, deck_order, stream_key
from holdem.sim import simulate
from holdem.sim.chunks import Plan, batched_nets, object_nets

MIXES = [
    ("random",) * 6,
    ("caller",) * 3,
    ("tag",) * 6,
    ("tag", "random"),
    ("tag", "caller"),
    ("caller", "random", "tag", "tag", "random", "caller"),
    ("tag", "tag", "random", "caller", "tag", "tag", "random", "tag", "caller"),
]


def same_hands(plan: Plan, first: int, count: int) -> None:
    batched = batched_nets(plan, first, count)
    played = object_nets(plan, first, count)
    differ = np.nonzero((batched != played).any(axis=1))[0]
    assert differ.size == 0, f"{plan}: hand {first + int(differ[0])} differs"
    assert (batched.sum(axis=1) == 0).all()


@pytest.mark.parametrize("structure", ["nl", "pl", "fl"])
@pytest.mark.parametrize("bots", MIXES, ids="-".join)
def test_both_paths_play_the_same_hands(bots: tuple[str, ...], structure: str) -> None:
    same_hands(Plan(bots, structure, 200, 1, 2, seed=17), first=0, count=60)


def test_both_paths_agree_on_short_deep_and_odd_stacks() -> None:
    rng = random.Random(2026)
    for _ in range(25):
        seats = rng.randint(2, 10)
        bots = tuple(rng.choice(["random", "caller", "tag", "tag"]) for _ in range(seats))
        big = rng.choice([2, 10, 100])
        stack = rng.choice([big, 3 * big, 20 * big + 1, 100 * big, 400 * big])
        plan = Plan(bots, rng.choice(["nl", "pl", "fl"]), stack, big // 2, big, rng.getrandbits(40))
        same_hands(plan, first=rng.randint(0, 10**6), count=30)


def test_the_tight_aggressive_bot_is_exercised() -> None:
    # The hands above compare more than folds: tag raises, calls and reaches showdowns.
    plan = Plan(("tag",) * 6, "nl", 200, 1, 2, seed=3)
    nets = batched_nets(plan, 0, 2000)
    assert (nets != 0).sum(axis=1).max() >= 3  # pots contested by three or more
    assert np.abs(nets).max() >= 200  # somebody's whole stack went in


def test_a_hand_is_the_same_whatever_run_it_is_part_of() -> None:
    plan = Plan(("random", "tag", "caller", "random"), "nl", 200, 1, 2, seed=5)
    whole = batched_nets(plan, 0, 500)
    assert np.array_equal(batched_nets(plan, 200, 50), whole[200:250])
    assert np.array_equal(object_nets(plan, 480, 20), whole[480:])


def test_streams_are_seeded_words() -> None:
    first, again = StreamRandom(stream_key(1, 2, 3)), StreamRandom(stream_key(1, 2, 3))
    words = [first.getrandbits(63) for _ in range(5)]
    assert words == [again.getrandbits(63) for _ in range(5)]
    assert len(set(words)) == 5 and all(0 <= w < 1 << 63 for w in words)
    assert stream_key(1, 2, 3) != stream_key(1, 3, 2) != stream_key(2, 2, 3)
    assert 0 <= first.random() < 1 and first.getrandbits(100) < 1 << 100
    assert 1 <= first.randint(1, 6) <= 6  # the rest of random.Random works on top
    deck = deck_order(9, 0, 6)
    assert sorted(deck) == list(range(52)) and deck != deck_order(9, 1, 6)


def test_simulate_takes_the_batched_path_only_when_every_bot_has_one(tmp_path) -> None:
    assert simulate(["tag", "random", "caller"], 50).path == "batched"
    assert simulate(["tag", "mc"], 10).path == "object"
    assert simulate(["tag", "random"], 10, history=tmp_path).path == "object"
    assert len(list(tmp_path.glob("*.phhs"))) == 1


@pytest.mark.parametrize("structure", ["nl", "pl", "fl"])
def test_simulate_gives_the_same_results_on_both_paths(structure: str) -> None:
    bots = ["tag", "random", "caller", "tag"]
    batched = simulate(bots, 400, structure=structure, seed=8, path="batched")
    played = simulate(bots, 400, structure=structure, seed=8, path="object")
    assert batched.results == played.results
    assert sum(r.net for r in batched.results) == 0


def test_the_first_run_is_announced_before_compiling(monkeypatch) -> None:
    from holdem.kernels import hands as kernel

    said: list[str] = []
    simulate(["random"] * 3, 10, notice=said.append)
    assert said == []  # compiled by now: loaded from the cache, nothing to say
    monkeypatch.setattr(kernel, "bots_kernel_cached", lambda: False)
    simulate(["random"] * 3, 10, notice=said.append)
    assert said and "compiling the simulator" in said[0]


def test_an_empty_numba_cache_is_noticed(tmp_path) -> None:
    code = "from holdem.kernels.hands import bots_kernel_cached; print(bots_kernel_cached())"
    env = {"NUMBA_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    env |= {k: v for k, v in os.environ.items() if k == "PYTHONPATH"}  # the holdem under test
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.stdout.strip() == "False", done.stderr


@pytest.mark.parametrize("seed", [-5, 2**64 - 1, 2**70 + 3])
def test_any_whole_number_seeds_both_paths_alike(seed: int) -> None:
    same_hands(Plan(("random", "tag", "caller"), "nl", 200, 1, 2, seed), first=0, count=40)
