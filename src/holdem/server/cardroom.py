"""All the tables of one server: created, restored after a restart, found by id."""

from __future__ import annotations

from typing import Any

from holdem.server.auth import new_table_id, new_token, token_hash
from holdem.server.commands import bot_sits
from holdem.server.options import TableOptions
from holdem.server.room import Room
from holdem.server.runtime import TableRuntime
from holdem.server.store import Store


class Cardroom:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, TableRuntime] = {}

    async def open(self) -> None:
        """Every stored table comes back as it was, the hand in progress included."""
        await self.store.open()
        for stored in await self.store.load():
            options = TableOptions(**stored.options)
            room = Room.from_log(stored.id, options, stored.host, stored.commands)
            runtime = TableRuntime(room, self.store)
            self.tables[stored.id] = runtime
            runtime.start()

    async def close(self) -> None:
        for runtime in self.tables.values():
            await runtime.stop()
        await self.store.close()

    async def create(self, options: TableOptions) -> tuple[str, str]:
        """A new table with its bots seated; returns its id and the host's token."""
        table_id, token = new_table_id(), new_token()
        host = token_hash(token)
        data = options.model_dump()
        await self.store.create_table(table_id, data, host)
        runtime = TableRuntime(Room(table_id, options, host), self.store)
        async with runtime.lock:
            for seat, kind in enumerate(options.bots):
                await runtime.execute(bot_sits(runtime.room, seat, kind))
        self.tables[table_id] = runtime
        runtime.start()
        return table_id, token

    def summaries(self) -> list[dict[str, Any]]:
        rows = []
        for table_id, runtime in self.tables.items():
            room = runtime.room
            rows.append(
                {
                    "id": table_id,
                    "name": room.options.name,
                    "structure": room.options.structure,
                    # A sit & go's blinds are those in force now (they rise on its clock).
                    "small_blind": room.table.settings.small_blind,
                    "big_blind": room.table.settings.big_blind,
                    "seats": room.options.seats,
                    "players": sum(1 for s in room.table.seats if s is not None),
                    "status": room.status,
                    "mode": room.options.mode,
                }
            )
        return rows
