"""A real cardroom in a thread, and real WebSocket clients that speak its protocol.

``Cardroom`` runs the ASGI app under uvicorn on a free port of 127.0.0.1 (the same
server ``holdem serve`` runs, in this process so tests start in milliseconds);
``Player`` is one WebSocket client that keeps every frame it received, raw, so tests can
look at exactly what crossed the wire.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Callable
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from holdem.server.app import create_app
from holdem.server.protocol import MAX_MESSAGE_BYTES
from holdem.server.websocket_transport import LettingGoWebSocketProtocol
from tests.support import free_port

Json = dict[str, Any]
FAST = {"bot_think_seconds": 0, "between_hands_seconds": 0.05, "runout_seconds": 0}


class Cardroom:
    def __init__(self, database: str, **app_options: Any) -> None:
        self.database = database
        self.app_options = app_options  # more arguments of create_app (clock_urls=...)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.url, timeout=10)
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> Cardroom:
        config = uvicorn.Config(
            create_app(self.database, **self.app_options),
            host="127.0.0.1",
            port=self.port,
            ws=LettingGoWebSocketProtocol,  # as holdem serve: a client that never reads goes
            ws_max_size=MAX_MESSAGE_BYTES,
            log_level="warning",
            lifespan="on",
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=lambda: asyncio.run(self._server.serve()))  # type: ignore[union-attr]
        self._thread.start()
        deadline = time.monotonic() + 20
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the cardroom did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(timeout=20)
        self.http.close()

    def create(self, **options: Any) -> tuple[str, str]:
        """A new table; returns its id and the host's token."""
        response = self.http.post("/api/tables", json={"name": "Friday", **options})
        assert response.status_code == 201, response.text
        body = response.json()
        return body["id"], body["token"]

    def identity(self, table_id: str) -> str:
        response = self.http.post(f"/api/tables/{table_id}/identity")
        assert response.status_code == 200, response.text
        return str(response.json()["token"])

    def player(self, table_id: str, token: str | None) -> Player:
        return Player(self.port, table_id, token)


class Player:
    def __init__(self, port: int, table_id: str, token: str | None) -> None:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self._open = contextlib.ExitStack()
        self.ws: ClientConnection = self._open.enter_context(
            connect(
                f"ws://127.0.0.1:{port}/ws/{table_id}",
                additional_headers=headers,
                max_queue=None,  # keep every frame: a full queue would stall the close
            )
        )
        self.frames: list[str] = []  # every frame received, exactly as sent
        self.state: Json = {}
        self.welcome = self.next("welcome")

    def send(self, **message: Any) -> None:
        self.ws.send(json.dumps({"v": 1, **message}))

    def next(self, kind: str, timeout: float = 10, kinds: tuple[str, ...] = ()) -> Json:
        """The next message of type ``kind`` or of one of ``kinds`` (states on the way are
        kept)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                frame = self.ws.recv(timeout=max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                raise TimeoutError(f"no {kind!r} message within {timeout} s") from None
            assert isinstance(frame, str)
            self.frames.append(frame)
            message: Json = json.loads(frame)
            if message["type"] == "state":
                self.state = message
            if message["type"] == kind or message["type"] in kinds:
                return message

    def next_of(self, *kinds: str, timeout: float = 20) -> Json:
        """The next message of any of the ``kinds``."""
        return self.next(kinds[0], timeout, kinds)

    def until(self, test: Callable[[Json], bool], timeout: float = 20) -> Json:
        """Read states until one passes ``test``."""
        if self.state and test(self.state):
            return self.state
        deadline = time.monotonic() + timeout
        while True:
            state = self.next("state", max(0.01, deadline - time.monotonic()))
            if test(state):
                return state

    def error(self, timeout: float = 10) -> str:
        return str(self.next("error", timeout)["message"])

    def act(self, choose: Callable[[Json], str] | None = None) -> None:
        """Take the turn the last state offers (check or call unless ``choose`` says) and
        wait for the state that follows it."""
        legal = self.state["hand"]["legal"]
        action = choose(legal) if choose else ("check" if legal["check"] else "call")
        version = self.state["version"]
        decision = self.state["hand"]["decision"]
        self.send(type="act", action=action, ref="turn", decision=decision)
        while self.state["version"] <= version:
            message = self.next_of("state", "error")
            assert message["type"] == "state", f"{action} was refused: {message['message']}"

    def drain(self) -> None:
        """Read whatever has arrived, without waiting."""
        with contextlib.suppress(TimeoutError):
            while True:
                self.next("nothing", timeout=0)

    def refused(self, words: str, **message: Any) -> None:
        """Send ``message``: it is refused with ``words`` and the state does not change
        (no new state comes before the answer to a ping sent after it)."""
        version = self.state["version"]
        self.send(**message)
        assert words in self.error()
        self.send(type="ping")
        self.next("pong")
        assert self.state["version"] == version

    def my_turn(self, state: Json) -> bool:
        hand = state.get("hand")
        return bool(hand and hand.get("legal"))

    def close(self) -> None:
        self._open.close()


def play_together(players: list[Player], done: Any, timeout: float = 60) -> None:
    """Each player checks or calls on their turn until ``done`` holds for the first one."""
    deadline = time.monotonic() + timeout
    while not done(players[0].state):
        if time.monotonic() >= deadline:
            raise AssertionError(f"the game did not get there in time: {_where(players[0].state)}")
        for player in players:
            player.drain()
            if player.my_turn(player.state):
                player.act()
        time.sleep(0.005)


def _where(state: Json) -> str:
    """Where a stalled game stands, for the failure's message."""
    hand = state.get("hand") or {}
    seats = [(s.get("name"), s.get("stack")) for s in state.get("seats") or [] if s]
    tournament = state.get("tournament") or {}
    keys = ("status", "level", "on_break", "break_ends", "level_ends")
    return (
        f"status {state.get('status')!r}, hand {hand.get('number')} to act {hand.get('to_act')}, "
        f"seats {seats}, tournament { ({k: tournament.get(k) for k in keys}) }"
    )
