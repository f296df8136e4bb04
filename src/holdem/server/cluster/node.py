"""One process of a cardroom of several: the tables it holds, and the others relayed.

At start the process claims its share of the free tables (all of them when it is the
only process) and loads them from the store, as a restart does; every other table is a
``RemoteTable``. Then, every ``SURVEY_SECONDS``, it reads the leases: a table whose
holder died (its connection left ``pg_stat_activity``, or its lease ran out) is claimed
and loaded, the hand in progress resuming from its log card for card; a table that
moved has its clients here reconnect to find the new holder; lobby rows are refreshed.
Every ``RENEW_SECONDS`` it renews its own leases and publishes its tables' lobby rows,
and lets go of any table whose lease another process took meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import time
import zlib
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

from holdem.server.cluster.bus import CHANNEL_PREFIX, Bus, Record
from holdem.server.cluster.leases import LEASE_SECONDS, RENEW_SECONDS, Lease, Leases
from holdem.server.cluster.relay import (
    CLOSE,
    JOIN,
    LEAVE,
    MESSAGE,
    MOVED,
    MOVED_CLOSE,
    OUT,
    RelaySocket,
    RemoteClient,
    RemoteTable,
    close_body,
)
from holdem.server.runtime import Client, TableRuntime
from holdem.server.shelved import Joinable
from holdem.server.store import Store, StoredTable
from holdem.server.tournament_runtime import TournamentRuntime

if TYPE_CHECKING:
    from holdem.server.tables import AnyRuntime

logger = logging.getLogger(__name__)

SURVEY_SECONDS = 1.0
SWEEP_SECONDS = 30.0  # stored bus records nobody fetched
TABLE_ID_MOST = 32  # the store's column
STOP_SECONDS = 5.0  # for a table let go of to stop its clock
TAKING_AT_ONCE = 8  # tables loaded together: their reads from the store overlap


def asyncpg_dsn(store: Store) -> str:
    return store.url.set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    def __init__(self, store: Store) -> None:
        self.store = store
        # Unique, and telling an operator (or a test) which process it is: its pid.
        self.name = f"{CHANNEL_PREFIX}{os.getpid()}_{secrets.token_hex(4)}"
        dsn = asyncpg_dsn(store)
        self.bus = Bus(dsn, self.name, self._heard)
        self.leases = Leases(dsn, self.name)
        self.tables: dict[str, AnyRuntime] = {}  # the cardroom's, given to open()
        self._restore: Callable[[StoredTable], Awaitable[AnyRuntime]] | None = None
        self.held: set[str] = set()  # the tables this process runs
        self.local: dict[int, Client] = {}  # this process's clients of tables held elsewhere
        self.remote: dict[tuple[str, int], RemoteClient] = {}  # others' clients of ours
        self._published: dict[str, str] = {}  # the lobby rows last published
        self._free_before: set[str] = set()  # free at the last survey, still unclaimed
        self._loop: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._leases_lock = asyncio.Lock()  # one query at a time on the leases' connection

    async def open(
        self,
        tables: dict[str, AnyRuntime],
        restore: Callable[[StoredTable], Awaitable[AnyRuntime]],
    ) -> None:
        self.tables, self._restore = tables, restore
        await self.leases.open()
        await self.bus.open()  # from here on, the others see this process alive
        await self._survey()
        await self._renew()
        self._loop = asyncio.create_task(self._keep_up(), name="cluster")

    async def stop(self) -> None:
        """No more claims nor renewals (the cardroom is closing)."""
        if self._loop is not None:
            self._loop.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop

    async def close(self) -> None:
        """After the tables stopped: their leases free for the others at once."""
        for client in list(self.remote.values()):
            client.inbox.put_nowait(None)
        with contextlib.suppress(Exception):
            async with self._leases_lock:
                await self.leases.release()
        await self.bus.close()
        await self.leases.close()

    # -- tables created here ---------------------------------------------------------------

    async def lease_new(self, table_id: str) -> None:
        async with self._leases_lock:
            await self.leases.take_new(table_id)
        self.held.add(table_id)

    async def created(self, table_id: str) -> None:
        """Publish a new table's lobby row now: the other processes list it at once."""
        await self._publish([table_id])

    async def find(self, table_id: str) -> None:
        """Follow ``table_id`` now if its lease is published (one query; none for what
        cannot be a table id)."""
        if not (0 < len(table_id) <= TABLE_ID_MOST and table_id.isascii() and table_id.isalnum()):
            return
        async with self._leases_lock:
            lease = await self.leases.one(table_id)
            alive = await self.leases.alive() if lease is not None else set()
        if lease is not None and table_id not in self.held:
            await self._follow(lease, lease.owner if lease.owner in alive else None)

    # -- the clock -------------------------------------------------------------------------

    async def _keep_up(self) -> None:
        renewed = swept = time.monotonic()  # the last renewal that went through
        while True:
            await asyncio.sleep(SURVEY_SECONDS)
            now = time.monotonic()
            try:
                await self.leases.reconnect_if_lost()
                await self.bus.reconnect_if_lost()
                if now - renewed >= RENEW_SECONDS:
                    await self._renew()
                    renewed = now
                await self._survey()
                if now - swept >= SWEEP_SECONDS:
                    swept = now
                    await self.bus.sweep()
            except Exception:
                # The database may be away a moment. Once the leases have surely run out,
                # another process may run these tables: stop them here.
                logger.exception("cluster: the leases could not be read or renewed")
                if now - renewed > LEASE_SECONDS - SURVEY_SECONDS:
                    for table_id in sorted(self.held):
                        await self._let_go(table_id)

    async def _renew(self) -> None:
        async with self._leases_lock:
            still = await self.leases.renew()
        for table_id in sorted(self.held - still):
            await self._let_go(table_id)
        await self._publish(sorted(self.held))

    async def _publish(self, table_ids: list[str]) -> None:
        rows = []
        for table_id in table_ids:
            runtime = self.tables.get(table_id)
            if runtime is None or isinstance(runtime, RemoteTable):
                continue
            row = json.dumps(runtime.summary(), separators=(",", ":"))
            if self._published.get(table_id) != row:
                rows.append((table_id, row))
        async with self._leases_lock:
            await self.leases.publish(rows)
        self._published.update(rows)

    async def _survey(self) -> None:
        async with self._leases_lock:
            alive = await self.leases.alive()
            leases = await self.leases.survey()
        free = [  # no process alive runs them (nor this one, whatever its lease says)
            lease.table_id
            for lease in leases
            if lease.table_id not in self.held
            and not (lease.running and lease.owner in alive and lease.owner != self.name)
        ]
        mine = self._share(free, alive)
        if mine:
            async with self._leases_lock:
                claimed = await self.leases.claim(mine, alive)
            # Most of the tables at once (a process starting alone): one read of the store,
            # as a restart does, which skips the snapshots of tables put away.
            most = len(claimed) > len(leases) // 2 and len(claimed) > 1
            stored = {s.id: s for s in await self.store.load()} if most else {}
            loading = asyncio.Semaphore(TAKING_AT_ONCE)

            async def take(table_id: str) -> None:
                async with loading:
                    await self._take_over(table_id, stored.get(table_id))

            await asyncio.gather(*(take(table_id) for table_id in claimed))
        self._free_before = set(free) - self.held
        for lease in leases:
            if lease.table_id not in self.held:
                await self._follow(lease, lease.owner if lease.owner in alive else None)
        for (process, _key), client in list(self.remote.items()):
            if process not in alive:  # its process died: its client left with it
                client.inbox.put_nowait(None)

    def _share(self, free: list[str], alive: set[str]) -> list[str]:
        """The free tables this process claims now: those that hash to it among the
        processes alive, and any left unclaimed since the last survey."""
        processes = sorted(alive | {self.name})
        index, count = processes.index(self.name), len(processes)
        return [
            table_id
            for table_id in free
            if table_id in self._free_before or zlib.crc32(table_id.encode()) % count == index
        ]

    async def _follow(self, lease: Lease, holder: str | None) -> None:
        """A table held elsewhere (or by nobody, for now) as this process shows it."""
        row = _summary(lease)
        if row is None:
            return  # its creator has not published it yet
        if not lease.running:
            holder = None
        entry = self.tables.get(lease.table_id)
        if entry is None:
            self.tables[lease.table_id] = RemoteTable(
                lease.table_id, row, holder, self.bus, self.local, self._read_only
            )
        elif isinstance(entry, RemoteTable):
            entry.row = row
            if entry.holder != holder:
                entry.holder = holder
                await entry.disconnect_all(MOVED)

    async def _take_over(self, table_id: str, stored: StoredTable | None = None) -> None:
        """A table whose holder died, loaded from the store and running here."""
        assert self._restore is not None
        if stored is None:
            found = await self.store.load(table_id)
            if not found:
                return
            stored = found[0]
        runtime = await self._restore(stored)
        before = self.tables.get(table_id)
        self.tables[table_id] = runtime
        self.held.add(table_id)
        runtime.start()
        logger.warning("cluster: %s now runs table %s", self.name, table_id)
        if isinstance(before, RemoteTable):
            await before.disconnect_all(MOVED)

    async def _let_go(self, table_id: str) -> None:
        """Another process took this table's lease (this one stalled past it): stop it,
        and let its clients reconnect to the new holder."""
        self.held.discard(table_id)
        self._published.pop(table_id, None)
        runtime = self.tables.get(table_id)
        if runtime is None or isinstance(runtime, RemoteTable):
            return
        logger.warning("cluster: %s lost the lease of table %s", self.name, table_id)
        # First the table is shown as held elsewhere: a client that reconnects while it
        # stops here must be relayed to the new holder, not welcomed by this stale copy.
        self.tables[table_id] = RemoteTable(
            table_id, runtime.summary(), None, self.bus, self.local, self._read_only
        )
        for client in _clients_of(runtime):  # then: nothing below may keep them here
            self._spawn(client.websocket.close(code=MOVED_CLOSE, reason=MOVED))
        with contextlib.suppress(TimeoutError):  # a job stuck on the store is left behind
            await asyncio.wait_for(runtime.stop(), STOP_SECONDS)
        for key, client in list(self.remote.items()):
            if client.table_id == table_id:
                client.inbox.put_nowait(None)
                self.remote.pop(key, None)

    async def _read_only(self, table_id: str) -> Joinable:
        """A table held elsewhere, as the store has it now (for downloads; not started)."""
        assert self._restore is not None
        (stored,) = await self.store.load(table_id)
        return await self._restore(stored)

    # -- the bus ---------------------------------------------------------------------------

    def _heard(self, record: Record) -> None:
        if record.kind == OUT:
            client = self.local.get(record.key)
            if client is not None:
                client.send_text(record.body)
        elif record.kind == CLOSE:
            client = self.local.get(record.key)
            if client is not None:
                how = json.loads(record.body)
                self._spawn(client.websocket.close(code=how["code"], reason=how["reason"]))
        elif record.kind == MESSAGE:
            remote = self.remote.get((record.sender, record.key))
            if remote is not None:
                remote.inbox.put_nowait(record.body)
        elif record.kind == JOIN:
            self._joined(record)
        elif record.kind == LEAVE:
            remote = self.remote.pop((record.sender, record.key), None)
            if remote is not None:
                remote.inbox.put_nowait(None)

    def _joined(self, record: Record) -> None:
        table = self.tables.get(record.table) if record.table in self.held else None
        if table is None or isinstance(table, RemoteTable):
            self.bus.post(record.sender, CLOSE, record.key, "", close_body(MOVED_CLOSE, MOVED))
            return
        about = json.loads(record.body)
        owner, address = about.get("owner"), about.get("address")
        socket = RelaySocket(
            self.bus, record.sender, record.key, address if isinstance(address, str) else None
        )
        client = RemoteClient(socket, owner if isinstance(owner, str) else None, record.table)
        key = (record.sender, record.key)
        self.remote[key] = client
        client.worker = self._spawn(client.serve(table))
        client.worker.add_done_callback(lambda _: self._forget(key, client))

    def _forget(self, key: tuple[str, int], client: RemoteClient) -> None:
        if self.remote.get(key) is client:
            del self.remote[key]

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task


def _summary(lease: Lease) -> dict[str, Any] | None:
    if lease.summary is None:
        return None
    try:
        row = json.loads(lease.summary)
    except ValueError:
        return None
    return row if isinstance(row, dict) else None


def _clients_of(runtime: AnyRuntime) -> list[Client]:
    if isinstance(runtime, TableRuntime):
        return list(runtime.clients)
    if isinstance(runtime, TournamentRuntime):
        return list(runtime.watching)
    return []
