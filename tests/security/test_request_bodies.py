"""A body is refused while it streams in, not after it has been read whole.

The attack: a 400 MB body to POST /api/tables raised the server's memory by 300 MB
before the 413. Now the server counts the bytes as they come (a chunked body announces no
length) and stops at 16 KB; a Content-Length over the limit is refused before a byte of
the body is read. The server is the real `holdem serve`, and its memory is read from
/proc.
"""

from __future__ import annotations

import json
import select
import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.security.raw_sockets import open_socket, read_head
from tests.support.server import ServerProcess

SENT_MB = 64  # far past the limit, and enough to show if the server kept it
GROWTH_LIMIT_KB = 16 * 1024
CHUNK = b"x" * 65536


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = tmp_path_factory.mktemp("bodies") / "cardroom.sqlite3"
    with ServerProcess(f"sqlite:///{database}") as running:
        yield running


def peak_memory_kb(pid: int) -> int:
    """The most memory the process has held (VmHWM), in KB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM in /proc status")


def send_chunked(sock: socket.socket, megabytes: int) -> bytes:
    """Send up to ``megabytes`` of chunked body, stopping as soon as the server answers;
    returns what it answered."""
    frame = f"{len(CHUNK):x}\r\n".encode() + CHUNK + b"\r\n"
    for _ in range(megabytes * 16):
        readable, _, _ = select.select([sock], [], [], 0)
        if readable:
            break
        try:
            sock.sendall(frame)
        except (BrokenPipeError, ConnectionResetError):
            break
    return read_head(sock)[1]


def test_a_huge_chunked_body_is_refused_while_it_streams(server: ServerProcess) -> None:
    assert server.pid is not None
    before = peak_memory_kb(server.pid)
    with open_socket(server.port) as sock:
        sock.sendall(
            f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".encode()
        )
        answer = send_chunked(sock, SENT_MB)
    growth = peak_memory_kb(server.pid) - before
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    body = json.loads(answer.split(b"\r\n\r\n", 1)[1])
    assert body == {"error": "a request body is at most 16384 bytes"}
    assert growth < GROWTH_LIMIT_KB, f"the server grew by {growth} KB reading the body"
    assert httpx.get(server.url + "/api/tables").json() == []  # and it serves on


def test_a_content_length_over_the_limit_is_refused_before_the_body(
    server: ServerProcess,
) -> None:
    with open_socket(server.port) as sock:
        sock.sendall(
            f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Content-Type: application/json\r\nContent-Length: 400000000\r\n\r\n".encode()
        )
        status, answer = read_head(sock)  # not a byte of the body was sent
    assert status == 413, answer[:200]
    assert b"at most 16384 bytes" in answer


def test_a_body_just_under_the_limit_is_read(server: ServerProcess) -> None:
    options = {"name": "x" * 10, "bots": []}
    padded = json.dumps(options).encode().ljust(16_384)  # JSON allows trailing spaces
    response = httpx.post(
        server.url + "/api/tables", content=padded, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 201, response.text
