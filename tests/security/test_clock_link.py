"""A live table's clock link is no way to scan the server's ports.

The attack: anyone can create a live table and so be its host; linking its clock to
`http://127.0.0.1:N` made the server GET `127.0.0.1:N/api/clock`, and the refusal told an
open port ("HTTPError") from a closed one ("URLError"). Now a table links only to the
clocks the operator named (`holdem serve --clock-url`) or to this machine's clock file,
and every failure is one sentence that says nothing of what listens.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.client import Player
from tests.server.test_live_server import refused
from tests.support import free_port
from tests.support.server import ServerProcess


class Listener:
    """A port that is open: it counts the connections made to it and answers 404."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections += 1
            with conn:
                conn.recv(4096)
                conn.sendall(b"HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n")

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def listener() -> Iterator[Listener]:
    running = Listener()
    yield running
    running.close()


def test_no_port_can_be_told_open_or_closed_through_the_clock_link(
    tmp_path: Path, listener: Listener
) -> None:
    allowed_open, allowed_closed = Listener(), free_port()
    args = ["--clock-url", f"http://127.0.0.1:{allowed_open.port}",
            "--clock-url", f"http://localhost:{allowed_closed}"]  # fmt: skip
    try:
        with ServerProcess(f"sqlite:///{tmp_path / 'c.sqlite3'}", args=args) as server:
            created = httpx.post(server.url + "/api/tables", json={"name": "L", "mode": "live"})
            host = Player(server.port, created.json()["id"], created.json()["token"])
            host.next("live_state")

            def sentence(url: str) -> str:
                host.send(type="live", command={"kind": "clock", "linked": True, "url": url})
                message = host.next_of("live_state", "error")
                assert message["type"] == "error", message
                return str(message["message"])

            # Not allowed: refused before any connection, open port or closed alike.
            closed = free_port()
            not_allowed = {sentence(f"http://127.0.0.1:{port}") for port in (listener.port, closed)}
            assert len(not_allowed) == 1 and "--clock-url" in not_allowed.pop()
            assert listener.connections == 0
            # Allowed, but no clock there: one sentence, whether something listens or not.
            answers = {
                sentence(f"http://127.0.0.1:{allowed_open.port}").replace(
                    str(allowed_open.port), "PORT"
                ),
                sentence(f"http://localhost:{allowed_closed}").replace(
                    f"localhost:{allowed_closed}", "127.0.0.1:PORT"
                ),
            }
            assert answers == {
                "the clock at http://127.0.0.1:PORT could not be read: is `holdem clock` "
                "running there?"
            }
            refused(host, "must run on this machine", kind="clock", linked=True,
                    url="http://10.0.0.1:80")  # fmt: skip
            host.close()
            assert "Traceback" not in server.log_text()
    finally:
        allowed_open.close()


def test_a_clock_url_the_operator_gives_is_checked_at_start(tmp_path: Path) -> None:
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'c.sqlite3'}", args=["--clock-url", "http://example.org:80"]
    )
    with pytest.raises(RuntimeError, match="the clock must run on this machine"):
        server.start()
    server.close()
