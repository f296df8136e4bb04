"""``holdem sim`` run as a person would: results, JSON, and histories that replay."""

import json

from tests.console import run


def test_sim_json_shape_and_conservation():
    result = run("sim", "--hands", "300", "--players", "4", "--seed", "5", "--json")
    assert result.returncode == 0
    payload = json.loads(result.stdout)
    assert payload["hands"] == 300
    assert payload["hands_per_second"] > 0
    rows = payload["results"]
    assert [r["seat"] for r in rows] == [0, 1, 2, 3]
    assert {r["bot"] for r in rows} == {"random"}
    assert sum(r["net"] for r in rows) == 0  # chips are only moved, never made
    for r in rows:
        low, high = r["ci95"]
        assert low <= r["bb_per_100"] <= high


def test_sim_is_reproducible_with_a_seed():
    first = json.loads(run("sim", "-n", "200", "-p", "3", "--seed", "9", "--json").stdout)
    second = json.loads(run("sim", "-n", "200", "-p", "3", "--seed", "9", "--json").stdout)
    assert [r["net"] for r in first["results"]] == [r["net"] for r in second["results"]]


def test_sim_history_replays_to_the_same_stacks(tmp_path):
    folder = tmp_path / "hands"
    for structure in ("nl", "pl", "fl"):
        result = run(
            "sim", "-n", "150", "-p", "5", "--structure", structure, "--seed", "2",
            "--history", str(folder / structure), "--json",
        )  # fmt: skip
        assert result.returncode == 0
    replayed = run("replay", str(folder))
    assert replayed.returncode == 0
    assert "450 hands: 450 match" in replayed.stdout


def test_sim_refuses_unknown_bots_and_bad_blinds():
    result = run("sim", "--bots", "random,shark", "--players", "2")
    assert result.returncode == 2 and "no bot called 'shark'" in result.stderr
    result = run("sim", "--blinds", "two")
    assert result.returncode == 2 and "1/2" in result.stderr
