"""One damaged stored table is set aside, not fatal; a database that cannot be opened
stops ``holdem serve`` with one sentence, not a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from sqlalchemy import update
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from holdem.server.store import commands
from tests.security.stored import execute
from tests.server.client import Player
from tests.support import free_port
from tests.support.server import ServerProcess

HOLDEM = str(Path(sys.executable).with_name("holdem"))


def rewrite_command(database: str, table_id: str, seq: int, body: str) -> None:
    """Overwrite one stored command row, as a damaged disk or a careless edit would."""
    where = (commands.c.table_id == table_id, commands.c.seq == seq)
    execute(database, update(commands).where(*where).values(body=body))


def test_a_table_whose_rows_do_not_replay_is_set_aside_and_the_others_open(
    database: str,
) -> None:
    with ServerProcess(database) as server:
        http = httpx.Client(base_url=server.url, timeout=10)
        ids = []
        for name in ("Good", "Not JSON", "Refused"):
            created = http.post("/api/tables", json={"name": name, "bots": ["caller"] * 2})
            ids.append(created.json()["id"])
        good, garbled, refused = ids
        server.stop()
        rewrite_command(database, garbled, 2, '{"kind": "sit", "seat"')
        sit_twice = {"kind": "sit", "seat": 0, "name": "Bot 2", "buy_in": 100, "bot": "caller"}
        rewrite_command(database, refused, 2, json.dumps({**sit_twice, "at": 1.0}))
        server.start()

        rows = {row["id"]: row for row in http.get("/api/tables").json()}
        assert rows[good]["status"] == "waiting" and rows[good]["players"] == 2
        assert rows[garbled]["status"] == "unavailable"
        assert rows[garbled]["name"] == "Not JSON"
        assert "stored command 2 does not replay" in rows[garbled]["reason"]
        assert rows[refused]["status"] == "unavailable"
        assert "stored command 2 (sit) does not replay: seat 1 is taken" in rows[refused]["reason"]

        # The good table plays; the bad one says why it cannot, and closes.
        host = Player(server.port, good, None)
        assert host.next("state")["seats"][0]["name"]
        with connect(f"{server.ws_url}/ws/{refused}") as ws:
            message = json.loads(ws.recv(timeout=10))
            assert message["type"] == "error"
            assert message["message"].startswith(f"table {refused} is unavailable: stored")
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
        hands = http.get(f"/api/tables/{refused}/hands")
        assert hands.status_code == 404 and "unavailable" in hands.json()["error"]
        assert "Traceback" not in server.log_text()
        http.close()


def serve_once(database: str) -> subprocess.CompletedProcess[str]:
    command = [HOLDEM, "serve", "--port", str(free_port()), "--database", database]
    wide = {**os.environ, "COLUMNS": "500"}  # the console would wrap a long path anywhere
    return subprocess.run(command, capture_output=True, text=True, timeout=60, env=wide)


def assert_one_sentence(result: subprocess.CompletedProcess[str], where: str, why: str) -> None:
    said = result.stderr.strip()
    assert result.returncode in (1, 2), said
    assert "Traceback" not in result.stderr + result.stdout
    assert said == f"error: the database {where} cannot be opened: {why}", said


def test_a_corrupt_database_file_is_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "cardroom.sqlite3"
    path.write_bytes(b"this is not a database, " * 200)
    assert_one_sentence(serve_once(f"sqlite:///{path}"), str(path), "file is not a database")


def test_a_read_only_database_is_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "cardroom.sqlite3"
    with ServerProcess(f"sqlite:///{path}"):
        pass  # a cardroom's database, created and closed
    result = serve_once(f"sqlite:///file:{path}?mode=ro&uri=true")
    assert_one_sentence(result, f"file:{path}", "attempt to write a readonly database")


def test_a_missing_postgresql_server_is_one_sentence() -> None:
    port = free_port()  # nothing listens there
    result = serve_once(f"postgresql://holdem@127.0.0.1:{port}/cardroom")
    where = f"postgresql://holdem@127.0.0.1:{port}/cardroom"
    assert_one_sentence(result, where, f"[Errno 111] Connect call failed ('127.0.0.1', {port})")
