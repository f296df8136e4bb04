"""The tournament clock model (R44): time passed in, levels, pauses, skips, breaks, saving."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.tournament.clock import Clock, ClockError
from holdem.tournament.generator import generate
from holdem.tournament.structure import Break, Level, Structure, preset

T0 = 1_700_000_000.0  # any wall time: the model never reads a clock
MIN = 60


def home(entrants=8, buy_in=20):
    return Clock.create(preset("home"), entrants=entrants, buy_in=buy_in)


def test_a_new_clock_waits_at_level_one():
    clock = home()
    view = clock.view(T0 + 3600)
    assert (view.started, view.paused, view.level, view.index) == (False, True, 1, 0)
    assert view.seconds_left == 20 * MIN and view.elapsed == 0
    assert view.level_text == "25/50" and view.next_text == "50/100"


def test_r44_levels_advance_with_time():
    clock = home().start(T0)
    assert clock.view(T0 + 5).seconds_left == 20 * MIN - 5
    view = clock.view(T0 + 20 * MIN)
    assert (view.level, view.small_blind, view.big_blind, view.seconds_left) == (2, 50, 100, 1200)
    view = clock.view(T0 + 61 * MIN)
    assert (view.level, view.level_text, view.ante, view.big_blind_ante) == (
        4,
        "100/200 (bb ante 200)",
        200,
        True,
    )
    assert view.seconds_left == 19 * MIN
    assert view.elapsed == 61 * MIN and view.paused is False


def test_pause_stops_the_clock_and_resume_goes_on():
    clock = home().start(T0).pause(T0 + 100)
    assert clock.view(T0 + 100).seconds_left == clock.view(T0 + 9999).seconds_left == 1100
    assert clock.view(T0 + 9999).paused
    clock = clock.resume(T0 + 5000)
    view = clock.view(T0 + 5100)
    assert view.seconds_left == 1000 and view.elapsed == 200 and not view.paused
    clock = clock.pause(T0 + 5200).resume(T0 + 6000)
    assert clock.paused_seconds == 4900 + 800
    assert clock.view(T0 + 6000).elapsed == 300


def test_skip_and_back_move_to_the_start_of_a_level():
    clock = home().start(T0)
    clock = clock.skip(T0 + 100)
    view = clock.view(T0 + 100)
    assert (view.level, view.seconds_left, view.elapsed) == (2, 1200, 100)  # played time stays
    assert clock.view(T0 + 160).seconds_left == 1140
    clock = clock.back(T0 + 400)  # back from level 2 to the start of level 1
    assert (clock.view(T0 + 400).level, clock.view(T0 + 400).seconds_left) == (1, 1200)
    clock = clock.back(T0 + 500)  # at the first level: back to its start
    assert (clock.view(T0 + 500).level, clock.view(T0 + 500).seconds_left) == (1, 1200)


def test_skip_while_paused_or_before_the_start_stays_put():
    paused = home().start(T0).pause(T0 + 10).skip(T0 + 50)
    assert paused.view(T0 + 900).seconds_left == 1200 and paused.view(T0 + 900).level == 2
    waiting = home().skip(T0).skip(T0)
    assert waiting.view(T0 + 999).level == 3 and not waiting.started
    started = waiting.start(T0 + 1000)
    assert started.view(T0 + 1060).level == 3 and started.view(T0 + 1060).seconds_left == 1140


def test_breaks_and_the_colour_up():
    clock = home().start(T0)
    first = clock.view(T0)
    assert first.seconds_to_break == 120 * MIN and first.color_up == (25,)
    on_break = clock.view(T0 + 125 * MIN)
    assert on_break.on_break and on_break.level == 6  # the level before the break
    assert on_break.seconds_left == 5 * MIN and on_break.item_seconds == 10 * MIN
    assert on_break.next_text == "300/600 (bb ante 600)" and on_break.color_up == (25,)
    after = clock.view(T0 + 130 * MIN)
    assert (after.on_break, after.level, after.seconds_to_break, after.color_up) == (
        False,
        7,
        None,
        None,
    )
    # skipping from the last level before the break lands on the break
    skipped = clock.skip(T0).skip(T0).skip(T0).skip(T0).skip(T0).skip(T0)
    assert skipped.view(T0).on_break and skipped.view(T0).seconds_left == 10 * MIN


def test_the_last_level_goes_on_and_cannot_be_skipped():
    clock = home().start(T0)
    view = clock.view(T0 + 1000 * MIN)
    assert view.over and view.level == 9 and view.seconds_left == 0 and view.next_text is None
    with pytest.raises(ClockError, match="last level"):
        clock.skip(T0 + 1000 * MIN)
    assert clock.back(T0 + 1000 * MIN).view(T0 + 1000 * MIN).level == 8


def test_busts_entries_average_stack_and_prize_pool():
    clock = home(entrants=8, buy_in=20)
    assert clock.view(T0).average_stack == 5000 and clock.view(T0).prize_pool == 160
    clock = clock.bust().bust().bust()
    view = clock.view(T0)
    assert (view.players_left, view.entrants, view.average_stack) == (5, 8, 8000)
    clock = clock.add_player()  # a re-entry brings chips and money
    view = clock.view(T0)
    assert (view.players_left, view.entrants, view.average_stack, view.prize_pool) == (
        6,
        9,
        7500,
        180,
    )


def test_nobody_busts_past_the_winner():
    clock = Clock.create(preset("home"), entrants=2).bust()
    with pytest.raises(ClockError, match="one player is left"):
        clock.bust()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda c: c.pause(T0), "has not started yet: start it first"),
        (lambda c: c.resume(T0), "has not started yet"),
        (lambda c: c.start(T0).start(T0 + 1), "already started"),
        (lambda c: c.start(T0).resume(T0 + 1), "is running: pause it first"),
        (lambda c: c.start(T0).pause(T0 + 1).pause(T0 + 2), "already paused: resume it"),
    ],
)
def test_actions_out_of_turn_are_refused(change, words):
    with pytest.raises(ClockError, match=words):
        change(home())


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"entrants": 1, "players_left": 1}, "1 entrants: a tournament needs at least 2"),
        ({"entrants": 8, "players_left": 9}, "9 players left of 8 entrants: must be 1 to 8"),
        ({"entrants": 8, "players_left": 0}, "must be 1 to 8"),
        ({"entrants": 8, "players_left": 8, "buy_in": -5}, "buy-in -5: must be 0 or more"),
        ({"entrants": 8, "players_left": 8, "paused_at": T0}, "has not started"),
        (
            {"entrants": 8, "players_left": 8, "started_at": T0, "paused_at": T0 - 1},
            "paused before it started",
        ),
    ],
)
def test_bad_clocks_are_refused(kwargs, words):
    with pytest.raises(ClockError, match=words):
        Clock(preset("home"), **kwargs)


def test_a_wall_clock_set_back_never_runs_time_backwards():
    clock = home().start(T0)
    assert clock.view(T0 - 500).seconds_left == 1200 and clock.view(T0 - 500).elapsed == 0
    assert clock.pause(T0 - 500).view(T0).seconds_left == 1200


def _round_trip(clock):
    return Clock.from_json(json.loads(json.dumps(clock.to_json())))


def test_saving_round_trips_every_state():
    generated = Clock.create(generate(27, 3000, hours=4), entrants=27, buy_in=50)
    clocks = [
        home(),
        home().start(T0),
        home().start(T0).pause(T0 + 77.5).skip(T0 + 80).bust(),
        home().start(T0).skip(T0 + 3).back(T0 + 9).add_player(),
        generated.start(T0).pause(T0 + 1).resume(T0 + 2.25),
    ]
    for clock in clocks:
        again = _round_trip(clock)
        assert again == clock
        assert again.view(T0 + 4321).as_json() == clock.view(T0 + 4321).as_json()


def test_view_json_names_every_field():
    payload = home().start(T0).view(T0 + 30).as_json()
    assert payload == {
        "started": True,
        "paused": False,
        "running": True,
        "index": 0,
        "level": 1,
        "on_break": False,
        "over": False,
        "small_blind": 25,
        "big_blind": 50,
        "ante": 0,
        "big_blind_ante": False,
        "blinds": "25/50",
        "next": "50/100",
        "seconds_left": 1170.0,
        "item_seconds": 1200,
        "seconds_to_break": 7170.0,
        "color_up": [25],
        "players_left": 8,
        "entrants": 8,
        "average_stack": 5000,
        "prize_pool": 160,
        "elapsed": 30.0,
    }


def _saved(**changes):
    data = home().start(T0).to_json()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "expected a JSON object"),
        (_saved(version=99), "version 99 is not supported"),
        (_saved(entrants="8"), "entrants: expected a whole number, got '8'"),
        (_saved(started_at=True), "started_at: expected a number"),
        (_saved(structure=[]), "structure: expected an object"),
        (
            _saved(structure={"name": "x", "starting_stack": 100, "levels": [{"minutes": 5}]}),
            r"structure.levels\[0\].small_blind: missing",
        ),
        (
            _saved(
                structure={
                    "name": "x",
                    "starting_stack": 100,
                    "levels": [{"small_blind": 10, "big_blind": 5}],
                }
            ),
            "big blind 5 is below the small blind 10",
        ),
        (_saved(players_left=50), "50 players left of 8 entrants"),
    ],
)
def test_bad_saved_clocks_say_what_is_wrong(data, words):
    with pytest.raises(ClockError, match=words):
        Clock.from_json(data)


ONE_MINUTE = Structure(
    "fast",
    100,
    (Level(1, 2, minutes=1), Level(2, 4, minutes=1), Break(1), Level(5, 10, minutes=1)),
)

step = st.tuples(
    st.sampled_from(["start", "pause", "resume", "skip", "back", "bust", "add"]),
    st.floats(min_value=0, max_value=200, allow_nan=False),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(step, max_size=25))
def test_any_sequence_of_actions_keeps_the_clock_sound(steps):
    """Time played is exactly the time the clock ran; every view is within its level."""
    clock = Clock.create(ONE_MINUTE, entrants=4)
    now = T0
    ran = 0.0
    running_since = None
    for action, wait in steps:
        now += wait
        try:
            if action in ("bust", "add"):
                clock = clock.bust() if action == "bust" else clock.add_player()
            else:
                clock = getattr(clock, action)(now)
        except ClockError:
            continue
        if action in ("start", "resume"):
            running_since = now
        elif action == "pause":
            ran += now - running_since
            running_since = None
        view = clock.view(now)
        assert 0 <= view.seconds_left <= view.item_seconds
        assert 1 <= view.players_left <= view.entrants
        assert _round_trip(clock) == clock
    played = ran + (now + 7 - running_since if running_since is not None else 0.0)
    assert clock.view(now + 7).elapsed == pytest.approx(played)
