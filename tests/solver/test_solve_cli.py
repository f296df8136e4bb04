"""The real ``holdem solve`` and ``holdem solve show``, their JSON and their refusals."""

from __future__ import annotations

import functools
import json
import zlib

import pytest

from holdem.solver import Solution, solve
from holdem.solver.solution import SolutionFileError
from holdem.solver.spot import Spot, SpotError
from tests.console import run as run_holdem

run = functools.partial(run_holdem, timeout=300)

SPOT = """\
board = "Td9d6h Qc 7s"
oop_range = "66+,A8s+,AJo+,KQo,JTs,96s+"
ip_range = "QQ-22,AQs-A2s,KJo+,T7s+,86s+"
pot = 200
stack = 900
[sizes]
river = { bet = "60%,e,a", raise = "2.5x", donk = "50%" }
[tree]
add_allin_threshold = 1.5
force_allin_threshold = 0.15
merging_threshold = 0.1
"""


@pytest.fixture(scope="module")
def solved(tmp_path_factory):
    folder = tmp_path_factory.mktemp("solve")
    (folder / "spot.toml").write_text(SPOT)
    out = folder / "river.holdem-solution"
    result = run("solve", str(folder / "spot.toml"), "--target", "0.5", "-o", str(out), "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout), out


def test_solve_json_has_the_contract_keys(solved):
    payload, _ = solved
    assert payload["exploitability"]["pct_pot"] <= 0.5
    assert payload["exploitability"]["chips"] == pytest.approx(
        payload["exploitability"]["pct_pot"] * 2, rel=1e-3
    )
    assert payload["iterations"] > 0 and payload["seconds"] > 0 and payload["threads"] >= 1
    assert payload["memory_bytes"] > 0
    node = payload["node"]
    assert node["line"] == "" and node["player"] == "oop"
    assert node["actions"] == ["check", "bet 120", "allin 900"]
    assert sum(node["frequencies"]) == pytest.approx(1, abs=1e-4)
    assert payload["ev"]["oop"] + payload["ev"]["ip"] == pytest.approx(200, abs=0.01)
    assert payload["equity"]["oop"] + payload["equity"]["ip"] == pytest.approx(1, abs=1e-4)
    combo = payload["combos"]["AsAh"]
    assert len(combo["strategy"]) == 3 and sum(combo["strategy"]) == pytest.approx(1, abs=1e-4)
    assert isinstance(combo["ev"], float) and 0.5 < combo["equity"] <= 1


def test_show_reads_a_node_by_its_line(solved):
    payload, out = solved
    result = run("solve", "show", str(out), "--line", "b120", "--json")
    assert result.returncode == 0, result.stderr
    node = json.loads(result.stdout)["node"]
    assert node["line"] == "bet 120" and node["player"] == "ip"
    assert node["actions"] == ["fold", "call", "raise 300"]
    again = run("solve", "show", str(out), "--line", "bet 120 call", "--json")
    assert "is not a choice" not in again.stderr
    assert again.returncode == 2 and "the line must end at a decision" in again.stderr
    deeper = run("solve", "show", str(out), "--line", "check check", "--json")
    assert deeper.returncode == 2
    checked = json.loads(run("solve", "show", str(out), "--line", "x", "--json").stdout)
    assert checked["node"]["line"] == "check" and checked["node"]["player"] == "ip"
    root = json.loads(run("solve", "show", str(out), "--json").stdout)
    assert root["node"]["frequencies"] == pytest.approx(payload["node"]["frequencies"], abs=1e-5)


def test_show_prints_the_grid_and_the_frequencies(solved):
    _, out = solved
    result = run("solve", "show", str(out))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert any(line.startswith("AA   AKs  AQs") for line in lines)
    assert "bet 120" in result.stdout and "%" in result.stdout


def test_a_bad_line_is_one_sentence(solved):
    _, out = solved
    result = run("solve", "show", str(out), "--line", "bet 999")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "check, bet 120, allin 900" in result.stderr


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (('bet = "60%,e,a"', 'bet = "60 pct"'), "sizes.river.bet"),
        (('"Td9d6h Qc 7s"', '"Td9d6h Qc Td"'), "board"),
        (('oop_range = "66+,A8s+,AJo+,KQo,JTs,96s+"', 'oop_range = "TdTc"'), "oop_range"),
        (("pot = 200", "pot = -5"), "pot"),
        (('raise = "2.5x"', 'raise = "0.5x"'), "sizes.river.raise"),
    ],
)
def test_a_bad_spot_file_is_refused_with_its_key(tmp_path, change, key):
    path = tmp_path / "bad.toml"
    path.write_text(SPOT.replace(*change))
    result = run("solve", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith(f"error: {path}: {key}: ")
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1


def test_spot_keys_as_python_arguments():
    with pytest.raises(SpotError, match=r"^board: "):
        Spot(board="AsAs2c", oop_range="AA", ip_range="KK", pot=10, stack=10)
    with pytest.raises(SpotError, match="no combination is left"):
        Spot(board="AsAhAd", oop_range="AA", ip_range="KK", pot=10, stack=10, dead="Ac")


def small_solution() -> Solution:
    return solve(
        board="Td9d6hQc7s", oop_range="AA,KK,76s,54s", ip_range="QQ,JJ,AT", pot=100,
        stack=100, sizes={"river": {"bet": "50%"}}, max_iterations=50, target=1e-6,
    )  # fmt: skip


def test_save_and_load_give_back_the_same_solution(tmp_path):
    solution = small_solution()
    path = tmp_path / "s.holdem-solution"
    solution.save(path)
    again = Solution.load(path)
    assert again.report("") == solution.report("")
    assert again.report("b50") == solution.report("b50")


def test_a_damaged_or_foreign_file_is_refused(tmp_path):
    path = tmp_path / "s.holdem-solution"
    small_solution().save(path)
    data = path.read_bytes()
    path.write_bytes(data[:-40])
    with pytest.raises(SolutionFileError, match="is damaged"):
        Solution.load(path)
    head, _, body = data.partition(b"\n")
    path.write_bytes(b"holdem-solution 99\n" + body)
    with pytest.raises(SolutionFileError, match=r"format 99; this holdem reads format 1"):
        Solution.load(path)
    path.write_bytes(b"hello")
    with pytest.raises(SolutionFileError, match="not a solution file"):
        Solution.load(path)
    path.write_bytes(head + b"\n" + zlib.compress(b"not an archive"))
    result = run("solve", "show", str(path))
    assert result.returncode == 2 and "is damaged" in result.stderr
    assert result.stderr.count("\n") == 1


def test_a_locked_node_stays_and_the_rest_answers_it():
    # the catcher is locked to always call: the bettor then never bluffs
    solution = solve(
        board="AhKd7c4s2h", oop_range="AsAd:0.3,6c5c", ip_range="QcQd", pot=100, stack=100,
        sizes={"river": {"bet": "100%"}, "ip": {"river": {"bet": ""}}},
        tree={"add_allin_threshold": 0.0}, max_iterations=400, target=1e-4,
    )  # fmt: skip
    assert solution.report("")["combos"]["6c5c"]["strategy"][1] > 0.05
    solution.lock("a", [0.0, 1.0])
    solution.resolve(max_iterations=400, target=1e-4)
    assert solution.report("a")["combos"]["QdQc"]["strategy"] == [0.0, 1.0]
    assert solution.report("")["combos"]["6c5c"]["strategy"][1] < 1e-3
