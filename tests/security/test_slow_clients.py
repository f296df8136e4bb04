"""Slow and numerous clients cannot take the server from everyone else.

The attack: sockets that send a request line and one header, then nothing. uvicorn kept
each open for good, with no cap on how many: under a 1,024 open-file limit, 1,100 of
them from one address made `accept()` fail (a traceback each time) and every request
timed out until the attacker let go. Now a request's head and body must arrive within
`--request-seconds` (408, closed), connections and WebSockets are capped per address
and in all (503 and 429 with a sentence), the process raises its open-file limit to the
hard limit, and a limit reached is logged once a minute. The attacker's sockets come
from 127.0.0.2 and the bystander's from 127.0.0.1: two addresses of one machine.
"""

from __future__ import annotations

import contextlib
import json
import re
import resource
import shutil
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.security.raw_sockets import read_head, websocket_handshake
from tests.support.server import ServerProcess

ATTACKER = "127.0.0.2"
HELD = 128  # --connections-per-address by default
PRLIMIT = shutil.which("prlimit") or "/usr/bin/prlimit"  # util-linux
SLOW_HEAD = b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"  # and never the blank line


class LimitedServer(ServerProcess):
    """`holdem serve` started under an open-file limit: ``soft`` now, ``hard`` at most."""

    def __init__(self, database: str, soft: int, hard: int) -> None:
        super().__init__(database)
        self.soft, self.hard = soft, hard

    @property
    def command(self) -> list[str]:
        # prlimit sets the limit and execs the server: one process, whose pid we know.
        return [PRLIMIT, f"--nofile={self.soft}:{self.hard}", "--", *super().command]


def slow_socket(port: int, source: str = ATTACKER) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((source, 0))
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    sock.sendall(SLOW_HEAD)
    return sock


def is_open(sock: socket.socket) -> bool:
    """Whether the server still holds the connection (nothing, not even EOF, to read)."""
    sock.setblocking(False)
    try:
        sock.recv(1 << 16, socket.MSG_PEEK)  # an answer or the end: it was let go
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.setblocking(True)
    return False


def answer_of(sock: socket.socket) -> tuple[int, dict[str, str]]:
    status, data = read_head(sock)
    body = data.partition(b"\r\n\r\n")[2]
    return status, json.loads(body) if body else {}


@contextlib.contextmanager
def open_files(wanted: int) -> Iterator[None]:
    """This test process may open ``wanted`` files for the block (the client's sockets)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < wanted:
        pytest.skip(f"the open-file limit here ({hard}) is below the {wanted} this needs")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_request_head_that_never_ends_is_answered_408_and_closed(tmp_path: Path) -> None:
    with ServerProcess(
        f"sqlite:///{tmp_path / 'c.sqlite3'}", args=["--request-seconds", "1"]
    ) as server:
        silent = slow_socket(server.port)
        silent.close()
        sockets = [slow_socket(server.port) for _ in range(20)]
        nothing = socket.create_connection(("127.0.0.1", server.port))  # not even a line
        time.sleep(2.5)
        for sock in [*sockets, nothing]:
            sock.settimeout(2)
            status, body = answer_of(sock)
            assert status == 408 and "within 1 seconds" in body["error"]
            assert not is_open(sock)
            sock.close()
        assert httpx.get(server.url + "/api/tables").status_code == 200
        assert "Traceback" not in server.log_text()


def test_one_address_gets_its_share_of_connections_and_no_more(tmp_path: Path) -> None:
    args = ["--connections-per-address", "20"]
    with ServerProcess(f"sqlite:///{tmp_path / 'c.sqlite3'}", args=args) as server:
        held = [slow_socket(server.port) for _ in range(20)]
        refused = [slow_socket(server.port) for _ in range(5)]
        for sock in refused:
            status, body = answer_of(sock)
            assert status == 503 and "at most 20 open at once" in body["error"]
        assert all(is_open(sock) for sock in held)
        assert httpx.get(server.url + "/api/tables").status_code == 200  # another address
        for sock in held + refused:
            sock.close()
        time.sleep(0.3)  # a closed socket is counted out
        again = slow_socket(server.port)
        time.sleep(0.3)
        assert is_open(again)
        again.close()


def test_websockets_per_address_are_capped_with_a_sentence(tmp_path: Path) -> None:
    args = ["--websockets-per-address", "3"]
    with ServerProcess(f"sqlite:///{tmp_path / 'c.sqlite3'}", args=args) as server:
        table = httpx.post(server.url + "/api/tables", json={"name": "Cap"}).json()["id"]
        opened = [websocket_handshake(server.port, f"/ws/{table}") for _ in range(3)]
        assert [status for _, status, _ in opened] == [101, 101, 101]
        sock, status, data = websocket_handshake(server.port, f"/ws/{table}")
        assert status == 429
        assert "too many WebSockets from your address" in data.decode()
        sock.close()
        opened[0][0].close()
        time.sleep(0.5)
        sock, status, _ = websocket_handshake(server.port, f"/ws/{table}")
        assert status == 101  # one went, one may come
        for other, _, _ in [*opened[1:], (sock, 0, b"")]:
            other.close()


def test_a_flood_under_a_1024_file_limit_leaves_others_served(tmp_path: Path) -> None:
    with (
        open_files(4096),
        LimitedServer(f"sqlite:///{tmp_path / 'c.sqlite3'}", soft=1024, hard=1024) as server,
    ):
        sockets, refused = [], 0
        try:
            for _ in range(1100):
                sock = slow_socket(server.port)
                sockets.append(sock)
            for sock in sockets[HELD:]:
                status, _ = answer_of(sock)
                refused += status == 503
            assert refused == 1100 - HELD
            started = time.monotonic()
            assert httpx.get(server.url + "/api/tables", timeout=5).status_code == 200
            assert time.monotonic() - started < 1.0
        finally:
            for sock in sockets:
                sock.close()
        log = server.log_text()
    assert "Traceback" not in log and "Too many open files" not in log
    reports = re.findall(r"an address reached 128 open connections: (\d+) refused", log)
    assert reports == ["1"]  # the first refusal at once; the others wait for the minute


def test_the_open_file_limit_is_raised_to_the_hard_limit(tmp_path: Path) -> None:
    with LimitedServer(f"sqlite:///{tmp_path / 'c.sqlite3'}", soft=256, hard=2048) as server:
        limits = Path(f"/proc/{server.pid}/limits").read_text()
        line = next(row for row in limits.splitlines() if row.startswith("Max open files"))
        assert line.split()[3:5] == ["2048", "2048"]  # soft, hard
        assert "leaves room for 960 connections, not 4096" in server.log_text()
