"""Messages between the cardroom's processes, over PostgreSQL's LISTEN/NOTIFY.

Each process listens on a channel of its own (its name, ``holdem_...``). A message is a
*record*: a kind, the sending process, a client key, a table id and a body (a client's
message on its way to the table's holder, or a state on its way back). Records queued for
the same process go out together, packed into as few notifications as fit under
PostgreSQL's payload limit (8,000 bytes), all in one round trip; a record too large for a
notification is stored in ``cluster_relay`` and the notification carries its row id.

Order is kept: one connection sends, in one transaction per batch, and PostgreSQL
delivers a transaction's notifications in order and transactions in commit order; the
receiving side handles records one at a time, fetching stored ones in their turn.

The listening connection's ``application_name`` is the process's name: while it is in
``pg_stat_activity`` the process is alive (a process killed outright loses its connection
at once), which lets the others take over its tables without waiting for the leases to
run out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import asyncpg

from holdem.server.store import SCHEMA_LOCK

logger = logging.getLogger(__name__)

PAYLOAD_BYTES = 7_900  # under PostgreSQL's 8,000, with room for nothing else
CHANNEL_PREFIX = "holdem_"
RELAY_TABLE = """
CREATE TABLE IF NOT EXISTS cluster_relay (
    id BIGSERIAL PRIMARY KEY,
    body TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL DEFAULT extract(epoch FROM clock_timestamp())
)
"""
RELAY_KEEP_SECONDS = 60.0  # a stored record nobody fetched: its reader died


@dataclass(frozen=True)
class Record:
    kind: str
    sender: str
    key: int
    table: str
    body: str

    def encoded(self) -> str:
        return f"{self.kind} {self.sender} {self.key} {self.table} {len(self.body)}\n{self.body}"


def decode(payload: str) -> list[Record]:
    """The records of one notification (lengths are counted in characters)."""
    records, at = [], 0
    while at < len(payload):
        line_end = payload.index("\n", at)
        kind, sender, key, table, length = payload[at:line_end].split(" ")
        start = line_end + 1
        end = start + int(length)
        records.append(Record(kind, sender, int(key), table, payload[start:end]))
        at = end
    return records


async def create_once(connection: asyncpg.Connection, ddl: str) -> None:
    """Run ``ddl`` (CREATE ... IF NOT EXISTS) under the schema's lock: two processes
    starting at once would otherwise both try to create the same table, and one fail."""
    async with connection.transaction():
        await connection.execute(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")
        await connection.execute(ddl)


def size(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode())


class Bus:
    """One process's end of the bus: ``post`` records to another process, and
    ``on_record`` hears those sent to this one, in order."""

    def __init__(self, dsn: str, name: str, on_record: Callable[[Record], None]) -> None:
        self.dsn = dsn
        self.name = name
        self.on_record = on_record
        self._listener: asyncpg.Connection | None = None
        self._sender: asyncpg.Connection | None = None
        self._outgoing: list[tuple[str, Record]] = []
        self._flusher: asyncio.Task[None] | None = None
        self._heard: asyncio.Queue[str] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None
        self._using_sender = asyncio.Lock()  # one query at a time on a connection
        self.sent = 0  # notifications, for the benchmark
        self.stored = 0  # records too large for one, stored in cluster_relay

    async def open(self) -> None:
        self._sender = await asyncpg.connect(self.dsn)
        await create_once(self._sender, RELAY_TABLE)
        await self._listen()
        self._reader = asyncio.create_task(self._read(), name="cluster bus")

    async def _listen(self) -> None:
        self._listener = await asyncpg.connect(
            self.dsn, server_settings={"application_name": self.name}
        )
        await self._listener.add_listener(self.name, self._notified)

    async def reconnect_if_lost(self) -> None:
        """Connections the database dropped, made again (what was sent meanwhile is lost:
        the clients it was for reconnect)."""
        if self._sender is None or self._sender.is_closed():
            async with self._using_sender:
                self._sender = await asyncpg.connect(self.dsn)
        if self._listener is None or self._listener.is_closed():
            await self._listen()

    async def close(self) -> None:
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        for connection in (self._listener, self._sender):
            if connection is not None:
                with contextlib.suppress(Exception):
                    await connection.close()

    # -- sending ---------------------------------------------------------------------------

    def post(self, to: str, kind: str, key: int, table: str, body: str = "") -> None:
        """Queue a record for process ``to``; it goes out with the others queued now."""
        self._outgoing.append((to, Record(kind, self.name, key, table or "-", body)))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())

    async def _flush(self) -> None:
        while self._outgoing:
            batch, self._outgoing = self._outgoing, []
            try:
                async with self._using_sender:
                    await self._send(batch)
            except Exception:
                # The other side reconnects its clients; nothing here can be retried safely.
                logger.exception("cluster bus: %d records could not be sent", len(batch))

    async def _send(self, batch: list[tuple[str, Record]]) -> None:
        assert self._sender is not None
        by_target: dict[str, list[str]] = {}
        for to, record in batch:
            text = record.encoded()
            if size(text) > PAYLOAD_BYTES:
                row = await self._sender.fetchval(
                    "INSERT INTO cluster_relay (body) VALUES ($1) RETURNING id", text
                )
                self.stored += 1
                text = Record("@", record.sender, record.key, record.table, str(row)).encoded()
            by_target.setdefault(to, []).append(text)
        notes: list[tuple[str, str]] = []
        for to, texts in by_target.items():
            payload: list[str] = []
            used = 0
            for text in texts:
                cost = size(text)
                if payload and used + cost > PAYLOAD_BYTES:
                    notes.append((to, "".join(payload)))
                    payload, used = [], 0
                payload.append(text)
                used += cost
            notes.append((to, "".join(payload)))
        # One statement, so one round trip and one transaction: its notifications are
        # delivered in the order of the arrays.
        await self._sender.execute(
            "SELECT pg_notify(c, p) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY "
            "AS n(c, p, i) ORDER BY i",
            [to for to, _ in notes],
            [payload for _, payload in notes],
        )
        self.sent += len(notes)

    # -- receiving -------------------------------------------------------------------------

    def _notified(self, connection: Any, pid: int, channel: str, payload: str) -> None:
        self._heard.put_nowait(payload)

    async def _read(self) -> None:
        while True:
            payload = await self._heard.get()
            for record in decode(payload):
                try:
                    if record.kind == "@":  # stored: fetched (and deleted) in its turn
                        record = await self._fetch(int(record.body))
                    self.on_record(record)
                except Exception:
                    logger.exception("cluster bus: a %s record could not be handled", record.kind)

    async def _fetch(self, row: int) -> Record:
        assert self._listener is not None
        text = await self._listener.fetchval(
            "DELETE FROM cluster_relay WHERE id = $1 RETURNING body", row
        )
        (record,) = decode(text)
        return record

    async def sweep(self) -> None:
        """Drop stored records whose reader died before fetching them."""
        assert self._sender is not None
        async with self._using_sender:
            await self._sender.execute(
                "DELETE FROM cluster_relay WHERE at < extract(epoch FROM clock_timestamp()) - $1",
                RELAY_KEEP_SECONDS,
            )
