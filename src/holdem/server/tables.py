"""All the tables of one server: created, restored after a restart, found by id.

A multi-table tournament is one entry here too: its id leads to all of its tables. A
stored table that no longer replays is set aside (listed as unavailable, with the
reason) so that one damaged row never keeps the other tables closed. A table nobody
watches and nothing happens at for ``archive_after`` seconds is put away: its state goes
to the store as a snapshot and it leaves memory until someone opens it again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import time
from typing import Any

from holdem.cardroom.live_session import LiveSession
from holdem.cardroom.multi_table import MultiTable
from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import RestoreError, Room
from holdem.server.cluster import Cluster
from holdem.server.cluster.relay import RemoteTable
from holdem.server.commands import bot_sits
from holdem.server.live_clock import ClockLinks
from holdem.server.live_runtime import LiveRuntime
from holdem.server.restore import State, restored_state, runtime_for, stored_options
from holdem.server.runtime import TableRuntime
from holdem.server.shelved import ArchivedTable, UnavailableTable
from holdem.server.snapshot import snapshot_of
from holdem.server.store import Store, StoredTable
from holdem.server.tournament_runtime import TournamentRuntime, bot_registers
from holdem.webkit.auth import new_table_id, new_token, token_hash

AnyRuntime = (
    TableRuntime | TournamentRuntime | UnavailableTable | ArchivedTable | LiveRuntime | RemoteTable
)
Live = TableRuntime | TournamentRuntime
# Seconds without a command or a client before a table is put away.
ARCHIVE_AFTER_SECONDS = float(os.environ.get("HOLDEM_ARCHIVE_AFTER_SECONDS", 600))


class Cardroom:
    def __init__(
        self,
        store: Store,
        archive_after: float = ARCHIVE_AFTER_SECONDS,
        clocks: ClockLinks | None = None,
    ) -> None:
        self.store = store
        self.clocks = clocks or ClockLinks()  # where a live table may read its clock
        self.tables: dict[str, AnyRuntime] = {}
        self.archive_after = archive_after
        self._last_seen: dict[str, tuple[int, float]] = {}  # id -> (version, since when)
        self._archivist: asyncio.Task[None] | None = None
        # On PostgreSQL, several processes may share the cardroom: each runs the tables it
        # holds the lease of and relays its clients of the others (server/cluster/).
        self.cluster = None if store.sqlite else Cluster(store)

    async def open(self) -> None:
        """Every stored table comes back as it was, the hand in progress included; a table
        put away stays in the store until it is opened."""
        await self.store.open()
        if self.cluster is not None:
            await self.cluster.open(self.tables, self._restored)  # its share of them
        else:
            for stored in await self.store.load():
                runtime = await self._restored(stored)
                self.tables[stored.id] = runtime
                runtime.start()
        self._archivist = asyncio.create_task(self._put_away_idle_tables(), name="archivist")

    async def _restored(self, stored: StoredTable) -> AnyRuntime:
        if stored.archived is not None:
            row, known = _archived_of(stored)
            return ArchivedTable(row, known, self._bring_back)
        try:
            live = await LiveRuntime.restored(stored, self.store, self.clocks)
            if live is not None:
                return live
            return runtime_for(await restored_state(self.store, stored), self.store)
        except RestoreError as error:
            name = _name_of(stored)
            print(f"table {stored.id} is unavailable: {error}", file=sys.stderr)
            return UnavailableTable(stored.id, name, str(error))

    async def close(self) -> None:
        if self.cluster is not None:
            await self.cluster.stop()
        if self._archivist is not None:
            self._archivist.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._archivist
        for runtime in self.tables.values():
            await runtime.stop()
        if self.cluster is not None:
            await self.cluster.close()
        await self.store.close()

    async def create(self, options: TableOptions, token: str | None = None) -> tuple[str, str]:
        """A new table (or tournament) with its bots, hosted by ``token`` (the server's own
        signed token; a fresh random one if None); returns its id and the host's token."""
        table_id, token = new_table_id(), token or new_token()
        host = token_hash(token)
        if self.cluster is not None:
            await self.cluster.lease_new(table_id)
        await self.store.create_table(table_id, options.model_dump(), host)
        runtime: AnyRuntime
        if options.live:
            runtime = LiveRuntime(LiveSession(table_id, options, host), self.store, self.clocks)
        elif options.multi_table:
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
        if self.cluster is not None:
            await self.cluster.created(table_id)
        return table_id, token

    async def find(self, table_id: str) -> AnyRuntime | None:
        """The table ``table_id``; on PostgreSQL also one that another process created a
        moment ago (before this one's next look at the leases): a link opened behind a
        load balancer may come to any process."""
        runtime = self.tables.get(table_id)
        if runtime is None and self.cluster is not None:
            await self.cluster.find(table_id)
            runtime = self.tables.get(table_id)
        return runtime

    def summaries(self) -> list[dict[str, Any]]:
        return [runtime.summary() for runtime in self.tables.values()]

    # -- tables put away while idle ----------------------------------------------------------

    async def _put_away_idle_tables(self) -> None:
        while True:
            await asyncio.sleep(max(0.1, min(30.0, self.archive_after / 4)))
            for table_id, runtime in list(self.tables.items()):
                if isinstance(runtime, Live) and self._idle(table_id, runtime):
                    await self.archive(table_id)

    def _idle(self, table_id: str, runtime: Live) -> bool:
        """Whether nobody has watched the table, nor has anything happened at it, for
        ``archive_after`` seconds (a bot-only table that keeps dealing is never idle)."""
        now, version = time.time(), _state_of(runtime).version
        seen = self._last_seen.get(table_id)
        if _watched(runtime) or seen is None or seen[0] != version:
            self._last_seen[table_id] = (version, now)
            return False
        return now - seen[1] >= self.archive_after

    async def archive(self, table_id: str) -> None:
        """Put a table away: its state to the store, its runtime stopped and dropped."""
        runtime = self.tables[table_id]
        assert isinstance(runtime, Live)
        async with runtime.lock:
            if _watched(runtime):
                return  # someone came in meanwhile
            state = _state_of(runtime)
            row, known = runtime.summary(), _known_in(state)
            archived = {"row": row, "known": sorted(known)}
            await self.store.archive(table_id, archived, state.version, snapshot_of(state))
            await runtime.stop()
            self.tables[table_id] = ArchivedTable(row, known, self._bring_back)
            self._last_seen.pop(table_id, None)

    async def _bring_back(self, table_id: str) -> AnyRuntime:
        """An archived table in memory again, from its snapshot (nothing to replay)."""
        (stored,) = await self.store.load(table_id)
        runtime = await self._restored(replace_archived(stored))
        if isinstance(runtime, Live):
            await self.store.archive(table_id, None)
            runtime.start()
        self.tables[table_id] = runtime
        return runtime


