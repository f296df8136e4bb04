"""uvicorn's HTTP protocol, made to bound slow and numerous clients.

uvicorn waits for a request's head for as long as the client likes, and takes every
connection it is offered: a program that opens sockets and sends one header line each
holds an open file per socket, for good, and once the process has none left nobody gets
in. Here each connection is counted as it opens (``Census``: per address, except a
trusted proxy's, and in all) and one over a limit is answered 503 and closed at once;
and a request's head and body must arrive within ``request_seconds`` of its first byte
(or of the connection), else 408 and the connection is closed. Between requests
uvicorn's keep-alive timeout (5 s) already applies; a WebSocket, once upgraded, is the
WebSocket protocol's.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from holdem.server.connection_limits import Census

WAITING_FOR_REQUEST = (h11.IDLE, h11.SEND_BODY)
REASONS = {408: "Request Timeout", 503: "Service Unavailable"}


def guarded_http(
    census: Census, request_seconds: float, trusted_proxy: Callable[[str], bool]
) -> type[H11Protocol]:
    """The protocol class for ``uvicorn.Config(http=...)``, counting into ``census``;
    ``trusted_proxy(address)`` says whether an address speaks for many clients."""

    class GuardedH11Protocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _counted: str | None = None
        _is_counted = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else None
            refusal = census.admit(address, not (address and trusted_proxy(address)))
            if refusal is not None:
                self._answer(503, refusal, "retry-after: 10\r\n")
                return
            self._counted, self._is_counted = address, True
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._let_go()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.transport.get_protocol() is not self:
                # Upgraded: the WebSocket protocol has the transport now, and closes it.
                self._disarm()
                upgraded = self.transport.get_protocol()
                lost = self._lost_after(upgraded.connection_lost)
                upgraded.connection_lost = lost  # type: ignore[method-assign]
            elif self.conn.their_state in WAITING_FOR_REQUEST:
                if self._deadline is None:  # a new request began, or is still coming
                    self._arm()
            else:
                self._disarm()  # the request is in: the app has it

        def _lost_after(self, lost: Callable[[Exception | None], None]) -> Callable[..., None]:
            def connection_lost(exc: Exception | None) -> None:
                self._let_go()
                lost(exc)

            return connection_lost

        def _let_go(self) -> None:
            if self._is_counted:
                self._is_counted = False
                census.release(self._counted)

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(request_seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return
            census.reports.refused(f"requests not sent within {request_seconds:g} s")
            if self.cycle is not None and self.cycle.response_started:
                self.transport.close()
                return
            self._answer(
                408, f"a request's head and body must arrive within {request_seconds:g} seconds"
            )

        def _answer(self, status: int, sentence: str, extra: str = "") -> None:
            """Say ``sentence`` with ``status`` and close, whatever state h11 is in."""
            body = json.dumps({"error": sentence}).encode()
            head = (
                f"HTTP/1.1 {status} {REASONS[status]}\r\ncontent-type: application/json\r\n"
                f"content-length: {len(body)}\r\nconnection: close\r\n{extra}\r\n"
            )
            self.transport.write(head.encode() + body)
            self.transport.close()

    return GuardedH11Protocol


__all__ = ["guarded_http"]
