"""The WebSocket protocol under random sequences of messages from several clients.

A hypothesis state machine drives a real cardroom: a host, two players and a spectator
send sits, starts, acts, chat and made-up messages (any type, any fields, text that is
not JSON) in any order. After every step each client is synchronised (a ping, read up to
its pong) and three things must hold in what every client was sent:

- the chips are conserved: the stacks and the pot always add up to what was bought in;
- no card leaves its owner: while a hand is played (nobody can be all-in here: stacks
  are deep and nobody bets), a client sees hole cards of its own seat only;
- a refused message changes nothing: the state's version after the refusal is the one
  before it.
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from holdem.server.creation_limits import Limits
from holdem.server.protocol import TYPES
from tests.server.client import FAST, Cardroom, Json, Player

pytestmark = pytest.mark.slow

BUY_IN = 200
PLAYERS = 3  # the host and two others; the fourth client only watches
DURING_PLAY = ("preflop", "flop", "turn", "river")
PING = json.dumps({"v": 1, "type": "ping"})
JUNK_KEYS = ("seat", "name", "buy_in", "action", "amount", "decision", "text", "on", "seconds")
PACE = 0.07  # seconds between one client's messages: under its 20 a second
junk_values = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**12), 10**12), st.text(max_size=12),
    st.lists(st.integers(), max_size=3), st.just({"v": 1}),
)  # fmt: skip
made_up = st.one_of(
    st.fixed_dictionaries(
        {"v": st.sampled_from([1, 2, "1", True]), "type": st.sampled_from(TYPES)},
        optional={
            key: junk_values
            for key in (
                "seat",
                "name",
                "buy_in",
                "action",
                "amount",
                "decision",
                "text",
                "on",
                "seconds",
            )
        },
    ).map(json.dumps),
    st.text(max_size=40),
    st.just("[" * 200 + "]" * 200),
)


def is_ping(text: str) -> bool:
    with contextlib.suppress(ValueError):
        message = json.loads(text)
        return isinstance(message, dict) and message.get("type") == "ping"
    return False


class Room:
    """The cardroom of the whole run (started once: each example gets a new table)."""

    cardroom: Cardroom | None = None


class ProtocolMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        cardroom = Room.cardroom
        assert cardroom is not None
        # No timer fires within an example: every change is one a client's message made.
        options = {**FAST, "between_hands_seconds": 60, "small_blind": 1, "big_blind": 2,
                   "seat_approval": False, "max_buy_in": 10 * BUY_IN,
                   "action_seconds": 600}  # fmt: skip
        self.table, token = cardroom.create(**options)
        tokens = [token] + [cardroom.identity(self.table) for _ in range(PLAYERS - 1)]
        self.clients = [cardroom.player(self.table, t) for t in [*tokens, None]]
        self.bought = 0  # chips bought in by everyone seated
        self.refusals: list[tuple[int, int, int]] = []  # (client, version before, after)
        self.sent_at = dict.fromkeys(range(len(self.clients)), 0.0)
        self.settle()  # each client has its first state

    def teardown(self) -> None:
        for client in self.clients:
            client.close()

    # -- synchronising ----------------------------------------------------------------------

    def send(self, client: Player, text: str) -> None:
        """Send at the pace of a person: the rate limit is not what is tested here."""
        who = self.clients.index(client)
        time.sleep(max(0.0, self.sent_at[who] + PACE - time.monotonic()))
        self.sent_at[who] = time.monotonic()
        client.ws.send(text)

    def settle(self) -> None:
        """Every client has read everything sent before its pong."""
        for client in self.clients:
            self.send(client, PING)
            client.next("pong")

    def answered(self, client: Player, text: str) -> Json:
        """Send ``text``; the first error or pong that answers it (a ping follows it)."""
        self.send(client, text)
        self.send(client, PING)
        reply = client.next_of("error", "pong")
        if reply["type"] == "error":
            client.next("pong")
        elif is_ping(text):
            client.next("pong")  # the text was a ping itself: two pongs
        return reply

    def version(self, client: Player) -> int:
        return int(client.state.get("version", -1))

    # -- rules ------------------------------------------------------------------------------

    @rule(who=st.integers(0, PLAYERS - 1), seat=st.integers(1, 6),
          buy_in=st.sampled_from([BUY_IN, 1, 10**9]))  # fmt: skip
    def sit(self, who: int, seat: int, buy_in: int) -> None:
        client = self.clients[who]
        text = json.dumps(
            {"v": 1, "type": "sit", "seat": seat, "name": f"P{who}", "buy_in": buy_in}
        )
        reply = self.tried(who, text)
        if (
            reply["type"] != "error"
            and client.state["you"]["seat"] == seat
            and client.state["seats"][seat - 1]["name"]
        ):
            self.bought += buy_in

    @rule()
    def start(self) -> None:
        self.answered(self.clients[0], json.dumps({"v": 1, "type": "start"}))
        self.settle()

    @rule(action=st.sampled_from(["check", "call", "fold", "check"]))
    def act(self, action: str) -> None:
        # Whoever's turn it is (the server says; hypothesis must not draw on it).
        client = next((c for c in self.clients if c.state and c.my_turn(c.state)), None)
        if client is None:
            return
        hand = client.state["hand"]
        legal = hand["legal"]
        if action == "check" and not legal.get("check"):
            action = "call"
        message = {"v": 1, "type": "act", "action": action, "decision": hand["decision"]}
        self.answered(client, json.dumps(message))
        self.settle()

    @rule(who=st.integers(0, PLAYERS), text=made_up)
    def send_anything(self, who: int, text: str) -> None:
        self.tried(who, text)

    def tried(self, who: int, text: str) -> Json:
        """Send ``text`` from client ``who`` with everyone settled before and after; a
        refusal is noted with the versions around it."""
        client = self.clients[who]
        self.settle()
        before = self.version(client)
        reply = self.answered(client, text)
        self.settle()
        if reply["type"] == "error":
            self.refusals.append((who, before, self.version(client)))
        return reply

    # -- invariants -------------------------------------------------------------------------

    @invariant()
    def chips_are_conserved(self) -> None:
        for client in self.clients:
            state = client.state
            if not state:
                continue
            stacks = sum(seat["stack"] for seat in state["seats"] if seat["name"])
            hand = state.get("hand")
            in_play = hand["pot_total"] if hand and hand.get("street") in DURING_PLAY else 0
            assert stacks + in_play == self.bought or stacks == self.bought, state

    @invariant()
    def no_card_leaves_its_owner(self) -> None:
        for client in self.clients:
            state = client.state
            hand = state.get("hand") if state else None
            if not hand or hand.get("street") not in DURING_PLAY:
                continue
            mine = state["you"]["seat"]
            for seat in state["seats"]:
                if seat["seat"] != mine:
                    assert seat["cards"] is None, (mine, seat)

    @invariant()
    def a_refusal_changes_nothing(self) -> None:
        while self.refusals:
            who, before, after = self.refusals.pop()
            assert after == before, f"client {who}'s refused message changed the state"


def test_random_message_sequences_keep_the_rules(tmp_path: Path) -> None:
    # A table and three identities an example: more than one address gets in a minute.
    unlimited = Limits(identities_per_minute=100_000, tables_per_hour=100_000)
    Room.cardroom = Cardroom(f"sqlite:///{tmp_path / 'c.sqlite3'}", limits=unlimited).start()
    try:
        machine: Any = ProtocolMachine.TestCase
        machine.settings = settings(
            max_examples=8, stateful_step_count=25, deadline=None, database=None,
            suppress_health_check=list(HealthCheck),
        )  # fmt: skip
        machine().runTest()
    finally:
        Room.cardroom.stop()
        Room.cardroom = None
