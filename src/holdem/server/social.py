"""The table's social side that is not part of the game: reactions at a seat, and who is
watching. Neither is stored: a reaction is broadcast once, like a wave across the table.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from holdem.cardroom.room import Room
from holdem.errors import IllegalActionError
from holdem.server.protocol import React
from holdem.server.table_limits import PacedMessages
from holdem.server.views import Json

REACT_PER_CLIENT = (0.5, 3)  # reactions a second on average, and the burst
REACT_PER_TABLE = (3.0, 12)  # for everyone at a table together


class Reactions:
    """The reaction buckets of one table and of each of its clients."""

    def __init__(self) -> None:
        rate, burst = REACT_PER_CLIENT
        self._paced = PacedMessages(
            REACT_PER_CLIENT,
            REACT_PER_TABLE,
            f"you are reacting too fast: {burst} at once, then one every {1 / rate:g} seconds",
            "the table is reacting a lot: wait a moment and try again",
        )

    def message(self, room: Room, client: object, owner: str | None, react: React) -> Json:
        """The ``reaction`` message to broadcast for ``react``; raises a refusal."""
        seat = room.seat_of(owner) if owner is not None else None
        if seat is None:
            raise IllegalActionError("only a player with a seat can react: take a seat first")
        self._paced.check(client)
        return {
            "v": 1,
            "type": "reaction",
            "seat": seat + 1,
            "emote": react.emote,
            "at": int(time.time() * 1000),
        }

    def forget(self, client: object) -> None:
        self._paced.forget(client)


def watching(room: Room, owners: Iterable[str | None]) -> int:
    """How many people watch without a seat (one per token; each tokenless socket counts)."""
    seen: set[str] = set()
    anonymous = 0
    for owner in owners:
        if owner is None:
            anonymous += 1
        elif room.seat_of(owner) is None:
            seen.add(owner)
    return len(seen) + anonymous
