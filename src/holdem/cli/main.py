"""Entry point of the ``holdem`` command."""

from __future__ import annotations

import typer

from holdem.cli import clock, hands, odds, play, replay, serve, sim, tournament, tournament_tools
from holdem.cli import verify as verify_command

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
serve.register(app)
sim.register(app)
tournament_tools.register(app)
verify_command.register(app)
clock.register(app)
app.add_typer(tournament.app, name="tournament")


if __name__ == "__main__":
    app()
