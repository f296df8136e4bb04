"""The clock's state file: the clock, the tournament (players, rebuys, bounties, deal),
the league and the host sessions, written atomically as JSON.

A crash or a ``kill -9`` in the middle of a write leaves the old file or the new one,
never half of each: the text goes to a temporary file in the same folder, is flushed to
disk, then replaces the old file in one ``os.replace``. The file holds only the hashes
of the host tokens, so reading it does not make anyone the host.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from holdem.errors import HoldemError
from holdem.tournament.clock import Clock, ClockError
from holdem.tournament.league import League
from holdem.tournament.live import Tournament

__all__ = ["SavedState", "default_state_path", "load", "save"]


@dataclass(frozen=True)
class SavedState:
    clock: Clock
    host_hashes: tuple[str, ...]  # sha256 hex digests of the host tokens handed out
    tournament: Tournament | None = None  # None: a clock saved before tournaments were kept
    league: League | None = None
    league_recorded: bool = False  # the finished tournament is in the league's table


def default_state_path() -> Path:
    """``$HOLDEM_DATA_DIR/clock.json``, or ``clock.json`` in the user data folder."""
    from holdem.data_folder import data_folder

    return data_folder() / "clock.json"


def load(path: Path) -> SavedState | None:
    """The saved state, or None when there is no file yet."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as error:
        raise ClockError(f"cannot read the clock state {path}: {error.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ClockError(
            f"the clock state {path} is not JSON ({error.msg}, line {error.lineno}): "
            "fix it, or pass --new to start a new clock"
        ) from None
    if not isinstance(data, dict):
        raise ClockError(f"the clock state {path}: expected a JSON object")
    try:
        clock = Clock.from_json(data.get("clock"))
    except ClockError as error:
        raise ClockError(f"{path}: {error}; pass --new to start a new clock") from None
    hashes = data.get("host_hashes", [])
    if not isinstance(hashes, list) or not all(isinstance(h, str) for h in hashes):
        raise ClockError(f"{path}: host_hashes: expected a list of strings")
    try:
        raw = data.get("tournament")
        tournament = None if raw is None else Tournament.from_json(raw)
        raw = data.get("league")
        league = None if raw is None else League.from_json(raw)
    except HoldemError as error:
        raise ClockError(f"{path}: {error}; pass --new to start a new clock") from None
    recorded = data.get("league_recorded", False) is True
    return SavedState(clock, tuple(hashes), tournament, league, recorded)


def save(path: Path, state: SavedState) -> None:
    """Write the state: a temporary file beside ``path``, then one atomic replace."""
    data: dict[str, object] = {
        "clock": state.clock.to_json(),
        "host_hashes": list(state.host_hashes),
    }
    if state.tournament is not None:
        data["tournament"] = state.tournament.to_json()
    if state.league is not None:
        data["league"] = state.league.to_json()
        data["league_recorded"] = state.league_recorded
    text = json.dumps(data, indent=1)
    path.parent.mkdir(parents=True, exist_ok=True)
    # mkstemp creates the file readable by its owner only
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text + "\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
