"""Pre-actions: a decision chosen before one's turn, which the table makes for the
player when the turn comes (docs/protocol.md, ``pre_action``).

``checkfold`` checks if it may, else folds; ``callany`` calls whatever the bet is (checks
when there is none); ``call`` calls the bet the player saw when they chose it, and is
cancelled as soon as that bet changes: a raise behind it asks the player again. Each lasts
for the street it was chosen on. They live in memory only: a restarted server forgets
them, and the player simply gets their turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from holdem.errors import IllegalActionError

if TYPE_CHECKING:
    from holdem.cardroom.room import Room

PreKind = Literal["checkfold", "call", "callany"]


@dataclass(frozen=True)
class PreAction:
    kind: PreKind
    hand: int  # the hand and street it was chosen on
    street: int
    call_to: int  # the bet to call when it was chosen


def _bet_now(room: Room) -> tuple[int, int, int] | None:
    """The hand in progress, its street and the bet to call on it (None between hands)."""
    played = room.table.current
    if played is None or not room.hand_in_progress:
        return None
    hand = played.hand
    return played.number, hand.street, max(hand.bets, default=0)


def choose(room: Room, seat: int, kind: PreKind | None, amount: int | None) -> None:
    """Set (or, with ``kind`` None, clear) ``seat``'s pre-action; ``amount`` is the bet the
    player saw, which a ``call`` must still face."""
    if kind is None:
        room.pre_actions.pop(seat, None)
        return
    now = _bet_now(room)
    played = room.table.current
    if now is None or played is None or seat not in played.seat_of:
        raise IllegalActionError("pre_action: you are not in a hand now")
    position = played.seat_of.index(seat)
    if played.hand.folded[position]:
        raise IllegalActionError("pre_action: you have folded this hand")
    number, street, bet = now
    if kind == "call" and amount != bet:
        raise IllegalActionError(
            f"pre_action: the bet is now {bet}, not {amount}: choose again"
            if amount is not None
            else "pre_action: call needs the amount to call, as 'amount'"
        )
    room.pre_actions[seat] = PreAction(kind, number, street, bet)


def forget_stale(room: Room) -> bool:
    """Drop the pre-actions of another hand or street, and each ``call`` whose bet has
    changed; True if one was dropped (the players are told with the next state)."""
    if not room.pre_actions:
        return False
    now = _bet_now(room)
    stale = [
        seat
        for seat, pre in room.pre_actions.items()
        if now is None
        or (pre.hand, pre.street) != now[:2]
        or (pre.kind == "call" and pre.call_to != now[2])
    ]
    for seat in stale:
        del room.pre_actions[seat]
    return bool(stale)


def due(room: Room, seat: int) -> str | None:
    """The action ``seat``'s pre-action makes now that it is its turn (and forgets it), or
    None when it has none."""
    forget_stale(room)
    pre = room.pre_actions.pop(seat, None)
    played = room.table.current
    if pre is None or played is None:
        return None
    legal = played.hand.legal_actions()
    if pre.kind == "checkfold":
        return "check" if legal.check else "fold"
    if legal.check:
        return "check"
    return "call" if legal.call else "all-in"
