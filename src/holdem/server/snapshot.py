"""A room's (or a tournament's) whole state as JSON, so a restart loads it and replays only
the commands stored after it, and what else is stored with a command (store.py's
``Extras``): the record of a hand it ended, and every ``SNAPSHOT_EVERY`` commands a
snapshot.

A snapshot is the derived state, field by field, under an explicit ``SCHEMA``: one of
another schema is not read (the table replays its whole log instead). The hand in play
and the last finished hand are stored as hand_record.py's JSON and played again from
their decks, so every event, showdown and log line comes back exactly.
tests/security/test_snapshots.py checks, for every prefix of many random logs, that
restoring and replaying the rest gives the same states and the same next behaviour.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from holdem.cardroom.after_hand import shows_from_json, shows_to_json
from holdem.cardroom.multi_table import LOBBY, MultiTable
from holdem.cardroom.online_tournament import OnlineTournament
from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import ChatLine, Entrant, Logged, Room, SeatRequest
from holdem.cardroom.stats import TableStats
from holdem.errors import HoldemError
from holdem.server.codec import from_json, to_json
from holdem.server.hand_record import hand_from_json, hand_to_json, take_finished
from holdem.server.store import Extras
from holdem.table import PlayedHand, Seat, Table
from holdem.table.button import Blinds
from holdem.table.ledger import LedgerEntry
from holdem.table.settings import TableSettings
from holdem.table.table import BeforeDeal
from holdem.tournament.clock import Clock
from holdem.tournament.ranking import Standings

SCHEMA = 1
SNAPSHOT_EVERY = 100  # commands: a restart replays fewer than this many per table


class OutdatedSnapshot(HoldemError):
    """A snapshot of another schema: the table is rebuilt from its whole log instead."""


def extras_for(state: Logged) -> Extras:
    """What to commit with the command just applied to ``state`` (a room or a tournament)."""
    rooms = [state.lobby, *state.rooms.values()] if isinstance(state, MultiTable) else [state]
    hands = tuple(row for room in rooms if isinstance(room, Room) and (row := take_finished(room)))
    due = state.version % SNAPSHOT_EVERY == 0
    return Extras(hands=hands, snapshot=snapshot_of(state) if due else None)


def snapshot_of(state: Logged) -> dict[str, Any]:
    if isinstance(state, MultiTable):
        return {"schema": SCHEMA, "kind": "mtt", **_multi_to_json(state)}
    assert isinstance(state, Room)
    return {"schema": SCHEMA, "kind": "room", **_room_to_json(state)}


def restored(
    table_id: str, options: TableOptions, host: str, data: dict[str, Any]
) -> Room | MultiTable:
    """The room or tournament ``data`` (from ``snapshot_of``) describes."""
    if data.get("schema") != SCHEMA:
        raise OutdatedSnapshot(f"snapshot schema {data.get('schema')!r}, not {SCHEMA}")
    if data["kind"] == "mtt":
        return _multi_from_json(MultiTable(table_id, options, host), data)
    return _room_from_json(Room(table_id, options, host), data)


# -- a room ------------------------------------------------------------------------------


def _room_to_json(room: Room) -> dict[str, Any]:
    table = room.table
    current = table.current
    last = table.history[-1] if table.history else None
    straddler, bomb_pot = table.customs_to_snapshot()
    events_logged, settled, runs_clock = room.narration_to_snapshot()
    return {
        "settings": to_json(table.settings),
        "seats": to_json(table.seats),
        "ledger": to_json(table.ledger.entries),
        "hands_played": table.hands_played,
        "blinds": to_json(table.blinds),
        "current": _hand_json(room, current),
        "last": "current" if last is not None and last is current else _hand_json(room, last),
        # What the deal of the hand in play changed, put back if it is voided (R39, R42),
        # and whether the table has settled it.
        "before": _before_to_json(table, current),
        "hand_settled": current is not None and current.settled,
        "straddler": straddler,  # the table's house customs for the next hand
        "bomb_pot": bomb_pot,
        "status": room.status,
        "owners": to_json(room.owners),
        "bots": to_json(room.bots),
        "bot_names": sorted(room.bot_names),
        "banks": to_json(room.banks),
        "away": to_json(room.away),
        "requests": to_json(list(room.requests.values())),
        "banned": sorted(room.banned),
        "coached": sorted(room.coached),
        "pause_after_hand": room.pause_after_hand,
        "next_blinds": room.next_blinds,
        "shown_after": shows_to_json(room),
        "dealt_at": to_json(room.dealt_at),
        "dealt_to": to_json(room.dealt_to),
        "log": to_json(list(room.log)),
        "lines_logged": room.lines_logged,
        "chat": to_json(list(room.chat)),
        "stats": to_json(room.stats),
        "hand_over_at": room.hand_over_at,
        "version": room.version,
        "events_logged": events_logged,  # the events of the hand already narrated
        "settled": settled,
        "tournament": _tournament_to_json(room.tournament) if runs_clock else None,
    }


def _hand_json(room: Room, played: PlayedHand | None) -> dict[str, Any] | None:
    return None if played is None else hand_to_json(played, room.deals[played.number])


def _room_from_json(room: Room, data: dict[str, Any]) -> Room:
    table = room.table
    table.settings = from_json(TableSettings, data["settings"])
    table.seats = from_json(list[Seat | None], data["seats"])
    table.ledger.entries = from_json(list[LedgerEntry], data["ledger"])
    table.hands_played = data["hands_played"]
    table.blinds = from_json(Blinds | None, data["blinds"])
    room.deals = {}
    current = _hand_from(room, data["current"])
    last = current if data["last"] == "current" else _hand_from(room, data["last"])
    if current is not None:
        current.before = _before_from_json(table, data.get("before"))
        current.settled = data.get("hand_settled", current.hand.is_over)
    table.current = current
    table.history.clear()
    if last is not None:
        table.history.append(last)
    table.customs_from_snapshot(data["straddler"], data["bomb_pot"])
    room.status = data["status"]
    room.owners = from_json(dict[int, str], data["owners"])
    room.bots = from_json(dict[int, str], data["bots"])
    # Older snapshots did not list them: the bots seated then are known at least.
    room.bot_names = set(data.get("bot_names", ()))
    room.bot_names.update(p.name for seat in room.bots if (p := table.seats[seat]) is not None)
    room.banks = from_json(dict[int, float], data["banks"])
    room.away = from_json(set[int], data["away"])
    requests = from_json(list[SeatRequest], data["requests"])
    room.requests = {request.id: request for request in requests}
    room.banned = set(data["banned"])
    room.coached = set(data["coached"])
    room.pause_after_hand = data["pause_after_hand"]
    room.next_blinds = data["next_blinds"]
    room.shown_after = shows_from_json(data["shown_after"])
    room.dealt_at = from_json(dict[int, float], data["dealt_at"])
    room.dealt_to = from_json(dict[int, tuple[str | None, ...]], data["dealt_to"])
    room.log = deque(from_json(list[tuple[int, str]], data["log"]), maxlen=room.log.maxlen)
    room.lines_logged = data["lines_logged"]
    room.chat = deque(from_json(list[ChatLine], data["chat"]), maxlen=room.chat.maxlen)
    room.stats = from_json(TableStats, data["stats"])
    room.hand_over_at = data["hand_over_at"]
    room.version = data["version"]
    room.narration_from_snapshot(data["events_logged"], data["settled"])
    if data["tournament"] is not None:
        assert room.tournament is not None
        _tournament_from_json(room.tournament, data["tournament"])
    return room


def _before_to_json(table: Table, played: PlayedHand | None) -> dict[str, Any] | None:
    before = None if played is None else played.before
    if before is None:
        return None
    return {
        "blinds": to_json(before.blinds),
        # each player owing, and whether that player still sits there (a redeal puts back
        # only the debts of players who stayed)
        "owed": [
            [seat, table.seats[seat] is player, waiting, big, small]
            for seat, player, waiting, big, small in before.owed
        ],
        "straddler": before.straddler,
        "bomb_pot": before.bomb_pot,
    }


def _before_from_json(table: Table, data: dict[str, Any] | None) -> BeforeDeal | None:
    if data is None:
        return None
    owed = []
    for seat, stayed, waiting, big, small in data["owed"]:
        player = table.seats[seat] if stayed else None
        if player is None:  # gone since the deal: no one at the table is that player
            player = Seat(name="", stack=0)
        owed.append((seat, player, waiting, big, small))
    return BeforeDeal(
        from_json(Blinds | None, data["blinds"]), tuple(owed), data["straddler"], data["bomb_pot"]
    )


def _hand_from(room: Room, data: dict[str, Any] | None) -> PlayedHand | None:
    if data is None:
        return None
    played, commitment = hand_from_json(data)
    room.deals[played.number] = commitment
    return played


# -- a tournament's clock and standings -------------------------------------------------------


def _tournament_to_json(sng: OnlineTournament | None) -> dict[str, Any] | None:
    if sng is None:
        return None
    clock = sng.clock
    standings = sng.standings
    return {
        "entrants": sng.entrants,
        "clock": None if clock is None else {name: getattr(clock, name) for name in CLOCK_FIELDS},
        "standings": None
        if standings is None
        else {
            "remaining": sorted(standings.remaining),
            "out": standings.out,
            "out_in_hand": standings.out_in_hand,
            "hands": standings.hands_counted,  # busts counted so far: it numbers the next
        },
    }


CLOCK_FIELDS = ("entrants", "players_left", "buy_in", "started_at", "paused_at",
                "paused_seconds", "shift")  # fmt: skip


def _tournament_from_json(sng: OnlineTournament, data: dict[str, Any]) -> None:
    sng.entrants = list(data["entrants"])
    clock, standings = data["clock"], data["standings"]
    sng.clock = None if clock is None else Clock(structure=sng.structure, **clock)
    if standings is None:
        sng.standings = None
        return
    sng.standings = Standings(sng.entrants)
    sng.standings.remaining = set(standings["remaining"])
    sng.standings.out = list(standings["out"])
    sng.standings.out_in_hand = dict(standings["out_in_hand"])
    sng.standings.restore_hands_counted(standings["hands"])


# -- a multi-table tournament ------------------------------------------------------------------


def _multi_to_json(multi: MultiTable) -> dict[str, Any]:
    return {
        "tournament": _tournament_to_json(multi.tournament),
        "entrants": to_json(list(multi.entrants.values())),
        "lobby": _room_to_json(multi.lobby),
        "rooms": [[number, _room_to_json(room)] for number, room in multi.rooms.items()],
        "status": multi.status,
        "moves_made": multi.moves_made,
        "version": multi.version,
    }


def _multi_from_json(multi: MultiTable, data: dict[str, Any]) -> MultiTable:
    _tournament_from_json(multi.tournament, data["tournament"])
    multi.entrants = {e.name: e for e in from_json(list[Entrant], data["entrants"])}
    _room_from_json(multi.lobby, data["lobby"])
    for number, room in data["rooms"]:
        fresh = Room(
            multi.id, multi.options, multi.host, tournament=multi.tournament, number=number
        )
        multi.rooms[number] = _room_from_json(fresh, room)
    multi.status = data["status"]
    multi.moves_made = data["moves_made"]
    multi.version = data["version"]
    assert LOBBY not in multi.rooms
    return multi
