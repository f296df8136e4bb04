"""An origin is its scheme, host and port: `https://127.0.0.1:PORT` is not the origin of
a cardroom served over plain HTTP on that port.

The attack: a page served over HTTPS on the same host and port (a TLS proxy or another
program answering there) sent `Origin: https://127.0.0.1:PORT`, and the cardroom took it
as its own, since only the host and port were compared. Now the scheme is compared too,
for requests and WebSocket handshakes alike; `http://127.0.0.1:PORT` is still welcome.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.security.raw_sockets import websocket_handshake
from tests.support.server import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = tmp_path_factory.mktemp("origin") / "cardroom.sqlite3"
    with ServerProcess(f"sqlite:///{database}") as running:
        yield running


def test_an_https_origin_is_another_origin_than_the_plain_http_server(
    server: ServerProcess,
) -> None:
    own, other = f"http://127.0.0.1:{server.port}", f"https://127.0.0.1:{server.port}"
    created = httpx.post(server.url + "/api/tables", json={"name": "O"}, headers={"Origin": own})
    assert created.status_code == 201
    answer = httpx.post(server.url + "/api/tables", json={"name": "O"}, headers={"Origin": other})
    assert answer.status_code == 403 and "another site's page" in answer.json()["error"]
    table = created.json()["id"]
    sock, status, _ = websocket_handshake(server.port, f"/ws/{table}", headers=f"Origin: {own}\r\n")
    assert status == 101
    sock.close()
    sock, status, data = websocket_handshake(
        server.port, f"/ws/{table}", headers=f"Origin: {other}\r\n"
    )
    assert status == 403, data[:200]
    sock.close()
