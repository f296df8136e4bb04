"""Only tokens the cardroom issued are identities, and issuing them is limited.

The attack: any string was a token (`Authorization: Bearer anything`), so one program
filed 300 seat requests under 300 made-up names. Now a token carries an HMAC under the
cardroom's own secret (kept in its database, so tokens outlive a restart); any other
string is a spectator, except a token a stored table already knows (its host, a seat),
issued before tokens were signed. New identities and new tables are limited per address
(429 with the limit and when to try again), and so are the tables in play in all.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from holdem.cardroom.options import TableOptions
from holdem.server.creation_limits import Limits
from holdem.server.store import Store
from holdem.webkit.auth import token_hash
from tests.server.client import Cardroom, Player
from tests.support.server import ServerProcess

LIMITS = Limits()


def test_a_made_up_token_is_a_spectator_and_cannot_ask_for_a_seat(cardroom: Cardroom) -> None:
    table_id, host_token = cardroom.create()
    host = cardroom.player(table_id, host_token)
    assert host.welcome["you"]["host"] is True
    for number in range(10):  # the program filed 300 of these
        forger = cardroom.player(table_id, f"made-up-{number}")
        assert forger.welcome["you"] == {"host": False, "seat": None}
        forger.send(type="sit", seat=2, name=f"Bot{number}", buy_in=100)
        assert "get a seat" in forger.error()
        forger.close()
    host.send(type="ping")
    host.next("pong")
    assert host.state["requests"] == []


def test_an_issued_token_gets_a_seat(cardroom: Cardroom) -> None:
    table_id, host_token = cardroom.create(seat_approval=False)
    token = cardroom.identity(table_id)
    assert token != host_token and len(token) == 54
    ben = cardroom.player(table_id, token)
    ben.send(type="sit", seat=2, name="Ben", buy_in=100)
    assert ben.until(lambda state: state["you"]["seat"] == 2)


def test_a_token_from_before_signing_keeps_its_table(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'cardroom.sqlite3'}"
    legacy = "a-token-issued-before-tokens-were-signed"

    async def store_old_table() -> None:
        store = Store(database)
        await store.open()
        options = TableOptions(name="Old friends").model_dump()
        await store.create_table("oldtable01", options, token_hash(legacy))
        await store.close()

    asyncio.run(store_old_table())
    room = Cardroom(database).start()
    try:
        assert room.player("oldtable01", legacy).welcome["you"]["host"] is True
        assert room.player("oldtable01", legacy + "x").welcome["you"]["host"] is False
    finally:
        room.stop()


def test_tokens_outlive_a_restart(tmp_path: Path) -> None:
    with ServerProcess(f"sqlite:///{tmp_path / 'cardroom.sqlite3'}") as server:
        created = httpx.post(server.url + "/api/tables", json={"name": "Friday"}).json()
        issued = httpx.post(f"{server.url}/api/tables/{created['id']}/identity").json()["token"]
        server.restart()  # the token has no seat yet: only its signature vouches for it
        player = Player(server.port, created["id"], issued)
        player.send(type="sit", seat=2, name="Ben", buy_in=100)
        message = player.next_of("state", "error")
        assert message["type"] == "state", message
        assert server.log_text().count(issued) == 0


def retry_after(response: httpx.Response) -> int:
    assert response.status_code == 429, response.text
    return int(response.headers["retry-after"])


def test_new_identities_are_limited_per_address(cardroom: Cardroom) -> None:
    table_id, _ = cardroom.create()
    for _ in range(LIMITS.identities_per_minute):
        cardroom.identity(table_id)
    refused = cardroom.http.post(f"/api/tables/{table_id}/identity")
    assert 1 <= retry_after(refused) <= 2
    assert refused.json()["error"] == (
        f"too many new identities from your address: at most "
        f"{LIMITS.identities_per_minute} a minute; try again in {retry_after(refused)} seconds"
    )
    page = httpx.get(f"{cardroom.url}/t/{table_id}")  # no cookie: the page would issue one
    retry_after(page)
    assert "set-cookie" not in page.headers


def test_new_tables_are_limited_per_address(cardroom: Cardroom) -> None:
    before = cardroom.http.get("/api/tables").json()
    for _ in range(LIMITS.tables_per_hour):
        cardroom.create()
    refused = cardroom.http.post("/api/tables", json={"name": "One more"})
    assert retry_after(refused) > 60
    assert f"at most {LIMITS.tables_per_hour} an hour" in refused.json()["error"]
    assert len(cardroom.http.get("/api/tables").json()) == len(before) + LIMITS.tables_per_hour


@pytest.mark.parametrize("max_tables", [2])
def test_the_tables_in_play_are_limited_in_all(tmp_path: Path, max_tables: int) -> None:
    args = ["--max-tables", str(max_tables)]
    with ServerProcess(f"sqlite:///{tmp_path / 'cardroom.sqlite3'}", args=args) as server:
        for _ in range(max_tables):
            assert httpx.post(server.url + "/api/tables", json={"name": "T"}).status_code == 201
        refused = httpx.post(server.url + "/api/tables", json={"name": "T"})
        retry_after(refused)
        assert refused.json()["error"] == (
            f"the cardroom has {max_tables} tables in play, its limit: try again when one "
            "of them ends"
        )
        assert len(httpx.get(server.url + "/api/tables").json()) == max_tables
