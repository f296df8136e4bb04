"""League points formulas (own parser, never eval) and standings with tie-breaks."""

import math
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from holdem.errors import ConfigError
from holdem.tournament.formula import STANDARD_FORMULAS, Formula, formula_named
from holdem.tournament.league import League


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("10 - 4 - 3", 3),  # left to right
        ("24 / 4 / 2", 3),
        ("-place + 10", 7),
        ("--place", 3),
        ("sqrt(entrants)", 4),
        ("log(1)", 0),
        ("buyin * 0.5", 10),
        ("  entrants-place  ", 13),
    ],
)
def test_formula_values(text, expected):
    assert Formula.parse(text).value(entrants=16, place=3, buyin=20) == pytest.approx(expected)


@given(
    a=st.integers(-999, 999),
    b=st.integers(-999, 999),
    c=st.integers(1, 999),
    ops=st.tuples(st.sampled_from("+-*/"), st.sampled_from("+-*/")),
)
def test_formula_agrees_with_python_arithmetic(a, b, c, ops):
    text = f"{a} {ops[0]} {b} {ops[1]} {c}"
    expected = {"+": lambda x, y: x + y, "-": lambda x, y: x - y,
                "*": lambda x, y: x * y, "/": lambda x, y: x / y}  # fmt: skip
    if ops[0] in "*/" or ops[1] in "+-":  # left first
        if ops[0] == "/" and b == 0:
            return
        want = expected[ops[1]](expected[ops[0]](a, b), c)
    else:
        want = expected[ops[0]](a, expected[ops[1]](b, c))
    assert Formula.parse(text).value(entrants=1, place=1, buyin=1) == pytest.approx(want)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("__import__('os')", "unknown name '__import__'"),
        ("place ** 2", "unexpected '\\*' at position 8"),
        ("sqrt entrants", "sqrt needs parentheses"),
        ("(place + 1", "a '\\)' is missing"),
        ("place +", "it ends too soon"),
        ("", "an empty formula"),
        ("1" * 300, "at most 200 characters"),
        ("place.real", "unexpected '\\.'"),
        ("(" * 60 + "1" + ")" * 60, "too deeply nested"),
    ],
)
def test_bad_formulas_get_one_sentence(text, message):
    with pytest.raises(ConfigError, match=message):
        Formula.parse(text)


def test_values_out_of_reach_are_named():
    with pytest.raises(ConfigError, match="has no value for 5 entrants, place 1"):
        Formula.parse("1 / (place - 1)").points(entrants=5, place=1, buyin=0)
    with pytest.raises(ConfigError, match="has no value"):
        Formula.parse("log(place - 1)").points(entrants=5, place=1, buyin=0)


def test_standard_formulas():
    assert set(STANDARD_FORMULAS) == {"field", "sqrt", "log", "buyin"}
    sqrt = formula_named("sqrt")
    assert sqrt.points(entrants=10, place=1, buyin=0) == Decimal("31.62")
    log = formula_named("log")
    assert log.points(entrants=9, place=1, buyin=0) == Decimal(str(round(10 * math.log(10), 2)))
    assert formula_named("buyin").points(entrants=10, place=3, buyin=50) == Decimal("40.00")


def test_standings_with_tie_breaks():
    league = League("Club", "field")
    league = league.record("1", buyin=10, places=["Ann", "Bob", "Cat", "Dan"])  # 4 3 2 1
    league = league.record("2", buyin=10, places=["Bob", "Dan", "Ann", "Cat"])  # Bob 4, Dan 3
    league = league.record("3", buyin=10, places=["Cat", "Dan"])  # Cat 2, Dan 1
    rows = {row.name: row for row in league.standings()}
    # Ann 4+2=6, Bob 3+4=7, Cat 2+1+2=5, Dan 1+3+1=5: Cat and Dan tie on points,
    # Cat has a win
    assert [r.name for r in league.standings()] == ["Bob", "Ann", "Cat", "Dan"]
    assert rows["Cat"].rank == 3 and rows["Dan"].rank == 4
    assert rows["Bob"].points == Decimal("7.00") and rows["Cat"].events == 3


def test_a_tie_on_everything_shares_the_rank():
    league = League("Club", "sqrt").record("1", buyin=0, places=["A", "B"])
    league = league.record("2", buyin=0, places=["B", "A"])
    assert [(r.rank, r.name) for r in league.standings()] == [(1, "A"), (1, "B")]


def test_league_saved_and_read_back():
    league = League("Club", "10 * sqrt(entrants) / place").record("1", buyin=5, places=["A", "B"])
    assert League.from_json(league.to_json()) == league
    with pytest.raises(ConfigError, match="unknown name 'x'"):
        League("Club", "x + 1")
    with pytest.raises(ConfigError, match="listed twice"):
        league.record("2", buyin=5, places=["A", "A"])
