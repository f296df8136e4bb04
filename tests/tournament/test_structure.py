"""Blind structures, presets, the generator, TOML and the clock model (R44, R45)."""

from itertools import pairwise

import pytest

from holdem.errors import ConfigError
from holdem.tournament.generator import generate
from holdem.tournament.structure import PRESETS, Break, Level, Structure, level_at, preset
from holdem.tournament.structure_toml import from_toml, to_toml


def test_r45_home_preset():
    home = preset("home")
    assert home.starting_stack == 5000
    assert {level.minutes for level in home.blind_levels} == {20}
    assert 170 <= home.minutes <= 200  # about three hours
    breaks = [item for item in home.levels if isinstance(item, Break)]
    assert breaks == [Break(10, color_up=(25,))]
    after_break = home.levels[home.levels.index(breaks[0]) + 1 :]
    assert all(lv.small_blind % 100 == 0 for lv in after_break if isinstance(lv, Level))


def test_r44_big_blind_ante_from_some_level_on():
    flags = [level.big_blind_ante for level in preset("home").blind_levels]
    first = flags.index(True)
    assert first > 0 and all(flags[first:])
    assert all(lv.ante == lv.big_blind for lv in preset("home").blind_levels[first:])


def test_r44_blinds_rise():
    for structure in PRESETS.values():
        bigs = [level.big_blind for level in structure.blind_levels]
        assert bigs == sorted(bigs) and len(set(bigs)) == len(bigs)


def test_unknown_preset():
    with pytest.raises(ConfigError, match="no preset structure 'x': choose from home"):
        preset("x")


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Level(0, 50), "small blind 0"),
        (lambda: Level(50, 25), "big blind 25 is below the small blind 50"),
        (lambda: Level(25, 50, ante=-1), "ante -1"),
        (lambda: Level(25, 50, big_blind_ante=True), "needs an ante"),
        (lambda: Level(25, 50, minutes=0), "0 minutes"),
        (lambda: Break(0), "0 minutes"),
        (lambda: Break(10, color_up=()), "lists no chips"),
        (lambda: Break(10, color_up=(25, 25)), "twice"),
        (lambda: Structure("s", 0, (Level(25, 50),)), "starting stack 0"),
        (lambda: Structure("s", 100, ()), "no blind level"),
        (lambda: Structure("s", 100, (Break(), Level(25, 50))), "starts with a break"),
        (lambda: Structure("s", 100, (Level(25, 50), Break(), Break())), "two breaks"),
        (lambda: Structure("s", 100, (Level(50, 100), Level(25, 50))), "levels\\[1\\].*never go"),
    ],
)
def test_validation(make, words):
    with pytest.raises(ConfigError, match=words):
        make()


def test_generate_reaches_about_ten_to_twenty_big_blinds_heads_up():
    for players, stack, hours in [(6, 5000, 3), (8, 5000, 3), (9, 20000, 6), (20, 3000, 4)]:
        structure = generate(players, stack, hours=hours)
        last = structure.blind_levels[-1]
        heads_up_average = players * stack / 2 / last.big_blind
        assert 7 <= heads_up_average <= 20, (players, stack, hours, last)
        levels = len(structure.blind_levels)
        # as planned, or a level or two fewer when rounding reaches the last size early
        assert round(hours * 60 / 20) - 2 <= levels <= round(hours * 60 / 20)


@pytest.mark.parametrize("hours", [10, 30, 48])
def test_a_long_plan_stops_at_the_last_size_instead_of_growing_without_end(hours):
    structure = generate(9, 5000, hours=hours)
    assert structure.blind_levels[-1].big_blind <= 9 * 5000 / 10
    assert len(structure.blind_levels) < 30


@pytest.mark.parametrize("hours", [0.5, 1])
def test_a_short_plan_gets_shorter_levels_not_a_jump(hours):
    structure = generate(9, 5000, hours=hours)
    levels = structure.blind_levels
    assert len(levels) >= 5
    assert all(b.big_blind <= 3 * a.big_blind for a, b in pairwise(levels))
    assert structure.minutes == hours * 60


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"hours": 100}, "at most 48 hours"),
        ({"hours": 0}, "more than 0"),
        ({"hours": 0.5, "level_minutes": 20}, "is 2 levels: blinds would jump"),
        ({"level_minutes": 500}, "a level lasts 1 to 240 minutes"),
    ],
)
def test_generate_refuses_plans_it_cannot_make(kwargs, words):
    with pytest.raises(ConfigError, match=words):
        generate(9, 5000, **kwargs)


def test_generate_blinds_rise_and_are_payable():
    chips = (25, 100, 500, 1000, 5000)
    structure = generate(10, 10000, chips, hours=6)
    in_play = list(chips)
    previous = 0
    for item in structure.levels:
        if isinstance(item, Break):
            for chip in item.color_up or ():
                in_play.remove(chip)
            continue
        assert item.big_blind > previous
        assert item.big_blind == 2 * item.small_blind
        assert item.small_blind % in_play[0] == 0
        previous = item.big_blind
    assert in_play[0] > 25  # chips were coloured up along the way