def replace_archived(stored: StoredTable) -> StoredTable:
    return StoredTable(stored.id, stored.options, stored.host, None, stored.snapshot,
                       stored.after, stored.log)  # fmt: skip


def _state_of(runtime: Live) -> State:
    return runtime.multi if isinstance(runtime, TournamentRuntime) else runtime.room


def _watched(runtime: Live) -> bool:
    return bool(runtime.watching if isinstance(runtime, TournamentRuntime) else runtime.clients)


def _known_in(state: State) -> set[str]:
    """Every identity the table knows: its host, players, applicants or entrants."""
    if isinstance(state, MultiTable):
        return {state.host} | {e.owner for e in state.entrants.values() if e.owner}
    return {state.host, *state.owners.values()} | {r.owner for r in state.requests.values()}


def _archived_of(stored: StoredTable) -> tuple[dict[str, Any], set[str]]:
    """An archived table's lobby row, as it was when it was put away, and who it knows."""
    try:
        archived = json.loads(stored.archived or "")
        return dict(archived["row"]), set(archived["known"])
    except (ValueError, KeyError, TypeError):
        return {"id": stored.id, "name": _name_of(stored)}, {stored.host}


def _name_of(stored: StoredTable) -> str:
    try:
        return stored_options(stored).name
    except RestoreError:
        return stored.id
