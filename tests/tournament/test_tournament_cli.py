"""``holdem chips``, ``structure``, ``payouts`` and ``icm``, run as the real console script."""

import json

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


def test_payouts_json():
    result = run("payouts", "--entrants", "27", "--buy-in", "100", "--unit", "5", "--json")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        '{"entrants": 27, "buy_in": 100, "prize_pool": 2700, "unit": 5, "places": ['
        '{"place": 1, "percent": 38, "prize": 1035}, '
        '{"place": 2, "percent": 24, "prize": 645}, '
        '{"place": 3, "percent": 16, "prize": 430}, '
        '{"place": 4, "percent": 12, "prize": 320}, '
        '{"place": 5, "percent": 10, "prize": 270}]}'
    )


def test_payouts_for_a_chosen_number_of_places():
    result = run("payouts", "--entrants", "27", "--buy-in", "100", "--places", "3", "--json")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        '{"entrants": 27, "buy_in": 100, "prize_pool": 2700, "unit": 1, "places": ['
        '{"place": 1, "percent": 50, "prize": 1350}, '
        '{"place": 2, "percent": 30, "prize": 810}, '
        '{"place": 3, "percent": 20, "prize": 540}]}'
    )
    # a field beyond the table is paid by the row that pays the places asked for
    big = run("payouts", "--entrants", "150", "--buy-in", "10", "--places", "18", "--json")
    prizes = [row["prize"] for row in json.loads(big.stdout)["places"]]
    assert len(prizes) == 18 and sum(prizes) == 1500


def test_payouts_table():
    result = run("payouts", "--entrants", "8", "--buy-in", "20")
    assert result.returncode == 0
    assert "8 entrants × 20: a prize pool of 160" in result.stdout
    assert "3 places paid" in result.stdout


def test_icm_json():
    result = run("icm", "5000", "3000", "2000", "--prizes", "500,300,200", "--json")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        '{"stacks": [5000, 3000, 2000], "prizes": [500, 300, 200], '
        '"equity": [383.93, 327.5, 288.57]}'
    )


def test_icm_table_and_decimal_prizes():
    result = run("icm", "3000", "1000", "--prizes", "12.5")
    assert result.returncode == 0, result.stderr
    assert "4,000 chips in play, 12.5 in prizes" in result.stdout
    assert "9.38" in result.stdout and "3.12" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ["payouts", "--entrants", "1", "--buy-in", "10"],
            "--entrants 1: plan a field of 2 to 100,000",
        ),
        (["payouts", "--entrants", "8", "--buy-in", "-1"], "--buy-in -1: must be 0 or more"),
        (["payouts", "--entrants", "200000", "--buy-in", "5"], "a field of 2 to 100,000"),
        (["payouts", "--entrants", "8", "--buy-in", "5", "--places", "9"], "pay 1 to 8 places"),
        (["payouts", "--entrants", "8", "--buy-in", "1", "--unit", "5"], "with nothing"),
        (["payouts", "--entrants", "8", "--buy-in", "5", "--unit", "0"], "rounding unit 0"),
        (["icm", "5000", "abc", "--prizes", "10"], "stack 'abc': a stack is a whole number"),
        (["icm", "5000", "-3000", "--prizes", "10"], "stack '-3000': a stack is a whole number"),
        (["icm", "5000", "3000", "--prizes", "10,x"], "prize 'x': write a number"),
        (["icm", "0", "0", "--prizes", "10"], "no stack has chips"),
        (["icm", "5000", "--prizes", "10,5"], "2 prizes for 1 players"),
    ],
)
def test_payouts_and_icm_bad_input(args, words):
    result = run(*args)
    assert result.returncode == 2
    assert words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == ""


def test_r44_chips_above_ten_players_says_the_guide_opens_a_second_table():
    ten = run("chips", "--players", "10")
    assert ten.returncode == 0 and "table" not in ten.stdout.split("in all:")[1]
    eleven = run("chips", "--players", "11")
    assert "11 players are more than one table of 10: the guide opens a second table" in (
        " ".join(eleven.stdout.split())
    )
    many = run("chips", "--players", "1000")
    assert many.returncode == 0
    words = " ".join(many.stdout.split())
    assert "22,000 in all" in words and "the guide opens 100 tables" in words


def test_chips_players_are_bounded_in_one_sentence():
    result = run("chips", "--players", "100000000")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        "error: 100,000,000 players: the chip guide plans for 1 to 1,000 players "
        "(100 tables of 10)\n"
    )
