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
    assert [r["seat"] for r in rows] == [1, 2, 3, 4]  # from 1, as the table shows them
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


def one_clear_line(result) -> str:
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    return lines[0]


def test_sim_takes_the_compiled_path_when_every_bot_has_one(tmp_path):
    fast = json.loads(
        run("sim", "-n", "300", "--bots", "tag,random,caller", "-p", "3", "--json").stdout
    )
    assert fast["path"] == "batched"
    mixed = json.loads(run("sim", "-n", "20", "--bots", "tag,mc", "-p", "2", "--json").stdout)
    assert mixed["path"] == "object"
    written = run(
        "sim", "-n", "300", "--bots", "tag,random,caller", "-p", "3", "--json",
        "--history", str(tmp_path),
    )  # fmt: skip
    recorded = json.loads(written.stdout)
    assert recorded["path"] == "object"  # histories come from the object path ...
    assert recorded["results"] == fast["results"]  # ... which plays the same hands


def test_sim_on_workers_gives_the_same_results():
    alone = json.loads(run("sim", "-n", "30000", "-p", "6", "--seed", "3", "--json").stdout)
    spread = run("sim", "-n", "30000", "-p", "6", "--seed", "3", "--workers", "2", "--json")
    assert spread.returncode == 0, spread.stderr
    payload = json.loads(spread.stdout)
    assert payload["workers"] == 2 and payload["results"] == alone["results"]


def test_sim_refuses_bad_workers_and_ray_addresses_in_one_line():
    for value in ("abc", "0", "2.5"):
        line = one_clear_line(run("sim", "-n", "10", "--workers", value))
        assert "--workers is a whole number of processes from 1 to" in line
    line = one_clear_line(run("sim", "-n", "10", "--ray", "not an address"))
    assert "is not a Ray address" in line and "HOST:PORT" in line
    line = one_clear_line(run("sim", "-n", "10", "--ray", "127.0.0.1:1"))
    assert "cannot reach the Ray cluster at '127.0.0.1:1'" in line
    line = one_clear_line(run("sim", "-n", "10", "--ray", "auto", "--workers", "2"))
    assert "alternatives" in line


def test_sim_hands_below_one_is_one_sentence_without_a_blank_line_before_it():
    for hands in ("-1", "0"):
        result = run("sim", "--hands", hands)
        assert result.returncode == 2, result.stderr
        assert result.stdout == ""
        assert result.stderr.startswith("error: --hands "), repr(result.stderr)
        assert result.stderr.count("\n") == 1 and "1 to 10,000,000,000 hands" in result.stderr
