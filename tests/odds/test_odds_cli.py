"""The real ``holdem odds``, ``outs``, ``potodds`` and ``range`` commands, run as a person would."""

import functools
import json
import os
import subprocess

import pytest

from tests.console import HOLDEM
from tests.console import run as run_holdem

# The first odds command of a process may compile the numba kernels: allow two minutes.
run = functools.partial(run_holdem, timeout=120)


def test_odds_hand_against_hand_is_exact():
    result = run("odds", "AsAh", "KsKh")
    assert result.returncode == 0, result.stderr
    assert "82.64%" in result.stdout and "17.36%" in result.stdout
    assert "1,712,304 boards" in result.stdout


def test_odds_json():
    result = run("odds", "AsAh", "KsKh", "--json")
    payload = json.loads(result.stdout)
    assert set(payload) == {"players", "exact", "boards", "trials"}
    assert [p["hand"] for p in payload["players"]] == ["AsAh", "KsKh"]
    assert set(payload["players"][0]) == {"hand", "equity", "win", "tie"}
    assert round(payload["players"][0]["equity"], 4) == 0.8264
    assert payload["exact"] is True
    assert payload["boards"] == 1_712_304 and payload["trials"] is None


def test_odds_ranges_use_monte_carlo():
    result = run("odds", "QQ+,AKs", "random", "--json", "--seed", "1")
    payload = json.loads(result.stdout)
    assert payload["exact"] is False and payload["boards"] is None and payload["trials"] > 0
    assert payload["players"][0]["hand"] == "QQ+,AKs"
    assert 0.79 < payload["players"][0]["equity"] < 0.805


def test_odds_with_board_dead_and_trials():
    result = run("odds", "AhKh", "QsQd", "--board", "Qh7h2c", "--dead", "3h", "--trials", "20000")
    assert result.returncode == 0, result.stderr
    assert "Monte Carlo: 20,000 trials" in result.stdout
    assert "Q♥ 7♥ 2♣" in result.stdout
    table = run("odds", "AhKh", "QsQd", "-b", "Qh7h2c", "-d", "3h", "--json")
    assert json.loads(table.stdout)["boards"] == 946  # 44 cards left: comb(44, 2)


def test_outs():
    result = run("outs", "AhKh", "--board", "Qh7h2c", "--vs", "QsQd")
    assert result.returncode == 0, result.stderr
    assert "8 outs of 45 unseen" in result.stdout
    assert "8 x 4% = 32%" in result.stdout
    payload = json.loads(run("outs", "AhKh", "-b", "Qh7h2c", "--vs", "QsQd", "--json").stdout)
    assert payload["outs"] == ["3h", "4h", "5h", "6h", "8h", "9h", "Th", "Jh"]
    assert payload["rule_estimate"] == 0.32 and payload["status"] == "behind"


def test_r49_potodds():
    result = run("potodds", "400", "200")
    assert result.returncode == 0
    assert "break-even equity: 25.0%" in result.stdout
    assert "800" in result.stdout and "3:1" in result.stdout
    payload = json.loads(run("potodds", "400", "200", "--equity", "20%", "--json").stdout)
    assert payload["break_even"] == 0.25
    assert payload["ev"] == pytest.approx(0.2 * 600 - 0.8 * 200)
    assert "fold" in run("potodds", "400", "200", "-e", "0.196").stdout


def test_range_grid():
    result = run("range", "QQ+,AKs")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    # the chart, aces first; in the range [marked], in part (marked), out bare: readable
    # in a file, where there is no colour
    assert lines[0].split()[:3] == ["[AA]", "[AKs]", "AQs"]
    assert (
        "[KK]" in lines[1]
        and "[QQ]" in lines[2]
        and "JJ" in lines[3]
        and "[JJ]" not in result.stdout
    )
    removed = run("range", "QQ+,AKs", "--board", "Ah7c2d").stdout.splitlines()
    assert removed[0].split()[:3] == ["(AA)", "(AKs)", "AQs"]
    assert len([line for line in lines if line.strip()]) >= 13
    assert "22 combinations" in result.stdout
    payload = json.loads(run("range", "QQ+,AKs", "--dead", "As", "--json").stdout)
    assert payload["combos"] == 18
    assert payload["classes"] == {"AA": 0.5, "AKs": 0.75, "KK": 1.0, "QQ": 1.0}


def test_starting_hands_r47_r48(tmp_path):
    env = {**os.environ, "HOLDEM_CACHE_DIR": str(tmp_path)}
    args = [HOLDEM, "starting", "--precision", "0.05"]
    shown = subprocess.run(args, capture_output=True, text=True, timeout=120, env=env)
    assert shown.returncode == 0, shown.stderr
    assert "a pocket pair 1 in 17, aces 1 in 221, suited 1 in 4.25" in shown.stdout
    listed = subprocess.run([*args, "--json"], capture_output=True, text=True, env=env)
    hands = json.loads(listed.stdout)
    assert len(hands) == 169 and hands[0]["hand"] == "AA" and hands[0]["group"] == "premium"
    assert sum(h["combos"] for h in hands) == 1326


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["odds", "AsAh", "AsKs"], "As appears twice"),
        (["odds", "AsAh", "QQ+,AKx"], "'AKx' is not a hand or range"),
        (["odds", "AsAh"], "2 to 10 players, not 1"),
        (["odds", "AsAh", "KsKh", "--board", "Qh7h"], "0, 3, 4 or 5 cards"),
        (["odds", "AsAh", "KsKh", "--trials", "0"], "trials run from 1 to 1,000,000,000"),
        (["outs", "AhKh", "--board", "Qh7h2c3d4s", "--vs", "QsQd"], "3 or 4 cards"),
        (["potodds", "400", "0"], "more than 0"),
        (["potodds", "400", "200", "--equity", "lots"], "'lots' is not an equity"),
        (["range", "QQ+,AK-"], "'AK-' is not a hand or range"),
        (["starting", "--precision", "0"], "precision is a half-width"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(args, words):
    result = run(*args)
    assert result.returncode == 2
    assert words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr
