"""A finished hand as files a player takes home: PHH, a PokerStars-style text history, and
the proof that its deck was fixed before the deal."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from holdem.errors import HoldemError
from holdem.fairness import public_cards
from holdem.history.phh import dumps
from holdem.history.pokerstars import pokerstars_text
from holdem.history.record import history_of
from holdem.server.room import Room
from holdem.table import PlayedHand


class NoSuchHand(HoldemError):
    pass


def finished_hand(room: Room, number: int) -> PlayedHand:
    for played in reversed(room.table.history):
        if played.number == number:
            return played
    played_count = room.table.hands_played
    raise NoSuchHand(
        f"there is no finished hand #{number} at this table: hands 1 to {played_count} are"
        if played_count
        else f"there is no finished hand #{number}: no hand has finished at this table yet"
    )


def hand_list(room: Room) -> list[dict[str, Any]]:
    base = f"/api/tables/{room.id}/hands"
    # A tournament's tables each number their hands from 1: the table is in the query.
    query = f"?table={room.number}" if room.number else ""
    return [
        {
            "number": p.number,
            "commitment": room.deals[p.number].commitment,
            "phh": f"{base}/{p.number}.phh{query}",
            "text": f"{base}/{p.number}.txt{query}",
            "proof": f"{base}/{p.number}.json{query}",
        }
        for p in room.table.history
        if p.number in room.deals
    ]


def phh(room: Room, number: int, owner: str | None) -> str:
    """The hand as PHH, with only the hole cards the holder of ``owner``'s token saw: their
    own, if they played it, and the shown ones."""
    played = finished_hand(room, number)
    viewer = room.position_in(number, owner)
    record = history_of(
        played.hand,
        players=played.names,
        seats=[seat + 1 for seat in played.seat_of],
        private=False,
        viewer=viewer,
        hand=number,
        **({"table": room.number, "event": room.options.name} if room.number else {}),
    )
    return dumps(record)


def text_history(room: Room, number: int, owner: str | None) -> str:
    played = finished_hand(room, number)
    started = datetime.fromtimestamp(room.dealt_at.get(number, 0.0), tz=UTC)
    position = room.position_in(number, owner)
    hero = played.seat_of[position] if position is not None else None
    return pokerstars_text(
        played,
        table_name=room.options.name,
        started_at=started,
        hero_seat=hero,
        max_seats=room.options.seats,
    )


def proof(room: Room, number: int) -> dict[str, Any]:
    """The shuffle proof, revealing only the cards everyone saw: boards and shown hands."""
    played = finished_hand(room, number)
    return room.deals[number].proof(public_cards(played.hand))
