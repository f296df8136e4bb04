"""A snapshot restores exactly the room (or tournament) it was taken of: for every prefix
of many random logs, the state restored from a snapshot there, with the rest of the log
replayed, shows the same states to everyone and behaves the same as the whole log
replayed, refused commands included."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select, update

from holdem.cardroom.multi_table import MultiTable, draw
from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import Command, Room
from holdem.errors import HoldemError
from holdem.server.snapshot import SNAPSHOT_EVERY, restored, snapshot_of
from holdem.server.store import commands, snapshots
from holdem.server.views import public_state, state_for
from tests.security.stored import execute
from tests.server.client import FAST, Player
from tests.server.test_multi_table import Driver
from tests.server.test_room import random_command
from tests.support.server import ServerProcess

State = Room | MultiTable
LOOKAHEAD = 6  # commands each restored copy follows beside the original
PROBES = 8  # points of each log where random commands probe both


def room_picture(room: Room) -> str:
    """What every client (each player, the host, a spectator) sees of a room."""
    public = public_state(room, set(room.owners.values()), None, 5.0)
    views = [state_for(public, room, owner) for owner in [None, room.host, *room.owners.values()]]
    extra = (repr(room.table.settings), room.table.chips_on_table(), room.hand_in_progress,
             room.table.seat_to_act, sorted(room.banks.items()), sorted(room.away))  # fmt: skip
    return json.dumps(views, sort_keys=True) + repr(extra)


def picture(state: State) -> str:
    if isinstance(state, MultiTable):
        rooms = [state.lobby, *state.rooms.values()]
        tournament = (state.view(5.0, 0), [m.describe() for m in state.pending_moves()])
        return "|".join(room_picture(room) for room in rooms) + repr(tournament)
    return room_picture(state)


def copy_of(state: State) -> State:
    """The state restored from its snapshot, after a trip through JSON as in the store."""
    data = json.loads(json.dumps(snapshot_of(state)))
    return restored(state.id, state.options, state.host, data)


def outcome(state: State, command: Command) -> str:
    try:
        state.apply(dict(command))
    except HoldemError as refusal:
        return f"refused: {refusal}"
    return "done"


def check_every_prefix(
    fresh: Callable[[], State], log: list[Command], probe: Callable[[State], Command]
) -> None:
    original = fresh()
    copies: list[State] = []
    probes = set(random.Random(len(log)).sample(range(len(log)), min(PROBES, len(log))))
    for k, command in enumerate(log):
        copy = copy_of(original)
        assert picture(copy) == picture(original), f"restored after {k} commands"
        assert snapshot_of(copy) == snapshot_of(original)
        copies = [*copies[-LOOKAHEAD + 1 :], copy]
        if k in probes:  # the same random commands, accepted or refused alike by both
            twin, rng = copy_of(original), random.Random(k)
            rebuilt = fresh()
            for earlier in log[:k]:
                rebuilt.apply(dict(earlier))
            for _ in range(30):
                command_now = probe(rebuilt, rng)
                assert outcome(rebuilt, command_now) == outcome(twin, command_now), command_now
                assert picture(twin) == picture(rebuilt)
        original.apply(dict(command))
        for copy in copies:
            copy.apply(dict(command))
            assert picture(copy) == picture(original)


def table_command(room: Room, rng: random.Random) -> Command:
    """test_room's random commands, and now and then a straddle for the next hand or a
    home-game command (test_show_and_rabbit.py, test_home_game.py)."""
    if rng.random() < 0.08:
        return {"kind": "straddle", "seat": rng.randrange(room.options.seats), "at": 1.0}
    if rng.random() < 0.06:
        return home_game_command(room, rng)
    return random_command(room, rng)


def home_game_command(room: Room, rng: random.Random) -> Command:
    """A show after the hand, a bomb pot or new blinds: often legal, sometimes not."""
    kind = rng.choice(["show", "bomb_pot", "blinds"])
    if kind == "show":
        hand = room.table.current.number if room.table.current else 1
        return {"kind": "show", "hand": hand, "position": rng.randrange(3),
                "cards": rng.choice([[0], [1], [0, 1]]), "at": 1.0}  # fmt: skip
    if kind == "blinds":
        big = rng.choice([0, 2, 4, 10])
        return {"kind": "blinds", "small_blind": rng.choice([1, 2, 5]), "big_blind": big,
                "ante": rng.choice([0, 1]), "ante_kind": "uniform", "at": 1.0}  # fmt: skip
    return {"kind": kind, "at": 1.0}


def random_room_log(options: TableOptions, seed: int) -> list[Command]:
    rng = random.Random(seed)
    room = Room("t", options, host="host")
    log = []
    for _ in range(3000):
        if len(log) >= 200 or room.status == "ended":
            break
        command = table_command(room, rng)
        try:
            room.apply(command)
        except HoldemError:
            continue
        log.append(command)
    return log


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("mode", ["cash", "sng"])
def test_a_snapshot_anywhere_in_a_table_log_restores_the_same_room(seed: int, mode: str) -> None:
    options = TableOptions(name="Friday", seats=2 + seed % 5, run_it_twice=True, mode=mode,
                           starting_stack=300, straddles=True, rabbit_hunt=True,
                           bomb_pots=True, bomb_pot_ante=3, seven_deuce_bounty=2)  # fmt: skip
    log = random_room_log(options, seed)
    assert len(log) >= 4  # a sit & go dealt at a high level may end in one hand
    check_every_prefix(lambda: Room("t", options, "host"), log, table_command)


def tournament_log(seed: int, players: int, table_size: int) -> tuple[TableOptions, list[Command]]:
    options = TableOptions(name="MTT", mode="mtt", seats=table_size, max_players=players,
                           starting_stack=300, level_minutes=1)  # fmt: skip
    driver = Driver(MultiTable("m", options, host="host"), random.Random(seed))
    names = [f"P{i}" for i in range(players)]
    for name in names:
        driver.apply({"kind": "register", "name": name, "owner": f"owner-{name}"})
    driver.apply({"kind": "chat", "name": "P0", "text": "good luck", "table": 0})
    driver.apply({"kind": "status", "status": "running", "draw": draw(names, table_size)})
    while driver.multi.status == "running" and len(driver.log) < 400:
        driver.step()
    return options, driver.log


def tournament_probe(multi: MultiTable, rng: random.Random) -> Command:
    tables = list(multi.rooms) or [0]
    number = rng.choice(tables)
    command = random_command(multi.room(number), rng)
    # A start carries the runtime's seat draw: the log's own start covers it.
    starting = command["kind"] == "status" and multi.status == "waiting"
    if starting or command["kind"] not in ("deal", "act", "runout", "run_twice", "status"):
        command = {"kind": "chat", "name": "P1", "text": "hi", "at": command["at"]}
    if command["kind"] == "status":
        return {"kind": "status", "status": rng.choice(["paused", "running"]), "at": 9.0}
    command.pop("level", None)
    return {**command, "table": number, "level": 0}


@pytest.mark.parametrize(("seed", "players", "table_size"), [(1, 7, 3), (2, 10, 4), (3, 5, 2)])
def test_a_snapshot_anywhere_in_a_tournament_log_restores_the_same_tournament(
    seed: int, players: int, table_size: int
) -> None:
    options, log = tournament_log(seed, players, table_size)
    assert any(c["kind"] == "rearrange" for c in log) or players <= table_size
    check_every_prefix(lambda: MultiTable("m", options, "host"), log, tournament_probe)


def test_a_snapshot_of_another_schema_is_not_read() -> None:
    room = Room("t", TableOptions(name="x"), "host")
    data: dict[str, Any] = {**snapshot_of(room), "schema": 0}
    with pytest.raises(HoldemError, match="snapshot schema 0"):
        restored("t", room.options, "host", data)


def stored_rows(database: str, table_id: str) -> tuple[int, int | None]:
    """(commands stored, the seq of the table's snapshot) as the store holds them."""
    count, seq = execute(
        database,
        select(func.count()).where(commands.c.table_id == table_id),
        select(snapshots.c.seq).where(snapshots.c.table_id == table_id),
    )
    return int(count or 0), seq


def damage_snapshot(database: str, table_id: str) -> None:
    where = snapshots.c.table_id == table_id
    execute(database, update(snapshots).where(where).values(body="{oops"))


def test_a_killed_server_comes_back_from_its_snapshot_or_without_a_damaged_one(
    database: str,
) -> None:
    with ServerProcess(database) as server:
        http = httpx.Client(base_url=server.url, timeout=10)
        options = {"name": "Long", "bots": ["caller"] * 3, "seat_approval": False, **FAST}
        created = http.post("/api/tables", json=options).json()
        table_id, token = created["id"], created["token"]
        host = Player(server.port, table_id, token)
        host.send(type="start")
        host.until(lambda s: s["version"] >= 2 * SNAPSHOT_EVERY + 30, timeout=120)
        for damaged in (False, True):
            server.kill()
            count, seq = stored_rows(database, table_id)
            assert seq is not None and seq % SNAPSHOT_EVERY == 0 and seq < count
            if damaged:
                damage_snapshot(database, table_id)  # the whole log replays instead
            server.start()
            row = next(r for r in http.get("/api/tables").json() if r["id"] == table_id)
            assert row["status"] == "running"
            host = Player(server.port, table_id, token)
            state = host.next("state")
            assert state["version"] >= count  # its bots play on from where it stopped
            numbers = [h["number"] for h in http.get(f"/api/tables/{table_id}/hands").json()]
            assert numbers == list(range(1, len(numbers) + 1))  # none lost, none twice
            assert len(numbers) >= state["hands_played"]  # the bots may have played another
        http.close()
