"""A command log and a snapshot written by the code of 2026-12-04 (tests/server/stored/,
written once and never again): the cardroom of today must replay the one and restore the
other to the same state, so a change of how rooms keep themselves cannot lose a stored
table. A snapshot may gain fields, and the log's lines may be worded anew: what was
stored comes back, and the log and the snapshot agree."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import Room
from holdem.server.snapshot import restored, snapshot_of

STORED = Path(__file__).parent / "stored"


def _load(name: str) -> Any:
    return json.loads((STORED / name).read_text(encoding="utf-8"))


def _as_stored(state: Room) -> Any:
    return json.loads(json.dumps(snapshot_of(state)))  # tuples as lists, as the file has them


def _state(state: Room) -> Any:
    """The snapshot less the log's lines, which are words (replayed, they take today's)."""
    return {key: value for key, value in _as_stored(state).items() if key != "log"}


def _replayed() -> Room:
    log = _load("room_log.json")
    room = Room(log["table_id"], TableOptions(**log["options"]), host=log["host"])
    for command in log["commands"]:
        room.apply(command)
    return room


def _restored() -> Room:
    log = _load("room_log.json")
    room = restored(
        log["table_id"], TableOptions(**log["options"]), log["host"], _load("room_snapshot.json")
    )
    assert isinstance(room, Room)
    return room


def test_a_stored_log_replays_to_the_state_the_stored_snapshot_restores() -> None:
    assert _state(_replayed()) == _state(_restored())


def test_every_field_of_a_stored_snapshot_comes_back() -> None:
    stored, back = _load("room_snapshot.json"), _as_stored(_restored())
    assert {key: back.get(key) for key in stored} == stored


def test_a_restored_room_plays_on_as_the_replayed_one() -> None:
    replayed, back = _replayed(), _restored()
    for room in (replayed, back):
        seat = room.table.seat_to_act
        assert seat is not None  # the stored hand is in play
        room.apply({"kind": "act", "seat": seat, "action": "fold", "at": 100.0})
    assert _state(back) == _state(replayed)
