"""A multi-table tournament over the wire: registration, the draw, play at several tables,
players following their table as it moves them, spectators choosing a table, and results."""

from __future__ import annotations

from typing import Any

from tests.server.client import FAST, Cardroom, Json, play_together

FIELD = {"mode": "mtt", "seats": 3, "starting_stack": 500, "level_minutes": 0.01,
         "prize_per_player": 100, **FAST}  # fmt: skip


def lobby_row(cardroom: Cardroom, table_id: str) -> Json:
    rows: list[Json] = cardroom.http.get("/api/tables").json()
    return next(row for row in rows if row["id"] == table_id)


def watching(state: Json) -> Any:
    return state["tournament"]["table"]


def test_a_tournament_runs_from_registration_to_the_winner(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create(max_players=7, bots=["random"] * 5, **FIELD)
    host = cardroom.player(table_id, token)
    ben = cardroom.player(table_id, cardroom.identity(table_id))
    lobby = host.next("state")
    assert lobby["status"] == "waiting" and watching(lobby) == 0
    assert [r["name"] for r in lobby["tournament"]["registered"]][:2] == ["Ada", "Bolt"]
    ben.send(type="sit", seat=1, name="Ben", buy_in=500)
    assert "register" in ben.error()
    ben.send(type="register", name="Ben")
    assert ben.until(lambda s: s["you"].get("entrant") == "Ben")["you"]["table"] is None
    host.send(type="register", name="BEN")
    assert "'BEN' is already registered" in host.error()
    host.send(type="register", name="Host")  # the seventh: the field is full, it starts

    state = ben.until(lambda s: s["status"] == "running" and watching(s) > 0)
    assert watching(state) == state["you"]["table"]
    assert "Ben" in [seat["name"] for seat in state["seats"]]
    assert sorted(t["players"] for t in state["tournament"]["tables"]) == [2, 2, 3]
    ben.send(type="watch", table=1)
    assert "you play at your own table" in ben.error()
    row = lobby_row(cardroom, table_id)
    assert row["mode"] == "mtt" and row["tables"] == 3 and row["players_left"] == 7

    tables_seen: set[int] = set()

    def over(state: Json) -> bool:
        if state["you"].get("table") is not None:
            assert watching(state) == state["you"]["table"], "a player watches another table"
            tables_seen.add(watching(state))
        return bool(state["status"] == "ended")

    play_together([ben, host], lambda s: over(s) and host.state["status"] == "ended", 120)
    final = host.state["tournament"]
    places = final["finishing"]
    assert [row["place"] for row in places] == list(range(1, 8))
    assert {row["name"] for row in places} >= {"Ben", "Host"}
    assert sum(row["prize"] for row in places) == final["prize_pool"] == 700
    assert final["moves"] > 0 and len(final["tables"]) == 1
    winner = places[0]["name"]
    seated = [s for s in host.state["seats"] if s["name"] is not None]
    assert [(s["name"], s["stack"]) for s in seated] == [(winner, 3500)]
    assert any(f"{winner} wins the tournament" in line["text"] for line in host.state["log"])
    assert lobby_row(cardroom, table_id)["status"] == "ended"


def test_spectators_choose_a_table_and_players_may_not(cardroom: Cardroom) -> None:
    options = {**FIELD, "level_minutes": 60, "bot_think_seconds": 0.2}
    table_id, token = cardroom.create(max_players=6, bots=["caller"] * 5, **options)
    host = cardroom.player(table_id, token)
    host.send(type="start")  # five bots are enough: the host starts without registering
    state = host.until(lambda s: s["status"] == "running" and watching(s) == 1)
    assert [t["table"] for t in state["tournament"]["tables"]] == [1, 2]
    spectator = cardroom.player(table_id, None)
    spectator.send(type="watch", table=2)
    state = spectator.until(lambda s: watching(s) == 2)
    assert state["table"]["number"] == 2 and state["you"]["seat"] is None
    spectator.send(type="watch", table=9)
    assert "there is no table 9: the tables are 1, 2" in spectator.error()
    spectator.send(type="register", name="Late")
    assert "open the tournament's page" in spectator.error()  # no token: nobody to register
    late = cardroom.player(table_id, cardroom.identity(table_id))
    late.send(type="register", name="Late")
    assert "registration is closed: the tournament has begun" in late.error()
    for kind in ("top_up", "sit_out", "leave"):
        host.send(type=kind, **({"amount": 10} if kind == "top_up" else {}))
        assert "tournament" in host.error()

    # The host's pause stops every table; spectators at table 2 see it too.
    host.send(type="pause")
    assert spectator.until(lambda s: s["status"] == "paused")["tournament"]["table"] == 2
    spectator.send(type="resume")
    assert "only the host can resume" in spectator.error()
    host.send(type="resume")
    spectator.until(lambda s: s["status"] == "running")

    hands = cardroom.http.get(f"/api/tables/{table_id}/hands?table=2")
    assert hands.status_code == 200
    missing = cardroom.http.get(f"/api/tables/{table_id}/hands?table=7")
    assert missing.status_code == 404 and "there is no table 7" in missing.json()["error"]
    bad = cardroom.http.get(f"/api/tables/{table_id}/hands?table=two")
    assert bad.status_code == 404 and "takes a number" in bad.json()["error"]
    host.send(type="end")
    assert spectator.until(lambda s: s["status"] == "ended")["status"] == "ended"


def test_registration_is_the_players_to_change_until_the_start(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create(max_players=4, bots=["caller"], **FIELD)
    host = cardroom.player(table_id, token)
    ann = cardroom.player(table_id, cardroom.identity(table_id))
    ann.send(type="unregister")
    assert "you are not registered" in ann.error()
    ann.send(type="register", name="Ann")
    ann.until(lambda s: [r["name"] for r in s["tournament"]["registered"]] == ["Ada", "Ann"])
    ann.send(type="register", name="Ann again")
    assert "you are already registered" in ann.error()
    ann.send(type="start")
    assert "only the host can start" in ann.error()
    ann.send(type="unregister")
    ann.until(lambda s: [r["name"] for r in s["tournament"]["registered"]] == ["Ada"])
    assert ann.state["you"].get("entrant") is None
    host.send(type="add_bot", kind="tag")
    host.until(lambda s: len(s["tournament"]["registered"]) == 2)
    host.send(type="chat", text="starting soon")
    assert ann.until(lambda s: bool(s["chat"]))["chat"][0]["text"] == "starting soon"
    host.send(type="start")
    state = host.until(lambda s: s["status"] == "running" and watching(s) == 1)
    assert state["tournament"]["entrants"] == 2
    ann.send(type="unregister")
    assert "the tournament has begun" in ann.error()


def test_options_of_a_tournament_are_checked(cardroom: Cardroom) -> None:
    crowded = {"name": "Big", "mode": "mtt", "max_players": 3, "bots": ["caller"] * 3}
    response = cardroom.http.post("/api/tables", json=crowded)
    assert response.status_code == 400
    assert "3 bots leave no place free in a field of 3" in response.json()["error"]
    response = cardroom.http.post(
        "/api/tables", json={"name": "Big", "mode": "mtt", "max_players": 101}
    )
    assert response.json()["error"] == "The number of players is at most 100, not 101."


def test_a_player_who_goes_away_is_blinded_not_removed(cardroom: Cardroom) -> None:
    options = {**FIELD, "level_minutes": 60, "action_seconds": 0.2, "time_bank_seconds": 0}
    table_id, token = cardroom.create(max_players=4, bots=["caller"] * 3, **options)
    ann = cardroom.player(table_id, cardroom.identity(table_id))
    ann.send(type="register", name="Ann")  # the fourth: it starts
    table = ann.until(lambda s: s["you"].get("table") is not None)["you"]["table"]
    ann.close()
    host = cardroom.player(table_id, token)
    host.send(type="watch", table=table)

    def timed_out_twice(state: Json) -> bool:
        lines = [line["text"] for line in state["log"]]
        return watching(state) == table and lines.count("Ann ran out of time") >= 2

    state = host.until(timed_out_twice, timeout=30)
    seat = next(s for s in state["seats"] if s["name"] == "Ann")
    assert seat["state"] != "sitting-out" and seat["connected"] is False
    assert "Ann" not in [row["name"] for row in state["tournament"]["finishing"]]
