"""The host's home-game tools between hands (R46): calling a bomb pot for the next hand,
and changing the blinds and antes from the next deal.

Both wait for the next hand: a change in the middle of a hand would alter a hand
already dealt. The blinds asked for are checked by the table's own settings checks when
asked (so a refusal comes at once, with its sentence) and take effect at the next deal;
until then the state shows them as pending.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from holdem.engine import AnteKind
from holdem.engine.config import OddChips
from holdem.errors import ConfigError, IllegalActionError
from holdem.table.settings import TableSettings

if TYPE_CHECKING:
    from holdem.cardroom.room import Command, Room

BLIND_FIELDS = ("small_blind", "big_blind", "ante", "ante_kind")


def call_bomb_pot(room: Room, c: Command) -> None:
    ante = room.options.bomb_pot_ante
    if not room.options.bomb_pots:
        raise IllegalActionError(
            "this table does not play bomb pots: they are chosen when the table is created"
        )
    if room.table.next_bomb_pot:
        raise IllegalActionError("a bomb pot is already called for the next hand")
    room.table.bomb_pot(ante)
    room.note(f"The host calls a bomb pot for the next hand: everyone antes {ante}")


def change_blinds(room: Room, c: Command) -> None:
    wanted = {name: c[name] for name in BLIND_FIELDS}
    settings = _with_blinds(room.table.settings, wanted)
    if settings == room.table.settings and room.next_blinds is None:
        raise IllegalActionError(f"the blinds are already {_words(wanted)}: nothing changes")
    if wanted == room.next_blinds:
        raise IllegalActionError(f"{_words(wanted)} is already waiting for the next hand")
    room.next_blinds = None if settings == room.table.settings else wanted
    room.note(f"The host sets the blinds to {_words(wanted)} from the next hand")


def use_next_blinds(room: Room) -> None:
    """At a deal: the blinds the host asked for come into play (the deal restores the
    old settings if it is refused, and the change stays pending)."""
    if room.next_blinds is not None:
        room.table.settings = _with_blinds(room.table.settings, room.next_blinds)


def blinds_used(room: Room) -> None:
    """After a deal that took the pending blinds: they are the table's now."""
    if room.next_blinds is not None:
        room.next_blinds = None
        room.note(f"The blinds are now {_words(_blinds_of(room.table.settings))}")


def house_view(room: Room) -> dict[str, Any]:
    """The state's ``house``: the customs waiting for the next hand and the 7-2 game."""
    table = room.table
    last = table.history[-1] if table.history else None
    bounty = last.bounty if last is not None else None
    return {
        "bomb_pot_next": table.next_bomb_pot,
        "next_blinds": room.next_blinds,
        "seven_deuce_bounty": table.settings.seven_deuce_bounty,
        # The odd chips of a split pot, a house rule a player may ask about (R25).
        "odd_chips": OddChips.ONE_EACH.words,
        "bounty_won": None
        if bounty is None or last is None
        else {
            "hand": last.number,
            "seat": bounty.winner + 1,
            "name": last.names[last.seat_of.index(bounty.winner)],
            "chips": sum(chips for _, chips in bounty.paid),
        },
    }


def _with_blinds(settings: TableSettings, wanted: dict[str, Any]) -> TableSettings:
    try:
        return replace(
            settings,
            small_blind=wanted["small_blind"],
            big_blind=wanted["big_blind"],
            ante=wanted["ante"],
            ante_kind=AnteKind(wanted["ante_kind"]),
        )
    except ConfigError as error:
        raise IllegalActionError(str(error)) from None


def _blinds_of(settings: TableSettings) -> dict[str, Any]:
    return {name: getattr(settings, name) for name in BLIND_FIELDS}


def _words(blinds: dict[str, Any]) -> str:
    ante = blinds["ante"] if blinds["ante_kind"] != "none" or blinds["ante"] else 0
    kind = "an" if blinds["ante_kind"] in ("none", "uniform") else f"a {blinds['ante_kind']}"
    return f"{blinds['small_blind']}/{blinds['big_blind']}" + (
        f" with {kind} ante of {ante}" if ante else ""
    )
