"""A table's memory stays flat however many hands it plays: finished hands live in the
store (hand_record.py), the room keeps the last one."""

from __future__ import annotations

import asyncio
import gc
import json
import random
import secrets
import sys
import types

import pytest

from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import Command, Room
from holdem.server import downloads
from holdem.server.snapshot import extras_for
from holdem.server.store import Extras, HandRow, Store, commands
from holdem.server.views import public_state
from tests.security.stored import execute
from tests.server.client import Cardroom

SALTS = [secrets.token_bytes(16).hex() for _ in range(52)]


def heads_up_room() -> Room:
    room = Room("t", TableOptions(name="Long", seats=2, seat_approval=False), host="host")
    for seat, name in enumerate(("Ana", "Ben")):
        room.apply({"kind": "sit", "seat": seat, "name": name, "buy_in": 200,
                    "owner": f"o{seat}", "at": 0.0})  # fmt: skip
    room.apply({"kind": "status", "status": "running", "at": 0.0})
    return room


def play_hand(room: Room, rng: random.Random) -> int:
    """One hand called to the river and checked down, its record taken as the store would;
    returns the bytes of that record's rows."""
    stored = 0
    commands: list[Command] = [{"kind": "deal", "order": rng.sample(range(52), 52), "salts": SALTS}]
    while True:
        for command in commands:
            room.apply({**command, "at": 1.0})
            stored += sum(len(str(row.record)) for row in extras_for(room).hands)
        seat = room.table.seat_to_act
        if seat is None:
            return stored
        legal = room.table.current.hand.legal_actions()  # type: ignore[union-attr]
        commands = [{"kind": "act", "seat": seat, "action": "check" if legal.check else "call"}]


def retained_bytes(root: object) -> int:
    """The bytes of every object reachable from ``root`` (classes, functions and modules,
    which every room shares, left out)."""
    seen: set[int] = set()
    todo = [root]
    total = 0
    while todo:
        value = todo.pop()
        if id(value) in seen or isinstance(value, SHARED):
            continue
        seen.add(id(value))
        total += sys.getsizeof(value)
        todo.extend(gc.get_referents(value))
    return total


SHARED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)


@pytest.mark.slow
def test_ten_thousand_hands_leave_a_room_the_size_it_was_after_a_thousand() -> None:
    rng = random.Random(1)
    room = heads_up_room()
    for _ in range(1_000):
        play_hand(room, rng)
    public_state(room, set(), None, 1.0)
    before = retained_bytes(room)
    stored = sum(play_hand(room, rng) for _ in range(9_000))
    public_state(room, set(), None, 1.0)
    after = retained_bytes(room)
    assert room.table.hands_played == 10_000
    assert stored > 9_000 * 1_000  # every hand went to the store, a kilobyte or more each
    assert after - before < 16_000, f"the room grew from {before:,} to {after:,} bytes"


def test_the_hand_list_is_the_last_two_hundred_and_pages_back(database: str) -> None:
    async def listed() -> tuple[list[int], list[int], list[int]]:
        store = Store(database)
        await store.open()
        await store.create_table("t", {}, "host")
        room = Room("t", TableOptions(name="Long"), host="host")
        for number in range(1, 251):
            row = HandRow(0, number, f"{number:064x}", {"number": number})
            await store.append("t", number, {"kind": "chat"}, Extras(hands=(row,)))
        try:
            newest = await downloads.hand_list(store, room)
            earlier = await downloads.hand_list(store, room, before=str(newest[0]["number"]))
            first = await downloads.hand_list(store, room, before="4")
        finally:
            await store.close()
        return ([h["number"] for h in newest], [h["number"] for h in earlier],
                [h["number"] for h in first])  # fmt: skip

    newest, earlier, first = asyncio.run(listed())
    assert newest == list(range(51, 251))
    assert earlier == list(range(1, 51))
    assert first == [1, 2, 3]


def test_after_a_refused_write_the_next_change_stores_without_the_last_hand_again(
    cardroom: Cardroom,
) -> None:
    slow = {"bot_think_seconds": 0, "between_hands_seconds": 60}  # no next deal meanwhile
    table_id, token = cardroom.create(bots=["caller"], seat_approval=False, **slow)
    host = cardroom.player(table_id, token)
    ben = cardroom.player(table_id, cardroom.identity(table_id))
    ben.send(type="sit", seat=2, name="Ben", buy_in=100)
    ben.until(lambda s: s["you"]["seat"] == 2)
    host.send(type="start")
    ben.until(ben.my_turn)
    ben.act(lambda state: "fold")  # the hand ends with Ben's command, the log's last
    version = ben.until(lambda s: s["hands_played"] == 1 and s["hand"] is None)["version"]
    # Another writer takes the next place in the log: Ben's chat is refused and the room
    # is rebuilt from the log, whose last command ended hand 1.
    chat = {"kind": "chat", "name": "Zed", "text": "first!", "at": 0.0}
    row = {"table_id": table_id, "seq": version + 1, "body": json.dumps(chat)}
    execute(cardroom.database, commands.insert().values(**row))
    ben.send(type="chat", text="one")
    assert "could not save that" in ben.error()
    ben.send(type="chat", text="two")
    state = ben.until(lambda s: [c["text"] for c in s["chat"]] == ["first!", "two"])
    assert state["version"] == version + 2
    hands = cardroom.http.get(f"/api/tables/{table_id}/hands").json()
    assert [h["number"] for h in hands] == [1]
