"""Hole cards go to the person who was dealt them, and to others only once shown.

An attack found the next occupant of a seat receiving the last hand's cards of the
player before them. These tests walk every field of every message a client gets: over
the wire (a seat changing hands, a reconnection, a voided hand, the downloads), and, for
many random tables and tournaments, every state the server could build for every token
it has ever seen.
"""

from __future__ import annotations

import json
import random
import secrets
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.cardroom.multi_table import MultiTable, draw
from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import Command, Room
from holdem.cards import Card
from holdem.errors import HoldemError
from holdem.server.views import public_state, state_for
from tests.server.client import FAST, Cardroom, Player
from tests.server.test_multi_table import Driver


def card_texts(cards: list[str]) -> set[str]:
    """The forms a card takes in a message: ``"As"`` in JSON lists, ``A♠`` in log lines."""
    forms = set()
    for text in cards:
        card = Card.parse(text)
        forms |= {f'"{card}"', card.pretty}
    return forms


def leaked(frames: list[str], cards: list[str]) -> list[str]:
    """The frames that carry any of ``cards``, in any field."""
    forms = card_texts(cards)
    return [frame for frame in frames if any(form in frame for form in forms)]


def fold_first_and_leave(
    cardroom: Cardroom, **options: Any
) -> tuple[str, Player, Player, list[str]]:
    """Two players, no bots; whoever acts first folds, sees their cards, and leaves between
    hands. Returns the table, the one who stayed, the one who left, and the folded cards."""
    table_id, host_token = cardroom.create(seat_approval=False, seats=3, **FAST, **options)
    ana = cardroom.player(table_id, host_token)
    ana.send(type="sit", seat=1, name="Ana", buy_in=100)
    ben = cardroom.player(table_id, cardroom.identity(table_id))
    ben.send(type="sit", seat=2, name="Ben", buy_in=100)
    ben.until(lambda s: s["you"]["seat"] == 2 and s["seats"][0]["name"] == "Ana")
    ana.send(type="start")
    state = ana.until(lambda s: s["hand"] is not None and s["hand"]["to_act"] is not None)
    folder, stayer = (ana, ben) if state["hand"]["to_act"] == 1 else (ben, ana)
    folder_state = folder.until(lambda s: folder.my_turn(s))
    seat = folder_state["you"]["seat"]
    cards = folder_state["seats"][seat - 1]["cards"]
    assert cards is not None and len(cards) == 2
    folder.act(lambda legal: "fold")
    folder.until(lambda s: s["hand"] is None and s["hands_played"] == 1)
    folder.send(type="leave")
    stayer.until(lambda s: s["seats"][seat - 1]["name"] is None)
    return table_id, stayer, folder, cards


def test_the_next_player_in_a_seat_never_receives_the_last_players_cards(
    cardroom: Cardroom,
) -> None:
    table_id, stayer, folder, cards = fold_first_and_leave(cardroom)
    seat = folder.state["you"]["seat"] or next(
        s["seat"] for s in stayer.state["seats"] if s["name"] is None
    )
    carol_token = cardroom.identity(table_id)
    carol = cardroom.player(table_id, carol_token)
    carol.send(type="sit", seat=seat, name="Carol", buy_in=100)
    state = carol.until(lambda s: s["you"]["seat"] == seat)
    assert state["seats"][seat - 1]["cards"] is None
    # Carol reconnects: the new socket's first states carry nothing of the folded hand.
    carol.drain()
    carol.close()
    again = cardroom.player(table_id, carol_token)
    again.until(lambda s: s["you"]["seat"] == seat)
    spectator = cardroom.player(table_id, None)
    spectator.next("state")
    for client in (again, stayer, spectator):
        client.drain()
    for client in (carol, again, stayer, spectator):
        assert leaked(client.frames, cards) == [], "a folded hand's cards reached another client"
    headers = {"Authorization": f"Bearer {carol_token}"}
    for kind in ("phh", "txt", "json"):
        download = cardroom.http.get(f"/api/tables/{table_id}/hands/1.{kind}", headers=headers)
        assert download.status_code == 200
        assert leaked([download.text], cards) == [], f"the .{kind} download shows them"
    again.close()
    spectator.close()


def test_a_voided_hand_shows_its_cards_to_nobody_else(cardroom: Cardroom) -> None:
    table_id, host_token = cardroom.create(seat_approval=False, seats=3, **FAST)
    ana = cardroom.player(table_id, host_token)
    ana.send(type="sit", seat=1, name="Ana", buy_in=100)
    ben_token = cardroom.identity(table_id)
    ben = cardroom.player(table_id, ben_token)
    ben.send(type="sit", seat=2, name="Ben", buy_in=100)
    ben.until(lambda s: s["you"]["seat"] == 2 and s["seats"][0]["name"] == "Ana")
    ana.send(type="pause")  # nothing yet: the game is waiting
    ana.send(type="start")
    state = ben.until(lambda s: s["hand"] is not None and s["seats"][1]["cards"] is not None)
    bens = state["seats"][1]["cards"]
    ana.send(type="pause")
    ana.until(lambda s: s["status"] == "paused")
    ana.send(type="void")
    ana.until(lambda s: s["hand"] is None)
    ben.send(type="leave")
    ana.until(lambda s: s["seats"][1]["name"] is None)
    carol = cardroom.player(table_id, cardroom.identity(table_id))
    carol.send(type="sit", seat=2, name="Carol", buy_in=100)
    carol.until(lambda s: s["you"]["seat"] == 2)
    ana.drain()
    for client in (ana, carol):
        assert leaked(client.frames, bens) == []


