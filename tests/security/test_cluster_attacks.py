"""The cardroom of several processes, attacked as the single process was.

Two `holdem serve` processes on one PostgreSQL database; the table runs at A. From B,
where every message is relayed to A: a spectator acting for the seat to act, a made-up
token, a seated player acting on a stale decision and for another seat, nesting a
thousand deep and a flood of messages. Each is refused with the same sentence A gives for
it (every check applies at the holder), nothing changes, and then B is killed with
SIGKILL in the middle of the attack: A's table plays on, and no chip is lost.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest

from tests.server.client import FAST, Json, Player
from tests.server.test_cluster import listed
from tests.support.server import ServerProcess

pytestmark = pytest.mark.slow
DEEP = "[" * 1000 + "]" * 1000


@pytest.fixture
def two_processes(fresh_postgres_url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    with ServerProcess(fresh_postgres_url) as a, ServerProcess(fresh_postgres_url) as b:
        yield a, b


def refusal(player: Player, text: str) -> str:
    """Send ``text``; the sentence of the error that answers it."""
    player.ws.send(text)
    return str(player.next("error")["message"])


def chips(state: Json) -> int:
    hand = state.get("hand") or {}
    return sum(s["stack"] for s in state["seats"]) + int(hand.get("pot_total") or 0)


def test_every_check_applies_at_the_holder_and_a_kill_of_the_relay_loses_nothing(
    two_processes: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_processes
    options = {"name": "Cluster", "seat_approval": False, **FAST, "action_seconds": 600,
               "between_hands_seconds": 60}  # fmt: skip
    created = httpx.post(a.url + "/api/tables", json=options).json()
    table = created["id"]
    listed(b, table)
    guest = httpx.post(f"{b.url}/api/tables/{table}/identity").json()["token"]
    host = Player(a.port, table, created["token"])  # at the holder
    other = Player(b.port, table, guest)  # relayed through B
    host.send(type="sit", seat=1, name="Host", buy_in=200)
    other.send(type="sit", seat=2, name="Guest", buy_in=200)
    host.until(lambda s: sum(1 for seat in s["seats"] if seat["name"]) == 2)
    host.send(type="start")
    state = host.until(lambda s: s["hand"] is not None and s["hand"]["to_act"] is not None)
    before, total = state["version"], chips(state)
    decision = state["hand"]["decision"]
    seat_to_act = state["hand"]["to_act"]
    acting, waiting = (host, other) if seat_to_act == 1 else (other, host)
    act = {"v": 1, "type": "act", "action": "call", "decision": decision}

    attacks = [
        json.dumps(act),  # by a spectator, and a made-up token
        DEEP,
        json.dumps({"v": 1, "type": "act", "action": "fold", "decision": f"{decision}0"}),
    ]
    spectators = {name: Player(server.port, table, None) for name, server in (("a", a), ("b", b))}
    forgers = {name: Player(server.port, table, "x" * 43) for name, server in (("a", a), ("b", b))}
    for text in attacks:
        said = {name: refusal(client, text) for name, client in spectators.items()}
        assert said["a"] == said["b"], text[:40]
        said = {name: refusal(client, text) for name, client in forgers.items()}
        assert said["a"] == said["b"], text[:40]
    # The seated player who is not to act, at whichever process it is connected to.
    assert refusal(waiting, json.dumps(act))
    flood = Player(b.port, table, None)
    for _ in range(40):
        flood.send(type="ping")
    assert "too many messages" in flood.next("error")["message"]
    host.send(type="ping")
    host.next("pong")
    assert host.state["version"] == before, "a refused message changed the table"

    b.kill()  # the relaying process dies in the middle of the attack
    if acting is host:  # the table plays on at A
        host.act()
        assert host.state["version"] > before
    host.send(type="ping")
    host.next("pong")
    assert chips(host.state) == total
    assert "Traceback" not in a.log_text()
    for client in (host, *spectators.values(), *forgers.values()):
        client.close()
