"""docs/research.md: its example runs, and its tables say what the code does."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

from holdem.rl import ACTION_NAMES, Layout

DOC = Path(__file__).parents[2] / "docs" / "research.md"


def example_code() -> str:
    text = DOC.read_text()
    section = text.split("## Example: a million hands with a numpy policy", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def test_the_example_runs_with_fewer_hands() -> None:
    code = example_code()
    assert len(code.strip().splitlines()) <= 20
    assert "HANDS = 1_000_000" in code
    namespace: dict[str, object] = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code.replace("HANDS = 1_000_000", "HANDS = 5_000"), namespace)
    hands = namespace["hands"]
    assert isinstance(hands, int) and hands >= 5_000
    assert re.fullmatch(
        r"[\d,]+ hands: seat 0 won [+-]\d+\.\d big blinds per 100 hands\n", out.getvalue()
    )
    won = namespace["won"]
    assert abs(float(won.sum())) < 1e-2  # type: ignore[attr-defined]  # chips only change hands


def test_the_column_table_matches_the_layout() -> None:
    layout = Layout(6)
    rows = re.findall(r"^\| (\d+)(?:-(\d+))? \| `(\w+)` \|", DOC.read_text(), re.MULTILINE)
    assert len(rows) == 14
    for first, last, group in rows:
        start = getattr(layout, group)
        assert int(first) == start, group
        end = int(last or first)
        following = [getattr(layout, g) for _, _, g in rows if getattr(layout, g) > start]
        assert end + 1 == (min(following) if following else layout.size), group


def test_the_action_table_lists_every_id() -> None:
    rows = re.findall(r"^\| (\d) \| ([\w/ -]+?) \|", DOC.read_text(), re.MULTILINE)
    assert [(int(i), name) for i, name in rows] == list(enumerate(ACTION_NAMES))


def test_the_cfr_example_runs_in_ten_lines() -> None:
    text = DOC.read_text()
    section = text.split("## Small games, exploitability and CFR", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(code.strip().splitlines()) <= 10
    short = code.replace('"leduc"', '"kuhn"').replace("range(1, 201)", "range(1, 101)")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(short, {})
    rows = [line.split() for line in out.getvalue().splitlines()]
    assert [int(row[0]) for row in rows] == [50, 100]
    assert float(rows[-1][1]) < float(rows[0][1]) < 0.05  # exploitability falls
