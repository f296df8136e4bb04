"""Hands spread over processes and a Ray cluster: the same seed, the same merged results.

The workers are real processes and the cluster a real local Ray started by the test;
the chunks are made small so that every run splits into many of them.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

import holdem.sim as sim
from holdem.errors import ConfigError
from holdem.sim import simulate
from holdem.sim.spread import MAX_WORKERS, chunks_of


def test_chunks_cover_every_hand_once() -> None:
    assert list(chunks_of(10, 4)) == [(0, 4), (4, 4), (8, 2)]
    assert list(chunks_of(3, 20_000)) == [(0, 3)]


def test_the_batched_path_gives_the_same_results_on_any_number_of_workers(monkeypatch) -> None:
    monkeypatch.setattr(sim, "BATCHED_CHUNK", 700)
    bots = ["tag", "random", "caller", "random", "tag"]
    alone = simulate(bots, 5000, seed=21)
    assert alone.path == "batched" and alone.workers == 1
    for workers in (2, 3):
        spread = simulate(bots, 5000, seed=21, workers=workers)
        assert spread.results == alone.results, workers
        assert spread.workers == workers
    assert simulate(bots, 5000, seed=22, workers=2).results != alone.results


def test_the_object_path_and_its_histories_are_the_same_on_workers(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(sim, "OBJECT_CHUNK", 40)
    bots = ["mc", "random", "tag"]
    alone = simulate(bots, 120, seed=4, history=tmp_path / "one")
    spread = simulate(bots, 120, seed=4, history=tmp_path / "three", workers=3)
    assert spread.path == alone.path == "object"
    assert spread.results == alone.results
    one = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert one == sorted(p.name for p in (tmp_path / "three").iterdir())
    assert len(one) == 3
    for name in one:
        assert (tmp_path / "one" / name).read_text() == (tmp_path / "three" / name).read_text()


@pytest.mark.parametrize("workers", [0, -1, MAX_WORKERS + 1, True, "2", 1.5])
def test_a_bad_number_of_workers_is_refused(workers: object) -> None:
    with pytest.raises(ConfigError, match="whole number of processes from 1"):
        simulate(["random"] * 2, 10, workers=workers)  # type: ignore[arg-type]


@pytest.mark.parametrize("address", ["", "nowhere", "host:port", "a b:1", "http://x:1", "1:2:3"])
def test_a_bad_ray_address_is_refused(address: str) -> None:
    with pytest.raises(ConfigError, match="is not a Ray address"):
        simulate(["random"] * 2, 10, ray=address)


def test_ray_and_what_it_cannot_go_with(tmp_path) -> None:
    with pytest.raises(ConfigError, match="alternatives"):
        simulate(["random"] * 2, 10, ray="auto", workers=2)
    with pytest.raises(ConfigError, match="cannot be combined with --ray"):
        simulate(["random"] * 2, 10, ray="auto", history=tmp_path)


def test_an_address_where_nothing_answers_is_refused_at_once() -> None:
    with pytest.raises(ConfigError, match=r"cannot reach the Ray cluster at '127\.0\.0\.1:1'"):
        simulate(["random"] * 2, 10, ray="127.0.0.1:1")


@pytest.fixture(scope="module")
def local_ray():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


@pytest.mark.slow
def test_a_ray_cluster_gives_the_same_results(local_ray, monkeypatch) -> None:
    monkeypatch.setattr(sim, "BATCHED_CHUNK", 2000)
    monkeypatch.setattr(sim, "OBJECT_CHUNK", 30)
    bots = ["tag", "random", "caller"]
    on_ray = simulate(bots, 9000, seed=6, ray="auto")
    assert on_ray.path == "batched" and on_ray.workers == 0
    assert on_ray.results == simulate(bots, 9000, seed=6).results
    mixed = ["mc", "random"]
    assert simulate(mixed, 90, seed=6, ray="auto").results == simulate(mixed, 90, seed=6).results


def test_the_simulator_needs_no_ray_until_asked_for_a_cluster() -> None:
    # A process where Ray cannot be imported: workers still run, --ray says what is missing.
    code = (
        "import sys; sys.modules['ray'] = None\n"
        "from holdem.errors import ConfigError\n"
        "from holdem.sim import simulate\n"
        "print(simulate(['tag', 'random'], 3000, workers=2).path)\n"
        "try:\n"
        "    simulate(['tag', 'random'], 10, ray='local')\n"
        "except ConfigError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "batched",
        "--ray needs Ray, which is not installed here: pip install 'holdem[cluster]'",
    ]
