"""The host names a server answers to.

A page on another site can point its own name at this machine (DNS rebinding): the
browser then treats the cardroom as that site, Origin checks included. Refusing every
Host header the server was not started for closes that door.
"""

from __future__ import annotations

import socket
from collections.abc import Iterable

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from holdem.webkit.refusals import refuse

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
WILDCARD_ADDRESSES = ("0.0.0.0", "::", "")


def local_address() -> str:
    """This machine's address on the local network (no packet is sent to find it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))  # picks the interface a LAN packet would use
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def host_name(name: str) -> str:
    """A name as a Host header carries it: lower case, an IPv6 address in brackets, no
    port and no final dot ("[::1]:8000" and "::1" are both "[::1]")."""
    name = name.strip().lower()
    if name.startswith("["):
        return name.split("]", 1)[0] + "]"
    if name.count(":") > 1:  # a bare IPv6 address, as given to --host
        return f"[{name}]"
    return name.split(":", 1)[0].rstrip(".")


def served_names(listen: str, also: Iterable[str] = ()) -> frozenset[str]:
    """The names of a server listening on ``listen``: the loopback names, ``listen``
    itself (on every address: this machine's name and network address), and ``also``."""
    names = {*LOOPBACK_NAMES, *also}
    if listen in WILDCARD_ADDRESSES:
        names |= {local_address(), socket.gethostname()}
    else:
        names.add(listen)
    return frozenset(host_name(name) for name in names if name)


class AllowedHosts:
    """ASGI middleware: requests and handshakes whose Host is not one of ``names`` are
    refused with 400 and a sentence saying how to allow the name (``advice``, where
    ``{name}`` stands for it)."""

    def __init__(self, app: ASGIApp, names: Iterable[str], advice: str) -> None:
        self.app = app
        self.names = frozenset(host_name(name) for name in names)
        self.advice = advice

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            refused = self.refusal(Headers(scope=scope).get("host"))
            if refused is not None:
                await refuse(scope, receive, send, 400, refused)
                return
        await self.app(scope, receive, send)

    def refusal(self, host: str | None) -> str | None:
        if host is None:
            return "send a Host header naming this server"
        name = host_name(host)
        if name in self.names:
            return None
        return f"this server does not answer to {name!r}: " + self.advice.format(name=name)
