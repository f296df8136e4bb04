"""A live table through the real server: created from the lobby's options, the host's
entries over the WebSocket, watchers read-only, refusals in sentences, downloads, and a
restart that replays the stored log (on SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from holdem.clock.store import SavedState, save
from holdem.server.live_clock import clock_level
from holdem.server.live_protocol import parse
from holdem.server.protocol import TYPES
from holdem.server.runtime import RATE_PER_SECOND
from holdem.tournament.clock import Clock
from holdem.tournament.structure import preset
from tests.clock.test_clock_app import _start as start_clock
from tests.server.client import Cardroom, Json, Player
from tests.support import free_port


@pytest.fixture
def sqlite_cardroom(tmp_path: Path) -> Iterator[Cardroom]:
    room = Cardroom(f"sqlite:///{tmp_path / 'cardroom.sqlite3'}").start()
    try:
        yield room
    finally:
        room.stop()


def live(player: Player, **command: Any) -> Json:
    """Send one command and return the state that answers it (or fail on an error)."""
    player.send(type="live", command=command)
    message = player.next_of("live_state", "error")
    assert message["type"] == "live_state", message
    return message


def refused(player: Player, words: str, **command: Any) -> None:
    player.send(type="live", command=command)
    message = player.next_of("live_state", "error")
    assert message["type"] == "error", message
    assert words in message["message"], message["message"]


def open_live(cardroom: Cardroom) -> tuple[str, Player]:
    table_id, token = cardroom.create(mode="live", small_blind=5, big_blind=10, seats=6)
    host = cardroom.player(table_id, token)
    assert host.welcome["you"]["host"] is True
    assert host.next("live_state")["hand"] is None
    return table_id, host


def seat_three(host: Player) -> None:
    for seat, name, chips in ((1, "Ann", 100), (2, "Bob", 300), (3, "Cy", 500)):
        live(host, kind="seat", seat=seat, name=name, buy_in=chips)
    live(host, kind="button", seat=3)


def test_a_live_table_is_listed_and_served_its_own_page(sqlite_cardroom: Cardroom) -> None:
    table_id, host = open_live(sqlite_cardroom)
    rows = {row["id"]: row for row in sqlite_cardroom.http.get("/api/tables").json()}
    assert rows[table_id]["mode"] == "live" and rows[table_id]["status"] == "waiting"
    page = sqlite_cardroom.http.get(f"/t/{table_id}")
    assert page.status_code == 200 and "live.js" in page.text
    refused_bots = sqlite_cardroom.http.post(
        "/api/tables", json={"name": "L", "mode": "live", "bots": ["tag"]}
    )
    assert refused_bots.status_code == 400 and "no bots" in refused_bots.json()["error"]
    host.close()


def test_the_host_plays_a_hand_and_a_watcher_sees_it_read_only(
    sqlite_cardroom: Cardroom,
) -> None:
    table_id, host = open_live(sqlite_cardroom)
    watcher = sqlite_cardroom.player(table_id, sqlite_cardroom.identity(table_id))
    assert watcher.welcome["you"]["host"] is False
    watcher.next("live_state")
    seat_three(host)
    state = live(host, kind="deal")
    assert state["hand"]["to_act"] == 3 and state["hand"]["legal"]["call"] == 10
    watcher.send(type="live", command={"kind": "act", "seat": 3, "action": "fold"})
    assert "only the host" in watcher.error()
    for command in (
        {"kind": "act", "seat": 3, "action": "raise", "amount": 100},
        {"kind": "act", "seat": 1, "action": "all-in"},
        {"kind": "act", "seat": 2, "action": "raise", "amount": 300},
        {"kind": "act", "seat": 3, "action": "call"},
    ):
        state = live(host, **command)
    assert [pot["names"] for pot in state["hand"]["pots"]] == [["Ann", "Bob", "Cy"], ["Bob", "Cy"]]
    for cards in (["Ah", "7d", "2c"], ["Ks"], ["3d"]):
        state = live(host, kind="board", cards=cards)
    assert state["hand"]["showing_order"] == [1, 2, 3]
    state = live(host, kind="winners", pots=[[1], [3]])
    assert state["hand"]["result"] == [
        "Side pot 1 400: Cy wins it. Chosen at the table.",
        "Main pot 300: Ann wins it. Chosen at the table.",
    ]
    seen = watcher.next("live_state")
    while not (seen["hand"] and seen["hand"]["over"]):
        seen = watcher.next("live_state")
    assert {s["seat"]: s["stack"] for s in seen["seats"] if s["name"]} == {1: 300, 2: 0, 3: 600}
    phh = sqlite_cardroom.http.get(state["hands"][0]["phh"])
    assert phh.status_code == 200 and "d dh p1 ????" in phh.text
    ledger = sqlite_cardroom.http.get(f"/api/live/{table_id}/ledger.csv")
    assert ledger.text.splitlines()[1:] == ['"Ann",100,0,300,200', '"Bob",300,0,0,-300',
                                            '"Cy",500,0,600,100']  # fmt: skip
    missing = sqlite_cardroom.http.get(f"/api/live/{table_id}/hands/7.phh")
    assert missing.status_code == 404 and "no finished hand 7" in missing.json()["error"]
    host.close()
    watcher.close()


def test_bad_messages_get_a_sentence_and_change_nothing(sqlite_cardroom: Cardroom) -> None:
    _, host = open_live(sqlite_cardroom)
    seat_three(host)
    refused(host, "a command needs a kind", kind="explode")
    refused(host, "seat", kind="seat", seat=11, name="Zed", buy_in=10)
    refused(host, "buy_in", kind="seat", seat=4, name="Zed", buy_in="10")
    refused(host, "no hand is in progress", kind="act", seat=1, action="fold")
    refused(host, "a name", kind="seat", seat=4, name="\u202e", buy_in=10)
    live(host, kind="deal")
    refused(host, "it is Cy's turn", kind="act", seat=1, action="call")
    refused(host, "say whose", kind="irregularity", what="verbal", action="call")
    for kind in TYPES:  # the cardroom's other messages: a sentence each, nothing else
        if kind == "ping":
            continue
        time.sleep(1.5 / RATE_PER_SECOND)  # within the rate
        host.send(type=kind, ref=kind)
        assert "a live table takes live and ping" in host.error()
    host.send(type="ping")
    host.next("pong")


def test_a_flood_of_messages_is_refused_past_the_rate(sqlite_cardroom: Cardroom) -> None:
    _, host = open_live(sqlite_cardroom)
    for _ in range(RATE_PER_SECOND + 5):
        host.send(type="ping")
    answers = [host.next_of("pong", "error")["type"] for _ in range(RATE_PER_SECOND + 5)]
    assert "error" in answers and answers.count("pong") >= RATE_PER_SECOND
    host.close()


def test_messages_are_bounded_before_the_rules_see_them() -> None:
    with pytest.raises(Exception, match="at most 10"):
        parse(json.dumps({"v": 1, "type": "live", "command": {"kind": "winners",
                                                              "pots": [[1]] * 11}}))  # fmt: skip
    long_name = {"kind": "seat", "seat": 1, "name": "x" * 101, "buy_in": 5}
    with pytest.raises(Exception, match="name"):
        parse(json.dumps({"type": "live", "command": long_name}))


def test_a_restart_replays_the_live_table(database: str) -> None:
    first = Cardroom(database).start()
    try:
        table_id, token = first.create(mode="live", small_blind=1, big_blind=2)
        host = first.player(table_id, token)
        host.next("live_state")
        seat_three(host)
        live(host, kind="deal")
        live(host, kind="act", seat=3, action="raise", amount=6)
        live(host, kind="act", seat=1, action="fold")
        before = live(host, kind="irregularity", what="out_of_turn", seat=3, action="check")
        host.close()
    finally:
        first.stop()
    time.sleep(0.1)
    second = Cardroom(database).start()
    try:
        host = second.player(table_id, token)
        after = host.next("live_state")
        for key in ("seats", "hand", "ledger", "version", "button"):
            assert after[key] == before[key], key
        state = live(host, kind="undo")
        assert state["hand"]["out_of_turn"] == [] and state["hand"]["to_act"] == 2
        host.close()
    finally:
        second.stop()


def test_the_blinds_follow_the_linked_clock(
    sqlite_cardroom: Cardroom, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "clock.json"
    monkeypatch.setenv("HOLDEM_CLOCK_FILE", str(path))
    _, host = open_live(sqlite_cardroom)
    seat_three(host)
    refused(host, "start `holdem clock` first", kind="clock", linked=True)
    started = time.time() - 21 * 60  # one 20-minute level played: the second is in force
    save(path, SavedState(Clock.create(preset("home"), entrants=6).start(started), ()))
    expected = clock_level(path)
    assert live(host, kind="clock", linked=True)["clock_linked"] is True
    state = live(host, kind="deal")
    assert state["blinds"]["big_blind"] == expected["big_blind"] != 10
    assert state["blinds"]["level"] == expected["level"]
    assert state["hand"]["legal"]["call"] == expected["big_blind"]
    host.close()


def test_a_command_the_store_refuses_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "cardroom.sqlite3"
    cardroom = Cardroom(f"sqlite:///{path}").start()
    try:
        table_id, token = cardroom.create(mode="live")
        host = cardroom.player(table_id, token)
        host.next("live_state")
        state = live(host, kind="seat", seat=1, name="Ann", buy_in=100)
        # Another writer takes the next place in the log first.
        other = {"kind": "seat", "seat": 5, "name": "Zed", "buy_in": 40, "at": 0.0}
        with sqlite3.connect(path) as db:
            db.execute(
                "INSERT INTO commands (table_id, seq, body) VALUES (?, ?, ?)",
                (table_id, state["version"] + 1, json.dumps(other)),
            )
        refused(host, "could not save that (IntegrityError): nothing changed",
                kind="rebuy", seat=1, amount=50)  # fmt: skip
        state = live(host, kind="seat", seat=2, name="Bob", buy_in=60)
        assert [(s["name"], s.get("stack")) for s in state["seats"] if s["name"]] == [
            ("Ann", 100),
            ("Bob", 60),
            ("Zed", 40),
        ]  # the store's log, and nothing of the refused rebuy
        host.close()
    finally:
        cardroom.stop()


def test_the_blinds_follow_a_clock_linked_by_its_address(tmp_path: Path) -> None:
    port = free_port()
    clock = start_clock(port, tmp_path / "clock.json")
    cardroom = Cardroom(
        f"sqlite:///{tmp_path / 'cardroom.sqlite3'}", clock_urls=[f"http://127.0.0.1:{port}"]
    ).start()
    try:
        _, host = open_live(cardroom)
        seat_three(host)
        refused(host, "must run on this machine", kind="clock", linked=True,
                url="http://192.0.2.1:8765")  # fmt: skip
        refused(host, "like http://127.0.0.1:8765", kind="clock", linked=True, url="file:///etc")
        refused(host, "--clock-url", kind="clock", linked=True, url="http://127.0.0.1:1")
        shown = cardroom.http.get(f"{clock.base}/api/clock").json()
        state = live(host, kind="clock", linked=True, url=f"{clock.base}/any/page")
        assert state["clock_url"] == clock.base
        state = live(host, kind="deal")
        assert state["blinds"]["small_blind"] == shown["small_blind"] != 5
        assert state["hand"]["legal"]["call"] == shown["big_blind"]
        host.close()
    finally:
        cardroom.stop()
        clock.process.kill()
        clock.process.wait(10)
