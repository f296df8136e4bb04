"""A client connected to one process, playing at a table another process holds.

At the client's process the table is a ``RemoteTable``: it checks the client's message
rate, as every socket's is checked, and passes each message on, raw, to the holder. At
the holder the client is a ``RemoteClient``: a ``Client`` like any other, joined to the
table's runtime, whose messages are read and refused or applied by the same code as a
local client's, and whose states (built by the holder's views for that client's identity
alone) go back over the bus to the one socket they were built for.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, cast

from starlette.datastructures import Address
from starlette.websockets import WebSocket

from holdem.cardroom.room import Room
from holdem.server.cluster.bus import Bus
from holdem.server.runtime import RATE_PER_SECOND, Client
from holdem.server.shelved import Joinable

logger = logging.getLogger(__name__)

JOIN, MESSAGE, LEAVE, OUT, CLOSE = "join", "msg", "leave", "out", "close"
MOVED_CLOSE = 1012  # "service restart": the page reconnects and finds the new holder
MOVED = "the table moved to another process of the cardroom: reconnect"
KEYS = itertools.count(1)  # a relayed client's key, never reused: a late record finds nobody
MOVING = "the table is moving to another process of the cardroom: reconnect in a moment"


class RelaySocket:
    """What the holder's code asks of a remote client's socket: its address, a text sent
    at once, a close."""

    def __init__(self, bus: Bus, process: str, key: int, address: str | None) -> None:
        self.bus, self.process, self.key = bus, process, key
        self.client = Address(address, 0) if address is not None else None

    async def send_text(self, text: str) -> None:
        self.bus.post(self.process, OUT, self.key, "", text)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.bus.post(self.process, CLOSE, self.key, "", close_body(code, reason or ""))


def close_body(code: int, reason: str) -> str:
    return json.dumps({"code": code, "reason": reason})


class RemoteClient(Client):
    """At the table's holder: a client of another process. Its messages are read one at a
    time, in order, as a socket's are."""

    def __init__(self, socket: RelaySocket, owner: str | None, table_id: str) -> None:
        # Duck-typed: the runtime only sends to a client's socket and reads its address.
        super().__init__(cast(WebSocket, socket), owner)
        self.relay = socket
        self.table_id = table_id
        self.inbox: asyncio.Queue[str | None] = asyncio.Queue()  # None: it left
        self.worker: asyncio.Task[None] | None = None

    def send_text(self, text: str) -> None:
        # Back-pressure is the client's own process's: its socket's outbox there.
        self.relay.bus.post(self.relay.process, OUT, self.relay.key, "", text)

    async def serve(self, table: Joinable) -> None:
        """Join ``table``, hand it the client's messages until it leaves, then leave."""
        try:
            await table.join(self)
            while (text := await self.inbox.get()) is not None:
                try:
                    await table.receive(self, text)
                except Exception:  # a fault of ours: as JsonErrors would, log it and go on
                    logger.exception("a relayed message failed")
        finally:
            with contextlib.suppress(Exception):
                await table.leave(self)


class RemoteTable:
    """At a process that does not hold the table: its lobby row as the holder published
    it, and its clients here relayed to the holder (``holder`` None: none is running it
    now; a client is asked to come back in a moment)."""

    def __init__(
        self,
        table_id: str,
        summary: dict[str, Any],
        holder: str | None,
        bus: Bus,
        clients: dict[int, Client],
        load: Callable[[str], Awaitable[Joinable]],
    ) -> None:
        self.id = table_id
        self.row = summary
        self.holder = holder
        self.bus = bus
        self._clients = clients  # every relayed client of this process, by key
        self._keys: dict[Client, tuple[int, str]] = {}  # client -> (key, holder joined)
        self._load = load
        self._loaded: Joinable | None = None

    def summary(self) -> dict[str, Any]:
        return dict(self.row)

    def start(self) -> None:
        pass

    async def stop(self) -> None:
        await self.disconnect_all(MOVED)

    # -- downloads: the table as the store has it now ----------------------------------------

    async def load(self) -> None:
        self._loaded = await self._load(self.id)

    def room_at(self, number: int | None) -> Room:
        if self._loaded is None:
            raise LookupError(f"table {self.id} is being read from the store: try again")
        return self._loaded.room_at(number)

    # -- clients -----------------------------------------------------------------------------

    @property
    def clients(self) -> list[Client]:
        return list(self._keys)

    async def join(self, client: Client) -> None:
        if self.holder is None:
            message = {"v": 1, "type": "error", "message": MOVING, "ref": None}
            await client.websocket.send_text(json.dumps(message))
            await client.websocket.close(code=MOVED_CLOSE, reason="table moving: reconnect")
            return
        key = next(KEYS)
        self._clients[key] = client
        self._keys[client] = (key, self.holder)
        body = json.dumps({"owner": client.owner, "address": client.address})
        self.bus.post(self.holder, JOIN, key, self.id, body)

    async def receive(self, client: Client, text: str) -> None:
        joined = self._keys.get(client)
        if joined is None:
            return
        if not client.within_rate():  # a flood stops here, before it costs the bus
            error = f"too many messages: at most {RATE_PER_SECOND} a second"
            client.send({"v": 1, "type": "error", "message": error, "ref": None})
            return
        self.bus.post(joined[1], MESSAGE, joined[0], self.id, text)

    async def leave(self, client: Client) -> None:
        joined = self._keys.pop(client, None)
        if joined is not None:
            self._clients.pop(joined[0], None)
            self.bus.post(joined[1], LEAVE, joined[0], self.id)

    async def disconnect_all(self, reason: str) -> None:
        """The holder changed (or died): every client here reconnects, to find the new one."""
        for client in list(self._keys):
            await self.leave(client)
            with contextlib.suppress(Exception):
                await client.websocket.close(code=MOVED_CLOSE, reason=reason[:120])
