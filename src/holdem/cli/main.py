"""Entry point of the ``holdem`` command."""

from __future__ import annotations

import typer

from holdem.cli import hands

app = typer.Typer(
    name="holdem",
    help="Texas Hold'em: hand evaluation now; the rules engine, odds and cardroom as they land.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
hands.register(app)


if __name__ == "__main__":
    app()
