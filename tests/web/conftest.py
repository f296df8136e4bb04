"""The server every browser test of a module talks to: ``holdem serve`` on its own SQLite
file, started once per module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.server import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = tmp_path_factory.mktemp("cardroom") / "cardroom.sqlite3"
    with ServerProcess(f"sqlite:///{database}") as running:
        yield running
