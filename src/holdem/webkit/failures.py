"""The last line: a fault in the server is logged here and answered with one sentence.

Whatever a handler raises, the user gets ``{"error": ...}`` with 500 (or a WebSocket
closed with 1011), never a traceback page. The log names the method, the path (never
the query string, which may carry a key) and the traceback, with every secret the
request carried (its bearer token, its cookies) blanked out.
"""

from __future__ import annotations

import logging
import traceback

from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from holdem.webkit.refusals import error

log = logging.getLogger("holdem.server")
MESSAGE = "the server failed on this request; it is logged, and nothing else changed"
MIN_SECRET = 8  # shorter values would blank out ordinary words in the traceback


class JsonErrors:
    """ASGI middleware around the whole app."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] in (
                "http.response.start",
                "websocket.accept",
                "websocket.close",
                "websocket.http.response.start",
            )
            await send(message)

        try:
            # Only an HTTP answer needs watching; a WebSocket's every frame goes straight out.
            await self.app(scope, receive, watched if scope["type"] == "http" else send)
        except Exception as fault:
            log.error("%s %s failed:\n%s", scope.get("method", "WebSocket"), scope["path"],
                      _without_secrets(_traceback(fault), scope))  # fmt: skip
            if started and scope["type"] == "http":
                return  # half an answer went out: the connection is closed by uvicorn
            try:
                if scope["type"] == "http":
                    await error(MESSAGE, 500)(scope, receive, send)
                else:
                    await send({"type": "websocket.close", "code": 1011, "reason": "server error"})
            except Exception:  # the client is gone: nothing to tell it
                pass


def _traceback(fault: BaseException) -> str:
    return "".join(traceback.format_exception(fault))


def _without_secrets(text: str, scope: Scope) -> str:
    headers = Headers(scope=scope)
    secrets = list(cookie_parser(headers.get("cookie", "")).values())
    authorization = headers.get("authorization", "")
    secrets += [authorization, authorization.partition(" ")[2].strip()]
    for secret in sorted(secrets, key=len, reverse=True):
        if len(secret) >= MIN_SECRET:
            text = text.replace(secret, "[secret]")
    return text
