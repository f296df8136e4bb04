"""Several `holdem serve` processes, one cardroom on one PostgreSQL database.

Real processes, a real throwaway PostgreSQL: a client of process A plays against a client
of process B at a table A runs; A is killed with SIGKILL in the middle of a hand; B takes
the table over from the store and the hand goes on, card for card, with no chip lost.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from holdem.server.cluster.leases import LEASE_SECONDS
from tests.server.client import FAST, Json, Player, play_together
from tests.server.test_restart import chips_in_play, picture
from tests.support import free_port
from tests.support.server import ServerProcess

TAKE_OVER_SECONDS = 10.0  # the bound, from the kill to the table running again
HAND_KEYS = ("number", "board", "pots", "pot_total", "to_act", "legal", "commitment")


@pytest.fixture
def two_processes(fresh_postgres_url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    with ServerProcess(fresh_postgres_url) as a, ServerProcess(fresh_postgres_url) as b:
        yield a, b


def listed(server: ServerProcess, table_id: str, timeout: float = 10.0) -> Json:
    """The table's lobby row at ``server``, once that process lists it."""
    deadline = time.monotonic() + timeout
    while True:
        rows = httpx.get(f"{server.url}/api/tables", timeout=5).json()
        for row in rows:
            if row["id"] == table_id:
                return dict(row)
        assert time.monotonic() < deadline, f"{server.url} does not list table {table_id}"
        time.sleep(0.1)


