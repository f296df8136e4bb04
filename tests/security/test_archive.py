"""A table nobody watches and nothing happens at is put away: out of memory, kept in the
store with its snapshot, not replayed at a restart, listed as archived, and back as soon
as someone opens it."""

from __future__ import annotations

import json
import time

import httpx
from sqlalchemy import select, update

from holdem.server.store import commands, tables
from holdem.webkit.auth import token_hash
from tests.security.stored import execute
from tests.server.client import FAST, Json, Player
from tests.support.server import ServerProcess

IDLE = {"HOLDEM_ARCHIVE_AFTER_SECONDS": "1"}


def lobby_row(http: httpx.Client, table_id: str) -> Json:
    row: Json = next(r for r in http.get("/api/tables").json() if r["id"] == table_id)
    return row


def wait_for_status(http: httpx.Client, table_id: str, status: str, timeout: float = 20) -> Json:
    deadline = time.monotonic() + timeout
    while (row := lobby_row(http, table_id))["status"] != status:
        assert time.monotonic() < deadline, f"still {row['status']}, not {status}"
        time.sleep(0.1)
    return row


def in_the_store(database: str, table_id: str, damage_first_command: bool = False) -> str | None:
    """The table's archived column (damaging its first stored command, if asked)."""
    first = (commands.c.table_id == table_id, commands.c.seq == 1)
    damage = [update(commands).where(*first).values(body="not a command")]
    read = select(tables.c.archived).where(tables.c.id == table_id)
    archived: str | None = execute(database, *(damage if damage_first_command else []), read)[-1]
    return archived


def test_an_idle_table_is_put_away_and_comes_back_when_opened(database: str) -> None:
    with ServerProcess(database, env=IDLE) as server:
        http = httpx.Client(base_url=server.url, timeout=10)
        options = {"name": "Quiet", "bots": ["caller", "caller"], **FAST}
        created = http.post("/api/tables", json=options).json()
        table_id, token = created["id"], created["token"]
        host = Player(server.port, table_id, token)
        seats = host.next("state")["seats"]
        time.sleep(1.5)
        assert lobby_row(http, table_id)["status"] == "waiting", "archived while watched"
        host.ws.close()

        row = wait_for_status(http, table_id, "archived")
        assert row["name"] == "Quiet" and row["players"] == 2
        archived = in_the_store(database, table_id)
        assert archived is not None
        # The host's identity holds while it is away (never shown in the lobby row).
        assert json.loads(archived)["known"] == [token_hash(token)]
        assert token_hash(token) not in json.dumps(lobby_row(http, table_id))

        # Not replayed at a restart: a damaged first command would make it unavailable.
        server.stop()
        in_the_store(database, table_id, damage_first_command=True)
        server.start()
        assert lobby_row(http, table_id)["status"] == "archived"

        # The host's browser opening the page while it is put away keeps its identity.
        cookie = {f"holdem_{table_id}": token}
        page = httpx.get(f"{server.url}/t/{table_id}", cookies=cookie, timeout=10)
        assert page.status_code == 200 and "set-cookie" not in page.headers

        # Opened again (by a spectator), it comes back from its snapshot, as it was.
        spectator = Player(server.port, table_id, None)
        assert spectator.next("state")["seats"] == seats
        host = Player(server.port, table_id, token)
        assert host.welcome["you"]["host"] is True
        assert lobby_row(http, table_id)["status"] == "waiting"
        assert in_the_store(database, table_id) is None
        host.send(type="start")
        host.until(lambda s: s["hands_played"] >= 2)
        host.ws.close()
        spectator.ws.close()
        http.close()
