"""Identity: an unguessable token per client and table, kept by the server only as a hash.

Browsers carry the token in an httpOnly cookie (JavaScript never sees it); programs send
``Authorization: Bearer <token>``. A token is never written to a log. Only tokens the
cardroom issued count (see tokens.py): the caller says which it trusts.

The cookie is SameSite=Lax, not Strict: a join link opened from a chat app is a
navigation from another site, which would carry no Strict cookie, and the page would
then hand the returning player, or the host, a new identity in place of theirs.
Cross-site requests that change anything are refused by http_guard.py.
"""

from __future__ import annotations

import hashlib
import secrets
import string
from collections.abc import Callable

from starlette.requests import HTTPConnection
from starlette.responses import Response

TOKEN_BYTES = 32
COOKIE_AGE = 60 * 60 * 24 * 90  # a home game's regulars come back for months
ID_ALPHABET = string.ascii_lowercase + string.digits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(10))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def cookie_name(table_id: str) -> str:
    return f"holdem_{table_id}"


def token_from(connection: HTTPConnection, cookie: str) -> str | None:
    """The token a request or WebSocket handshake carries: a bearer header, else ``cookie``."""
    header = connection.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return connection.cookies.get(cookie) or None


def owner_of(
    connection: HTTPConnection, table_id: str, trusted: Callable[[str], bool]
) -> str | None:
    """The hash of the token a request or WebSocket handshake carries, if it is one
    ``trusted`` accepts; None (a spectator) otherwise."""
    token = token_from(connection, cookie_name(table_id))
    return token_hash(token) if token and trusted(token) else None


def set_identity(response: Response, table_id: str, token: str) -> None:
    response.set_cookie(
        cookie_name(table_id), token, max_age=COOKIE_AGE, httponly=True, samesite="lax"
    )
