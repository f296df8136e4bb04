"""Tables the cardroom lists but does not hold in memory: one whose stored rows no longer
replay (set aside with the reason, so the others open), and one put away while idle
(brought back from its snapshot when someone connects).

Each stands in ``Cardroom.tables`` where a runtime would, answering what the app asks of
a runtime: its lobby row, a client joining, messages, and the room for downloads.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from holdem.cardroom.room import Room
from holdem.server.runtime import Client


class Joinable(Protocol):
    """What a client's connection asks of a table."""

    def room_at(self, number: int | None) -> Room: ...
    async def join(self, client: Client) -> None: ...
    async def receive(self, client: Client, text: str) -> None: ...
    async def leave(self, client: Client) -> None: ...


# The close code of "no such table": the page stops reconnecting and shows the reason.
UNAVAILABLE_CLOSE = 4404


class TableUnavailable(LookupError):
    """A table whose stored rows do not replay: it stays stored, untouched, for repair."""


class UnavailableTable:
    def __init__(self, table_id: str, name: str, reason: str) -> None:
        self.id = table_id
        self.name = name
        self.reason = reason

    @property
    def sentence(self) -> str:
        return f"table {self.id} is unavailable: {self.reason}"

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "status": "unavailable", "reason": self.reason}

    def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass

    def room_at(self, number: int | None) -> Room:
        raise TableUnavailable(self.sentence)

    async def join(self, client: Client) -> None:
        # Said on the socket itself: the client's outbox writer may never get to run.
        message = {"v": 1, "type": "error", "message": self.sentence, "ref": None}
        await client.websocket.send_text(json.dumps(message))
        await client.websocket.close(
            code=UNAVAILABLE_CLOSE, reason="table unavailable: see the lobby"
        )

    async def receive(self, client: Client, text: str) -> None:
        pass

    async def leave(self, client: Client) -> None:
        pass


class ArchivedTable:
    """A table put away while idle; ``bring_back`` loads it (once, however many connect)."""

    def __init__(
        self,
        row: dict[str, Any],
        known: set[str],
        bring_back: Callable[[str], Awaitable[Joinable]],
    ) -> None:
        self.id = str(row["id"])
        self.row = row
        self.known = known  # the hashes of the host's, players' and applicants' tokens
        self._bring_back = bring_back
        self._lock = asyncio.Lock()
        self._runtime: Joinable | None = None

    def summary(self) -> dict[str, Any]:
        return {**self.row, "status": "archived"}

    def knows(self, owner: str) -> bool:
        """Whether ``owner`` is the host, a player or an applicant here: their identity
        holds while the table is away, as it does while it is in play."""
        return owner in self.known

    def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass

    async def runtime(self) -> Joinable:
        async with self._lock:
            if self._runtime is None:
                self._runtime = await self._bring_back(self.id)
            return self._runtime

    def room_at(self, number: int | None) -> Room:
        if self._runtime is not None:
            return self._runtime.room_at(number)
        raise LookupError(f"table {self.id} was put away while idle: open /t/{self.id} to play")

    async def join(self, client: Client) -> None:
        await (await self.runtime()).join(client)

    async def receive(self, client: Client, text: str) -> None:
        await (await self.runtime()).receive(client, text)

    async def leave(self, client: Client) -> None:
        await (await self.runtime()).leave(client)
