"""``holdem sim``: bots play each other through the engine; hands per second and results."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import Progress
from rich.table import Table

from holdem.cli.output import console, parse_blinds, user_errors


def register(app: typer.Typer) -> None:
    app.command("sim")(sim)


def sim(
    hands: Annotated[int, typer.Option("--hands", "-n", help="How many hands to play.")] = 1000,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats at the table (2-10).")] = 6,
    bots: Annotated[
        str, typer.Option(help="One bot per seat, comma-separated (one name fills every seat).")
    ] = "random",
    seed: Annotated[int, typer.Option(help="Seed of the deck and the bots.")] = 0,
    structure: Annotated[str, typer.Option(help="nl, pl or fl.")] = "nl",
    stack: Annotated[int, typer.Option(help="Starting stack of every hand.")] = 200,
    blinds: Annotated[str, typer.Option(help="Small and big blind, e.g. 1/2.")] = "1/2",
    history: Annotated[
        Path | None, typer.Option(help="Write every hand as PHH into this folder.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play bot against bot and report each seat's result (big blinds per 100 hands)."""
    from holdem.errors import ConfigError
    from holdem.sim import simulate

    with user_errors():
        names = [name.strip() for name in bots.split(",")]
        if len(names) == 1:
            names *= players
        if len(names) != players:
            raise ConfigError(f"--bots names {len(names)} bots for {players} seats: one per seat")
        small, big = parse_blinds(blinds)
        with Progress(console=console, transient=True, disable=as_json) as bar:
            task = bar.add_task("playing", total=hands)
            result = simulate(
                names, hands, structure=structure, stack=stack, small_blind=small,
                big_blind=big, seed=seed, history=history,
                progress=lambda done: bar.update(task, completed=done),
            )  # fmt: skip
    if as_json:
        typer.echo(json.dumps(result.as_json()))
        return
    table = Table(title=f"{result.hands} hands, {result.hands_per_second:,.0f} hands/s")
    for column in ("seat", "bot", "net chips", "bb/100", "95% interval"):
        table.add_column(column, justify="right" if column != "bot" else "left")
    for row in result.results:
        low, high = row.ci95
        table.add_row(
            str(row.seat + 1), row.bot, f"{row.net:+,}", f"{row.bb_per_100:+.1f}",
            f"[{low:+.1f}, {high:+.1f}]",
        )  # fmt: skip
    console.print(table)
