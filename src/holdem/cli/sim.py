"""``holdem sim``: bots play each other through the engine; hands per second and results."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from holdem.cli.output import (
    bot_names,
    console,
    errors,
    history_folder,
    new_table,
    parse_blinds,
    parse_structure,
    user_errors,
)


def register(app: typer.Typer) -> None:
    app.command("sim")(sim)


def sim(
    hands: Annotated[int, typer.Option("--hands", "-n", help="How many hands to play.")] = 1000,
    players: Annotated[int, typer.Option("--players", "-p", help="Seats at the table (2-10).")] = 6,
    bots: Annotated[
        str,
        typer.Option(help="Bots, comma-separated, repeated in order to fill the seats."),
    ] = "random",
    seed: Annotated[int, typer.Option(help="Seed of the deck and the bots.")] = 0,
    structure: Annotated[str, typer.Option(help="nl, pl or fl.")] = "nl",
    stack: Annotated[int, typer.Option(help="Starting stack of every hand.")] = 200,
    blinds: Annotated[str, typer.Option(help="Small and big blind, e.g. 1/2.")] = "1/2",
    history: Annotated[
        Path | None, typer.Option(help="Write every hand as PHH into this folder.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    workers: Annotated[
        str, typer.Option(help="Local processes to spread the hands over (default: this one).")
    ] = "1",
    ray: Annotated[
        str | None,
        typer.Option(help="Spread the hands over a Ray cluster: auto, local or HOST:PORT."),
    ] = None,
) -> None:
    """Play bot against bot and report each seat's result (big blinds per 100 hands).

    Built-in bots with a compiled policy (random, caller, tag) play in the compiled
    kernel; any other bot, or --history, plays through the rules engine object by
    object. Both give the same hands for the same seed, however the hands are spread.
    """
    from rich.progress import Progress

    from holdem.errors import ConfigError
    from holdem.sim import MAX_HANDS, simulate

    with user_errors():
        if not 2 <= players <= 10:
            raise ConfigError(f"--players {players}: a table has 2 to 10 seats")
        if not 1 <= hands <= MAX_HANDS:  # before the progress bar, which would leave a line
            raise ConfigError(f"--hands {hands}: simulate 1 to {MAX_HANDS:,} hands")
        names = list(bot_names(bots, players))
        small, big = parse_blinds(blinds)
        kind = parse_structure(structure)
        if history is not None:
            history_folder(history)
        processes = _parse_workers(workers)
        with (
            _numba_without_scipy(),
            Progress(console=console, transient=True, disable=as_json) as bar,
        ):
            task = bar.add_task("playing", total=hands)
            result = simulate(
                names, hands, structure=kind, stack=stack, small_blind=small,
                big_blind=big, seed=seed, history=history,
                progress=lambda done: bar.update(task, completed=done),
                workers=processes, ray=ray, notice=lambda text: errors.print(text),
            )  # fmt: skip
    if as_json:
        typer.echo(json.dumps(result.as_json()))
        return
    table = new_table(title=f"{result.hands} hands, {result.hands_per_second:,.0f} hands/s")
    for column in ("seat", "bot", "net chips", "bb/100", "95% interval"):
        table.add_column(column, justify="right" if column != "bot" else "left")
    for row in result.results:
        low, high = row.ci95
        table.add_row(
            str(row.seat + 1), row.bot, f"{row.net:+,}", f"{row.bb_per_100:+.1f}",
            f"[{low:+.1f}, {high:+.1f}]",
        )  # fmt: skip
    console.print(table)


def _parse_workers(text: str) -> int:
    """``--workers N``: read here, so a bad value gets the simulator's own sentence."""
    from holdem.errors import ConfigError
    from holdem.sim.spread import MAX_WORKERS

    if not text.strip().isdigit():
        raise ConfigError(
            f"--workers is a whole number of processes from 1 to {MAX_WORKERS}, not {text!r}"
        )
    return int(text)


@contextmanager
def _numba_without_scipy() -> Iterator[None]:
    """numba imports SciPy's BLAS when it loads its first kernel, for linear algebra no
    holdem kernel uses: half a second of CPU, a third of a 50,000-hand run. This
    process only simulates, so while it loads, numba finds SciPy absent (and goes on
    without linear algebra); SciPy can be imported again afterwards."""
    if "scipy" in sys.modules:
        yield
        return
    sys.modules["scipy"] = None  # type: ignore[assignment]
    try:
        yield
    finally:
        if "scipy" in sys.modules and sys.modules["scipy"] is None:
            del sys.modules["scipy"]
