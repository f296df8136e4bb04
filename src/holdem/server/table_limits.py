"""What one client, or everyone together, may cost a table: the public cardroom's limits.

Each one is a sentence when it refuses (docs/security.md lists them with their values).
Chat is stored like every other change, so it has buckets of its own: one per client and
one per table, which all of a table's spectators share.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from holdem.errors import IllegalActionError

CHAT_PER_CLIENT = (1.0, 5)  # lines a second on average, and the burst
CHAT_PER_TABLE = (2.0, 20)  # for everyone at a table (or a tournament) together
MAX_SEAT_REQUESTS = 10  # waiting for the host's answer at one table
MAX_REGISTRATIONS_PER_ADDRESS = 16  # people registered in one tournament from one address


@dataclass
class TokenBucket:
    """``rate`` a second on average, bursts of ``burst``."""

    rate: float
    burst: int
    tokens: float = field(init=False)
    checked_at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = float(self.burst)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.checked_at) * self.rate)
        self.checked_at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class ChatLimits:
    """The chat buckets of one table (or tournament) and of each of its clients."""

    def __init__(self) -> None:
        self._table = TokenBucket(*CHAT_PER_TABLE)
        self._clients: dict[object, TokenBucket] = {}

    def check(self, client: object) -> None:
        mine = self._clients.setdefault(client, TokenBucket(*CHAT_PER_CLIENT))
        if not mine.take():
            rate, burst = CHAT_PER_CLIENT
            raise IllegalActionError(
                f"you are chatting too fast: {burst} lines at once, then {rate:g} a second"
            )
        if not self._table.take():
            raise IllegalActionError("the table's chat is busy: wait a moment and send it again")

    def forget(self, client: object) -> None:
        self._clients.pop(client, None)


def check_seat_requests(waiting: int) -> None:
    if waiting >= MAX_SEAT_REQUESTS:
        raise IllegalActionError(
            f"{waiting} seat requests already wait for the host: ask again once they have "
            "answered some"
        )


def check_registrations(from_address: int) -> None:
    if from_address >= MAX_REGISTRATIONS_PER_ADDRESS:
        raise IllegalActionError(
            f"{from_address} people have already registered from your network address: ask "
            "the host to add more players"
        )
