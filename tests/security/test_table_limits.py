"""What one client, or a crowd of them, can make a table store and play.

Each limit refuses with a sentence and leaves the table as it was; the figures are those
of holdem.server.table_limits (docs/security.md).
"""

from __future__ import annotations

import json
import time

from sqlalchemy import select

from holdem.server.store import commands
from holdem.server.table_limits import (
    CHAT_PER_CLIENT,
    CHAT_PER_TABLE,
    MAX_REGISTRATIONS_PER_ADDRESS,
    MAX_SEAT_REQUESTS,
)
from tests.security.stored import column
from tests.server.client import FAST, Cardroom


def stored_commands(database: str, table_id: str, kind: str) -> int:
    """How many commands of ``kind`` the store holds for the table."""
    bodies = column(database, select(commands.c.body).where(commands.c.table_id == table_id))
    return sum(1 for body in bodies if json.loads(body)["kind"] == kind)


def test_one_client_chatting_too_fast_is_told_the_limit(cardroom: Cardroom) -> None:
    table_id, _ = cardroom.create()
    chatter = cardroom.player(table_id, None)
    rate, burst = CHAT_PER_CLIENT
    for n in range(burst):
        chatter.send(type="chat", text=f"line {n}")
    chatter.send(type="chat", text="one too many", ref="over")
    refused = chatter.next("error")
    assert refused["ref"] == "over"
    assert refused["message"] == (
        f"you are chatting too fast: {burst} lines at once, then {rate:g} a second"
    )
    state = chatter.until(lambda s: len(s["chat"]) == burst)
    assert "one too many" not in [line["text"] for line in state["chat"]]
    chatter.close()


def test_a_crowd_of_spectators_cannot_fill_the_store_with_chat(
    cardroom: Cardroom, database: str
) -> None:
    table_id, _ = cardroom.create()
    crowd = [cardroom.player(table_id, None) for _ in range(40)]
    started = time.monotonic()
    for round_ in range(10):
        for n, spectator in enumerate(crowd):
            spectator.send(type="chat", text=f"{n}.{round_}")
    for spectator in crowd:
        spectator.send(type="ping")
        spectator.next("pong")
    elapsed = time.monotonic() - started
    rate, burst = CHAT_PER_TABLE
    stored = stored_commands(database, table_id, "chat")
    assert 0 < stored <= burst + rate * elapsed + 1, (stored, elapsed)
    for spectator in crowd:
        spectator.close()


def test_seat_requests_waiting_for_the_host_are_bounded(cardroom: Cardroom) -> None:
    table_id, host_token = cardroom.create(seats=10)
    host = cardroom.player(table_id, host_token)
    askers = [cardroom.player(table_id, cardroom.identity(table_id)) for _ in range(11)]
    for n, asker in enumerate(askers[:MAX_SEAT_REQUESTS]):
        asker.send(type="sit", seat=n % 10 + 1, name=f"Guest {n}", buy_in=100)
        asker.until(lambda s: s["you"]["request"] is not None)
    last = askers[MAX_SEAT_REQUESTS]
    last.send(type="sit", seat=1, name="One more", buy_in=100)
    assert last.error() == (
        f"{MAX_SEAT_REQUESTS} seat requests already wait for the host: ask again once they "
        "have answered some"
    )
    state = host.until(lambda s: len(s["requests"]) == MAX_SEAT_REQUESTS)
    host.send(type="refuse", request=state["requests"][0]["id"])
    host.until(lambda s: len(s["requests"]) == MAX_SEAT_REQUESTS - 1)
    last.send(type="sit", seat=1, name="One more", buy_in=100)
    last.until(lambda s: s["you"]["request"] is not None)


def test_one_address_cannot_fill_a_tournaments_field(cardroom: Cardroom) -> None:
    table_id, host_token = cardroom.create(mode="mtt", seats=6, max_players=40)
    people = [
        cardroom.player(table_id, cardroom.identity(table_id))
        for _ in range(MAX_REGISTRATIONS_PER_ADDRESS + 1)
    ]
    for n, person in enumerate(people[:-1]):
        person.send(type="register", name=f"Player {n}")
        person.until(lambda s: (s["you"] or {}).get("entrant") is not None)
    people[-1].send(type="register", name="One more")
    assert "registered from your network address" in people[-1].error()
    host = cardroom.player(table_id, host_token)
    state = host.until(lambda s: len(s["tournament"]["registered"]) == len(people) - 1)
    assert state["status"] == "waiting"


def hands_listed(cardroom: Cardroom, table_id: str) -> int:
    return len(cardroom.http.get(f"/api/tables/{table_id}/hands").json())


def test_bots_alone_at_a_cash_table_play_only_while_someone_watches(cardroom: Cardroom) -> None:
    table_id, host_token = cardroom.create(bots=["caller", "caller"], seats=3, **FAST)
    host = cardroom.player(table_id, host_token)
    host.send(type="start")
    host.until(lambda s: s["hands_played"] >= 2)
    host.close()
    time.sleep(0.5)  # the hand in progress ends
    paused = hands_listed(cardroom, table_id)
    time.sleep(1.5)
    assert hands_listed(cardroom, table_id) == paused, "bots played with nobody watching"
    watcher = cardroom.player(table_id, None)
    watcher.until(lambda s: s["hands_played"] >= paused + 2)
    watcher.close()
