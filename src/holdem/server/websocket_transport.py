"""uvicorn's WebSocket protocol, made to let go of a peer that never reads.

When the cardroom is done with a connection, uvicorn closes its transport, and asyncio
then waits for the peer to take whatever is still buffered: forever, if the peer never
reads. So a connection still there ``ABORT_SECONDS`` after the cardroom let it go is
aborted, with a reset, which frees the socket and its buffers at once; and at once when
not even the close frame could be written (the client had ``CLOSE_SECONDS`` for it).

The kernel's send buffer is kept small (``SEND_BUFFER``): left to itself it grows to
megabytes, which a client that never reads takes many seconds to fill, and only then
does a message start to wait, and the 15 s to run. States are a few kilobytes.
"""

from __future__ import annotations

import socket
import struct
from asyncio import BaseTransport, WriteTransport

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

ABORT_SECONDS = 5.0
SEND_BUFFER = 32_768  # bytes: the kernel's send buffer (it doubles it) and ours
_RESET_ON_CLOSE = struct.pack("ii", 1, 0)  # SO_LINGER on, 0 s: close() sends a reset


class LettingGoWebSocketProtocol(WebSocketsSansIOProtocol):
    def connection_made(self, transport: BaseTransport) -> None:
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)
        if isinstance(transport, WriteTransport):
            transport.set_write_buffer_limits(high=SEND_BUFFER)

    async def run_asgi(self) -> None:
        try:
            await super().run_asgi()
        finally:
            # Writing still paused: the peer never took even the close frame.
            stuck = not self.writable.is_set()
            self.loop.call_later(0 if stuck else ABORT_SECONDS, self._abort_if_still_there)

    def _abort_if_still_there(self) -> None:
        if self.disconnected or self.transport is None:
            return
        sock = self.transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _RESET_ON_CLOSE)
        self.transport.abort()


__all__ = ["ABORT_SECONDS", "LettingGoWebSocketProtocol"]
