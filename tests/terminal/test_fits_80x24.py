"""``holdem play`` on an 80x24 terminal: every frame fits, the title and your seat stay."""

from io import StringIO

import pytest
from rich.console import Console
from rich.text import Text

from holdem.terminal.screen import Screen
from holdem.terminal.session import Game, Options
from holdem.terminal.view import PROMPT_LINES


class SmallScreen(Screen):
    """An 80x24 screen whose player calls for a few hands; it keeps every frame drawn."""

    def __init__(self) -> None:
        self.console = Console(file=StringIO(), width=80, height=24, color_system=None)
        super().__init__(self.console)
        self.frames: list[list[str]] = []
        self.hands = 0

    def draw(self, frame) -> None:  # type: ignore[no-untyped-def]
        lines = self.console.render_lines(frame, self.console.options, pad=False)
        self.frames.append(["".join(segment.text for segment in line) for line in lines])

    def ask(self, prompt: Text) -> str | None:
        if "next hand" in prompt.plain:
            self.hands += 1
            return "" if self.hands < 4 else "q"
        return "y" if "Rebuy" in prompt.plain else "c"


@pytest.mark.parametrize("coach", [False, True])
@pytest.mark.parametrize("players", [2, 6, 10])
def test_every_frame_fits_and_keeps_the_title_and_your_seat(tmp_path, players, coach):
    screen = SmallScreen()
    options = Options(history=tmp_path / "s.phhs", players=players, seed=3, coach=coach)
    Game(options, screen).run()
    assert screen.frames
    for lines in screen.frames:
        assert len(lines) <= 24 - PROMPT_LINES, "\n".join(lines)
        assert "Hold'em" in lines[0] or "Hand" in lines[0], lines[0]
        assert all(len(line) <= 80 for line in lines)
        seat_rows = [line for line in lines if line.lstrip("│ ▶").split(" ")[0].isdigit()]
        assert len(seat_rows) >= players, "\n".join(lines)
        assert any("You" in row for row in seat_rows), "\n".join(lines)


def test_the_longest_prompt_wraps_at_word_boundaries_at_80_columns(monkeypatch):
    from holdem.engine import AmountRange, LegalActions
    from holdem.terminal.session import turn_prompt

    # The longest prompt: a call, a raise range and an all-in of ten-digit amounts.
    legal = LegalActions(
        0, fold=True, check=False, call=1_000_000_000, call_to=1_000_000_000,
        raise_=AmountRange(2_000_000_000, 9_999_999_999), all_in_to=9_999_999_999,
    )  # fmt: skip
    out = StringIO()
    console = Console(file=out, width=80, height=24, color_system=None, soft_wrap=True)
    monkeypatch.setattr("builtins.input", lambda prompt: "f")
    assert Screen(console).ask(turn_prompt(legal)) == "f"
    lines = out.getvalue().rstrip("\n").split("\n")
    assert len(lines) >= 2 and all(len(line) <= 80 for line in lines)
    prompt = turn_prompt(legal).plain
    assert " ".join(lines).split() == prompt.split()  # no word broken in two
    assert lines[-1].split()[-4:] == ["(?", "help,", "q", "quit)"]
