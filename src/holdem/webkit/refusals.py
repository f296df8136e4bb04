"""Refusing a request with one sentence: ``{"error": "..."}`` as JSON, for HTTP and for a
WebSocket handshake alike (there, before the connection is accepted)."""

from __future__ import annotations

import json
from collections.abc import Mapping

from starlette.responses import JSONResponse
from starlette.types import Receive, Scope, Send


def error(
    message: str, status: int = 400, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


async def refuse(
    scope: Scope,
    receive: Receive,
    send: Send,
    status: int,
    message: str,
    headers: Mapping[str, str] | None = None,
) -> None:
    """Answer ``scope`` with the error, whether it is an HTTP request or a handshake."""
    if scope["type"] == "http":
        await error(message, status, headers)(scope, receive, send)
        return
    if "websocket.http.response" not in scope.get("extensions", {}):
        await send({"type": "websocket.close", "code": 4000 + status})  # the server says 403
        return
    body = json.dumps({"error": message}).encode()
    extra = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    await send(
        {
            "type": "websocket.http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), *extra],
        }
    )
    await send({"type": "websocket.http.response.body", "body": body})
