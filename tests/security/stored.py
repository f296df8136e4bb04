"""Reading and changing a cardroom's stored rows directly, as a damaged disk, a careless
edit or a curious test would: through the store's own engine, on SQLite or PostgreSQL."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql import Executable

from holdem.server.store import Store
from tests.support import run_async


def execute(database: str, *statements: Executable) -> list[Any]:
    """Run ``statements`` in one transaction; returns each one's first value (or None)."""

    async def work(connection: AsyncConnection) -> list[Any]:
        results = [await connection.execute(s) for s in statements]
        return [r.scalar() if r.returns_rows else None for r in results]

    return _in_one_transaction(database, work)


def column(database: str, statement: Executable) -> list[Any]:
    """The first value of every row ``statement`` returns."""

    async def work(connection: AsyncConnection) -> list[Any]:
        return list((await connection.execute(statement)).scalars())

    return _in_one_transaction(database, work)


def _in_one_transaction(
    database: str, work: Callable[[AsyncConnection], Awaitable[list[Any]]]
) -> list[Any]:
    async def run() -> list[Any]:
        store = Store(database)
        try:
            async with store.engine.begin() as connection:
                return await work(connection)
        finally:
            await store.engine.dispose()

    return run_async(run())  # also inside a browser test (see tests/support)
