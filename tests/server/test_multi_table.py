"""A multi-table tournament is one log: whole tournaments played command by command.

Random play (legal moves, and refused ones mixed in) from registration to the winner,
with the invariants checked after every command: no chip made or lost across tables,
nobody at two tables, tables balanced after every move, refused commands changing
nothing, every hand replaying from its history, and the log rebuilding the tournament.
"""

from __future__ import annotations

import json
import random
import secrets

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.cardroom.multi_table import MultiTable, draw
from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import Command
from holdem.engine import ActionKind
from holdem.errors import HoldemError
from holdem.history.record import history_of
from holdem.history.replay import replay
from holdem.server.views import public_state
from holdem.tournament.seating import is_balanced

STACK = 300


def picture(multi: MultiTable) -> str:
    """Everything any client could see of the tournament, as one string."""
    views = {
        number: public_state(room, set(), None, 0.0)
        for number, room in {0: multi.lobby, **multi.rooms}.items()
    }
    return json.dumps([views, multi.view(0.0, 0), multi.status], sort_keys=True)


class Driver:
    """Plays a tournament the way the runtime would, at a made-up clock."""

    def __init__(self, multi: MultiTable, rng: random.Random) -> None:
        self.multi = multi
        self.rng = rng
        self.log: list[Command] = []
        self.now = 0.0

    def apply(self, command: Command) -> None:
        self.now += 1.0
        command["at"] = self.now
        self.multi.apply(command)
        self.log.append(command)

    def refused(self, command: Command) -> str:
        """Apply a command that must be refused; return the reason, checking nothing moved."""
        before = picture(self.multi)
        version = self.multi.version
        with pytest.raises(HoldemError) as refusal:
            self.multi.apply({**command, "at": self.now})
        assert picture(self.multi) == before and self.multi.version == version
        return str(refusal.value)

    def step(self) -> None:
        """One thing the runtime's clocks would do next."""
        multi = self.multi
        moves = multi.moves_ready()
        if moves:
            self.apply({"kind": "rearrange", "moves": [list(vars(m).values()) for m in moves]})
            assert is_balanced(multi.layout()) and not multi.pending_moves()
            return
        # Each table goes its own pace: act at one in a hand, or deal at one between hands.
        playing = [n for n, room in multi.live_rooms().items() if room.hand_in_progress]
        dealing = [
            n
            for n, room in multi.live_rooms().items()
            if not room.hand_in_progress
            and not multi.holds(n)
            and len(room.table.active_seats()) >= 2
        ]
        assert playing or dealing, f"nothing to do, yet the tournament is {multi.status}"
        number = self.rng.choice(playing + dealing)
        if number in playing:
            self._act(number)
            return
        order = self.rng.sample(range(52), 52)
        self.apply({"kind": "deal", "table": number, "order": order,
                    "salts": [secrets.token_hex(16) for _ in order],
                    "level": multi.tournament.level_index(self.now)})  # fmt: skip

    def _act(self, number: int) -> None:
        room = self.multi.rooms[number]
        if room.runout_due:  # all-in: the table's clock deals the next street
            self.apply({"kind": "runout", "table": number})
            return
        seat = room.table.seat_to_act
        assert seat is not None and room.table.current is not None
        legal = room.table.current.hand.legal_actions()
        if self.rng.random() < 0.05:  # out of turn, or a raise below the minimum
            other = next(s for s in room.table.current.seat_of if s != seat)
            reason = self.refused({"kind": "act", "table": number, "seat": other,
                                   "action": "check"})  # fmt: skip
            assert reason
        choices = [k for k in ("fold", "check", "call") if getattr(legal, k)]
        command: Command = {"kind": "act", "table": number, "seat": seat}
        bounds = legal.raise_ or legal.bet
        if bounds is not None and self.rng.random() < 0.3:
            kind = ActionKind.RAISE if legal.raise_ else ActionKind.BET
            command |= {"action": kind.value, "amount": self.rng.randint(bounds.min, bounds.max)}
        elif legal.muck or legal.show:
            command["action"] = "muck" if legal.muck else "show"
        else:
            command["action"] = self.rng.choice([c for c in choices if c != "fold"] or choices)
        self.apply(command)


def chips_everywhere(multi: MultiTable) -> int:
    return sum(room.table.chips_on_table() for room in multi.rooms.values())


