"""Entry point of the ``holdem`` command."""

from __future__ import annotations

import typer

from holdem.cli import hands, odds, play, replay, sim

app = typer.Typer(
    name="holdem",
    help="Texas Hold'em: hands, odds, the rules engine and hand histories.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
hands.register(app)
odds.register(app)
play.register(app)
replay.register(app)
sim.register(app)


if __name__ == "__main__":
    app()
