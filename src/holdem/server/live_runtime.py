"""A live table at work: the host's entries stored, then applied, then shown to all.

A live table has no clock, no bots and no hidden cards: the host (the creator's token)
enters what happens at the real table, and everyone with the link watches the same
state. Each command is applied to the session (a refused one changes nothing and gets
one sentence back), committed to the store, and only then broadcast; a restart replays
the stored log. Messages are paced per client like every table's.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any

from holdem.cardroom.live_session import LiveSession
from holdem.cardroom.live_view import live_state
from holdem.cardroom.room import RestoreError
from holdem.errors import HoldemError
from holdem.server import live_protocol
from holdem.server.live_clock import ClockLinks, clock_level, level_from_address
from holdem.server.restore import stored_options
from holdem.server.runtime import RATE_PER_SECOND, Client
from holdem.server.store import Store, StoredTable

Json = dict[str, Any]
logger = logging.getLogger(__name__)


class LiveRuntime:
    kind = "live table"

    def __init__(self, session: LiveSession, store: Store, clocks: ClockLinks) -> None:
        self.session = session
        self.store = store
        self.clocks = clocks  # the clock addresses the operator allowed
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.name = f"live table {session.id}"
        self._stale = False  # a write failed and the log could not be read back yet

    @classmethod
    async def restored(
        cls, stored: StoredTable, store: Store, clocks: ClockLinks
    ) -> LiveRuntime | None:
        """The live table a stored row holds, its whole log replayed; None for another
        kind of table. A log that no longer replays is a ``RestoreError``."""
        options = stored_options(stored)
        if not options.live:
            return None
        session = LiveSession(stored.id, options, stored.host)
        bodies = await store.raw_log(stored.id)
        for seq, body in enumerate(bodies, start=1):
            try:
                session.apply(json.loads(body))
            except (HoldemError, ValueError, KeyError, TypeError) as error:
                raise RestoreError(f"stored command {seq} does not replay: {error}") from None
        return cls(session, store, clocks)

    def start(self) -> None:
        """Nothing runs on its own at a live table: the dealer is a person."""

    async def stop(self) -> None:
        return None

    def room_at(self, number: int | None) -> Any:
        raise LookupError(f"a live table's hands download from /api/live/{self.session.id}/hands")

    def summary(self) -> Json:
        session = self.session
        return {
            "id": session.id,
            "name": session.options.name,
            "structure": session.blinds.structure.value,
            "small_blind": session.blinds.small_blind,
            "big_blind": session.blinds.big_blind,
            "seats": session.seat_count,
            "players": len(session.players),
            "status": "running" if session.in_hand else "waiting",
            "mode": "live",
        }

    # -- clients ----------------------------------------------------------------------

    async def join(self, client: Client) -> None:
        async with self.lock:
            self.clients.add(client)
            client.send(
                {
                    "v": 1,
                    "type": "welcome",
                    "table": self.session.id,
                    "you": {"host": self._is_host(client), "seat": None},
                }
            )
            client.send(self._state_for(client))

    async def leave(self, client: Client) -> None:
        async with self.lock:
            self.clients.discard(client)

    def _is_host(self, client: Client) -> bool:
        return client.owner is not None and client.owner == self.session.host

    async def receive(self, client: Client, text: str) -> None:
        ref = None
        try:
            if not client.within_rate():
                raise live_protocol.LiveProtocolError(
                    f"too many messages: at most {RATE_PER_SECOND} a second"
                )
            _, command, ref = live_protocol.parse(text)
            if command is None:
                client.send({"v": 1, "type": "pong"})
                return
            if not self._is_host(client):
                raise live_protocol.LiveProtocolError(
                    "only the host enters what happens at a live table: you are watching", ref
                )
            async with self.lock:
                await self.execute(command)
        except HoldemError as error:
            if isinstance(error, live_protocol.LiveProtocolError) and ref is None:
                ref = error.ref
            client.send({"v": 1, "type": "error", "message": str(error), "ref": ref})
        except Exception:  # a fault of ours: said in a sentence, logged, the table goes on
            logger.exception("%s: a message failed", self.name)
            message = "the live table could not apply that (a fault of the server): nothing changed"
            client.send({"v": 1, "type": "error", "message": message, "ref": ref})

    async def execute(self, command: Json) -> None:
        """Apply, store, then tell everyone. The caller holds the lock."""
        if self._stale and not await self._reload():
            raise HoldemError("the live table cannot reach its store: try again in a moment")
        session = self.session
        if command["kind"] == "clock" and command.get("url"):
            command["url"] = self.clocks.checked(command["url"])
        if command["kind"] == "deal" and session.clock_linked:
            command["level"] = await self._clock_level(session.clock_url)
        if command["kind"] == "clock" and command.get("linked"):
            await self._clock_level(command.get("url"))  # refused when it cannot be read
        command["at"] = time.time()
        session.apply(command)
        try:
            await self.store.append(session.id, session.version, command)
        except Exception as error:
            self._stale = True  # the session is ahead of the store: go back to the store's
            await self._reload()
            raise HoldemError(
                f"the live table could not save that ({type(error).__name__}): nothing "
                "changed, try again"
            ) from error
        self.broadcast()

    async def _clock_level(self, url: str | None) -> dict[str, Any]:
        if url:  # checked again: a stored link may predate the operator's list
            return await asyncio.to_thread(level_from_address, self.clocks.checked(url))
        return clock_level()

    async def _reload(self) -> bool:
        """The session as the store holds it; False while the store cannot be read."""
        session = self.session
        try:
            log = await self.store.load_log(session.id)
        except Exception:
            return False
        self.session = LiveSession.from_log(session.id, session.options, session.host, log)
        self._stale = False
        return True

    def broadcast(self) -> None:
        state = live_state(self.session)
        for client in self.clients:
            client.send({**state, "you": {"host": self._is_host(client)}})

    def _state_for(self, client: Client) -> Json:
        return {**live_state(self.session), "you": {"host": self._is_host(client)}}
