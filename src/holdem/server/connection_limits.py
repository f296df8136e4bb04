"""How many connections the cardroom holds open: per address and in all.

A socket costs the server an open file for as long as it stays, whether or not anything
comes through it; a program that opens thousands and sends nothing would otherwise take
every file the process may open, and then nobody else gets in. So connections are
counted as they open and close, per address and in all, and one over a limit is refused
at once. A limit reached is logged once a minute with the number refused since, never
once per connection (that would let an attacker fill the log instead).
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from holdem.server.creation_limits import network

log = logging.getLogger("holdem.server")
LOG_EVERY_SECONDS = 60.0
MAX_BACKLOG = 2048  # uvicorn's own
RESERVED_FILES = 128  # kept for the database, the log, the coach's workers, static files


@dataclass(frozen=True)
class ConnectionLimits:
    """The defaults of the ``holdem serve`` options of the same names."""

    request_seconds: float = 10.0  # for a request's head and body to arrive
    connections_per_address: int = 128  # a club night behind one router, each on a table
    max_connections: int = 4096
    websockets_per_address: int = 96
    max_websockets: int = 2048


@dataclass
class OncePerMinute:
    """Log that a limit was reached: at once the first time, then at most once a minute
    for each limit, with how many were refused since."""

    clock: Callable[[], float] = time.monotonic
    _last: dict[str, float] = field(default_factory=dict)
    _refused: Counter[str] = field(default_factory=Counter)

    def refused(self, limit: str) -> None:
        self._refused[limit] += 1
        now = self.clock()
        if now - self._last.get(limit, -LOG_EVERY_SECONDS) < LOG_EVERY_SECONDS:
            return
        self._last[limit] = now
        count = self._refused.pop(limit)
        log.warning("%s: %d refused since the last report (logged once a minute)", limit, count)


@dataclass
class Census:
    """Open connections of one kind (``what``: "connections", "WebSockets"), counted per
    address (an IPv6 address by its /64) and in all."""

    what: str
    per_address: int
    in_all: int
    reports: OncePerMinute = field(default_factory=OncePerMinute)
    _open: Counter[str] = field(default_factory=Counter)
    _total: int = 0

    def admit(self, address: str | None, counted_per_address: bool = True) -> str | None:
        """Count one more from ``address``, or say in a sentence why not (nothing counted).
        ``counted_per_address`` is False for a trusted proxy, which speaks for many."""
        if self._total >= self.in_all:
            self.reports.refused(f"the cardroom holds {self.in_all} {self.what}, its limit")
            return f"the cardroom holds {self.in_all} {self.what}, its limit: try again later"
        key = network(address)
        if counted_per_address and self._open[key] >= self.per_address:
            self.reports.refused(f"an address reached {self.per_address} open {self.what}")
            return (
                f"too many {self.what} from your address: at most {self.per_address} open at "
                "once; close some and try again"
            )
        self._open[key] += 1
        self._total += 1
        return None

    def release(self, address: str | None) -> None:
        key = network(address)
        self._open[key] -= 1
        if self._open[key] <= 0:
            del self._open[key]
        self._total -= 1

    @property
    def total(self) -> int:
        return self._total


def raise_open_file_limit() -> int:
    """Raise this process's open-file limit to its hard limit; returns the limit now."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return 1 << 16
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):  # a system that caps it lower than it says
            pass
    return soft


def connections_allowed(wanted: int, open_files: int) -> int:
    """As many of ``wanted`` connections as the open-file limit leaves room for: half of
    what is not reserved, the other half for those accepted in one go (``backlog``)."""
    return max(1, min(wanted, (open_files - RESERVED_FILES) // 2))


def backlog(connections: int, open_files: int) -> int:
    """How many connections to accept in one go (asyncio accepts up to the listen backlog
    at once, before it looks at any): never more than the open files left over, or the
    accept fails with "Too many open files" and stops taking anyone for a second."""
    return max(16, min(MAX_BACKLOG, open_files - RESERVED_FILES - connections))


def trusted_proxies(spec: str | None) -> Callable[[str], bool]:
    """Whether an address is a proxy the operator trusts (``FORWARDED_ALLOW_IPS``, as
    uvicorn reads it: addresses or networks, comma-separated, or ``*``). Only a proxy
    named there speaks for many clients; uvicorn's own default (127.0.0.1) is not one."""
    names = [part.strip() for part in (spec or "").split(",") if part.strip()]
    if "*" in names:
        return lambda address: True
    networks = []
    for name in names:
        with contextlib.suppress(ValueError):
            networks.append(ipaddress.ip_network(name, strict=False))

    def trusted(address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in networks)

    return trusted
