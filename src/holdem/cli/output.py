"""Shared output helpers: one console, JSON printing, and errors as one clear line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import typer

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from holdem.engine import Structure
    from holdem.engine.rake import RakeRule


class _OnFirstUse:
    """A rich ``Console`` made when first used. Importing rich takes some 40 ms, a tenth
    of a small file's ``holdem replay``, and a command that prints plain lines or JSON
    (replay, convert, ``--json``) never needs it."""

    def __init__(self, **options: Any) -> None:
        self._options = options
        self._console: Console | None = None

    def _made(self) -> Console:
        if self._console is None:
            from rich.console import Console

            self._console = Console(**self._options)
        return self._console

    def __getattr__(self, name: str) -> Any:
        return getattr(self._made(), name)

    # rich's Live (progress bars, the terminal game) holds its console in a with block.
    def __enter__(self) -> Console:
        return self._made().__enter__()

    def __exit__(self, *exc: object) -> None:
        self._made().__exit__(*exc)


# soft_wrap: a long line stays one line (rich would break it at 80 columns when the output
# is a pipe or a file, and a script reading it would see two).
console = cast("Console", _OnFirstUse(highlight=False, soft_wrap=True))
errors = cast("Console", _OnFirstUse(stderr=True, highlight=False, soft_wrap=True))


def new_table(*headers: Any, **options: Any) -> Table:
    """A rich ``Table``, rich imported now (see ``_OnFirstUse``)."""
    from rich.table import Table

    return Table(*headers, **options)


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
    """``--blinds 1/2``: the small and the big blind (R5: the small is at most the big)."""
    from holdem.errors import ConfigError

    parts = text.split("/")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ConfigError(f"--blinds {text!r}: write the small and big blind as 1/2")
    small, big = (int(p) for p in parts)
    if big < 1:
        raise ConfigError(f"--blinds {text!r}: the big blind is at least 1 chip")
    if small > big:
        raise ConfigError(
            f"--blinds {text!r}: the small blind comes first and is at most the big blind, "
            f"e.g. {big}/{small}"
        )
    return small, big


def parse_structure(text: str) -> Structure:
    """``--structure nl|pl|fl`` (any case)."""
    from holdem.engine import Structure
    from holdem.errors import ConfigError

    try:
        return Structure(text.strip().lower())
    except ValueError:
        raise ConfigError(f"--structure {text!r}: choose nl, pl or fl") from None


def bot_names(text: str, seats: int) -> tuple[str, ...]:
    """``--bots tag,mc``: the names given, repeated in order to fill ``seats`` seats (one
    name fills them all); more names than seats, or a name that is no bot, is refused."""
    from holdem.bots import BOTS
    from holdem.errors import ConfigError

    names = tuple(name.strip() for name in text.split(","))
    if not all(names):
        raise ConfigError(f"--bots {text!r}: write bot names separated by commas, e.g. tag,mc")
    unknown = [name for name in names if name not in BOTS]
    if unknown:
        raise ConfigError(f"there is no bot called {unknown[0]!r}: choose from {', '.join(BOTS)}")
    if len(names) > seats:
        raise ConfigError(f"--bots names {len(names)} bots for {seats} bot seats: at most one each")
    return tuple(names[i % len(names)] for i in range(seats))


def parse_rake(text: str) -> RakeRule:
    """``--rake 5%`` or ``5%:3`` (capped at 3 chips a hand); no flop, no drop."""
    from decimal import Decimal, InvalidOperation

    from holdem.engine.rake import RakeRule
    from holdem.errors import ConfigError

    percent, _, cap = text.strip().partition(":")
    try:
        share = Decimal(percent.strip().removesuffix("%"))
    except InvalidOperation:
        share = Decimal("NaN")
    if not share.is_finite() or not 0 <= share <= 100 or (cap and not cap.strip().isdigit()):
        raise ConfigError(
            f"--rake {text!r}: write a percentage of each pot, e.g. 5%, or 5%:3 to cap it at 3"
        )
    return RakeRule(share, int(cap) if cap else None)


def history_folder(path: Path) -> Path:
    """``--history FOLDER``: refused before any hand is played when it could not be one."""
    from holdem.errors import ConfigError

    if path.exists() and not path.is_dir():
        raise ConfigError(f"--history {path}: is a file, not a folder; give a folder to write to")
    try:  # made now, so that a folder that cannot be is said before any hand is played
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ConfigError(f"--history {path}: cannot be created ({error.strerror})") from None
    return path


def settle_heap(young: int = 0) -> None:
    """Before a command reads many hands: what is loaded by now lives as long as the
    process, so Python's cycle collector stops walking it (``gc.freeze``), and with
    ``young`` it collects after that many new objects rather than every 700. Reading hands
    makes millions of small objects that hold no cycles; without this the collector took
    a quarter of the time of replaying a large file."""
    import gc

    gc.freeze()
    if young:
        gc.set_threshold(young, *gc.get_threshold()[1:])
