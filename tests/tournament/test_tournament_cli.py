"""``holdem chips`` and ``holdem structure``, run as the real console script."""

import pytest

from holdem.tournament.generator import generate
from holdem.tournament.structure import preset
from holdem.tournament.structure_toml import from_toml
from tests.console import run


def test_r45_chips_json():
    result = run("chips", "--players", "8", "--stack", "5000", "--set", "25,100,500,1000", "--json")
    assert result.returncode == 0
    assert result.stdout.strip() == (
        '{"per_player": {"25": 8, "100": 8, "500": 4, "1000": 2}, '
        '"chips_per_player": 22, "total_chips": 176, "case": 500}'
    )


def test_chips_table():
    result = run("chips", "--players", "6", "--stack", "5000")
    assert result.returncode == 0
    assert "22 chips per player, 132 in all: a 300-chip case" in result.stdout
    assert "1,000" in result.stdout


def test_structure_home_table():
    result = run("structure", "--preset", "home")
    assert result.returncode == 0
    assert "colour up the 25s" in result.stdout
    assert "1,000/2,000" in result.stdout
    assert run("structure").stdout == result.stdout


def test_structure_toml_round_trips():
    result = run("structure", "--toml")
    assert from_toml(result.stdout) == preset("home")
    generated = run("structure", "--players", "6", "--stack", "3000", "--hours", "2", "--toml")
    assert generated.returncode == 0
    assert from_toml(generated.stdout) == generate(6, 3000, hours=2)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["chips", "--stack", "5010"], "cannot be made from chips"),
        (["chips", "--set", "25,x"], "--set '25,x'"),
        (["chips", "--players", "0"], "0 players"),
        (["structure", "--preset", "nope"], "no preset structure 'nope'"),
        (["structure", "--preset", "home", "--players", "6"], "not both"),
        (["structure", "--hours", "2"], "need --players"),
        (["structure", "--players", "1"], "1 players"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(args, words):
    result = run(*args)
    assert result.returncode == 2
    assert words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == ""
