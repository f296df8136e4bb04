"""Who runs each table: a lease row per table in PostgreSQL.

``leases``: the table's id, the process holding it (its bus name), when the lease runs
out (PostgreSQL's clock, so the processes' own clocks never matter) and the table's
lobby row as its holder last published it. The holder renews its leases every
``RENEW_SECONDS``; a lease is free once it has run out, or at once when its holder's
listening connection is gone from ``pg_stat_activity`` (a process killed outright).

Two holders at once cannot fork a table's log: its commands are numbered, and the
store's key refuses a second command with the same number, so a process that lost its
lease while stalled fails its next write and reads the log back (runtime.py), and drops
the table at its next renewal.
"""

from __future__ import annotations

from dataclasses import dataclass

import asyncpg

from holdem.server.cluster.bus import CHANNEL_PREFIX, create_once

LEASE_SECONDS = 7.0
RENEW_SECONDS = 2.0
NOW = "extract(epoch FROM clock_timestamp())"
SCHEMA = """
CREATE TABLE IF NOT EXISTS leases (
    table_id VARCHAR(32) PRIMARY KEY,
    owner TEXT NOT NULL,
    expires DOUBLE PRECISION NOT NULL,
    summary TEXT
)
"""


@dataclass(frozen=True)
class Lease:
    table_id: str
    owner: str
    running: bool  # not run out
    summary: str | None


class Leases:
    """The lease queries of process ``me``, on a connection of their own."""

    def __init__(self, dsn: str, me: str) -> None:
        self.dsn = dsn
        self.me = me
        self._connection: asyncpg.Connection | None = None

    @property
    def db(self) -> asyncpg.Connection:
        assert self._connection is not None, "Leases.open() first"
        return self._connection

    async def open(self) -> None:
        self._connection = await asyncpg.connect(self.dsn)
        await create_once(self.db, SCHEMA)
        # Tables stored before there were leases (or by a process that crashed between
        # creating a table and leasing it) are free to claim.
        await self.db.execute(
            "INSERT INTO leases (table_id, owner, expires) SELECT id, '', 0 FROM tables "
            "ON CONFLICT (table_id) DO NOTHING"
        )

    async def close(self) -> None:
        if self._connection is not None:
            await self._connection.close()

    async def reconnect_if_lost(self) -> None:
        """A connection the database dropped (a restart of it, a network cut), made again."""
        if self._connection is None or self._connection.is_closed():
            self._connection = await asyncpg.connect(self.dsn)

    async def alive(self) -> set[str]:
        """The bus names of the cardroom processes connected to this database now."""
        rows = await self.db.fetch(
            "SELECT application_name FROM pg_stat_activity WHERE datname = current_database() "
            "AND left(application_name, $1) = $2",
            len(CHANNEL_PREFIX),
            CHANNEL_PREFIX,
        )
        return {row[0] for row in rows}

    async def survey(self) -> list[Lease]:
        rows = await self.db.fetch(
            f"SELECT table_id, owner, expires > {NOW} AS running, summary FROM leases "
            "ORDER BY table_id"
        )
        return [Lease(r["table_id"], r["owner"], r["running"], r["summary"]) for r in rows]

    async def one(self, table_id: str) -> Lease | None:
        row = await self.db.fetchrow(
            f"SELECT table_id, owner, expires > {NOW} AS running, summary FROM leases "
            "WHERE table_id = $1",
            table_id,
        )
        return None if row is None else Lease(row[0], row[1], row[2], row[3])

    async def take_new(self, table_id: str) -> None:
        """The lease of a table this process just created."""
        await self.db.execute(
            f"INSERT INTO leases (table_id, owner, expires) VALUES ($1, $2, {NOW} + $3) "
            "ON CONFLICT (table_id) DO UPDATE SET owner = $2, expires = excluded.expires",
            table_id,
            self.me,
            LEASE_SECONDS,
        )

    async def claim(self, table_ids: list[str], alive: set[str]) -> list[str]:
        """The ones of ``table_ids`` whose lease is still free, now held by this process
        (another process claiming the same ones at once gets each at most once)."""
        rows = await self.db.fetch(
            f"UPDATE leases SET owner = $1, expires = {NOW} + $2 "
            f"WHERE table_id = ANY($3::text[]) AND (expires < {NOW} OR owner = $1 "
            "OR NOT owner = ANY($4::text[])) RETURNING table_id",
            self.me,
            LEASE_SECONDS,
            table_ids,
            sorted(alive),
        )
        return [row[0] for row in rows]

    async def renew(self) -> set[str]:
        """Every lease this process holds, renewed; returns the ids still held."""
        rows = await self.db.fetch(
            f"UPDATE leases SET expires = {NOW} + $2 WHERE owner = $1 RETURNING table_id",
            self.me,
            LEASE_SECONDS,
        )
        return {row[0] for row in rows}

    async def publish(self, rows: list[tuple[str, str]]) -> None:
        """Lobby rows (table id, JSON) of tables this process holds."""
        if rows:
            await self.db.executemany(
                "UPDATE leases SET summary = $3 WHERE table_id = $1 AND owner = $2",
                [(table_id, self.me, summary) for table_id, summary in rows],
            )

    async def release(self) -> None:
        """Every lease of this process, free for the others at once (a clean stop)."""
        await self.db.execute("UPDATE leases SET expires = 0 WHERE owner = $1", self.me)
