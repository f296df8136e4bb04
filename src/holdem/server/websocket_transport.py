"""uvicorn's WebSocket protocol, made to let go of a peer that never reads.

When the cardroom is done with a connection, uvicorn closes its transport, and asyncio
then waits for the peer to take whatever is still buffered: forever, if the peer never
reads. So a connection still there ``ABORT_SECONDS`` after the cardroom let it go is
aborted, with a reset, which frees the socket and its buffers at once.
"""

from __future__ import annotations

import socket
import struct

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

ABORT_SECONDS = 5.0
_RESET_ON_CLOSE = struct.pack("ii", 1, 0)  # SO_LINGER on, 0 s: close() sends a reset


class LettingGoWebSocketProtocol(WebSocketsSansIOProtocol):
    async def run_asgi(self) -> None:
        try:
            await super().run_asgi()
        finally:
            self.loop.call_later(ABORT_SECONDS, self._abort_if_still_there)

    def _abort_if_still_there(self) -> None:
        if self.disconnected or self.transport is None:
            return
        sock = self.transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _RESET_ON_CLOSE)
        self.transport.abort()


__all__ = ["ABORT_SECONDS", "LettingGoWebSocketProtocol"]
