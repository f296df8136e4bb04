"""What is stored with each command beyond the command itself (see store.py's ``Extras``):
the record of a hand it ended, and now and then a snapshot of the whole state."""

from __future__ import annotations

from holdem.server.hand_record import take_finished
from holdem.server.multi_table import MultiTable
from holdem.server.room import Logged, Room
from holdem.server.store import Extras


def extras_for(state: Logged) -> Extras:
    """What to commit with the command just applied to ``state`` (a room or a tournament)."""
    rooms = [state.lobby, *state.rooms.values()] if isinstance(state, MultiTable) else [state]
    hands = tuple(row for room in rooms if isinstance(room, Room) and (row := take_finished(room)))
    return Extras(hands=hands)
