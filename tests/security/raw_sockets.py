"""Raw HTTP over a socket, for what httpx and websockets will not send: a Host header of
one's choosing on a WebSocket handshake, a client that never reads, a body sent by hand."""

from __future__ import annotations

import base64
import os
import socket

HEAD_END = b"\r\n\r\n"


def open_socket(port: int, receive_buffer: int | None = None) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer is not None:  # set before connecting: it sets the window offered
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    return sock


def read_head(sock: socket.socket) -> tuple[int, bytes]:
    """The status and the bytes after the response head begins (head and any body read)."""
    data = b""
    while HEAD_END not in data or len(data) < _expected_length(data):
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/") else 0
    return status, data


def _expected_length(data: bytes) -> int:
    """How long the answer is, head and body, once its head has arrived."""
    head, _, _ = data.partition(HEAD_END)
    for line in head.lower().split(b"\r\n"):
        if line.startswith(b"content-length:"):
            return len(head) + len(HEAD_END) + int(line.split(b":", 1)[1])
    return 0


def websocket_handshake(
    port: int,
    path: str,
    host: str | None = None,
    headers: str = "",
    receive_buffer: int | None = None,
) -> tuple[socket.socket, int, bytes]:
    """Open ``path`` as a WebSocket; returns the socket, the status (101 when accepted)
    and what was read of the answer."""
    sock = open_socket(port, receive_buffer)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: {host or f'127.0.0.1:{port}'}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{headers}\r\n"
        ).encode()
    )
    status, data = read_head(sock)
    return sock, status, data
