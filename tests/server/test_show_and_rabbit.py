"""After a hand: players show cards (one or both) and a rabbit-hunting table shows the
board that would have come, on a real cardroom; refusals change nothing; both survive a
snapshot."""

from __future__ import annotations

import json
import re
import secrets
import time
from typing import Any

from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import Command, Room
from holdem.fairness import verify_proof
from holdem.history.actions import DealBoard, ShowMuck
from holdem.history.phh import loads
from tests.security.test_snapshots import check_every_prefix, table_command
from tests.server.client import Cardroom, Player
from tests.server.test_home_game import two_players
from tests.server.test_tournament_protocol import FIELD

SLOW_DEALS = {"between_hands_seconds": 60}  # the next hand waits: time to show


def heads_up(cardroom: Cardroom, **options: Any) -> tuple[str, Player, Player, Player]:
    """Ana (the host, seat 1) and Ben (seat 2) in their first hand, and a spectator."""
    table_id, ana, ben = two_players(cardroom, **{**SLOW_DEALS, **options})
    ana.send(type="start")
    for player in (ana, ben):
        player.until(lambda s: s["hand"] is not None and s["hand"]["to_act"] is not None)
    watcher = cardroom.player(table_id, None)
    watcher.next("state")
    return table_id, ana, ben, watcher


def fold_preflop(ana: Player, ben: Player) -> tuple[Player, Player]:
    """Whoever acts first folds: (the folder, the winner), once both see the hand over."""
    folder, winner = (ana, ben) if ana.state["hand"]["to_act"] == 1 else (ben, ana)
    folder.state = folder.until(lambda s: s["hand"] is not None and s["hand"]["legal"] is not None)
    folder.act(lambda legal: "fold")
    for player in (ana, ben):
        player.until(lambda s: s["hand"] is None and s["showdown"] is not None)
    return folder, winner


def my_cards(player: Player) -> list[str]:
    seat = player.state["you"]["seat"]
    return list(player.state["seats"][seat - 1]["cards"])


def test_a_player_shows_one_card_then_both_and_nothing_else_leaks(cardroom: Cardroom) -> None:
    table_id, ana, ben, watcher = heads_up(cardroom)
    ben.refused("a hand is being played", type="show_cards", cards="both")
    watcher.refused("a hand is being played", type="show_cards", cards="both")
    folder, winner = fold_preflop(ana, ben)
    first, second = my_cards(winner)
    winner_seat = winner.state["you"]["seat"]
    assert winner.state["you"]["show_after"] == ["first", "second", "both"]

    winner.send(type="show_cards", cards="first")
    seen = watcher.until(lambda s: s["seats"][winner_seat - 1]["cards"] is not None)
    assert seen["seats"][winner_seat - 1]["cards"] == [first]
    # Quoted, as a card is sent: a bare "4c" also turns up inside the deck's hash.
    assert not any(f'"{second}"' in frame for frame in (*watcher.frames, *folder.frames))
    winner.until(lambda s: s["you"]["show_after"] == ["second", "both"])
    assert my_cards(winner) == [first, second]  # the owner still sees both
    winner.refused("that card is already face up", type="show_cards", cards="first")

    winner.send(type="show_cards", cards="both")
    seen = watcher.until(lambda s: s["seats"][winner_seat - 1]["cards"] == [first, second])
    winner.until(lambda s: s["you"]["show_after"] == [])
    winner.refused("already face up", type="show_cards", cards="both")
    watcher.refused("you were not dealt in hand #1", type="show_cards", cards="both")
    winner.refused("'cards'", type="show_cards", cards="all")
    winner.refused("'x' is not a field", type="show_cards", cards="both", x=1)

    # The folder shows the second card only: the first stays theirs alone.
    hidden, kept = my_cards(folder)
    folder.send(type="show_cards", cards="second")
    folder_seat = folder.state["you"]["seat"]
    watcher.until(lambda s: s["seats"][folder_seat - 1]["cards"] == [kept])
    # The history and the proof have the shown cards, and only them.
    phh = cardroom.http.get(f"/api/tables/{table_id}/hands/1.phh").text
    (record,) = loads(phh)
    written = {
        a.player: [None if c is None else str(c) for c in a.cards or ()]
        for a in record.actions
        if isinstance(a, ShowMuck)
    }
    assert sorted(written.values(), key=str) == sorted([[first, second], [None, kept]], key=str)
    text = cardroom.http.get(f"/api/tables/{table_id}/hands/1.txt").text
    names = {ana: "Ana", ben: "Ben"}
    assert f"{names[winner]}: shows [{first} {second}]" in text
    assert f"{names[folder]}: shows [{kept}]\n" in text
    proof = cardroom.http.get(f"/api/tables/{table_id}/hands/1.json").json()
    verify_proof(proof)
    assert {r["card"] for r in proof["revealed"]} == {first, second, kept}
    replay = cardroom.http.get(f"/api/tables/{table_id}/hands/1/replay").json()
    last = replay["steps"][-1]
    assert last["text"].count("after the hand") == 2
    by_seat = {seat["seat"]: seat["cards"] for seat in last["seats"]}
    winner_seat, folder_seat = winner.state["you"]["seat"], folder.state["you"]["seat"]
    assert by_seat == {winner_seat: [first, second], folder_seat: [kept]}
    assert hidden not in str(written) and not re.search(rf"\b{hidden}\b", text)
    for leak in (json.dumps(proof), json.dumps(replay), *watcher.frames, *winner.frames):
        assert f'"{hidden}"' not in leak


