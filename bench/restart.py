"""Restart time against the length of a table's log: the whole log replayed (as every
restart did before snapshots) against the latest snapshot and the commands after it.

    python bench/restart.py [--commands 1000,10000,100000]

For each length, one heads-up cash table's log is written to a fresh SQLite file (its
hands called to the river and checked down, each hand's row and every SNAPSHOT_EVERY-th
snapshot stored as the server stores them), then the cardroom is opened twice: once with
the snapshots deleted (the whole log replays) and once with them. Prints the seconds and
the ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import secrets
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import delete

from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import Command, Room
from holdem.server.snapshot import extras_for
from holdem.server.store import Store, snapshots
from holdem.server.tables import Cardroom

SALTS = [secrets.token_bytes(16).hex() for _ in range(52)]


def next_command(room: Room, rng: random.Random) -> Command:
    seat = room.table.seat_to_act
    if seat is None:
        busted = [s for s, p in enumerate(room.table.seats) if p is not None and p.stack == 0]
        if busted:  # buys back in, as the server's bots do
            return {"kind": "top_up", "seat": busted[0], "amount": 200}
        return {"kind": "deal", "order": rng.sample(range(52), 52), "salts": SALTS}
    legal = room.table.current.hand.legal_actions()  # type: ignore[union-attr]
    return {"kind": "act", "seat": seat, "action": "check" if legal.check else "call"}


async def write_table(store: Store, count: int) -> None:
    options = TableOptions(name="Long", seats=2, seat_approval=False)
    await store.create_table("long", options.model_dump(), "host")
    room = Room("long", options, "host")
    rng = random.Random(count)
    opening: list[Command] = [
        {"kind": "sit", "seat": 0, "name": "Ana", "buy_in": 200, "owner": "a"},
        {"kind": "sit", "seat": 1, "name": "Ben", "buy_in": 200, "owner": "b"},
        {"kind": "status", "status": "running"},
    ]
    pending = []
    while room.version < count:
        command = opening.pop(0) if opening else next_command(room, rng)
        command["at"] = time.time()
        room.apply(command)
        pending.append(store.append("long", room.version, command, extras_for(room)))
        if len(pending) >= 2000:  # group commit: thousands of rows per transaction
            await asyncio.gather(*pending)
            pending = []
    await asyncio.gather(*pending)


async def open_seconds(url: str) -> float:
    cardroom = Cardroom(Store(url))
    started = time.perf_counter()
    await cardroom.open()
    seconds = time.perf_counter() - started
    await cardroom.close()
    return seconds


async def measure(count: int, folder: Path) -> tuple[float, float]:
    url = f"sqlite:///{folder / f'restart-{count}.sqlite3'}"
    store = Store(url)
    await store.open()
    await write_table(store, count)
    async with store.engine.begin() as connection:
        await connection.execute(delete(snapshots))
    await store.close()
    whole = await open_seconds(url)  # writes a snapshot once it has replayed everything
    snapshot = await open_seconds(url)
    return whole, snapshot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", default="1000,10000,100000")
    counts = [int(n) for n in parser.parse_args().commands.split(",")]
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, Python {sys.version.split()[0]}")
    print("| commands | whole log replayed | from the snapshot | ratio |")
    print("|--:|--:|--:|--:|")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for count in counts:
            whole, snapshot = asyncio.run(measure(count, Path(folder)))
            rows.append((count, whole, snapshot))
            print(f"| {count:,} | {whole:.3f} s | {snapshot:.3f} s | {whole / snapshot:.0f}x |")
    first = rows[0]
    for count, whole, snapshot in rows[1:]:
        print(f"{count:,} vs {first[0]:,} commands: whole log {whole / first[1]:.1f}x the time, "
              f"from the snapshot {snapshot / first[2]:.1f}x")  # fmt: skip


if __name__ == "__main__":
    main()
