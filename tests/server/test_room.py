"""A room is its command log: refused commands change nothing, and the accepted ones,
replayed into a fresh room, give back the same table (what a restart relies on)."""

from __future__ import annotations

import copy
import gc
import json
import random
import secrets
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import Command, Room
from holdem.cards import Card
from holdem.errors import HoldemError
from holdem.fairness import ShuffleCommitment
from holdem.server.views import public_state
from holdem.table.names import same_name

NAMES = ("Ana", "Ben", "Cleo", "Dan")
# Names the table refuses beside NAMES (one in another case, a Cyrillic look-alike) or
# always (an invisible character, a bidi override, nothing visible).
TWINS = ("ana", "\u0412en", "Cl\u200beo", "\u202eDan", " ")


def picture(room: Room) -> str:
    """Everything a client could see of the room, as one string."""
    state = public_state(room, set(), None, 0.0)
    return json.dumps(state, sort_keys=True) + repr(room.table.settings)


def random_command(room: Room, rng: random.Random) -> Command:
    """A command a client or the clock might send: often legal, sometimes not."""
    seat = rng.randrange(room.options.seats + 1)  # one past the end: no such seat
    kind = rng.choice(
        ["sit", "sit", "leave", "sit_out", "sit_in", "top_up", "adjust", "deal", "deal",
         "act", "act", "act", "act", "act", "void", "status", "run_twice", "coach", "remove",
         "pause_after_hand", "runout", "runout"]
    )  # fmt: skip
    command: Command = {"kind": kind, "seat": seat, "at": float(len(room.log))}
    if kind == "sit":
        buy_ins = [room.options.starting_stack] if room.tournament else [10, 40, 100, 200, 300]
        command |= {"name": rng.choice(NAMES + TWINS), "buy_in": rng.choice(buy_ins),
                    "owner": f"owner-{seat}"}  # fmt: skip
    elif kind in ("top_up", "adjust"):
        command["amount" if kind == "top_up" else "change"] = rng.randint(-50, 150)
    elif kind == "deal":
        order = rng.sample(range(52), 52)
        salts = [secrets.token_bytes(16).hex() for _ in order]
        command |= {"order": order, "salts": salts}
        if room.tournament is not None:
            command["level"] = rng.randrange(len(room.tournament.levels))
    elif kind == "act":
        if room.table.seat_to_act is not None and rng.random() < 0.9:
            command["seat"] = room.table.seat_to_act
        action = rng.choice(["fold", "check", "call", "bet", "raise", "all-in"])
        command["action"] = action
        if action in ("bet", "raise"):
            command["amount"] = rng.randint(1, 300)
    elif kind == "status":
        command["status"] = rng.choice(["running", "running", "paused", "waiting"])
    elif kind == "run_twice":
        command["agree"] = rng.random() < 0.5
    elif kind in ("coach", "pause_after_hand"):
        command["on"] = rng.random() < 0.7
    elif kind == "remove" and rng.random() < 0.5:
        command["ban"] = True
    return command


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1), seats=st.integers(2, 6), mode=st.sampled_from(["cash", "sng"])
)
def test_refused_commands_change_nothing_and_the_log_rebuilds_the_room(
    seed: int, seats: int, mode: str
) -> None:
    rng = random.Random(seed)
    options = TableOptions(
        name="Friday", seats=seats, run_it_twice=True, mode=mode, starting_stack=300
    )
    room = Room("t", options, host="host")
    log: list[dict[str, Any]] = []
    for _ in range(400):
        command = random_command(room, rng)
        before = picture(room)
        try:
            room.apply(command)
        except HoldemError as refusal:
            assert str(refusal), "a refusal says why"
            assert picture(room) == before, command
        else:
            log.append(command)
            names = [p.name for p in room.table.seats if p is not None]
            assert not any(same_name(a, b) for i, a in enumerate(names) for b in names[i + 1 :])
    assert len(log) >= 2  # a sit & go may be over in a few hands
    rebuilt = Room.from_log("t", options, "host", log)
    assert picture(rebuilt) == picture(room)
    assert rebuilt.table.chips_on_table() == room.table.chips_on_table()


def test_a_deal_carries_the_deck_that_its_commitment_binds() -> None:
    room = Room("t", TableOptions(name="x", seats=2), host="host")
    for seat in (0, 1):
        room.apply({"kind": "sit", "seat": seat, "name": NAMES[seat], "buy_in": 100,
                    "owner": f"o{seat}", "at": 0.0})  # fmt: skip
    room.apply({"kind": "status", "status": "running", "at": 0.0})
    order = list(range(52))
    commitment = ShuffleCommitment.new(tuple(Card(code) for code in order))
    room.apply({"kind": "deal", "order": order, "salts": [s.hex() for s in commitment.salts],
                "at": 1.0})  # fmt: skip
    assert room.deals[1].commitment == commitment.commitment
    assert public_state(room, set(), None, 1.0)["hand"]["commitment"] == commitment.commitment


def test_the_state_shows_the_last_showdown_even_when_an_old_hand_is_freed() -> None:
    """The room keeps one finished hand and frees the one before, whose memory a later
    hand may take: the state's showdown must still be the last hand's (it used to be
    remembered by the hand's address, and a tournament's tables showed an old showdown)."""
    room = Room("t", TableOptions(name="x", seats=2), host="host")
    for seat in (0, 1):
        room.apply({"kind": "sit", "seat": seat, "name": NAMES[seat], "buy_in": 100,
                    "owner": f"o{seat}", "at": 0.0})  # fmt: skip
    room.apply({"kind": "status", "status": "running", "at": 0.0})
    for number in (1, 2):
        room.apply({"kind": "deal", "order": list(range(52)), "salts": ["00" * 16] * 52,
                    "at": float(number)})  # fmt: skip
        room.apply({"kind": "act", "seat": room.table.seat_to_act, "action": "fold",
                    "at": float(number)})  # fmt: skip
    second = room.table.history.pop()
    first = copy.copy(second)
    first.number = 1
    room.table.history.append(first)
    assert public_state(room, set(), None, 0.0)["showdown"]["hand"] == 1
    address = id(first)
    room.table.history.clear()
    del first
    gc.collect()
    # A new hand at the freed one's address, if it was freed (CPython hands a freed
    # block out again): the room must not take it for the hand it remembers.
    kept = [copy.copy(second) for _ in range(1000)]
    later = next((hand for hand in kept if id(hand) == address), kept[0])
    room.table.history.append(later)
    assert public_state(room, set(), None, 0.0)["showdown"]["hand"] == 2
