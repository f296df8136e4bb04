"""The level of ``holdem clock`` for a live table: from the clock's page or state file.

The clock of a home tournament runs as its own small server (``GET /api/clock`` is the
clock as JSON, for anyone) and saves itself to a JSON file (clock/store.py:
``$HOLDEM_DATA_DIR/clock.json`` by default) after every change. A live table linked to
it reads the level in force when a hand is dealt, from the clock's address when the host
gave one, else from that file, and puts it into the deal command, so the stored log
replays without any clock. The address must be one the operator allowed
(``holdem serve --clock-url``): anyone can create a live table, so an address taken on a
page's word would let anyone make the server knock on every port of this machine, and
tell open ports from closed ones by how the knock failed. For the same reason every
failure to read a clock is the same sentence, whatever was or was not listening.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from holdem.clock.store import default_state_path, load
from holdem.errors import HoldemError
from holdem.tournament.clock import ClockError


class NoClock(HoldemError):
    """No clock state can be read where the live table looks for it."""


LOOPBACK = ("localhost", "127.0.0.1", "::1")
FETCH_SECONDS = 2.0
MAX_CLOCK_BYTES = 65_536
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never a proxy


def clock_address(url: str) -> str:
    """The clock's base address, checked: ``http://127.0.0.1:8765`` (a page's address on
    this machine, with its port; any path is dropped)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        port, parts = None, None
    if parts is None or parts.scheme not in ("http", "https") or port is None:
        raise NoClock("the clock's address is its page on this machine, like http://127.0.0.1:8765")
    if (parts.hostname or "") not in LOOPBACK:
        raise NoClock(
            f"the clock must run on this machine (localhost, 127.0.0.1 or [::1]), not "
            f"{parts.hostname!r}"
        )
    host = f"[{parts.hostname}]" if parts.hostname == "::1" else parts.hostname
    return f"{parts.scheme}://{host}:{port}"


class ClockLinks:
    """The clock addresses a live table may link to: those the operator named."""

    def __init__(self, addresses: Iterable[str] = ()) -> None:
        self.allowed = frozenset(clock_address(address) for address in addresses)

    def checked(self, url: str) -> str:
        """``url`` as the clock's base address, if the operator allowed it; else NoClock."""
        address = clock_address(url)
        if address not in self.allowed:
            named = ", ".join(sorted(self.allowed)) or "none"
            raise NoClock(
                f"a live table links only to the clocks the cardroom was started with "
                f"(holdem serve --clock-url; here: {named}), or to this machine's clock "
                "without an address"
            )
        return address


def level_from_address(address: str) -> dict[str, Any]:
    """The level in force as the clock's own ``/api/clock`` says (blocking, 2 s at most)."""
    try:
        with _DIRECT.open(f"{address}/api/clock", timeout=FETCH_SECONDS) as answer:
            data = json.loads(answer.read(MAX_CLOCK_BYTES + 1)[:MAX_CLOCK_BYTES])
        return _level(
            int(data["small_blind"]), int(data["big_blind"]), int(data["ante"]),
            bool(data["big_blind_ante"]), int(data["level"]),
        )  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError):
        # One sentence whatever went wrong: which error it was would tell what listens.
        raise NoClock(
            f"the clock at {address} could not be read: is `holdem clock` running there?"
        ) from None


def _level(small: int, big: int, ante: int, big_blind_ante: bool, level: int) -> dict[str, Any]:
    kind = "none" if not ante else "big-blind" if big_blind_ante else "uniform"
    return {"small_blind": small, "big_blind": big, "ante": ante, "ante_kind": kind,
            "level": level}  # fmt: skip


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
    return _level(view.small_blind, view.big_blind, view.ante, view.big_blind_ante, view.level)
