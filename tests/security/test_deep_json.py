"""Deeply nested JSON is refused by its depth, before it is parsed.

The attack: a 3 KB WebSocket message of a thousand nested arrays raised RecursionError
in the reader: close 1011 and a fifty-line traceback each time, no token needed. Now a
message nesting deeper than 32 levels is an `error` with a sentence, the connection stays
open, and the log stays clean; HTTP bodies are held to the same depth.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from holdem.server.json_depth import MAX_DEPTH, too_deep
from tests.server.client import Player
from tests.support.server import ServerProcess

DEEP = ["[" * 1000 + "]" * 1000, '{"a":' * 600 + "1" + "}" * 600,
        '{"v": 1, "type": "chat", "text": ' + "[" * 1500 + "]" * 1500 + "}"]  # fmt: skip


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = tmp_path_factory.mktemp("deep") / "cardroom.sqlite3"
    with ServerProcess(f"sqlite:///{database}") as running:
        yield running


@pytest.mark.parametrize("mode", ["cash", "live"])
def test_a_deeply_nested_message_is_an_error_and_the_connection_stays(
    server: ServerProcess, mode: str
) -> None:
    created = httpx.post(server.url + "/api/tables", json={"name": "Deep", "mode": mode}).json()
    player = Player(server.port, created["id"], created["token"])
    for text in DEEP:
        player.ws.send(text)
        message = player.next("error")["message"]
        assert message == f"a message nests at most {MAX_DEPTH} arrays and objects deep"
    player.send(type="ping")
    player.next("pong")  # still connected: nothing was closed
    player.close()
    assert "Traceback" not in server.log_text()
    assert "RecursionError" not in server.log_text()


def test_a_deeply_nested_body_is_refused_by_its_depth(server: ServerProcess) -> None:
    answer = httpx.post(
        server.url + "/api/tables",
        content="[" * 3000 + "]" * 3000,
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 400
    assert answer.json()["error"] == (
        f"the table options are nested too deeply to be read (at most {MAX_DEPTH} levels)"
    )


def test_depth_is_counted_outside_strings_only() -> None:
    assert not too_deep('{"name": "' + "[" * 100 + '"}')
    assert not too_deep('"\\"' + "[" * 100 + '"')
    assert too_deep("[" * 33 + "]" * 33) and not too_deep("[" * 32 + "]" * 32)
    assert not too_deep(b"[[1], [2], {}]" * 40)