def connect(server: ServerProcess, table_id: str, token: str | None, timeout: float) -> Player:
    """A client that keeps reconnecting to ``server`` until it is welcomed with a state, as
    the web page does when the process it was on goes away."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            player = Player(server.port, table_id, token)
            player.next("state", timeout=max(0.5, deadline - time.monotonic()))
            return player
        except (ConnectionClosed, TimeoutError, OSError):
            assert time.monotonic() < deadline, f"no welcome at {server.url} in {timeout} s"
            time.sleep(0.1)


def at_a_flop_together(player: Player, other: Player) -> Json:
    """Both call or check until ``player`` is to act after the flop of some hand."""
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "no flop came"
        player.drain()
        other.drain()
        hand = player.state.get("hand")
        if player.my_turn(player.state):
            if hand["street"] != "preflop":
                return player.state
            player.act()
        elif other.my_turn(other.state):
            other.act()
        time.sleep(0.005)


def seated_pair(a: ServerProcess, b: ServerProcess) -> tuple[str, Player, Player, str, str]:
    """A table created at A; Ann (its host) plays from A, Ben from B."""
    http = httpx.Client(base_url=a.url, timeout=10)
    options = {"name": "Two rooms", "seat_approval": False, "action_seconds": 60, **FAST}
    created = http.post("/api/tables", json=options).json()
    table_id, ann_token = created["id"], created["token"]
    ben_token = http.post(f"/api/tables/{table_id}/identity").json()["token"]
    http.close()
    listed(b, table_id)
    ann = Player(a.port, table_id, ann_token)
    ben = Player(b.port, table_id, ben_token)  # relayed to A, which runs the table
    ann.send(type="sit", seat=1, name="Ann", buy_in=200)
    ann.until(lambda s: s["you"]["seat"] == 1)
    ben.send(type="sit", seat=2, name="Ben", buy_in=150)
    ben.until(lambda s: s["you"]["seat"] == 2)
    ann.send(type="start")
    return table_id, ann, ben, ann_token, ben_token


def test_every_process_lists_every_table(two_processes: tuple[ServerProcess, ...]) -> None:
    a, b = two_processes
    ids = []
    for server, other in ((a, b), (b, a)):
        response = httpx.post(f"{server.url}/api/tables", json={"name": f"At {server.port}"})
        ids.append(response.json()["id"])
        # The link works at once at any process, as behind a load balancer it must (the
        # other's lobby lists it only at its next look at the leases).
        assert httpx.get(f"{other.url}/t/{ids[-1]}").status_code == 200
        Player(other.port, ids[-1], None).close()  # welcomed, not "no such table"
    for server in (a, b):
        for table_id in ids:
            listed(server, table_id)
    # A live table's link opens the live page at the process that does not hold it too.
    live = httpx.post(f"{a.url}/api/tables", json={"name": "Kitchen", "mode": "live"}).json()
    listed(b, live["id"])
    for server in (a, b):
        page = httpx.get(f"{server.url}/t/{live['id']}").text
        assert "live.js" in page and "table.js" not in page, server.url

    # A client of B at A's table is refused exactly as a client of A is, and bounded the
    # same: B stops a flood before it reaches A, and closes an oversized message itself.
    table_id = ids[0]
    local, relayed = Player(a.port, table_id, None), Player(b.port, table_id, None)
    for player in (local, relayed):
        player.send(type="act", action="call", ref="x")
        player.send(type="sit", seat=1, name="Spy", buy_in=100, ref="y")
    answers = [[player.next("error")["message"] for _ in range(2)] for player in (local, relayed)]
    assert answers[0] == answers[1]
    for _ in range(40):
        relayed.send(type="ping")
    replies = [relayed.next_of("pong", "error")["type"] for _ in range(40)]
    assert replies.count("error") >= 40 - 20 - 2  # a second's worth of bucket, at most
    relayed.ws.send("x" * 5000)
    with pytest.raises(ConnectionClosed):
        relayed.next("nothing", timeout=5)
    assert relayed.ws.close_code == 1009


def test_a_client_of_each_process_plays_and_a_kill_loses_nothing(
    two_processes: tuple[ServerProcess, ServerProcess],
) -> None:
    a, b = two_processes
    table_id, ann, ben, ann_token, ben_token = seated_pair(a, b)
    play_together([ann, ben], lambda s: s["hands_played"] >= 2)
    # Both sides see the same table: the same version, stacks and board.
    ann.drain()
    ben.drain()
    ben.until(lambda s: s["version"] == ann.state["version"], timeout=5)
    assert [s["stack"] for s in ann.state["seats"]] == [s["stack"] for s in ben.state["seats"]]

    # Stop at a flop with Ben to act, then kill A, the process running the table.
    before = at_a_flop_together(ben, ann)
    ann.until(lambda s: s["version"] == before["version"], timeout=5)
    # Mid-hand, each sees its own hole cards only, wherever it is connected.
    assert ann.state["seats"][0]["cards"] and not ann.state["seats"][1]["cards"]
    assert before["seats"][1]["cards"] and not before["seats"][0]["cards"]
    assert chips_in_play(before) == 350
    killed = time.monotonic()
    a.kill()

    ben = connect(b, table_id, ben_token, TAKE_OVER_SECONDS)
    took = time.monotonic() - killed
    assert took < TAKE_OVER_SECONDS
    after = ben.state
    for key in HAND_KEYS:
        assert after["hand"][key] == before["hand"][key], key
    assert picture(after) == picture(before)

    ann = connect(b, table_id, ann_token, 5)
    number = after["hand"]["number"]
    play_together([ben, ann], lambda s: s["hands_played"] >= number + 1)
    ann.send(type="end")
    final = ann.until(lambda s: s["status"] == "ended")
    assert sum(row["net"] for row in final["ledger"]) == 0
    assert sum(row["cashed_out"] for row in final["ledger"]) == 350
    assert ann_token not in b.log_text() and ben_token not in b.log_text()


@pytest.mark.slow
def test_a_stalled_process_loses_its_tables_and_gives_them_up(
    two_processes: tuple[ServerProcess, ServerProcess],
) -> None:
    """A stopped (not killed) process keeps its connections, so only its leases running
    out free its tables; when it runs again it finds them taken and lets them go."""
    a, b = two_processes
    assert a.pid is not None
    table_id, ann, ben, ann_token, ben_token = seated_pair(a, b)
    before = at_a_flop_together(ben, ann)
    os.kill(a.pid, signal.SIGSTOP)
    try:
        ben = connect(b, table_id, ben_token, LEASE_SECONDS + TAKE_OVER_SECONDS)
        for key in HAND_KEYS:
            assert ben.state["hand"][key] == before["hand"][key], key
    finally:
        os.kill(a.pid, signal.SIGCONT)
    # Awake, A finds the lease taken: it closes Ann's socket (1012), and from then on
    # relays her to B like any client of a table held elsewhere.
    with pytest.raises(ConnectionClosed):
        try:
            ann.next("nothing", timeout=LEASE_SECONDS + TAKE_OVER_SECONDS)
        except TimeoutError:  # say what the processes did
            raise AssertionError(a.log_text()[-2000:] + b.log_text()[-1000:]) from None
    assert ann.ws.close_code == 1012
    assert "lost the lease" in a.log_text()
    # Ann comes back (through A, which now relays her to B): the same hand, every chip.
    ann = connect(a, table_id, ann_token, TAKE_OVER_SECONDS)
    assert ann.state["hand"]["number"] == before["hand"]["number"]
    assert ann.state["version"] >= before["version"]
    assert chips_in_play(ann.state) == 350
    # And play goes on: this hand and the next, Ann through A and Ben at B; then the end.
    # (A reconnect that came while A was stopping its copy of the table used to join
    # that copy, and heard nothing more.)
    play_together([ben, ann], lambda s: s["hands_played"] > before["hand"]["number"])
    ann.send(type="end")
    final = ann.until(lambda s: s["status"] == "ended")
    assert sum(row["net"] for row in final["ledger"]) == 0
    assert sum(row["cashed_out"] for row in final["ledger"]) == 350
    assert a.running and b.running


def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'cardroom.sqlite3'}"
    with ServerProcess(database) as first:
        second = subprocess.run(
            [str(Path(sys.executable).with_name("holdem")), "serve", "--port", str(free_port()),
             "--database", database],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert second.returncode != 0
        assert "SQLite serves one process" in second.stdout + second.stderr
        assert "Traceback" not in second.stdout + second.stderr
        assert first.running
