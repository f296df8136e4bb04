"""What a client's message asks the table to do, if that client may ask it.

``command_for`` checks who is asking (the host, a seated player, anyone) and turns a
protocol message into a room command (see room.py). Whether the command is legal at the
table is for the room, the table and the engine to say when it is applied.
"""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Iterator
from dataclasses import dataclass

from holdem.cardroom import after_hand
from holdem.cardroom.home_game import BLIND_FIELDS
from holdem.cardroom.room import Command, Room
from holdem.errors import IllegalActionError
from holdem.server import protocol
from holdem.server.protocol import ClientMessage
from holdem.server.table_limits import check_seat_requests
from holdem.table.names import check_free, same_name

BOT_NAMES = ("Ada", "Bolt", "Chip", "Dot", "Echo", "Flux", "Gizmo", "Hex", "Ion", "Jet")
STATUS_CHANGES = {  # message -> (the statuses it may come in, the status it makes)
    "start": (("waiting",), "running"),
    "pause": (("running",), "paused"),
    "resume": (("paused",), "running"),
    "end": (("waiting", "running", "paused"), "ended"),
}


@dataclass(frozen=True)
class TurnClock:
    """Whose turn it is, how long they have had it (for the time bank), and the version of
    the first state that showed it (an ``act`` naming an older one is stale)."""

    seat: int
    elapsed: float
    since_version: int = 0


def command_for(
    room: Room, owner: str | None, message: ClientMessage, turn: TurnClock | None
) -> Command:
    """The command ``message`` asks for, sent by the client holding ``owner``'s token."""
    kind = message.type
    if kind in protocol.HOST_TYPES and (owner is None or owner != room.host):
        raise IllegalActionError(f"only the host can {kind.replace('_', ' ')}")
    seat = room.seat_of(owner) if owner is not None else None
    if kind in protocol.SEAT_TYPES and seat is None:
        raise IllegalActionError("you have no seat at this table: take one first")
    if isinstance(message, protocol.Sit):
        return _sit(room, owner, message)
    if isinstance(message, protocol.Act):
        assert seat is not None
        return _act(room, seat, message, turn)
    if isinstance(message, protocol.TopUp):
        return {"kind": "top_up", "seat": seat, "amount": message.amount}
    if isinstance(message, protocol.RunTwice):
        return {"kind": "run_twice", "seat": seat, "agree": message.agree}
    if isinstance(message, protocol.Chat):
        name = room.table.player(seat).name if seat is not None else "a spectator"
        return {"kind": "chat", "name": name, "text": message.text}
    if isinstance(message, protocol.RequestAnswer):
        return {"kind": kind, "id": message.request}
    if isinstance(message, protocol.Adjust):
        return {"kind": "adjust", "seat": message.seat - 1, "change": message.change}
    if isinstance(message, protocol.Remove):
        command: Command = {"kind": "remove", "seat": message.seat - 1}
        return command | {"ban": True} if message.ban else command
    if isinstance(message, protocol.Straddle):
        return {"kind": "straddle", "seat": seat, "on": message.on}
    if isinstance(message, protocol.Coach):
        return {"kind": "coach", "seat": seat, "on": message.on}
    if isinstance(message, protocol.PauseAfterHand):
        return {"kind": "pause_after_hand", "on": message.on}
    if isinstance(message, protocol.ShowCards):
        return after_hand.show_command(room, owner, message.cards)
    if isinstance(message, protocol.BombPot):
        return {"kind": "bomb_pot"}
    if isinstance(message, protocol.Blinds):
        return {"kind": "blinds", **message.model_dump(include=set(BLIND_FIELDS))}
    if isinstance(message, protocol.AddBot):
        if message.seat is None:
            raise IllegalActionError("add_bot: say which seat the bot takes")
        return bot_sits(room, message.seat - 1, message.kind)
    if kind in ("register", "unregister", "watch"):
        raise IllegalActionError(f"{kind}: this is for multi-table tournaments; here, take a seat")
    if kind in STATUS_CHANGES:
        allowed, new = STATUS_CHANGES[kind]
        if room.status not in allowed:
            raise IllegalActionError(f"cannot {kind}: the game is {room.status}")
        return {"kind": "status", "status": new}
    if kind == "void":
        return {"kind": "void"}
    return {"kind": kind, "seat": seat}  # leave, sit_out, sit_in


def bot_sits(room: Room, seat: int, kind: str) -> Command:
    """A bot takes ``seat`` with the largest buy-in, under a name nobody uses yet."""
    name = free_bot_name(set(_names_taken(room)))
    return {"kind": "sit", "seat": seat, "name": name, "bot": kind,
            "buy_in": room.options.buy_in_range[1]}  # fmt: skip


def free_bot_name(taken: set[str]) -> str:
    """The first of Ada, Bolt, ..., Jet, Ada 2, Bolt 2, ... that nobody uses yet (in any
    letter case, nor as a look-alike)."""
    for round_ in itertools.count(1):
        for name in BOT_NAMES:
            candidate = f"{name} {round_}" if round_ > 1 else name
            if not any(same_name(candidate, other) for other in taken):
                return candidate
    raise AssertionError("unreachable: the rounds of names never end")


def _names_taken(room: Room) -> Iterator[str]:
    """The names at the table and in the seat requests waiting for the host."""
    yield from (p.name for p in room.table.seats if p is not None)
    yield from (r.name for r in room.requests.values())


def _sit(room: Room, owner: str | None, message: protocol.Sit) -> Command:
    if owner is None:
        raise IllegalActionError("open the table's page (or ask /identity) to get a seat")
    # The table checks its seats' names again when the host approves (holdem.table.names).
    others = (r.name for r in room.requests.values() if r.owner != owner)
    check_free(message.name, others, "asking for a seat")
    buy_in = room.options.starting_stack if room.tournament else message.buy_in
    sit = {"seat": message.seat - 1, "name": message.name, "buy_in": buy_in,
           "owner": owner}  # fmt: skip
    if owner == room.host or not room.options.seat_approval:
        return {"kind": "sit", **sit}
    check_seat_requests(len(room.requests))
    return {"kind": "request", "id": secrets.token_hex(4), **sit}


def _act(room: Room, seat: int, message: protocol.Act, turn: TurnClock | None) -> Command:
    _check_answers_the_decision(room, message, turn)
    if message.action in ("bet", "raise") and message.amount is None:
        raise IllegalActionError(f"{message.action}: say how much, as the amount to bet to")
    command: Command = {"kind": "act", "seat": seat, "action": message.action}
    if message.amount is not None:
        command["amount"] = message.amount
    if turn is not None and turn.seat == seat:
        over = turn.elapsed - room.options.action_seconds
        if over > 0:  # past the action timer: the rest came out of the time bank
            command["bank"] = max(0.0, room.banks.get(seat, 0.0) - over)
    return command


def _check_answers_the_decision(room: Room, message: protocol.Act, turn: TurnClock | None) -> None:
    """Refuse an ``act`` chosen for a decision that is no longer the one at hand."""
    if message.decision is None and message.version is None:
        raise IllegalActionError(
            "act: say which decision it answers: send the state's hand.decision as "
            "'decision' (or the state's 'version')"
        )
    decision = room.decision
    if decision is None or turn is None:
        return  # nobody may act now: the table says why
    since = turn.since_version
    stale = (message.decision is not None and message.decision != decision) or (
        message.version is not None and not since <= message.version <= room.version
    )
    if stale:
        raise IllegalActionError(
            f"that {message.action} answers an earlier decision: the hand has moved on "
            "and nothing was done; choose again on the latest state"
        )
