"""Each cardroom test runs against a real server, on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.client import Cardroom


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'cardroom.sqlite3'}"
    url: str = request.getfixturevalue("fresh_postgres_url")
    return url


@pytest.fixture
def cardroom(database: str) -> Iterator[Cardroom]:
    room = Cardroom(database).start()
    try:
        yield room
    finally:
        room.stop()