def test_show_is_offered_only_until_the_next_deal(cardroom: Cardroom) -> None:
    _, ana, ben, _ = heads_up(cardroom, between_hands_seconds=0.2)
    fold_preflop(ana, ben)
    ben.until(lambda s: s["hand"] is not None and s["hand"]["number"] == 2)
    assert ben.state["you"]["show_after"] == []
    ben.refused("a hand is being played", type="show_cards", cards="both")


def test_the_rabbit_shows_the_unplayed_board_and_the_proof_opens_it(cardroom: Cardroom) -> None:
    table_id, ana, ben, watcher = heads_up(cardroom, rabbit_hunt=True)
    assert watcher.state["table"]["rabbit_hunt"] is True and watcher.state["rabbit"] is None
    fold_preflop(ana, ben)
    state = watcher.until(lambda s: s["rabbit"] is not None)
    rabbit = state["rabbit"]
    assert rabbit["hand"] == 1 and rabbit["board"] == [] and len(rabbit["cards"]) == 5
    holes = my_cards(ana) + my_cards(ben)
    assert not set(rabbit["cards"]) & set(holes)
    assert state["showdown"]["board"] == []  # not played: the result's board is as it was
    (record,) = loads(cardroom.http.get(f"/api/tables/{table_id}/hands/1.phh").text)
    assert not [a for a in record.actions if isinstance(a, DealBoard)]
    text = cardroom.http.get(f"/api/tables/{table_id}/hands/1.txt").text
    assert "*** FLOP ***" not in text
    assert not any(re.search(rf"\b{card}\b", text) for card in rabbit["cards"])
    proof = cardroom.http.get(f"/api/tables/{table_id}/hands/1.json").json()
    verify_proof(proof)
    # The rabbit is the board the deal would have made: positions 5-7, 9 and 11 (after
    # four hole cards, a burn before each street); no hole card or burn is opened.
    opened = {r["card"]: r["position"] for r in proof["revealed"]}
    assert opened == dict(zip(rabbit["cards"], [5, 6, 7, 9, 11], strict=True))


def test_a_table_without_rabbit_hunts_shows_no_rabbit(cardroom: Cardroom) -> None:
    table_id, ana, ben, watcher = heads_up(cardroom)
    fold_preflop(ana, ben)
    assert watcher.until(lambda s: s["showdown"] is not None)["rabbit"] is None
    proof = cardroom.http.get(f"/api/tables/{table_id}/hands/1.json").json()
    assert proof["revealed"] == []


def deal(at: float) -> Command:
    order = list(range(52))
    return {"kind": "deal", "order": order, "salts": [secrets.token_hex(16) for _ in order],
            "at": at}  # fmt: skip


def test_shows_and_the_rabbit_survive_a_snapshot_anywhere() -> None:
    options = TableOptions(name="Friday", seats=3, rabbit_hunt=True, bomb_pots=True,
                           bomb_pot_ante=4, seven_deuce_bounty=3)  # fmt: skip
    sit = [{"kind": "sit", "seat": s, "name": n, "buy_in": 100, "owner": f"o{s}", "at": 0.0}
           for s, n in ((0, "Ana"), (1, "Ben"), (2, "Cleo"))]  # fmt: skip
    log: list[Command] = [*sit, {"kind": "status", "status": "running", "at": 1.0}, deal(2.0)]
    room = Room("t", options, "host")
    for command in log:
        room.apply(dict(command))
    while room.hand_in_progress:  # everyone folds to the big blind
        command = {"kind": "act", "seat": room.table.seat_to_act, "action": "fold", "at": 3.0}
        room.apply(dict(command))
        log.append(command)
    for position, cards in ((0, [1]), (1, [0, 1])):
        command = {"kind": "show", "hand": 1, "position": position, "cards": cards, "at": 4.0}
        room.apply(dict(command))
        log.append(command)
    log += [
        {"kind": "bomb_pot", "at": 5.0},
        {"kind": "blinds", "small_blind": 2, "big_blind": 4, "ante": 1, "ante_kind": "uniform"}
        | {"at": 5.0},
        deal(6.0),
    ]
    assert room.shown_after == {0: (1,), 1: (0, 1)}
    check_every_prefix(lambda: Room("t", options, "host"), log, table_command)


def test_a_tournament_player_shows_after_a_hand(cardroom: Cardroom) -> None:
    """Showing is a table's business in a multi-table tournament too; bomb pots and new
    blinds are not (its clock sets the blinds)."""
    slow = {**FIELD, "between_hands_seconds": 60, "level_minutes": 10}
    table_id, token = cardroom.create(max_players=3, bots=["caller"], **slow)
    host = cardroom.player(table_id, token)
    host.next("state")
    host.refused("a tournament plays no bomb pots", type="call_bomb_pot")
    message = {"type": "set_blinds", "small_blind": 1, "big_blind": 2}
    host.refused("a tournament's blinds rise with its clock", **message)
    ben = cardroom.player(table_id, cardroom.identity(table_id))
    ben.send(type="register", name="Ben")
    ben.until(lambda s: s["you"].get("entrant") == "Ben")
    host.send(type="register", name="Host")  # the field is full: it starts
    deadline = time.monotonic() + 60
    while ben.state.get("showdown") is None or ben.state["hand"] is not None:
        assert time.monotonic() < deadline, "the first hand never ended"
        for player in (ben, host):  # Ben folds, so he is not shown at a showdown
            player.drain()
            if player.my_turn(player.state):
                player.act((lambda legal: "fold") if player is ben else None)
        time.sleep(0.005)
    ben.until(lambda s: s["you"]["show_after"] == ["first", "second", "both"])
    hole = my_cards(ben)
    ben.send(type="show_cards", cards="both")
    seat = ben.state["you"]["seat"]
    host.until(lambda s: s["seats"][seat - 1]["cards"] == hole)
