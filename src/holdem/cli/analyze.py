"""``holdem analyze``: each of a player's decisions in their hand histories, graded."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from holdem.cli.output import console, new_table, print_json, user_errors


def register(app: typer.Typer) -> None:
    app.command("analyze")(analyze)


def analyze(
    files: Annotated[list[Path], typer.Argument(help="PHH or PokerStars files, or folders.")],
    hero: Annotated[str, typer.Option(help="The player whose decisions are graded.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    html: Annotated[Path | None, typer.Option(help="Write an HTML report to this file.")] = None,
) -> None:
    """Grade each decision of --hero by the EV it lost: against the push/fold equilibrium
    where the spot is one, else against the coach's heuristic (said so)."""
    from holdem.analysis.decisions import AnalyzedHand, analyze_hand
    from holdem.analysis.summary import summarize
    from holdem.cli.odds import progress_bar
    from holdem.errors import ConfigError
    from holdem.history.convert import read_paths

    with user_errors():
        try:
            read = list(read_paths(files))
        except FileNotFoundError as error:
            raise ConfigError(f"{error.filename}: no such file or folder") from None
        hands: list[AnalyzedHand] = []
        with progress_bar("analyzing") as progress:
            for number, converted in enumerate(read, start=1):
                if converted.hand is not None:
                    where = f"{converted.where}#{number}"
                    found = analyze_hand(converted.hand, hero, where=where, seed=number)
                    if found is not None:
                        hands.append(found)
                progress(number, len(read))
        if not hands:
            raise ConfigError(f"no hand in these files has a player named {hero!r}")
    summary = summarize(hands)
    if html is not None:
        from holdem.analysis.html import html_report

        html.write_text(html_report(hero, hands, summary), encoding="utf-8")
    if as_json:
        print_json({"hero": hero, "summary": summary, "hands": [h.to_dict() for h in hands]})
        return
    _print(summary)


def _print(summary: dict[str, object]) -> None:
    console.print(
        f"{summary['hands']} hands, {summary['decisions']} decisions graded, "
        f"{summary['ev_lost_bb']:.2f} bb lost"
    )
    table = new_table(title="The costliest decisions")
    for column in ("hand", "street", "cards", "spot", "played", "best", "EV lost", "grade"):
        table.add_column(column)
    for row in summary["costliest"]:  # type: ignore[attr-defined]
        table.add_row(
            str(row["where"]),
            row["street"],
            f"{row['hole']} {row['board']}".strip(),
            row["spot"],
            row["action"],
            row["best"],
            f"{row['ev_lost_bb']:.2f} bb",
            row["grade"],
        )
    console.print(table)
    for name in ("by_street", "by_spot"):
        parts = [
            f"{k} {v['ev_lost_bb']:.2f} bb ({v['decisions']})"
            for k, v in summary[name].items()  # type: ignore[attr-defined]
        ]
        console.print(f"{name.replace('_', ' ')}: " + ", ".join(parts))
    for method, n in summary["by_method"].items():  # type: ignore[attr-defined]
        console.print(f"{n} graded by {method}")
