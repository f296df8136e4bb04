"""Where tables live between restarts: SQLite (the default) or PostgreSQL.

Two tables: ``tables`` (options and the host's token hash) and ``commands`` (each table's
command log, numbered). A room is its command log (see room.py), so storing a change is
one insert, committed before the change is sent to anyone.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Column, Float, Integer, MetaData, String, Table, Text, event, select
from sqlalchemy.engine import URL, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from holdem.errors import ConfigError

metadata = MetaData()
tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("options", Text, nullable=False),
    Column("host", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
)
commands = Table(
    "commands",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("body", Text, nullable=False),
)


@dataclass(frozen=True)
class _Pending:
    row: dict[str, Any]
    done: asyncio.Future[None]


@dataclass(frozen=True)
class StoredTable:
    id: str
    options: dict[str, Any]
    host: str
    commands: list[dict[str, Any]]


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
        if self.sqlite and self.url.database:
            Path(self.url.database).parent.mkdir(parents=True, exist_ok=True)
        self.engine: AsyncEngine = create_async_engine(
            self.url, **({"pool_size": 1, "max_overflow": 0} if self.sqlite else {})
        )
        if self.sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        # SQLite has one writer: queue writes here rather than retry on "database is locked".
        self._write = asyncio.Lock()
        self._queue: list[_Pending] = []
        self._flusher: asyncio.Task[None] | None = None

    async def open(self) -> None:
        async with self.engine.begin() as connection:
            await connection.run_sync(metadata.create_all)

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

    async def append(self, table_id: str, seq: int, command: dict[str, Any]) -> None:
        """Store one command; returns once it is committed.

        Commands that arrive while a commit is under way go in the next one together
        (group commit), so a busy cardroom pays one transaction for many tables' moves.
        """
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        row = {"table_id": table_id, "seq": seq, "body": json.dumps(command)}
        self._queue.append(_Pending(row, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            async with self._write:
                try:
                    await self._insert([p.row for p in batch])
                except Exception:
                    # One bad row must not sink the others: commit them one by one.
                    for pending in batch:
                        try:
                            await self._insert([pending.row])
                        except Exception as error:
                            pending.done.set_exception(error)
                        else:
                            pending.done.set_result(None)
                    continue
            for pending in batch:
                pending.done.set_result(None)

    async def _insert(self, rows: list[dict[str, Any]]) -> None:
        async with self.engine.begin() as connection:
            await connection.execute(commands.insert(), rows)

    async def load_log(self, table_id: str) -> list[dict[str, Any]]:
        async with self.engine.connect() as connection:
            result = await connection.execute(
                select(commands.c.body)
                .where(commands.c.table_id == table_id)
                .order_by(commands.c.seq)
            )
            return [json.loads(body) for (body,) in result]

    async def load(self) -> list[StoredTable]:
        async with self.engine.connect() as connection:
            rows = (await connection.execute(select(tables).order_by(tables.c.created_at))).all()
            logs: dict[str, list[dict[str, Any]]] = {row.id: [] for row in rows}
            result = await connection.execute(
                select(commands.c.table_id, commands.c.body).order_by(
                    commands.c.table_id, commands.c.seq
                )
            )
            for table_id, body in result:
                if table_id in logs:
                    logs[table_id].append(json.loads(body))
        return [StoredTable(r.id, json.loads(r.options), r.host, logs[r.id]) for r in rows]


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    # In WAL mode a commit survives the process being killed; only a power cut can lose
    # the last few, and full syncs would cost a disk flush per action.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()
