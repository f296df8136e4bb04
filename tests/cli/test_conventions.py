"""The command line's conventions, through the installed ``holdem`` script as a person runs
it: one ``error:`` line and exit status 2 for bad usage, never a traceback or a boxed
panel; ``-h``, ``--version``; negative numbers read as values; players counted from 1."""

import json
import re
import socket

import pytest

from tests.console import run


def one_error_line(result, status=2):
    assert result.returncode == status, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.stderr and "╭" not in result.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["sim", "--bogus"], "No such option: --bogus"),
        (["sim", "--hands", "x"], "'--hands'"),
        (["compare", "AsKs"], "Missing option '--board'"),
        (["nosuchcommand"], "No such command"),
        (["serve", "--port", "99999"], "--port"),
        (["potodds", "100", "-50"], "the call must be more than 0, not -50"),
        (["potodds", "-100", "50"], "the pot cannot be negative"),
        (["icm", "5000", "-3000", "2000", "--prizes", "50,30"], "stack '-3000'"),
        (["compare", "AsKs", "--board", "Ac9d7s"], "a showdown needs at least two players"),
        (["compare", "AsKs", "QdQh", "--board", "Ac9d"], "the board has 3 to 5 cards"),
        (["structure", "--players", "9", "--hours", "100"], "at most 48 hours"),
        (["structure", "--players", "9", "--hours", "0.5", "--level-minutes", "20"], "jump"),
        (["payouts", "--entrants", "10", "--buy-in", "1", "--unit", "5"], "with nothing"),
        (["play", "--blinds", "2/1"], "at most the big blind"),
        (["sim", "--blinds", "2/1", "-n", "3"], "at most the big blind"),
        (["sim", "--structure", "xx", "-n", "3"], "choose nl, pl or fl"),
        (["sim", "--history", "/etc/passwd", "-n", "3"], "is a file, not a folder"),
        (["sim", "--history", "/proc/nope", "-n", "3"], "cannot be created"),
        (["sim", "--bots", "tag,nobody", "-n", "3"], "there is no bot called 'nobody'"),
        (["sim", "--players", "3", "--bots", "a,b,c,d", "-n", "3"], "there is no bot"),
        (["sim", "--players", "2", "--bots", "tag,mc,tag", "-n", "3"], "3 bots for 2 bot seats"),
        (["play", "--structure", "xx"], "choose nl, pl or fl"),
        (["play", "--bots", "tag,nobody"], "there is no bot called 'nobody'"),
    ],
)
def test_bad_usage_is_one_line_and_status_2(args, words):
    line = one_error_line(run(*args))
    assert words in line, line


def test_help_version_and_a_bare_command():
    assert run("-h").returncode == 0 and "Usage: holdem" in run("-h").stdout
    assert run("sim", "-h").returncode == 0
    version = run("--version")
    assert version.returncode == 0 and version.stdout.startswith("holdem ")
    bare = run()
    assert "Usage: holdem" in bare.stdout and bare.returncode == 2


def test_help_names_values_not_python_types():
    for command in ("serve", "replay", "icm", "sim", "play", "odds"):
        text = run(command, "--help").stdout
        assert not re.search(r"<[a-z]|list\[", text), (command, text)


def test_a_busy_port_is_refused_before_the_cardroom_says_it_is_open(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run(
            "serve", "--port", str(port), "--database", f"sqlite:///{tmp_path / 'c.sqlite3'}"
        )
    line = one_error_line(result, status=1)
    assert f"port {port}" in line and "in use" in line
    assert "open" not in result.stdout


def test_outs_never_promise_more_than_certainty():
    # 2c3c on a board of three clubs and a four: almost every card makes a flush or better
    result = run("outs", "2c3c", "--board", "Kc9c4d", "--vs", "AhAd", "--json")
    payload = json.loads(result.stdout)
    assert payload["rule_estimate"] <= 1
    text = run("outs", "2c3c", "--board", "Kc9c4d", "--vs", "AhAd").stdout
    rule = next(line for line in text.splitlines() if "rule of 4" in line)
    if "read as 100%" not in rule:  # few outs: the rule's own figure, at most 100%
        assert int(rule.split("=")[1].split("%")[0]) <= 100


def test_players_count_from_1_in_json_as_on_screen():
    payload = json.loads(run("compare", "--board", "Ac9d7s4h2c", "KhKd", "AhQc", "--json").stdout)
    assert payload["winners"] == [2]
    assert [p["player"] for p in payload["players"]] == [1, 2]


def test_structure_json_and_big_fields():
    payload = json.loads(run("structure", "--json").stdout)
    assert payload["levels"][0]["level"] == 1 and payload["levels"][0]["starts_minute"] == 0
    result = run("payouts", "--entrants", "150", "--buy-in", "10", "--json")
    places = json.loads(result.stdout)["places"]
    assert len(places) == 22 and sum(p["prize"] for p in places) == 1500
    assert run("payouts", "--entrants", "150", "--buy-in", "10", "--places", "20").returncode == 0


def test_sim_and_play_fill_the_seats_with_the_bots_named_alike():
    payload = json.loads(
        run("sim", "--players", "5", "--bots", "tag,caller", "-n", "10", "--json").stdout
    )
    assert [r["bot"] for r in payload["results"]] == ["tag", "caller", "tag", "caller", "tag"]
    assert [r["seat"] for r in payload["results"]] == [1, 2, 3, 4, 5]
