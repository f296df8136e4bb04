"""The level of ``holdem clock`` for a live table: read from the clock's state file.

The clock of a home tournament runs as its own small server and saves itself to a JSON
file (clock/store.py: ``$HOLDEM_DATA_DIR/clock.json`` by default) after every change.
A live table linked to it reads that file when a hand is dealt and puts the level in
force into the deal command, so the stored log replays without any clock.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from holdem.clock.store import default_state_path, load
from holdem.errors import HoldemError
from holdem.tournament.clock import ClockError


class NoClock(HoldemError):
    """No clock state can be read where the live table looks for it."""


def clock_path() -> Path:
    """Where the clock keeps its state: ``$HOLDEM_CLOCK_FILE``, else the clock's default."""
    named = os.environ.get("HOLDEM_CLOCK_FILE")
    return Path(named) if named else default_state_path()


def clock_level(path: Path | None = None, now: float | None = None) -> dict[str, Any]:
    """The blinds and ante of the level in force, as a deal command carries them."""
    where = path or clock_path()
    try:
        saved = load(where)
    except ClockError as error:
        raise NoClock(f"the clock cannot be read: {error}") from None
    if saved is None:
        raise NoClock(
            f"no holdem clock has run on this machine yet (no {where}): start `holdem clock` first"
        )
    view = saved.clock.view(time.time() if now is None else now)
    ante_kind = "none" if not view.ante else "big-blind" if view.big_blind_ante else "uniform"
    return {
        "small_blind": view.small_blind,
        "big_blind": view.big_blind,
        "ante": view.ante,
        "ante_kind": ante_kind,
        "level": view.level,
    }
