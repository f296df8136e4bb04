"""A finished hand as files a player takes home: PHH, a PokerStars-style text history, and
the proof that its deck was fixed before the deal.

Every finished hand is read from the store (its record is stored with the command that
ended it: hand_record.py), so a table's memory does not grow with the hands it plays.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from holdem.cardroom.after_hand import FinishedHand, public_after, with_shows_phh, with_shows_text
from holdem.cardroom.room import Room
from holdem.errors import HoldemError
from holdem.fairness import public_cards
from holdem.history.phh import dumps
from holdem.history.pokerstars import TextStyle, pokerstars_text
from holdem.history.record import history_of, with_rake
from holdem.server.hand_record import finished_from_json
from holdem.server.replay import replay
from holdem.server.store import Store
from holdem.table import PlayedHand

HAND_LIST_LIMIT = 200  # hands in one page of the list; ?before= asks for earlier ones


class NoSuchHand(HoldemError):
    pass


async def finished_hand(store: Store, room: Room, number: int) -> FinishedHand:
    record = await store.hand(room.id, room.number or 0, number)
    if record is not None:
        return finished_from_json(record)
    played_count = room.table.hands_played
    raise NoSuchHand(
        f"there is no finished hand #{number} at this table: hands 1 to {played_count} are"
        if played_count
        else f"there is no finished hand #{number}: no hand has finished at this table yet"
    )


async def hand_list(store: Store, room: Room, before: str | None = None) -> list[dict[str, Any]]:
    """The last ``HAND_LIST_LIMIT`` finished hands before hand ``before`` (the newest ones
    without it), oldest first."""
    if before is not None and not before.isdigit():
        raise NoSuchHand(f"?before= takes a hand number, not {before!r}")
    base = f"/api/tables/{room.id}/hands"
    # A tournament's tables each number their hands from 1: the table is in the query.
    query = f"?table={room.number}" if room.number else ""
    rows = await store.hand_list(
        room.id, room.number or 0, int(before) if before is not None else None, HAND_LIST_LIMIT
    )
    return [
        {
            "number": number,
            "commitment": commitment,
            "phh": f"{base}/{number}.phh{query}",
            "text": f"{base}/{number}.txt{query}",
            "proof": f"{base}/{number}.json{query}",
        }
        for number, commitment in rows
    ]


async def phh(store: Store, room: Room, number: int, owner: str | None) -> str:
    """The hand as PHH, with only the hole cards the holder of ``owner``'s token saw: their
    own, if they played it, and the shown ones."""
    finished = await finished_hand(store, room, number)
    played = finished.played
    record = history_of(
        played.hand,
        players=played.names,
        seats=[seat + 1 for seat in played.seat_of],
        private=False,
        viewer=finished.position_of(owner),
        hand=number,
        **({"table": room.number, "event": room.options.name} if room.number else {}),
    )
    if played.rake is not None:  # a raking table: the rake, and winnings net of it
        record = with_rake(record, played.hand, played.rake)
    return dumps(with_shows_phh(record, finished))


async def replay_steps(store: Store, room: Room, number: int, owner: str | None) -> dict[str, Any]:
    """The hand step by step for the page's replayer, with the hole cards PHH would show."""
    return replay(await finished_hand(store, room, number), owner)


def raked_style(played: PlayedHand) -> TextStyle | None:
    """The text's rake line and what each winner was paid after it, at a raking table."""
    rake, result = played.rake, played.hand.result
    if rake is None or result is None:
        return None
    return TextStyle(rake=rake.total, paid=rake.less_shares(result.collected))


async def text_history(store: Store, room: Room, number: int, owner: str | None) -> str:
    finished = await finished_hand(store, room, number)
    played = finished.played
    position = finished.position_of(owner)
    text = pokerstars_text(
        played,
        table_name=room.options.name,
        started_at=datetime.fromtimestamp(finished.dealt_at, tz=UTC),
        hero_seat=played.seat_of[position] if position is not None else None,
        max_seats=room.options.seats,
        style=raked_style(played),
    )
    return with_shows_text(text, finished)


async def proof(store: Store, room: Room, number: int) -> dict[str, Any]:
    """The shuffle proof, revealing only the cards everyone saw: boards, shown hands, cards
    shown after the hand and the rabbit board (after_hand.py)."""
    finished = await finished_hand(store, room, number)
    after = public_after(finished, room.options.rabbit_hunt)
    return finished.commitment.proof([*public_cards(finished.played.hand), *after])
