"""How much one client address may create: identities and tables; and the cardroom's size.

Each per-address limit is a token bucket: ``capacity`` at once, refilled evenly over
``per_seconds``, so a household behind one address gets its whole allowance as a burst
and a program that asks without end gets a steady trickle. IPv6 addresses count by their
/64 network, which is what one household is given.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

MAX_ADDRESSES = 10_000  # buckets kept; full ones are forgotten first when there are more


@dataclass(frozen=True)
class Limits:
    """The cardroom's limits (``holdem serve`` options of the same names)."""

    identities_per_minute: int = 30
    tables_per_hour: int = 20
    max_tables: int = 500  # tables in play at once, in all


class Refused(Exception):
    """A limit was reached: the sentence says which, ``retry_after`` when to try again."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass
class _Bucket:
    tokens: float
    at: float


@dataclass
class RateLimit:
    """At most ``capacity`` per ``per_seconds`` for each address; ``what`` is the plural
    in the sentence ("new identities")."""

    what: str
    capacity: int
    per_seconds: float
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[str, _Bucket] = field(default_factory=dict)

    def take(self, address: str | None) -> None:
        """Count one for ``address``; Refused, counting nothing, when it has none left."""
        now = self.clock()
        key = network(address)
        rate = self.capacity / self.per_seconds
        bucket = self._buckets.get(key) or _Bucket(float(self.capacity), now)
        bucket.tokens = min(self.capacity, bucket.tokens + (now - bucket.at) * rate)
        bucket.at = now
        if bucket.tokens < 1:
            wait = math.ceil((1 - bucket.tokens) / rate)
            raise Refused(
                f"too many {self.what} from your address: at most {self.capacity} "
                f"{_per(self.per_seconds)}; try again in {wait} seconds",
                wait,
            )
        bucket.tokens -= 1
        self._buckets[key] = bucket
        if len(self._buckets) > MAX_ADDRESSES:
            self._forget_full(now, rate)

    def _forget_full(self, now: float, rate: float) -> None:
        for key, bucket in list(self._buckets.items()):
            if bucket.tokens + (now - bucket.at) * rate >= self.capacity:
                del self._buckets[key]
        while len(self._buckets) > MAX_ADDRESSES:  # all busy: the longest idle goes
            del self._buckets[min(self._buckets, key=lambda k: self._buckets[k].at)]


def network(address: str | None) -> str:
    if address is None:
        return "unknown"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _per(seconds: float) -> str:
    return {60.0: "a minute", 3600.0: "an hour"}.get(seconds, f"every {seconds:g} seconds")
