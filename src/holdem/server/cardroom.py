"""All the tables of one server: created, restored after a restart, found by id.

A multi-table tournament is one entry here too: its id leads to all of its tables. A
stored table that no longer replays is set aside (listed as unavailable, with the
reason) so that one damaged row never keeps the other tables closed.
"""

from __future__ import annotations

import sys
from typing import Any

from holdem.server.auth import new_table_id, new_token, token_hash
from holdem.server.commands import bot_sits
from holdem.server.multi_table import MultiTable
from holdem.server.options import TableOptions
from holdem.server.restore import restored_state, runtime_for, stored_options
from holdem.server.room import RestoreError, Room
from holdem.server.runtime import TableRuntime
from holdem.server.shelved import ArchivedTable, UnavailableTable
from holdem.server.store import Store, StoredTable
from holdem.server.tournament_runtime import TournamentRuntime, bot_registers

AnyRuntime = TableRuntime | TournamentRuntime | UnavailableTable | ArchivedTable


class Cardroom:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, AnyRuntime] = {}

    async def open(self) -> None:
        """Every stored table comes back as it was, the hand in progress included."""
        await self.store.open()
        for stored in await self.store.load():
            runtime = await self._restored(stored)
            self.tables[stored.id] = runtime
            runtime.start()

    async def _restored(self, stored: StoredTable) -> AnyRuntime:
        try:
            return runtime_for(await restored_state(self.store, stored), self.store)
        except RestoreError as error:
            name = _name_of(stored)
            print(f"table {stored.id} is unavailable: {error}", file=sys.stderr)
            return UnavailableTable(stored.id, name, str(error))

    async def close(self) -> None:
        for runtime in self.tables.values():
            await runtime.stop()
        await self.store.close()

    async def create(self, options: TableOptions) -> tuple[str, str]:
        """A new table (or tournament) with its bots; returns its id and the host's token."""
        table_id, token = new_table_id(), new_token()
        host = token_hash(token)
        await self.store.create_table(table_id, options.model_dump(), host)
        runtime: AnyRuntime
        if options.multi_table:
            runtime = TournamentRuntime(MultiTable(table_id, options, host), self.store)
            async with runtime.lock:
                for kind in options.bots:
                    await runtime.execute(bot_registers(runtime.multi, kind))
        else:
            runtime = TableRuntime(Room(table_id, options, host), self.store)
            async with runtime.lock:
                for seat, kind in enumerate(options.bots):
                    await runtime.execute(bot_sits(runtime.room, seat, kind))
        self.tables[table_id] = runtime
        runtime.start()
        return table_id, token

    def summaries(self) -> list[dict[str, Any]]:
        return [runtime.summary() for runtime in self.tables.values()]


def _name_of(stored: StoredTable) -> str:
    try:
        return stored_options(stored).name
    except RestoreError:
        return stored.id
