"""Only the cardroom's own pages change anything: state-changing requests from elsewhere.

A browser sends another site's cookies along with a form that site's page submits. So a
request that may change something (any method but GET, HEAD and OPTIONS) is refused when
the browser says it comes from another origin (``Origin``, ``Sec-Fetch-Site``), and its
body must be JSON, which a plain form cannot send. Programs (curl, httpx, bots with a
bearer token) send neither header and stay welcome. A body larger than the cardroom reads
is refused from its ``Content-Length`` before a byte of it is read.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from holdem.webkit.refusals import refuse

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
JSON = "application/json"
OWN_PAGES_ONLY = "only this server's own pages may send it"
WEB_SCHEMES = {"ws": "http", "wss": "https"}  # a WebSocket's page has the web scheme


def from_another_site(connection: HTTPConnection) -> bool:
    """Whether a browser says the request or handshake comes from another origin's page."""
    return _cross_origin(connection.headers, connection.scope.get("scheme", "http"))


def _cross_origin(headers: Headers, scheme: str) -> bool:
    origin = headers.get("origin")
    # The origin is scheme, host and port: https://HOST:PORT is another origin than the
    # http:// one this connection is, though the host and port are the same.
    own_scheme = WEB_SCHEMES.get(scheme, scheme)
    parts = urlsplit(origin) if origin is not None else None
    same_origin = (
        parts is not None
        and parts.scheme.lower() == own_scheme
        and parts.netloc.lower() == headers.get("host", "").lower()
    )
    if origin is not None and not same_origin:
        return True  # "null" too: a sandboxed frame or a redirect that hides its origin
    # Another port of the same machine is the "same-site" but another origin: refused too.
    fetch_site = headers.get("sec-fetch-site", "same-origin").lower()
    return fetch_site in ("cross-site", "same-site") and not same_origin


class SameOriginWrites:
    """ASGI middleware: 403 for a state-changing request from another origin, 415 for a
    body that is not JSON, 413 for a body announced larger than ``max_body`` bytes."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            refused = self.refusal(Headers(scope=scope), scope.get("scheme", "http"))
            if refused is not None:
                await refuse(scope, receive, send, *refused)
                return
        await self.app(scope, receive, send)

    def refusal(self, headers: Headers, scheme: str = "http") -> tuple[int, str] | None:
        if _cross_origin(headers, scheme):
            return 403, f"this request comes from another site's page: {OWN_PAGES_ONLY}"
        kind = headers.get("content-type")
        announced = headers.get("content-length")
        has_body = (announced not in (None, "0")) or "transfer-encoding" in headers
        if (kind is not None or has_body) and _media_type(kind) != JSON:
            return 415, f"send the body as JSON (Content-Type: {JSON}), not {kind or 'untyped'}"
        if announced is not None and (not announced.isascii() or not announced.isdigit()):
            return 400, f"Content-Length must be a number of bytes, not {announced[:20]!r}"
        if announced is not None and (len(announced) > 12 or int(announced) > self.max_body):
            return 413, f"a request body is at most {self.max_body} bytes"
        return None


def _media_type(content_type: str | None) -> str:
    return (content_type or "").split(";", 1)[0].strip().lower()
