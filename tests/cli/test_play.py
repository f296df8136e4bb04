"""``holdem play`` in a pseudo-terminal, as a person plays it: prompts, refusals, the board,
showdowns, the coach, and a session file that ``holdem replay`` reads back."""

import io
import json
import os
import re
import subprocess
from pathlib import Path

import pexpect
import pytest

from tests.console import HOLDEM

ANSI = re.compile(r"\x1b(\[[0-9;?]*[A-Za-z]|[()][A-Z0-9]|[=>])")
# Prompts end with input()'s "> "; escape codes (styles, bracketed paste) may come between.
TURN = r"Your turn[^\n]*q quit\)[^>]*> "
NEXT = r": next hand[^>]*> "
REBUY = r"Rebuy for \d+\? \(y/n\)[^>]*> "
CARD = r"[2-9TJQKA][♠♥♦♣]"


class Player:
    """The person at the keyboard: reads the screen, types lines."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        assert HOLDEM, "the holdem console script is not installed in this environment"
        self.history = tmp_path / "session.phhs"
        self.output = io.StringIO()
        self.child = pexpect.spawn(
            HOLDEM,
            ["play", "--delay", "0", "--history", str(self.history), *args],
            encoding="utf-8",
            dimensions=(50, 120),
            timeout=30,
            env={**os.environ, "TERM": "xterm", "COLUMNS": "120", "LINES": "50"},
            cwd=str(tmp_path),
        )
        self.child.logfile_read = self.output
        self.mark = 0

    def screen(self) -> str:
        """Everything shown so far, without escape codes."""
        return ANSI.sub("", self.output.getvalue())

    def since_mark(self) -> str:
        return ANSI.sub("", self.output.getvalue()[self.mark :])

    def wait(self, *patterns: str) -> int:
        try:
            return int(self.child.expect([*patterns, pexpect.EOF]))
        except pexpect.TIMEOUT:
            pytest.fail(f"waited for {patterns}; the screen ends with:\n{self.screen()[-1500:]}")

    def type(self, line: str) -> None:
        self.mark = len(self.output.getvalue())
        self.child.sendline(line)

    def finish(self) -> str:
        self.child.expect(pexpect.EOF)
        self.child.close()
        assert self.child.exitstatus == 0, self.screen()[-2000:]
        return self.screen()


def test_a_session_fold_call_raise_refusals_showdown_and_replay(tmp_path):
    me = Player(tmp_path, "--players", "3", "--seed", "4", "--bots", "random")
    assert me.wait(TURN) == 0
    screen = me.screen()
    # Hand 1: you have the button and act first, three-handed.
    assert "fold, call 2, raise to [4..200], all-in (200)" in screen
    assert re.search(rf"Dealt to you\s+{CARD} {CARD}", screen)
    assert "Board" in screen and "Pot" in screen
    for typed, reason in [
        ("k", "you cannot check: there is a bet of 2, 2 to you; call, raise or fold"),
        ("r 3", "the minimum raise is to 4: the last full raise was 2"),
        ("r", "raise to how much? for example r 4 (from 4 to 200)"),
        ("blah", "'blah' is not an action here"),
    ]:
        me.type(typed)
        assert me.wait(TURN) == 0  # refused, asked again
        assert reason in me.since_mark()
    me.type("r 6")
    which = me.wait(TURN, NEXT, REBUY)
    assert "You raise to 6" in me.since_mark()
    folded = showdown = False
    for _ in range(30):  # hands go on: fold once, else call down until a showdown
        if which == 0:
            me.type("c" if folded else "f")
            folded = True
        elif which == 1:
            showdown = showdown or bool(re.search(rf" shows {CARD} {CARD}  \w", me.screen()))
            me.type("q" if showdown else "")
            if showdown:
                break
        elif which == 2:
            me.type("y")
        else:
            pytest.fail("the game ended on its own")
        which = me.wait(TURN, NEXT, REBUY)
    screen = me.finish()
    assert showdown
    assert "You fold" in screen
    assert re.search(r"wins the (main )?pot, \d+: .+", screen)  # with the reason
    assert re.search(rf"Board\s+{CARD}\s+{CARD}\s+{CARD}\s+{CARD}\s+{CARD}", screen)
    assert "Session over" in screen

    replayed = subprocess.run(
        [HOLDEM, "replay", "--json", str(me.history)], capture_output=True, text=True
    )
    assert replayed.returncode == 0
    hands = [json.loads(line) for line in replayed.stdout.splitlines()]
    assert len(hands) >= 2 and all(h["match"] for h in hands)
    # The last hand ends with the stacks the session ends with.
    final = dict(
        (name, int(chips.replace(",", "")))
        for name, chips in re.findall(
            r"(\w+) ([\d,]+)", screen.split("Stacks: ")[-1].split("\n")[0]
        )
    )
    text = me.history.read_text()
    last = text.split("\n[")[-1]
    players = re.findall(r"'(\w+)[^']*'", last.split("players = ")[1].split("\n")[0])
    assert dict(zip(players, hands[-1]["finishing_stacks"], strict=True)) == final


def test_the_coach_shows_equity_pot_odds_and_outs(tmp_path):
    me = Player(tmp_path, "--players", "2", "--seed", "2", "--bots", "random", "--coach")
    assert me.wait(TURN) == 0
    screen = me.screen()
    # Heads-up you are the button and the small blind: 1 more to call into a pot of 3.
    # The coach recommends one action, with the equity against the range it assumes, the
    # pot odds, each choice's value and the position.
    assert re.search(r"Advice\s+(Fold|Call|Check|Raise to \d+|Bet \d+)", screen)
    assert "call 1 to win 3" in screen and "would need 25%" in screen
    assert re.search(r"Values\s+fold: 0", screen)
    assert re.search(r"Ranges\s+the big blind: ", screen)
    assert "position" in screen
    which = 0
    for _ in range(30):  # call along until the coach counts outs on a flop or turn
        if which == 0 and "Outs" in me.since_mark():
            break
        me.type({0: "c", 1: "", 2: "y"}.get(which, ""))
        which = me.wait(TURN, NEXT, REBUY)
    else:
        pytest.fail("never saw a flop")
    assert re.search(r"Outs\s+(\d+: .*rule of [24]|none)", me.since_mark())
    me.child.sendeof()  # Ctrl-D quits like q
    assert "Session over" in me.finish()


def test_play_writes_its_hands_into_the_user_data_folder_and_says_where(tmp_path):
    work, data = tmp_path / "work", tmp_path / "data"
    work.mkdir()
    child = pexpect.spawn(
        HOLDEM,
        ["play", "--delay", "0", "--players", "2", "--seed", "3", "--bots", "random"],
        encoding="utf-8",
        dimensions=(50, 120),
        timeout=30,
        env={**os.environ, "TERM": "xterm", "HOLDEM_DATA_DIR": str(data)},
        cwd=str(work),
    )
    output = io.StringIO()
    child.logfile_read = output
    child.expect(TURN)
    child.sendline("f")
    child.expect([TURN, NEXT])
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    screen = " ".join(ANSI.sub("", output.getvalue()).split())
    [written] = list((data / "sessions").glob("holdem-*.phhs"))
    assert f"Hands are written to {written}" in screen
    assert list(work.iterdir()) == []  # nothing in the working folder
    assert written.stat().st_size > 0
