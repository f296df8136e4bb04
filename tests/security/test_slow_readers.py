"""A client that never reads is closed and let go of, and the table plays on.

The attack: a program completes the WebSocket handshake and then never reads. Its socket
fills, the server's send to it waits forever, its outbox fills, and it was never closed:
its memory stayed for as long as the connection did. Now a client whose outbox overflows
(or whose one message waits too long) is closed with 1013, and when even the close
frame cannot go out, the connection is reset. The client here is a raw socket with a
small receive window, against the real `holdem serve`, at a table of bots that play as
fast as they can while the host watches.
"""

from __future__ import annotations

import socket
import struct
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from holdem.server.app import CLOSE_SECONDS, SEND_SECONDS
from tests.security.raw_sockets import HEAD_END, websocket_handshake
from tests.server.client import FAST, Player
from tests.support.server import ServerProcess

ESTABLISHED = 1  # tcpi_state in struct tcp_info
DROP_TIMEOUT = 90.0  # seconds for the server to give up on the client (it needs about 15)
DOCUMENTED = SEND_SECONDS + CLOSE_SECONDS  # docs/security.md: 15 s, then 5 s
FILLING = 5.0  # for the few states the socket's buffers hold to go out first


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    with ServerProcess(f"sqlite:///{tmp_path / 'cardroom.sqlite3'}") as running:
        yield running


def tcp_state(sock: socket.socket) -> int:
    return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0]


def close_codes(data: bytes) -> list[int]:
    """The codes of the close frames in a stream of server (unmasked) frames."""
    codes, at = [], 0
    while at + 2 <= len(data):
        opcode, length = data[at] & 0x0F, data[at + 1] & 0x7F
        at += 2
        if length == 126:
            (length,) = struct.unpack("!H", data[at : at + 2])
            at += 2
        elif length == 127:
            (length,) = struct.unpack("!Q", data[at : at + 8])
            at += 8
        if opcode == 0x8 and length >= 2:
            codes.append(struct.unpack("!H", data[at : at + 2])[0])
        at += length
    return codes


def read_to_the_end(sock: socket.socket, timeout: float = 10) -> bytes:
    """Everything still there to read, until the connection ends (EOF or a reset)."""
    data = b""
    sock.settimeout(timeout)
    try:
        while chunk := sock.recv(1 << 20):
            data += chunk
    except ConnectionResetError:
        pass
    return data


def fast_table(server: ServerProcess) -> tuple[str, Player]:
    """A table of bots a hundred times faster than people (fast enough to fill a socket
    in seconds, not so fast that the host, who reads, falls behind too), dealing."""
    options = {"name": "Fast bots", "seats": 10, "bots": ["caller"] * 9, **FAST,
               "bot_think_seconds": 0.01}  # fmt: skip
    created = httpx.post(server.url + "/api/tables", json=options).json()
    host = Player(server.port, created["id"], created["token"])
    host.send(type="start")
    return created["id"], host


def test_a_client_that_never_reads_is_let_go_and_the_table_plays_on(
    server: ServerProcess,
) -> None:
    table, host = fast_table(server)
    stalled, status, answer = websocket_handshake(server.port, f"/ws/{table}", receive_buffer=4096)
    assert status == 101, answer[:200]
    deadline = time.monotonic() + DROP_TIMEOUT
    while tcp_state(stalled) == ESTABLISHED:  # never read: only look at the socket
        assert time.monotonic() < deadline, "the server never let go of the stalled client"
        host.drain()
        time.sleep(0.01)
    hands = host.until(lambda state: state["hands_played"] > 0)["hands_played"]
    host.until(lambda state: state["hands_played"] >= hands + 3)  # the table plays on
    rest = read_to_the_end(stalled)
    codes = close_codes(rest[rest.find(HEAD_END) + 4 :] if HEAD_END in rest else rest)
    assert codes in ([], [1013])  # told 1013 if the close frame could go out at all
    stalled.close()
    host.close()
    assert "Traceback" not in server.log_text()


def test_a_client_that_never_reads_is_let_go_within_the_documented_time(
    server: ServerProcess,
) -> None:
    """15 s for a message waiting, 5 s for the close frame: with the kernel's default
    buffers (megabytes on loopback, filled in ten seconds here) it took 30 to 60 s."""
    table, host = fast_table(server)
    stalled, status, answer = websocket_handshake(server.port, f"/ws/{table}")
    assert status == 101, answer[:200]
    opened = time.monotonic()
    while tcp_state(stalled) == ESTABLISHED:
        assert time.monotonic() - opened < DOCUMENTED + FILLING, "not let go in time"
        host.drain()
        time.sleep(0.01)
    stalled.close()
    host.close()
