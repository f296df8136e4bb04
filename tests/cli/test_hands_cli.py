"""The real ``holdem`` command, run as a person would run it."""

import json

import pytest

from tests.console import run


def test_hand_describes_the_best_hand():
    result = run("hand", "AsKs", "QsJsTs2d3c")
    assert result.returncode == 0
    assert "Royal flush" in result.stdout
    assert "A♠ K♠ Q♠ J♠ T♠" in result.stdout


def test_hand_json():
    result = run("hand", "AsKd Ac9d7s4h2c", "--json")
    payload = json.loads(result.stdout)
    assert payload["description"] == "Pair of aces, king, nine and seven kickers"
    assert payload["category"] == "one pair"
    assert payload["best_five"].split()[2:] == ["Kd", "9d", "7s"]


def test_compare_prints_the_winner_and_why():
    result = run("compare", "--board", "Ac9d7s4h2c", "AsKd", "AhQc")
    assert result.returncode == 0
    assert "A-A-K-9-7 beats A-A-Q-9-7: king kicker" in result.stdout
    assert "wins" in result.stdout


def test_compare_json():
    result = run("compare", "--board", "KsKd9c9hAs", "QdJd", "8c7c", "--json")
    payload = json.loads(result.stdout)
    assert payload["winners"] == [1, 2]  # players count from 1, as on screen
    assert [p["player"] for p in payload["players"]] == [1, 2]
    assert payload["reason"] == "split: the board plays (K-K-9-9-A)"
    assert [p["winner"] for p in payload["players"]] == [True, True]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["hand", "AsAx"], "'x' is not a suit"),
        (["hand", "AsAs", "KdQdJd"], "As appears twice"),
        (["hand", "AsKd"], "5, 6 or 7 cards, not 2"),
        (["compare", "--board", "Ac9d7s4h2c", "AsKd", "AsQc"], "As appears twice"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(args, words):
    result = run(*args)
    assert result.returncode == 2
    assert words in result.stderr
    assert "Traceback" not in result.stderr
