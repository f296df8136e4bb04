"""Where tables live between restarts: SQLite (the default) or PostgreSQL.

``tables`` (options, the host's token hash, and the lobby row of a table put away while
idle) and ``commands`` (each table's command log, numbered). A room is its command log
(see room.py), so storing a change is one insert, committed before the change is sent to
anyone. Two more tables save reading the whole log back: ``hands`` (one record per
finished hand, for downloads) and ``snapshots`` (each table's state at one point of its
log, so a restart replays only the commands after it). Both are written in the same
transaction as the command that made them, so they never disagree with the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    delete,
    event,
    false,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.sql.dml import Insert

from holdem.errors import ConfigError, HoldemError

metadata = MetaData()
tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("options", Text, nullable=False),
    Column("host", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    # NULL while the table is in play; put away while idle, its lobby row (JSON).
    Column("archived", Text, nullable=True),
)
commands = Table(
    "commands",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("body", Text, nullable=False),
)
hands = Table(
    "hands",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("room", Integer, primary_key=True),  # a tournament's table number; 0 otherwise
    Column("number", Integer, primary_key=True),
    Column("commitment", String(64), nullable=False),
    Column("body", Text, nullable=False),
)
snapshots = Table(
    "snapshots",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, nullable=False),  # the last command the state includes
    Column("body", Text, nullable=False),
)
# The cardroom's own values that outlive a restart (the secret its tokens are signed with).
settings = Table(
    "settings",
    metadata,
    Column("name", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)


# The PostgreSQL advisory lock held while a process creates or upgrades the schema.
SCHEMA_LOCK = 72_616_018


class StoreUnavailable(HoldemError):
    """The database cannot be opened or written: the cardroom cannot start on it."""


@dataclass(frozen=True)
class HandRow:
    """A finished hand, stored with the command that ended it."""

    room: int
    number: int
    commitment: str
    record: dict[str, Any]


@dataclass(frozen=True)
class Extras:
    """What is committed together with a command: finished hands and a snapshot."""

    hands: tuple[HandRow, ...] = ()
    snapshot: dict[str, Any] | None = None


@dataclass(frozen=True)
class _Pending:
    row: dict[str, Any]
    extras: Extras
    done: asyncio.Future[None]


@dataclass(frozen=True)
class StoredTable:
    """A table as stored, undecoded: a damaged row must not stop the others loading.

    ``snapshot`` is the state after command ``after``; ``log`` the commands after it."""

    id: str
    options: str
    host: str
    archived: str | None
    snapshot: str | None
    after: int
    log: list[str]


def database_url(text: str) -> URL:
    """A user's database URL with the asyncio driver this server uses."""
    try:
        url = make_url(text)
    except Exception:
        raise ConfigError(
            f"--database {text!r} is not a database URL: use sqlite:///PATH or "
            "postgresql://USER@HOST/DB"
        ) from None
    backend = url.get_backend_name()
    if backend == "sqlite":
        return url.set(drivername="sqlite+aiosqlite")
    if backend in ("postgresql", "postgres"):
        return url.set(drivername="postgresql+asyncpg")
    raise ConfigError(f"--database: {backend!r} is not supported: use sqlite or postgresql")