def test_generate_breaks_every_two_hours():
    structure = generate(8, 5000, hours=5)
    positions = [i for i, item in enumerate(structure.levels) if isinstance(item, Break)]
    assert positions == [6, 13]
    assert generate(8, 5000, hours=1.5).levels[-1] != Break()


def test_generate_home_matches_r45_shape():
    structure = generate(8, 5000, (25, 100, 500, 1000), hours=3)
    assert structure.blind_levels[0].big_blind == 50
    assert [b.color_up for b in structure.levels if isinstance(b, Break)] == [(25,)]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((1, 5000), "1 players"),
        ((8, 0), "starting stack 0"),
        ((8, 5010), "not a multiple of the smallest chip 25"),
        ((8, 5000, ()), "chip set"),
        ((8, 5000, (25,), 0), "0 hours"),
        ((8, 5000, (25,), 3, 0), "0-minute levels"),
    ],
)
def test_generate_errors(args, words):
    with pytest.raises(ConfigError, match=words):
        generate(*args)


@pytest.mark.parametrize(
    "structure",
    [preset("home"), generate(9, 20000, (100, 500, 1000, 5000), 6), generate(3, 200, (1, 5), 1)],
)
def test_toml_round_trip(structure):
    assert from_toml(to_toml(structure)) == structure


def test_toml_quotes_names():
    structure = Structure('Bob\'s "big" game\\', 100, (Level(1, 2),))
    assert from_toml(to_toml(structure)) == structure


def test_toml_defaults():
    text = "starting_stack = 1000\n[[levels]]\nsmall_blind = 5\nbig_blind = 10\n"
    assert from_toml(text) == Structure("custom", 1000, (Level(5, 10, 0, False, 20),))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("starting_stack = ", "structure TOML"),
        ("starting_stack = 1000\nfoo = 1\n[[levels]]\nsmall_blind=1\nbig_blind=2", "'foo'"),
        ("levels = []", "starting_stack: missing"),
        ('starting_stack = "a lot"\n[[levels]]\nsmall_blind=1\nbig_blind=2', "starting_stack:"),
        ("starting_stack = 100", "levels: expected"),
        ("starting_stack = 100\n[[levels]]\nbig_blind = 2", r"levels\[0\].small_blind: missing"),
        (
            "starting_stack = 100\n[[levels]]\nsmall_blind = 1\nbig_blind = 2\n"
            "[[levels]]\nsmall_blind = 1\nbig_blind = 2.5",
            r"levels\[1\].big_blind: expected a whole number, got 2.5",
        ),
        (
            "starting_stack = 100\n[[levels]]\nsmall_blind = 1\nbig_blind = 2\nbig_blind_ante = 1",
            r"levels\[0\].big_blind_ante: expected true or false",
        ),
        (
            "starting_stack = 100\n[[levels]]\nsmall_blind = 1\nbig_blind = 2\n"
            "[[levels]]\nbreak = true\ncolor_up = 25",
            r"levels\[1\].color_up: expected a list",
        ),
        (
            "starting_stack = 100\n[[levels]]\nsmall_blind = 1\nbig_blind = 2\n"
            "[[levels]]\nbreak = true\nsmall_blind = 1",
            r"levels\[1\]: unknown field 'small_blind'",
        ),
        (
            "starting_stack = 100\n[[levels]]\nsmall_blind = 5\nbig_blind = 2",
            r"levels\[0\]: big blind 2 is below",
        ),
    ],
)
def test_toml_errors_name_the_field(text, words):
    with pytest.raises(ConfigError, match=words):
        from_toml(text)


def test_level_at_start_and_within_levels():
    home = preset("home")
    state = level_at(home, 0)
    assert (state.index, state.level_number, state.seconds_left) == (0, 1, 1200.0)
    assert state.next_level == Level(50, 100)
    assert state.seconds_to_break == 6 * 1200 and state.next_break == Break(10, (25,))
    state = level_at(home, 1200 + 300.5)
    assert (state.index, state.level.big_blind, state.seconds_left) == (1, 100, 899.5)
    assert not state.on_break and not state.over


def test_level_at_break_and_after():
    home = preset("home")
    on_break = level_at(home, 6 * 1200)
    assert on_break.on_break and on_break.level.big_blind == 400
    assert on_break.seconds_left == 600 and on_break.next_level.big_blind == 600
    assert on_break.next_break is None and on_break.seconds_to_break is None
    after = level_at(home, 6 * 1200 + 600)
    assert after.level_number == 7 and after.level.big_blind == 600


def test_level_at_past_the_end_keeps_the_last_level():
    home = preset("home")
    state = level_at(home, home.minutes * 60 + 5000)
    assert state.over and state.seconds_left == 0
    assert state.level == home.levels[-1] and state.next_level is None


def test_pause_is_just_elapsed_time():
    home = preset("home")
    # Played 10 minutes, paused (no time passes in the model), played 15 more.
    assert level_at(home, 600 + 900) == level_at(home, 1500)


def test_level_at_refuses_negative_time():
    with pytest.raises(ConfigError, match="elapsed time -1"):
        level_at(preset("home"), -1)
