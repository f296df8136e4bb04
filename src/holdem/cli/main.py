"""Entry point of the ``holdem`` command."""

from __future__ import annotations

from typing import Annotated

import typer

from holdem.cli import analyze as analyze_command
from holdem.cli import (
    clock,
    hands,
    odds,
    play,
    replay,
    serve,
    sim,
    solve,
    tournament,
    tournament_tools,
)
from holdem.cli import convert as convert_command
from holdem.cli import pushfold as pushfold_command
from holdem.cli import verify as verify_command
from holdem.cli.errors import HoldemGroup

app = typer.Typer(
    name="holdem",
    cls=HoldemGroup,
    help="Texas Hold'em: hands, odds, the rules engine and hand histories.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def show_version(asked: bool) -> None:
    if asked:
        from importlib.metadata import version

        typer.echo(f"holdem {version('holdem')}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", "-V", callback=show_version, is_eager=True, help="Print the version."
        ),
    ] = False,
) -> None:
    """Texas Hold'em: hands, odds, the rules engine and hand histories."""


hands.register(app)
odds.register(app)
play.register(app)
replay.register(app)
convert_command.register(app)
serve.register(app)
sim.register(app)
tournament_tools.register(app)
verify_command.register(app)
clock.register(app)
solve.register(app)
pushfold_command.register(app)
analyze_command.register(app)
app.add_typer(tournament.app, name="tournament")


if __name__ == "__main__":
    app()