# -- every state of many random tables and tournaments --------------------------------------


def private_cards_seen(room: Room, owners: list[str | None]) -> None:
    """Check each owner's state: a seat's cards are public (shown) or the owner's own, dealt
    to them in that seat."""
    public = public_state(room, set(), None, 0.0)
    played = room.table.current
    for owner in owners:
        state = state_for(public, room, owner)
        for view, shown in zip(state["seats"], public["seats"], strict=True):
            if view["cards"] is None or view["cards"] == shown["cards"]:
                continue
            assert played is not None and owner is not None
            position = room.position_in(played.number, owner)
            assert position is not None, f"{owner} sees cards it was never dealt"
            assert played.seat_of[position] == view["seat"] - 1
            hole = played.hand.holes[position]
            assert view["cards"] == [str(c) for c in hole or () if c is not None]
        # Anywhere in the message: a hole card that is not the owner's own is in the
        # public part, or nowhere (the public part holds only shown cards).
        text, public_text = json.dumps(state), json.dumps(public)
        mine = room.position_in(played.number, owner) if played and owner else None
        for position, hole in enumerate(played.hand.holes if played else ()):
            for card in hole or ():
                if card is not None and position != mine and f'"{card}"' in text:
                    assert f'"{card}"' in public_text, f"{card} leaked to {owner}"


class CashDriver:
    """Random players sitting down and leaving a cash table between and during hands."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.room = Room("t", TableOptions(name="x", seats=3, seat_approval=False), "host")
        self.owners: list[str | None] = [None, "host"]
        self.now = 0.0

    def step(self) -> None:
        room, rng = self.room, self.rng
        self.now += 1.0
        empty = [s for s, p in enumerate(room.table.seats) if p is None]
        seated = [s for s, p in enumerate(room.table.seats) if p is not None]
        choices: list[Command] = []
        if empty:
            owner = f"owner-{len(self.owners)}"
            choices += [{"kind": "sit", "seat": rng.choice(empty), "name": owner,
                         "buy_in": 100, "owner": owner}] * 3  # fmt: skip
        if seated:
            choices.append({"kind": "leave", "seat": rng.choice(seated)})
        if room.status == "waiting":
            choices.append({"kind": "status", "status": "running"})
        if room.hand_in_progress:
            seat = room.table.seat_to_act
            if seat is not None:
                action = rng.choice(["fold", "check", "call", "call", "muck", "show"])
                choices += [{"kind": "act", "seat": seat, "action": action}] * 6
            if room.runout_due:
                choices += [{"kind": "runout"}] * 6
            choices.append({"kind": "void"})
        else:
            order = rng.sample(range(52), 52)
            choices += [{"kind": "deal", "order": order,
                         "salts": [secrets.token_hex(16) for _ in order]}] * 3  # fmt: skip
        command = {**rng.choice(choices), "at": self.now}
        try:
            room.apply(command)
        except HoldemError:
            return
        if command["kind"] == "sit":
            self.owners.append(command["owner"])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_no_state_of_a_cash_table_carries_cards_that_are_not_the_clients(seed: int) -> None:
    driver = CashDriver(random.Random(seed))
    for _ in range(150):
        driver.step()
        private_cards_seen(driver.room, driver.owners)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), table_size=st.integers(2, 4))
def test_no_state_of_a_tournament_carries_cards_of_a_player_who_moved_away(
    seed: int, table_size: int
) -> None:
    options = TableOptions(name="MTT", mode="mtt", seats=table_size, max_players=9,
                           starting_stack=300, level_minutes=0.5, prize_per_player=10)  # fmt: skip
    driver = Driver(MultiTable("m", options, host="host"), random.Random(seed))
    names = [f"P{i}" for i in range(9)]
    owners: list[str | None] = [None, "host"]
    for i, name in enumerate(names):
        driver.apply({"kind": "register", "name": name, "owner": f"owner-{i}"})
        owners.append(f"owner-{i}")
    driver.apply({"kind": "status", "status": "running", "draw": draw(names, table_size)})
    steps = 0
    while driver.multi.status != "ended" and steps < 600:
        driver.step()
        steps += 1
        for room in driver.multi.rooms.values():
            private_cards_seen(room, owners)
