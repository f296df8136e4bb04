"""``holdem play``: you in seat 1 against bots, hand after hand, in the terminal."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from holdem.cli.output import (
    bot_names,
    console,
    parse_blinds,
    parse_rake,
    parse_structure,
    user_errors,
)


def register(app: typer.Typer) -> None:
    app.command("play")(play)


def play(
    players: Annotated[int, typer.Option("--players", "-p", help="Seats at the table (2-10).")] = 6,
    stack: Annotated[int, typer.Option(help="Starting stack, and the size of every rebuy.")] = 200,
    blinds: Annotated[str, typer.Option(help="Small and big blind, e.g. 1/2.")] = "1/2",
    structure: Annotated[str, typer.Option(help="nl, pl or fl.")] = "nl",
    bots: Annotated[
        str | None,
        typer.Option(
            help="Bots for seats 2, 3, ..., comma-separated; repeated in order to fill the table."
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed of the deck, the bots and the coach: a repeatable game."),
    ] = None,
    coach: Annotated[
        bool, typer.Option("--coach", help="The coach: what to do and why, and your mistakes.")
    ] = False,
    history: Annotated[
        Path | None,
        typer.Option(
            help="The .phhs file the session is written to (default: a new one in the user "
            "data folder, $HOLDEM_DATA_DIR or ~/.local/share/holdem/sessions)."
        ),
    ] = None,
    rake: Annotated[
        str | None,
        typer.Option(
            help="The house's rake: a percentage of each pot, e.g. 5%, or 5%:3 to cap it at 3."
        ),
    ] = None,
    delay: Annotated[
        float, typer.Option(help="Seconds to pause after each bot action, to follow the play.")
    ] = 0.6,
) -> None:
    """Play No-Limit, Pot-Limit or Fixed-Limit Hold'em against bots; q quits."""
    from holdem.errors import ConfigError
    from holdem.terminal.screen import Screen
    from holdem.terminal.session import Game, Options

    with user_errors():
        small, big = parse_blinds(blinds)
        kind = parse_structure(structure)
        if not 2 <= players <= 10:
            raise ConfigError(f"--players {players}: a table has 2 to 10 seats")
        names = bot_names(bots, players - 1) if bots else ()
        path = history or _new_session_file()
        options = Options(
            history=path, players=players, stack=stack, small_blind=small, big_blind=big,
            structure=kind, bots=names, seed=seed, coach=coach,
            rake=parse_rake(rake) if rake is not None else None,
        )  # fmt: skip
        game = Game(options, Screen(console, delay=max(0.0, delay)))
    console.print(f"Hands are written to {path}")
    with user_errors():
        summary = game.run()
    from rich.text import Text  # rich: see output._OnFirstUse

    console.print()
    console.print(
        Text.assemble(
            ("Session over: ", "bold"),
            f"{summary.hands} hands · you bought in for {summary.bought:,} · ",
            (f"net {summary.net:+,}", "bold green" if summary.net >= 0 else "bold red"),
        )
    )
    console.print("Stacks: " + " · ".join(f"{n} {s:,}" for n, s in summary.stacks.items()))
    if summary.hands:
        console.print(f"Hands written to {summary.history}: holdem replay {summary.history}")


def _new_session_file() -> Path:
    """A new .phhs file in the user data folder's ``sessions``: never the working folder
    unless asked (``--history``)."""
    from holdem.data_folder import data_folder
    from holdem.errors import ConfigError

    folder = data_folder() / "sessions"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ConfigError(
            f"cannot make {folder} for the session's hands ({error.strerror}): "
            "give --history FILE.phhs"
        ) from None
    return folder / time.strftime("holdem-%Y%m%d-%H%M%S.phhs")
