"""Shared output helpers: one console, JSON printing, and errors as one clear line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer
from rich.console import Console

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)

# For commands whose arguments are numbers: "-50" is then read as a value (and refused in
# words by the command) instead of as an unknown option "-5".
NUMBERS_MAY_BE_NEGATIVE = {"ignore_unknown_options": True}


def print_json(payload: Any) -> None:
    typer.echo(json.dumps(payload))


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn a holdem error into one line on stderr (never wrapped) and exit status 2."""
    from holdem.cli.errors import USAGE, say
    from holdem.errors import HoldemError

    try:
        yield
    except HoldemError as error:
        say(str(error))
        raise typer.Exit(USAGE) from None


def parse_blinds(text: str) -> tuple[int, int]:
    """``--blinds 1/2``: the small and the big blind."""
    from holdem.errors import ConfigError

    parts = text.split("/")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ConfigError(f"--blinds {text!r}: write the small and big blind as 1/2")
    small, big = (int(p) for p in parts)
    return small, big