def seated_names(multi: MultiTable) -> list[str]:
    return [p.name for room in multi.rooms.values() for p in room.table.seats if p is not None]


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    table_size=st.integers(2, 6),
    players=st.integers(3, 14),
)
def test_a_whole_tournament_conserves_chips_seats_everyone_once_and_replays(
    seed: int, table_size: int, players: int
) -> None:
    rng = random.Random(seed)
    options = TableOptions(
        name="Friday MTT", mode="mtt", seats=table_size, max_players=players,
        starting_stack=STACK, level_minutes=0.5, prize_per_player=10,
    )  # fmt: skip
    driver = Driver(MultiTable("m", options, host="host"), rng)
    multi = driver.multi
    names = [f"P{i}" for i in range(players)]
    for i, name in enumerate(names):
        driver.apply({"kind": "register", "name": name, "owner": f"owner-{i}"})
    assert "already registered" in driver.refused({"kind": "register", "name": "p0"})
    assert "already registered" in driver.refused({"kind": "register", "name": "\u0420\u041e"})
    assert "(U+200B)" in driver.refused({"kind": "register", "name": "P\u200b99"})
    assert "visible" in driver.refused({"kind": "register", "name": " \u3000 "})
    assert "full" in driver.refused({"kind": "register", "name": "Late"})
    driver.refused({"kind": "status", "status": "running", "draw": {"P0": [1, 0]}})
    driver.apply({"kind": "status", "status": "running", "draw": draw(names, table_size)})
    assert "closed" in driver.refused({"kind": "register", "name": "Later", "owner": "x"})
    total = players * STACK
    hands = 0
    while multi.status != "ended":
        driver.step()
        assert chips_everywhere(multi) == total
        seated = seated_names(multi)
        assert len(seated) == len(set(seated)), "a player sits at two tables"
        assert multi.tournament.standings is not None
        assert set(seated) == multi.tournament.standings.remaining
        hands = sum(room.table.hands_played for room in multi.rooms.values())
        assert hands < 5000, "the tournament does not end"
    order = multi.tournament.standings.finishing_order()
    assert sorted(order) == sorted(names)
    if players > table_size:
        assert multi.moves_made > 0
    for room in multi.rooms.values():
        for played in room.table.history:
            record = history_of(played.hand, players=played.names)
            assert replay(record).match
    rebuilt = MultiTable.from_log("m", options, "host", driver.log)
    assert picture(rebuilt) == picture(multi)


def test_r44_online_moves_wait_for_the_hand_at_the_table_giving_players() -> None:
    options = TableOptions(name="MTT", mode="mtt", seats=3, max_players=6, starting_stack=STACK)
    driver = Driver(MultiTable("m", options, host="host"), random.Random(7))
    multi = driver.multi
    for name in ("A", "B", "C", "D", "E"):
        driver.apply({"kind": "register", "name": name})
    layout = {"A": [1, 0], "B": [1, 1], "C": [1, 2], "D": [2, 0], "E": [2, 1]}
    driver.apply({"kind": "status", "status": "running", "draw": layout})

    def deal(number: int) -> None:
        order = driver.rng.sample(range(52), 52)
        driver.apply({"kind": "deal", "table": number, "order": order,
                      "salts": ["00" * 16] * 52, "level": 0})  # fmt: skip

    def play_out(number: int, action: str) -> None:
        while (room := multi.rooms[number]).hand_in_progress:
            if room.runout_due:
                driver.apply({"kind": "runout", "table": number})
                continue
            seat = room.table.seat_to_act
            driver.apply({"kind": "act", "table": number, "seat": seat, "action": action})

    deal(1)  # table 1 stays in its hand while table 2 plays all-in hands until one busts
    while len(multi.layout()[2]) == 2:
        deal(2)
        play_out(2, "all-in")
    assert multi.holds(1) and not multi.moves_ready(), "table 1 is still in its hand"
    move = list(vars(multi.pending_moves()[0]).values())
    assert "is in a hand" in driver.refused({"kind": "rearrange", "moves": [move]})
    play_out(1, "fold")
    ready = multi.moves_ready()
    assert [(m.from_table, m.to_table) for m in ready] == [(1, 2)]
    driver.apply({"kind": "rearrange", "moves": [list(vars(m).values()) for m in ready]})
    assert sorted(len(seats) for seats in multi.layout().values()) == [2, 2]
    assert any("joins from table 1" in text for _, text in multi.rooms[2].log)
