"""Winnings and rake: what replay says each player collected and got back, the rake it
infers from what a hand records, and the records no pot could have paid."""

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from holdem.history import loads
from holdem.history.replay import json_line, replay
from tests.history.test_units import CENTS_HAND

HOLDEM = str(Path(sys.executable).with_name("holdem"))

HEADER = CENTS_HAND  # the pot is 163.60; the site takes its rake from it


def replayed(tail):
    [hand] = loads(HEADER + tail)
    return replay(hand)


def test_winnings_and_rake_that_the_pots_explain():
    result = replayed(
        "finishing_stacks = [199.90, 0, 277.00]\nwinnings = [0, 0, 161.60]\nrake = 2.00\n"
    )
    assert result.ok and result.match is True and result.reason is None
    assert result.collected == (0, 0, 16360) and result.returned == (0, 0, 0)
    assert result.rake == 200 and result.finishing_stacks == (19990, 0, 27700)
    row = json.loads(json_line(result.as_json()))
    assert row["players"] == ["ann", "bo", "cy"]
    assert row["collected"] == [0, 0, 163.6] and row["rake"] == 2
    assert '"rake": 2.00' in json_line(result.as_json())


def test_the_rake_is_inferred_from_winnings_alone():
    result = replayed("winnings = [0, 0, 160.60]\n")
    assert result.match is True and result.rake == 300
    assert result.finishing_stacks == (19990, 0, 27600)


def test_the_rake_alone_is_shared_out_by_the_finishing_stacks():
    result = replayed("finishing_stacks = [199.90, 0, 278.00]\nrake = 1.00\n")
    assert result.match is True and result.rake == 100


def test_a_rake_alone_without_stacks_is_checked_against_the_pots():
    assert replayed("rake = 1.00\n").match is True
    result = replayed("rake = 170\n")
    assert result.match is False
    assert result.reason == "the rake recorded, 170.00, is more than the pots (163.60)"


@pytest.mark.parametrize(
    ("tail", "reason"),
    [
        (
            "winnings = [0, 5, 156.60]\n",
            "p2 (bo) is paid 5.00 but won nothing from the pots",
        ),
        (
            "winnings = [0, 0, 170]\n",
            "p3 (cy) is paid 170.00, more than the 163.60 they won from the pots",
        ),
        (
            "winnings = [0, 0, 161.60]\nrake = 1.50\n",
            "the rake recorded is 1.50, but the pots less the winnings leave 2.00",
        ),
        (
            "finishing_stacks = [199.90, 0, 281.00]\nrake = 1.00\n",
            "p3 (cy) finishes with 281.00, which no share of the rake from the 163.60 they "
            "won explains",
        ),
        (
            "finishing_stacks = [199.90, 0, 278.50]\nrake = 1.00\n",
            "the rake recorded is 1.00, but the finishing stacks are 0.50 short of the pots paid",
        ),
        (
            "finishing_stacks = [199.90, 0, 277.00]\nwinnings = [0, 0, 160.60]\n",
            "the finishing stacks differ: the recorded ones add up to 476.90, the chips in "
            "play to 475.90",
        ),
    ],
)
def test_records_the_pots_cannot_explain_are_mismatches_with_the_reason(tail, reason):
    result = replayed(tail)
    assert result.match is False and not result.ok
    assert result.reason == reason and result.error is None
    assert result.as_json()["reason"] == reason


WHOLE = """\
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 cc', 'p2 f', \
'd db Ah9s3s', 'p1 cbr 20', 'p3 f']
"""


def test_uncalled_chips_are_returned_and_whole_chips_stay_integers():
    [hand] = loads(WHOLE + "finishing_stacks = [108, 98, 94]\n")
    result = replay(hand)
    assert result.match is True and result.rake is None
    assert result.collected == (14, 0, 0) and result.returned == (20, 0, 0)
    assert result.players is None
    assert json_line(result.as_json()).count('"collected": [14, 0, 0]') == 1


def test_a_pot_paid_to_someone_else_is_a_mismatch():
    [hand] = loads(WHOLE + "winnings = [0, 0, 14]\n")
    result = replay(hand)
    assert result.reason == "p3 is paid 14 but won nothing from the pots"


def test_the_command_reports_the_rake(tmp_path):
    path = tmp_path / "raked.phh"
    path.write_text(HEADER + "winnings = [0, 0, 161.60]\nrake = 2.00\n")
    other = tmp_path / "bad.phh"
    other.write_text(HEADER + "winnings = [0, 5, 156.60]\n")
    done = subprocess.run([HOLDEM, "replay", str(tmp_path)], capture_output=True, text=True)
    words = " ".join(done.stdout.split())
    assert done.returncode == 1
    assert "mismatch" in words and "p2 (bo) is paid 5.00 but won nothing from the pots" in words
    assert "rake inferred from the recorded winnings and rake: 2.00 in 1 hands" in words
    done = subprocess.run([HOLDEM, "replay", "--json", str(path)], capture_output=True, text=True)
    row = json.loads(done.stdout)
    assert done.returncode == 0 and row["rake"] == 2 and row["match"] is True
    assert Decimal(done.stdout.split('"rake": ')[1].split(",")[0]) == Decimal("2.00")
