"""The cardroom as its clients meet it: a real server, real WebSockets, SQLite and PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from holdem.cards import parse_cards
from tests.server.client import FAST, Cardroom, Json, Player, play_together


def seated(cardroom: Cardroom, table_id: str, seat: int, name: str, buy_in: int = 100) -> Player:
    """A player who asked for ``seat`` (and, at a table without approval, sat down)."""
    player = cardroom.player(table_id, cardroom.identity(table_id))
    player.send(type="sit", seat=seat, name=name, buy_in=buy_in)
    return player


def ben_and_a_bot(cardroom: Cardroom, **options: Any) -> tuple[str, Player, str, Player]:
    """A running table where Ben (seat 2) plays a caller bot: its id, the host, Ben's token
    and Ben."""
    table_id, token = cardroom.create(bots=["caller"], seat_approval=False, **FAST, **options)
    host = cardroom.player(table_id, token)
    ben_token = cardroom.identity(table_id)
    ben = cardroom.player(table_id, ben_token)
    ben.send(type="sit", seat=2, name="Ben", buy_in=100)
    ben.until(lambda s: s["you"]["seat"] == 2)
    host.send(type="start")
    return table_id, host, ben_token, ben


def test_a_host_creates_a_table_and_sees_it(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create(bots=["tag"], seats=6)
    host = cardroom.player(table_id, token)
    assert host.welcome["you"] == {"host": True, "seat": None}
    state = host.next("state")
    assert state["table"]["name"] == "Friday" and state["status"] == "waiting"
    assert [s["bot"] for s in state["seats"]] == ["tag", None, None, None, None, None]
    assert (
        state["seats"][0] | {"name": "Ada", "stack": 200, "state": "playing"} == state["seats"][0]
    )
    listed = cardroom.http.get("/api/tables").json()
    assert [t["id"] for t in listed] == [table_id] and listed[0]["players"] == 1
    page = httpx.get(f"{cardroom.url}/t/{table_id}")  # a browser without the host's cookie
    assert page.status_code == 200 and f"holdem_{table_id}" in page.headers["set-cookie"]
    assert "httponly" in page.headers["set-cookie"].lower()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seats": 11}, "The number of seats is at most 10, not 11."),
        ({"small_blind": 5, "big_blind": 2}, "the big blind is at least 1 and at least the small"),
        ({"bots": ["shark"]}, "The bots must be one of 'random', 'caller', 'tag' or 'mc'"),
        ({"colour": "red"}, "'colour' is not a table option."),
        ({"name": "x" * 41}, "A table name is at most 40 characters, not 41."),
        ({"big_blind": "2"}, "The big blind must be a whole number, not a string."),
        ({"bots": ["tag"] * 6, "seats": 6}, "6 bots leave no seat free"),
    ],
)
def test_bad_table_options_are_refused_with_the_reason(
    cardroom: Cardroom, options: Json, message: str
) -> None:
    response = cardroom.http.post("/api/tables", json={"name": "x", **options})
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert cardroom.http.get("/api/tables").json() == []


def test_a_seat_request_waits_for_the_host(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create()
    host = cardroom.player(table_id, token)
    ben = seated(cardroom, table_id, 2, "Ben")
    request = host.until(lambda s: bool(s["requests"]))["requests"][0]
    assert request | {"name": "Ben", "seat": 2, "buy_in": 100} == request
    ben_state = ben.until(lambda s: s["you"]["request"] is not None)
    assert ben_state["requests"] == [] and ben_state["seats"][1]["state"] == "empty"
    host.send(type="approve", request=request["id"])
    state = ben.until(lambda s: s["you"]["seat"] == 2)
    assert state["seats"][1]["name"] == "Ben" and state["seats"][1]["stack"] == 100
    cleo = seated(cardroom, table_id, 3, "Cleo")
    request = host.until(lambda s: len(s["requests"]) == 1)["requests"][0]
    host.send(type="refuse", request=request["id"])
    assert cleo.until(lambda s: s["you"]["request"] is None)["you"]["seat"] is None
    ledger = cardroom.http.get(f"/api/tables/{table_id}/ledger.csv").text
    assert ledger.splitlines() == [
        "player,bought,cashed_out,adjusted,at_table,net",
        '"Ben",100,0,0,100,0',
    ]


def test_players_and_bots_play_hands_and_hole_cards_stay_private(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create(bots=["tag", "caller"], seat_approval=False, **FAST)
    host = cardroom.player(table_id, token)
    host.send(type="sit", seat=3, name="Host", buy_in=150)
    ben = seated(cardroom, table_id, 4, "Ben")
    spectator = cardroom.player(table_id, None)
    ben.until(lambda s: s["you"]["seat"] == 4 and s["seats"][2]["name"] == "Host")
    host.send(type="start")
    play_together([ben, host], lambda s: s["hands_played"] >= 3)
    state = ben.state
    bought = sum(row["bought"] for row in state["ledger"])
    on_table = sum(v["stack"] for v in state["seats"]) + (state["hand"] or {}).get("pot_total", 0)
    assert on_table == bought >= 650  # a bot that went broke bought in again
    # On the wire, nobody ever received hole cards that were not theirs and not shown.
    for player, seat in ((ben, 4), (spectator, None)):
        for frame in player.frames:
            message = json.loads(frame)
            if message["type"] != "state":
                continue
            showdown_seats = {s["seat"] for s in (message["showdown"] or {}).get("shown", [])}
            for view in message["seats"]:
                if view["cards"] is not None and view["seat"] != seat:
                    exposed = view["state"] == "all-in" or view["seat"] in showdown_seats
                    assert exposed or not message["hand"], (view, message["hand"])


def test_refused_messages_get_a_sentence_and_change_nothing(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create(bots=["caller"], seat_approval=False, **FAST)
    host = cardroom.player(table_id, token)
    ben = seated(cardroom, table_id, 2, "Ben")
    before = ben.until(lambda s: s["you"]["seat"] == 2)
    cases = [
        ("not json", "a message is one JSON object"),
        ('{"v": 1, "type": "dance"}', "unknown message type 'dance'"),
        ('{"v": 2, "type": "ping"}', "protocol version 2 is not spoken here"),
        ('{"v": 1, "type": "act", "action": "fold", "colour": 1}', "'colour' is not a field"),
        ('{"v": 1, "type": "top_up"}', "'amount' is missing"),
        ('{"v": 1, "type": "start"}', "only the host can start"),
        ('{"v": 1, "type": "act", "action": "fold"}', "say which decision it answers"),
        ('{"v": 1, "type": "act", "action": "fold", "decision": "1-9"}', "no hand is being played"),
        ('{"v": 1, "type": "sit", "seat": 3, "name": "Ben2", "buy_in": 50}', "already have a seat"),
        ('{"v": 1, "type": "top_up", "amount": 500}', "the most you can have at this table is 200"),
    ]
    for text, message in cases:
        ben.ws.send(text)
        assert message in ben.error()
    host.send(type="start")
    state = ben.until(lambda s: ben.my_turn(s) or (s["hand"] or {}).get("to_act") == 1)
    while not ben.my_turn(state):
        state = ben.next("state")
    legal = state["hand"]["legal"]
    low = (legal["raise"] or legal["bet"])["min"] - 1
    decision = state["hand"]["decision"]
    ben.send(type="act", action="raise", amount=low, ref="r1", decision=decision)
    refused = ben.next("error")
    assert refused["ref"] == "r1" and "raise" in refused["message"]
    ben.send(type="act", action="raise", decision=decision)
    assert "say how much" in ben.error()
    ben.send(type="ping")
    ben.next("pong")
    assert ben.state["hand"] == state["hand"] and before["seats"][1]["name"] == "Ben"


def test_spectators_never_receive_hole_cards(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create(bots=["caller", "caller", "random"], **FAST)
    host = cardroom.player(table_id, token)
    watcher = cardroom.player(table_id, None)
    host.send(type="start")
    watcher.until(lambda s: s["hands_played"] >= 5)
    codes = {
        str(c) for c in parse_cards("".join(f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"))
    }
    for frame in watcher.frames:
        message = json.loads(frame)
        if message["type"] == "state" and message["hand"]:
            dealt = [v for v in message["seats"] if v["cards"] and v["state"] != "all-in"]
            assert dealt == [], dealt
    assert "deck" not in "".join(watcher.frames) and len(codes) == 52


def test_the_timer_acts_and_a_disconnected_player_gets_the_seat_back(cardroom: Cardroom) -> None:
    table_id, host, ben_token, ben = ben_and_a_bot(
        cardroom, action_seconds=0.3, time_bank_seconds=0
    )
    ben.until(lambda s: any("Ben ran out of time" in line["text"] for line in s["log"]))
    ben.close()
    state = host.until(lambda s: s["seats"][1]["state"] == "sitting-out", timeout=30)
    assert state["seats"][1]["connected"] is False
    back = cardroom.player(table_id, ben_token)
    assert back.welcome["you"]["seat"] == 2
    state = back.until(lambda s: s["seats"][1]["state"] != "sitting-out")
    assert state["seats"][1]["connected"] is True and state["you"]["seat"] == 2


def test_rate_and_size_limits(cardroom: Cardroom) -> None:
    table_id, _ = cardroom.create()
    player = cardroom.player(table_id, None)
    for _ in range(40):
        player.send(type="ping")
    assert "too many messages" in player.error()
    player.ws.send(json.dumps({"v": 1, "type": "chat", "text": "x" * 5000}))
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            player.next("nothing", timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_host_controls(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create(bots=["caller", "caller"], seat_approval=False, **FAST)
    host = cardroom.player(table_id, token)
    host.send(type="adjust", seat=1, change=-50)
    host.until(lambda s: s["seats"][0]["stack"] == 150)
    host.send(type="add_bot", kind="tag", seat=4)
    host.until(lambda s: s["seats"][3]["bot"] == "tag")
    host.send(type="start")
    state = host.until(lambda s: s["hand"] is not None)
    host.send(type="pause")
    host.until(lambda s: s["status"] == "paused")
    host.send(type="void")
    state = host.until(lambda s: s["hand"] is None)
    assert sum(v["stack"] for v in state["seats"]) == 150 + 200 + 200
    host.send(type="remove", seat=4)
    host.until(lambda s: s["seats"][3]["state"] == "empty")
    host.send(type="resume")
    host.until(lambda s: s["hands_played"] >= 2)
    host.send(type="end")
    state = host.until(lambda s: s["status"] == "ended")
    assert all(v["state"] == "empty" for v in state["seats"])
    ledger = {row["player"]: row for row in state["ledger"]}
    assert sum(row["net"] for row in ledger.values()) == 0
    # Three buy-ins of 200, less the host's correction, all cashed out at the end.
    assert sum(row["cashed_out"] for row in ledger.values()) == 600 - 50
    assert ledger["Ada"]["adjusted"] == -50
    host.send(type="start")
    assert "cannot start: the game is ended" in host.error()


def test_finished_hands_download_as_phh_text_and_proof(cardroom: Cardroom) -> None:
    from holdem.fairness import verify_proof
    from holdem.history.actions import DealHole, ShowMuck
    from holdem.history.phh import loads
    from holdem.history.replay import replay_hand

    table_id, token = cardroom.create(bots=["caller", "tag", "random"], **FAST)
    host = cardroom.player(table_id, token)
    host.send(type="start")
    host.until(lambda s: s["hands_played"] >= 3)
    hands = cardroom.http.get(f"/api/tables/{table_id}/hands").json()
    assert [h["number"] for h in hands][:3] == [1, 2, 3]
    for listed in hands[:3]:
        phh = cardroom.http.get(listed["phh"]).text
        (record,) = loads(phh)
        replay_hand(record)
        shown = {a.player for a in record.actions if isinstance(a, ShowMuck) and a.cards}
        for deal in (a for a in record.actions if isinstance(a, DealHole)):
            assert None in deal.cards or deal.player in shown, "an unshown hand leaked"
        text = cardroom.http.get(listed["text"]).text
        assert text.startswith(f"PokerStars Hand #{listed['number']}:")
        proof = cardroom.http.get(listed["proof"]).json()
        assert proof["commitment"] == listed["commitment"]
        verify_proof(proof)
    missing = cardroom.http.get(f"/api/tables/{table_id}/hands/99.phh")
    assert missing.status_code == 404 and "no finished hand #99" in missing.json()["error"]


def test_the_coach_speaks_to_its_own_player_only(cardroom: Cardroom) -> None:
    table_id, token = cardroom.create(bots=["caller"], seat_approval=False, **FAST)
    host = cardroom.player(table_id, token)
    ben = seated(cardroom, table_id, 2, "Ben")
    ben.until(lambda s: s["you"]["seat"] == 2)
    ben.send(type="coach", on=True)
    host.send(type="start")
    state = ben.until(ben.my_turn)
    coach = ben.next("coach")
    mine = next(v for v in state["seats"] if v["seat"] == 2)["cards"]
    assert coach["hand"] == state["hand"]["number"] and 0 <= coach["equity"] <= 1
    assert coach["opponents"] == 1 and coach["to_call"] == (state["hand"]["legal"]["call"] or 0)
    assert len(mine) == 2 and coach["starting"]
    # One recommended action among those allowed, its reasons and every choice's value.
    advice = coach["advice"]
    legal = state["hand"]["legal"]
    assert coach["decision"] == state["hand"]["decision"]
    assert advice["action"] in [c["action"] for c in advice["choices"]]
    assert advice["action"] in ("fold", "check", "call", "bet", "raise")
    assert advice["words"] and advice["reasons"] and "any two cards" in advice["assumption"]
    kinds = [c["action"] for c in advice["choices"]]
    assert ("check" in kinds) == bool(legal["check"]) and ("fold" in kinds) != bool(legal["check"])
    host.drain()
    assert all(json.loads(f)["type"] != "coach" for f in host.frames)


def test_binary_frames_are_read_as_text_and_garbage_is_refused(cardroom: Cardroom) -> None:
    table_id, _ = cardroom.create()
    player = cardroom.player(table_id, None)
    player.ws.send(b'{"v": 1, "type": "ping"}')
    player.next("pong")
    player.ws.send(b"\xff\xfe")
    assert "a message is one JSON object" in player.error()
    player.send(type="ping")
    player.next("pong")


def test_another_sites_page_cannot_open_a_socket_with_the_players_cookie(
    cardroom: Cardroom,
) -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    table_id, token = cardroom.create()
    url = f"ws://127.0.0.1:{cardroom.port}/ws/{table_id}"
    cookie = {"Cookie": f"holdem_{table_id}={token}"}
    with (
        pytest.raises((ConnectionClosed, InvalidStatus)),
        connect(
            url,
            origin="http://evil.example",
            additional_headers=cookie,
        ) as ws,
    ):
        ws.recv(timeout=5)
    own = f"http://127.0.0.1:{cardroom.port}"
    with connect(url, origin=own, additional_headers=cookie) as ws:
        assert json.loads(ws.recv(timeout=5))["you"]["host"] is True


def test_a_hand_download_shows_your_cards_only_if_you_played_it(cardroom: Cardroom) -> None:
    from holdem.history.actions import DealHole
    from holdem.history.phh import loads

    table_id, _, ben_token, ben = ben_and_a_bot(cardroom)
    play_together([ben], lambda s: s["hands_played"] >= 1)
    ben.send(type="leave")
    ben.until(lambda s: s["you"]["seat"] is None)
    cleo_token = cardroom.identity(table_id)
    cleo = cardroom.player(table_id, cleo_token)
    cleo.send(type="sit", seat=2, name="Cleo", buy_in=100)  # Ben's seat, later
    cleo.until(lambda s: s["you"]["seat"] == 2)

    def hole_cards(token: str | None) -> list[object]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        text = cardroom.http.get(f"/api/tables/{table_id}/hands/1.phh", headers=headers).text
        (record,) = loads(text)
        return [a.cards for a in record.actions if isinstance(a, DealHole)]

    hidden = [cards for cards in hole_cards(None) if None in cards]
    assert len(hidden) == 2, "nobody showed down in hand 1? deal it again"  # both unseen
    assert len([c for c in hole_cards(ben_token) if None not in c]) == 1  # Ben's own
    assert hole_cards(cleo_token) == hole_cards(None)  # the seat is not the player