class Store:
    def __init__(self, url: str) -> None:
        self.url = database_url(url)
        self.sqlite = self.url.get_backend_name() == "sqlite"
        path = self.url.database or ""
        if self.sqlite and path and not path.startswith("file:"):
            with contextlib.suppress(OSError):  # open() says why the file cannot be used
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        self.engine: AsyncEngine = create_async_engine(
            self.url, **({"pool_size": 1, "max_overflow": 0} if self.sqlite else {})
        )
        if self.sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        # SQLite has one writer: queue writes here rather than retry on "database is locked".
        self._write = asyncio.Lock()
        self._queue: list[_Pending] = []
        self._flusher: asyncio.Task[None] | None = None

    @property
    def where(self) -> str:
        """The database in words: its file, or its URL without the password."""
        if self.sqlite:
            return str(self.url.database or "in memory")
        return self.url.set(drivername=self.url.get_backend_name()).render_as_string(
            hide_password=True
        )

    async def open(self) -> None:
        """Create or upgrade the schema, and check that the database takes writes."""
        try:
            async with self.engine.begin() as connection:
                if not self.sqlite:  # processes starting at once create the schema once
                    await connection.execute(text(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})"))
                await connection.run_sync(_create_or_upgrade)
                # A read-only file or database opens and reads: only a write tells.
                await connection.execute(update(tables).where(false()).values(host=tables.c.host))
        except Exception as error:
            await self.engine.dispose()
            raise StoreUnavailable(
                f"the database {self.where} cannot be opened: {_reason(error)}"
            ) from None

    async def close(self) -> None:
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)  # commit what is queued
        await self.engine.dispose()

    async def create_table(self, table_id: str, options: dict[str, Any], host: str) -> None:
        async with self._write, self.engine.begin() as connection:
            await connection.execute(
                tables.insert().values(
                    id=table_id, options=json.dumps(options), host=host, created_at=time.time()
                )
            )

    async def append(
        self, table_id: str, seq: int, command: dict[str, Any], extras: Extras | None = None
    ) -> None:
        """Store one command, and ``extras`` with it; returns once it is committed.

        Commands that arrive while a commit is under way go in the next one together
        (group commit), so a busy cardroom pays one transaction for many tables' moves.
        """
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        row = {"table_id": table_id, "seq": seq, "body": json.dumps(command)}
        self._queue.append(_Pending(row, extras or Extras(), done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            async with self._write:
                try:
                    await self._insert(batch)
                except Exception:
                    # One bad row must not sink the others: commit them one by one.
                    for pending in batch:
                        try:
                            await self._insert([pending])
                        except Exception as error:
                            pending.done.set_exception(error)
                        else:
                            pending.done.set_result(None)
                    continue
            for pending in batch:
                pending.done.set_result(None)

    async def _insert(self, batch: list[_Pending]) -> None:
        async with self.engine.begin() as connection:
            await connection.execute(commands.insert(), [p.row for p in batch])
            hand_rows = [_hand_row(p.row["table_id"], h) for p in batch for h in p.extras.hands]
            if hand_rows:
                await connection.execute(self._new_hands(), hand_rows)
            latest = {
                p.row["table_id"]: (p.row["seq"], p.extras.snapshot)
                for p in batch
                if p.extras.snapshot is not None
            }
            for table_id, (seq, snapshot) in latest.items():
                await _put_snapshot(connection, table_id, seq, snapshot)

    def _new_hands(self) -> Insert:
        """An insert of hand records that writes a hand already stored again: a room
        rebuilt from its log (after a refused write) offers its last hand again, the same,
        and a player who shows cards after the hand adds them to its record
        (after_hand.py)."""
        insert = sqlite.insert(hands) if self.sqlite else postgresql.insert(hands)
        return insert.on_conflict_do_update(
            index_elements=[hands.c.table_id, hands.c.room, hands.c.number],
            set_={"body": insert.excluded.body},
        )

    async def archive(
        self,
        table_id: str,
        summary: dict[str, Any] | None,
        seq: int = 0,
        snapshot: dict[str, Any] | None = None,
    ) -> None:
        """Put a table away (``summary``: its lobby row) with its state after command
        ``seq``, so that loading it replays nothing; or mark it back (None)."""
        async with self._write, self.engine.begin() as connection:
            if snapshot is not None:
                await _put_snapshot(connection, table_id, seq, snapshot)
            await connection.execute(
                update(tables)
                .where(tables.c.id == table_id)
                .values(archived=None if summary is None else json.dumps(summary))
            )

    async def load_log(self, table_id: str) -> list[dict[str, Any]]:
        return [json.loads(body) for body in await self.raw_log(table_id)]

    async def raw_log(self, table_id: str) -> list[str]:
        """A table's whole command log, each command as stored."""
        async with self.engine.connect() as connection:
            result = await connection.execute(
                select(commands.c.body)
                .where(commands.c.table_id == table_id)
                .order_by(commands.c.seq)
            )
            return [body for (body,) in result]

    async def put_snapshot(self, table_id: str, seq: int, snapshot: dict[str, Any]) -> None:
        async with self._write, self.engine.begin() as connection:
            await _put_snapshot(connection, table_id, seq, snapshot)

    async def add_missing_hands(self, table_id: str, rows: list[HandRow]) -> None:
        """Store the records of hands finished before hands were stored (older databases)."""
        async with self._write, self.engine.begin() as connection:
            result = await connection.execute(
                select(hands.c.room, hands.c.number).where(hands.c.table_id == table_id)
            )
            present = {(room, number) for room, number in result}
            missing = [row for row in rows if (row.room, row.number) not in present]
            if missing:
                await connection.execute(hands.insert(), [_hand_row(table_id, h) for h in missing])

    async def load(self, table_id: str | None = None) -> list[StoredTable]:
        """Every table in play (or the one asked for, archived or not), each with its
        latest snapshot and the commands after it; archived ones without either."""
        chosen = tables.c.archived.is_(None) if table_id is None else tables.c.id == table_id
        async with self.engine.connect() as connection:
            query = select(tables, snapshots.c.seq, snapshots.c.body.label("snapshot"))
            query = query.outerjoin(snapshots, snapshots.c.table_id == tables.c.id)
            live = (
                await connection.execute(query.where(chosen).order_by(tables.c.created_at))
            ).all()
            after = {row.id: row.seq or 0 for row in live}
            logs: dict[str, list[str]] = {}
            for row in live:  # each by its key: the commands before the snapshot are not read
                result = await connection.execute(
                    select(commands.c.body)
                    .where(commands.c.table_id == row.id, commands.c.seq > after[row.id])
                    .order_by(commands.c.seq)
                )
                logs[row.id] = [body for (body,) in result]
            stored = [
                StoredTable(
                    r.id, r.options, r.host, r.archived, r.snapshot, after[r.id], logs[r.id]
                )
                for r in live
            ]
            if table_id is None:
                shelved = select(tables).where(tables.c.archived.is_not(None))
                for r in (await connection.execute(shelved.order_by(tables.c.created_at))).all():
                    stored.append(StoredTable(r.id, r.options, r.host, r.archived, None, 0, []))
        return stored

    async def hand(self, table_id: str, room: int, number: int) -> dict[str, Any] | None:
        """The record of finished hand ``number`` of table ``room``, if there is one."""
        async with self.engine.connect() as connection:
            body = await connection.scalar(
                select(hands.c.body).where(
                    hands.c.table_id == table_id, hands.c.room == room, hands.c.number == number
                )
            )
        return json.loads(body) if body is not None else None

    async def hand_list(
        self, table_id: str, room: int, before: int | None, limit: int
    ) -> list[tuple[int, str]]:
        """(number, commitment) of the last ``limit`` finished hands before ``before``,
        oldest first."""
        query = select(hands.c.number, hands.c.commitment).where(
            hands.c.table_id == table_id, hands.c.room == room
        )
        if before is not None:
            query = query.where(hands.c.number < before)
        async with self.engine.connect() as connection:
            rows = await connection.execute(query.order_by(hands.c.number.desc()).limit(limit))
            return [(number, commitment) for number, commitment in reversed(rows.all())]

    async def setting(self, name: str, first: Callable[[], str]) -> str:
        """The cardroom's stored value of ``name``; the first time, ``first()`` is stored."""
        async with self._write, self.engine.begin() as connection:
            found = await connection.scalar(select(settings.c.value).where(settings.c.name == name))
            if found is not None:
                return str(found)
            value = first()
            await connection.execute(settings.insert().values(name=name, value=value))
            return value


def _hand_row(table_id: str, hand: HandRow) -> dict[str, Any]:
    return {"table_id": table_id, "room": hand.room, "number": hand.number,
            "commitment": hand.commitment, "body": json.dumps(hand.record)}  # fmt: skip


async def _put_snapshot(
    connection: AsyncConnection, table_id: str, seq: int, snapshot: dict[str, Any]
) -> None:
    """Each table keeps its latest snapshot only: older ones are never read again."""
    await connection.execute(delete(snapshots).where(snapshots.c.table_id == table_id))
    await connection.execute(
        snapshots.insert().values(table_id=table_id, seq=seq, body=json.dumps(snapshot))
    )


def _create_or_upgrade(connection: Connection) -> None:
    metadata.create_all(connection)
    columns = {column["name"] for column in inspect(connection).get_columns("tables")}
    if "archived" not in columns:  # a database from before tables were put away
        connection.execute(text("ALTER TABLE tables ADD COLUMN archived TEXT"))


def _reason(error: BaseException) -> str:
    """The driver's own words for a failure, on one line."""
    cause = error.orig if isinstance(error, DBAPIError) and error.orig is not None else error
    words = str(cause).strip().splitlines()
    return words[0].rstrip(".") if words else type(cause).__name__


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    # In WAL mode a commit survives the process being killed; only a power cut can lose
    # the last few, and full syncs would cost a disk flush per action.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()
