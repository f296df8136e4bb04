"""A seated player flooding the coach switch, and another table's pings meanwhile.

The attack that once stalled every table: one player, four sockets, each switching the
coach on and off about 19 times a second while it is their turn (they never act, so the
decision stays open). Meanwhile a spectator of a second table, where bots play, pings
every 50 ms. Used by tests/security/test_coach_flood.py and bench/coach_flood.py.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

Json = dict[str, Any]
PING_EVERY = 0.05


@dataclass
class FloodResult:
    pings_ms: list[float] = field(default_factory=list)
    answers: list[Json] = field(default_factory=list)  # the coach messages the flood got
    errors: list[str] = field(default_factory=list)
    toggles: int = 0
    table: str = ""  # the flooded table's id

    def p95_ms(self) -> float:
        ordered = sorted(self.pings_ms)
        return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


async def _socket(ws_url: str, table: str, token: str | None) -> ClientConnection:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return await connect(f"{ws_url}/ws/{table}", additional_headers=headers)


async def _until(ws: ClientConnection, test: Any, timeout: float = 30) -> Json:
    deadline = time.monotonic() + timeout
    while True:
        message: Json = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
        if test(message):
            return message


def _table(http: httpx.Client, **options: Any) -> tuple[str, str]:
    response = http.post("/api/tables", json=options)
    assert response.status_code == 201, response.text
    body = response.json()
    return body["id"], body["token"]


async def coach_flood(
    base_url: str, ws_url: str, seconds: float, *, sockets: int = 4, rate: float = 19.0
) -> FloodResult:
    """Flood for ``seconds`` (``sockets=0``: no flood, pings alone, for comparison)."""
    result = FloodResult()
    with httpx.Client(base_url=base_url, timeout=10) as http:
        flood_table, host_token = _table(
            http, name="Flood", bots=["caller"], seat_approval=False, action_seconds=600,
            bot_think_seconds=0, between_hands_seconds=0.05,
        )  # fmt: skip
        quiet_table, _ = _table(
            http, name="Quiet", bots=["caller", "caller"], seats=3, bot_think_seconds=0.05,
            between_hands_seconds=0.05,
        )  # fmt: skip
        ben = http.post(f"/api/tables/{flood_table}/identity").json()["token"]
    result.table = flood_table
    host = await _socket(ws_url, flood_table, host_token)
    seated = await _socket(ws_url, flood_table, ben)
    await seated.send(json.dumps({"v": 1, "type": "sit", "seat": 2, "name": "Ben", "buy_in": 100}))
    await _until(seated, lambda m: m["type"] == "state" and m["you"]["seat"] == 2)
    await host.send(json.dumps({"v": 1, "type": "start"}))
    await _until(seated, lambda m: m["type"] == "state" and bool((m["hand"] or {}).get("legal")))
    floods = [seated] + [await _socket(ws_url, flood_table, ben) for _ in range(sockets - 1)]
    pinger = await _socket(ws_url, quiet_table, None)
    stop = time.monotonic() + seconds
    await asyncio.gather(
        _ping(pinger, stop, result),
        *(_toggle(ws, stop, rate, result) for ws in (floods if sockets else [])),
    )
    for ws in [host, pinger, *floods]:
        await ws.close()
    return result


async def _ping(ws: ClientConnection, stop: float, result: FloodResult) -> None:
    while time.monotonic() < stop:
        sent = time.perf_counter()
        await ws.send('{"v":1,"type":"ping"}')
        while json.loads(await ws.recv())["type"] != "pong":
            pass
        result.pings_ms.append((time.perf_counter() - sent) * 1000)
        await asyncio.sleep(PING_EVERY)


async def _toggle(ws: ClientConnection, stop: float, rate: float, result: FloodResult) -> None:
    async def read() -> None:
        async for frame in ws:
            message = json.loads(frame)
            if message["type"] == "coach":
                result.answers.append(message)
            elif message["type"] == "error":
                result.errors.append(message["message"])

    reader = asyncio.create_task(read())
    on = True
    while time.monotonic() < stop:
        await ws.send(json.dumps({"v": 1, "type": "coach", "on": on}))
        result.toggles += 1
        on = not on
        await asyncio.sleep(1 / rate)
    await asyncio.sleep(0.5)  # the last answers
    reader.cancel()
