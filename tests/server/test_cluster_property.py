"""Property: commands mixed across processes are logged as one process would log them.

Two `holdem serve` processes share a throwaway PostgreSQL database. For each script of
moves (who sends what), two tables run at process A: at one, two of the three players
are connected to process B, so their messages are relayed; at the other every player is
connected to A. The script is played move by move on both, and the two command logs must
be the same, apart from what is drawn or timed anew at each table (the decks and their
salts, the clock): the same commands, accepted or refused alike, in the same order.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from typing import Any

import asyncpg
import httpx
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from holdem.webkit.auth import token_hash
from tests.server.client import FAST, Json, Player
from tests.server.test_cluster import listed
from tests.support.postgres import PostgresServer
from tests.support.server import ServerProcess

MOVES = (
    "turn",
    "turn",
    "turn",
    "act",
    "fold",
    "raise",
    "chat",
    "sit_out",
    "sit_in",
    "stale",
    "garbage",
)
DRAWN = ("at", "order", "salts")  # dealt or timed anew by each table
QUIET_SECONDS = 0.15  # no frame for this long: the table has done what the move started


@pytest.fixture(scope="module")
def cluster(postgres_server: PostgresServer) -> Iterator[tuple[ServerProcess, ServerProcess, str]]:
    url = postgres_server.create_database()
    with ServerProcess(url) as a, ServerProcess(url) as b:
        yield a, b, url


class Table:
    """One table at A and its three players, each connected to the process given."""

    def __init__(self, a: ServerProcess, servers: list[ServerProcess]) -> None:
        http = httpx.Client(base_url=a.url, timeout=10)
        options = {"name": "Mixed", "seat_approval": False, "action_seconds": 600, **FAST}
        created = http.post("/api/tables", json=options).json()
        self.id = created["id"]
        tokens = [created["token"]] + [  # the host's, then the others'
            http.post(f"/api/tables/{self.id}/identity").json()["token"] for _ in range(2)
        ]
        http.close()
        self.who = {token_hash(token): f"P{n + 1}" for n, token in enumerate(tokens)}
        for server in servers:
            listed(server, self.id)
        self.players = [
            Player(server.port, self.id, token)
            for server, token in zip(servers, tokens, strict=True)
        ]
        for n, player in enumerate(self.players):
            player.send(type="sit", seat=n + 1, name=f"P{n + 1}", buy_in=200)
            player.until(lambda s, seat=n + 1: s["you"]["seat"] == seat)
        self.players[0].send(type="start")

    def play(self, who: int, move: str) -> None:
        """Send ``move`` from player ``who`` ("turn": from the player to act, if any)."""
        if move == "turn":
            who = next((n for n, p in enumerate(self.players) if p.my_turn(p.state)), who)
            move = "act"
        player = self.players[who]
        hand = player.state.get("hand") or {}
        legal = hand.get("legal")
        decision = hand.get("decision")
        if move == "act":
            action = "check" if legal and legal["check"] else "call"
            player.send(type="act", action=action, decision=decision)
        elif move == "fold":
            player.send(type="act", action="fold", decision=decision)
        elif move == "raise":
            bounds = legal and (legal["bet"] or legal["raise"])
            kind = "bet" if legal and legal["bet"] else "raise"
            amount = bounds["min"] if bounds else 4
            player.send(type="act", action=kind, amount=amount, decision=decision)
        elif move == "chat":
            player.send(type="chat", text=f"move by P{who + 1}")
        elif move in ("sit_out", "sit_in"):
            player.send(type=move)
        elif move == "stale":  # an act answering a decision long gone
            player.send(type="act", action="call", decision="0:0")
        elif move == "garbage":
            player.ws.send('{"v": 1, "type": "act", "action": "dance"}')

    def undrawn(self, log: list[Json]) -> list[dict[str, Any]]:
        """The log without what each table draws or times anew, its players named alike."""
        return [
            {k: self.who.get(v, v) if k == "owner" else v for k, v in c.items() if k not in DRAWN}
            for c in log
        ]

    def close(self) -> None:
        for player in self.players:
            player.close()


def settle(tables: list[Table]) -> None:
    """Read until every player of ``tables`` has heard nothing for QUIET_SECONDS."""
    players = [p for table in tables for p in table.players]
    while True:
        before = sum(len(p.frames) for p in players)
        time.sleep(QUIET_SECONDS)
        for player in players:
            player.drain()
        if sum(len(p.frames) for p in players) == before:
            return


async def logs_of(url: str, *table_ids: str) -> list[list[Json]]:
    connection = await asyncpg.connect(url)
    try:
        found = []
        for table_id in table_ids:
            rows = await connection.fetch(
                "SELECT body FROM commands WHERE table_id = $1 ORDER BY seq", table_id
            )
            found.append([json.loads(row["body"]) for row in rows])
        return found
    finally:
        await connection.close()


@pytest.mark.slow
@settings(
    max_examples=3,
    deadline=None,
    phases=[Phase.generate],  # no shrinking: each example costs seconds; the script is shown
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    script=st.lists(st.tuples(st.integers(0, 2), st.sampled_from(MOVES)), min_size=8, max_size=16)
)
def test_moves_across_processes_log_as_one_process_would(
    cluster: tuple[ServerProcess, ServerProcess, str], script: list[tuple[int, str]]
) -> None:
    a, b, url = cluster
    mixed = Table(a, [a, b, b])  # P2 and P3 are relayed from B to A
    local = Table(a, [a, a, a])
    try:
        settle([mixed, local])
        for who, move in script:
            mixed.play(who, move)
            local.play(who, move)
            settle([mixed, local])
        mixed_log, local_log = asyncio.run(logs_of(url, mixed.id, local.id))
        assert mixed.undrawn(mixed_log) == local.undrawn(local_log), script
        assert sum(1 for c in mixed_log if c["kind"] == "act") >= 1, "the script played nothing"
        # The players saw the table the log describes, at both.
        for table in (mixed, local):
            versions = {p.state["version"] for p in table.players}
            assert versions == {len(mixed_log)}
    finally:
        mixed.close()
        local.close()
