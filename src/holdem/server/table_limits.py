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
COACH_SWITCHES_PER_CLIENT = (1.0, 5)  # switches a second, and the burst
COACH_SWITCHES_PER_TABLE = (2.0, 20)
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

    def refund(self) -> None:
        """Give back the token of something that turned out not to count."""
        self.tokens = min(self.burst, self.tokens + 1)


class PacedMessages:
    """The buckets of one kind of message at one table (or tournament): one per client,
    and one that all of its clients share."""

    def __init__(
        self,
        per_client: tuple[float, int],
        per_table: tuple[float, int],
        too_fast: str,
        busy: str,
    ) -> None:
        self._per_client = per_client
        self._table = TokenBucket(*per_table)
        self._clients: dict[object, TokenBucket] = {}
        self._too_fast, self._busy = too_fast, busy

    def check(self, client: object) -> None:
        mine = self._clients.setdefault(client, TokenBucket(*self._per_client))
        if not mine.take():
            raise IllegalActionError(self._too_fast)
        if not self._table.take():
            raise IllegalActionError(self._busy)

    def forget(self, client: object) -> None:
        self._clients.pop(client, None)


def chat_limits() -> PacedMessages:
    rate, burst = CHAT_PER_CLIENT
    return PacedMessages(
        CHAT_PER_CLIENT,
        CHAT_PER_TABLE,
        f"you are chatting too fast: {burst} lines at once, then {rate:g} a second",
        "the table's chat is busy: wait a moment and send it again",
    )


def coach_switch_limits() -> PacedMessages:
    """A seated player's coach switch is stored (it outlives a reload): paced like chat."""
    rate, burst = COACH_SWITCHES_PER_CLIENT
    return PacedMessages(
        COACH_SWITCHES_PER_CLIENT,
        COACH_SWITCHES_PER_TABLE,
        f"you are switching the coach too fast: {burst} at once, then {rate:g} a second",
        "the table is busy: switch the coach again in a moment",
    )


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
