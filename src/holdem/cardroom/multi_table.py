"""A multi-table tournament as plain state: one log of commands for all of its tables.

Players register before the start, and ``status: running`` carries the seat draw. From
then on each table is a ``Room`` sharing the tournament's clock and standings
(``OnlineTournament``). A table's own commands (``deal``, ``act``, ``void``, ``chat``,
``run_twice``, ``straddle``) name it with ``"table": n``; table 0 is the lobby, where
people talk before the start. The tournament's own commands are ``register``,
``unregister``, ``status`` and ``rearrange``: players moved between tables, between
hands, to balance them or to break one (R44, by the rules of ``tournament.seating``).
One log holds every table, so a restart replays the whole tournament, moves included,
and no player can be at two tables or lose a chip on the way between them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from holdem.cardroom.online_tournament import OnlineTournament
from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import STATUS_MOVES, Command, Entrant, Room, replayed
from holdem.errors import IllegalActionError
from holdem.table.names import check_free, player_name
from holdem.tournament.seating import Layout, Move, draw_seats, rearrange

TABLE_KINDS = ("deal", "act", "runout", "void", "run_twice", "straddle", "chat", "show")
LOBBY = 0  # the table number of the lobby: a room without seats taken, for its chat


class MultiTable:
    def __init__(self, tournament_id: str, options: TableOptions, host: str) -> None:
        self.id = tournament_id
        self.options = options
        self.host = host
        self.tournament = OnlineTournament.create(options)
        self.entrants: dict[str, Entrant] = {}  # name -> entrant, in order of registration
        self.lobby = Room(tournament_id, options, host, tournament=self.tournament, number=LOBBY)
        self.rooms: dict[int, Room] = {}  # table number -> its room (broken tables too)
        self.status = "waiting"  # running, paused, ended
        self.moves_made = 0
        self.version = 0
        self._pending: tuple[int, list[Move]] = (-1, [])  # (version, moves) computed for it

    @classmethod
    def from_log(
        cls, tournament_id: str, options: TableOptions, host: str, log: list[Command]
    ) -> MultiTable:
        return replayed(cls(tournament_id, options, host), log)

    # -- applying commands ---------------------------------------------------------------

    def apply(self, command: Command) -> None:
        kind = command["kind"]
        if kind in TABLE_KINDS:
            self.room(command.get("table", LOBBY)).apply(command)
            if self.tournament.over:
                self.status = self.lobby.status = "ended"
        else:
            handler: Callable[[Command], None] | None = {
                "register": self._register,
                "unregister": self._unregister,
                "status": self._status,
                "rearrange": self._rearrange,
            }.get(kind)
            if handler is None:
                raise IllegalActionError(f"unknown command {kind!r}")
            if self.status == "ended":
                raise IllegalActionError("the tournament has ended")
            handler(command)
        self.version += 1

    def _register(self, c: Command) -> None:
        if self.status != "waiting":
            raise IllegalActionError("registration is closed: the tournament has begun")
        name = player_name(c["name"])
        check_free(name, self.entrants, "registered")
        owner = c.get("owner")
        if owner is not None and self.entrant_of(owner) is not None:
            raise IllegalActionError("you are already registered")
        if len(self.entrants) >= self.options.max_players:
            raise IllegalActionError(f"the tournament is full: {self.options.max_players} players")
        self.entrants[name] = Entrant(name, owner, c.get("bot"))
        self.lobby.note(f"{name} registers")

    def _unregister(self, c: Command) -> None:
        if self.status != "waiting":
            raise IllegalActionError("the tournament has begun: you play it out")
        entrant = self.entrant_of(c["owner"])
        if entrant is None:
            raise IllegalActionError("you are not registered")
        del self.entrants[entrant.name]
        self.lobby.note(f"{entrant.name} unregisters")

    def _status(self, c: Command) -> None:
        status, at = c["status"], c["at"]
        if self.status not in STATUS_MOVES.get(status, ()):
            raise IllegalActionError(f"the tournament is {self.status}: it cannot become {status}")
        if status == "running" and self.status == "waiting":
            self._start(c["draw"], at)
        else:
            if status == "paused":
                self.tournament.pause(at)
            elif status == "running":
                self.tournament.resume(at)
            for room in self.live_rooms().values():
                room.apply({"kind": "status", "status": status, "at": at})
        self.status = self.lobby.status = status
        self.lobby.note(f"The tournament {'begins' if status == 'running' else 'is ' + status}")

    def _start(self, draw: dict[str, list[int]], at: float) -> None:
        """Seat every entrant where ``draw`` says (name -> [table, seat]) and start."""
        if len(self.entrants) < 2:
            raise IllegalActionError("a tournament needs two players to start")
        layout = _checked_draw(draw, list(self.entrants), self.options.seats)
        self.tournament.start(list(self.entrants), at)
        stack, bank = self.options.starting_stack, self.options.time_bank_seconds
        for number, seats in sorted(layout.items()):
            room = Room(self.id, self.options, self.host, tournament=self.tournament, number=number)
            for seat, name in sorted(seats.items()):
                room.seat_entrant(seat, self.entrants[name], stack, bank, at)
            room.apply({"kind": "status", "status": "running", "at": at})
            self.rooms[number] = room

    def _rearrange(self, c: Command) -> None:
        """Players move between hands: ``moves`` is a list of [player, from table, from seat,
        to table, to seat, reason], checked whole before any player moves."""
        if self.status != "running":
            raise IllegalActionError(f"players move while the tournament runs, not {self.status}")
        moves = [Move(*move) for move in c["moves"]]
        self._check_moves(moves)
        at = c["at"]
        for move in moves:
            entrant, stack, bank = self.rooms[move.from_table].unseat(move.from_seat, at)
            target = self.rooms[move.to_table]
            target.seat_entrant(move.to_seat, entrant, stack, bank, at)
            self.rooms[move.from_table].note(f"{move.player} moves to table {move.to_table}")
            target.note(f"{move.player} joins from table {move.from_table}")
        for number, room in sorted(self.live_rooms().items(), reverse=True):
            if not any(room.table.seats):
                room.status = "ended"  # broken
                self.lobby.note(f"Table {number} breaks")
        self.moves_made += len(moves)

    def _check_moves(self, moves: list[Move]) -> None:
        layout = self.layout()
        for move in moves:
            source, target = layout.get(move.from_table), layout.get(move.to_table)
            if source is None or target is None:
                raise IllegalActionError(f"{move.describe()}: both tables must be in play")
            if source.get(move.from_seat) != move.player:
                raise IllegalActionError(f"{move.describe()}: the player is not in that seat")
            if not 0 <= move.to_seat < self.options.seats or move.to_seat in target:
                raise IllegalActionError(f"{move.describe()}: that seat is not free")
            if self.rooms[move.from_table].hand_in_progress:
                raise IllegalActionError(f"{move.describe()}: table {move.from_table} is in a hand")
            target[move.to_seat] = source.pop(move.from_seat)

    # -- reading -------------------------------------------------------------------------

    def room(self, number: int) -> Room:
        if number == LOBBY:
            return self.lobby
        room = self.rooms.get(number)
        if room is None:
            tables = ", ".join(str(n) for n in self.live_rooms()) or "none yet"
            raise IllegalActionError(f"there is no table {number}: the tables are {tables}")
        return room

    def live_rooms(self) -> dict[int, Room]:
        """The tables still in play (the final one stays, ended, with the winner)."""
        return {
            n: room
            for n, room in self.rooms.items()
            if room.status != "ended" or (self.tournament.over and any(room.table.seats))
        }

    def entrant_of(self, owner: str) -> Entrant | None:
        return next((e for e in self.entrants.values() if e.owner == owner), None)

    def table_of(self, owner: str) -> int | None:
        """The table where ``owner`` sits now, if any."""
        for number, room in self.live_rooms().items():
            if room.seat_of(owner) is not None:
                return number
        return None

    def layout(self) -> Layout:
        return {
            number: {seat: p.name for seat, p in enumerate(room.table.seats) if p is not None}
            for number, room in self.live_rooms().items()
        }

    def pending_moves(self) -> list[Move]:
        """The moves the tables need now: tables to break, then to balance (R44)."""
        if self.status != "running" or self.tournament.over:
            return []
        version, moves = self._pending
        if version != self.version:
            big_blinds = {
                n: room.table.blinds.big_blind if room.table.blinds else None
                for n, room in self.live_rooms().items()
            }
            _, moves = rearrange(self.layout(), big_blinds, self.options.seats)
            self._pending = (self.version, moves)
        return moves

    def holds(self, number: int) -> bool:
        """Whether table ``number`` waits before its next deal: players must leave it."""
        return any(move.from_table == number for move in self.pending_moves())

    def moves_ready(self) -> list[Move]:
        """The pending moves, once every table they take players from is between hands."""
        moves = self.pending_moves()
        if any(self.rooms[m.from_table].hand_in_progress for m in moves):
            return []
        return moves

    def view(self, now: float, watching: int) -> dict[str, Any]:
        """The tournament part of a ``state`` sent to the clients watching ``watching``."""
        chips = self.options.starting_stack * len(self.tournament.entrants)
        view = self.tournament.view(now, chips)
        tables = []
        for number, room in self.live_rooms().items():
            stacks = [p.stack for p in room.table.seats if p is not None]
            tables.append(
                {"table": number, "players": len(stacks), "largest": max(stacks, default=0)}
            )
        waiting = self.status == "waiting"
        view.update(
            table=watching,
            tables=tables,
            registered=[{"name": e.name, "bot": e.bot} for e in self.entrants.values()]
            if waiting
            else [],
            max_players=self.options.max_players,
            moves=self.moves_made,
        )
        return view


def draw(names: list[str], table_size: int) -> dict[str, list[int]]:
    """A random seat draw (the secure generator), as the ``status`` command carries it."""
    layout = draw_seats(names, table_size, random.SystemRandom())
    return {
        name: [number, seat] for number, seats in layout.items() for seat, name in seats.items()
    }


def _checked_draw(draw: dict[str, list[int]], names: list[str], table_size: int) -> Layout:
    if sorted(draw) != sorted(names):
        raise IllegalActionError("the seat draw must seat every registered player once")
    layout: Layout = {}
    for name, (number, seat) in draw.items():
        if not 0 <= seat < table_size or seat in layout.setdefault(number, {}):
            raise IllegalActionError(f"the seat draw puts {name} in a seat that is not free")
        layout[number][seat] = name
    if sorted(layout) != list(range(1, len(layout) + 1)):
        raise IllegalActionError("the seat draw numbers its tables 1, 2, 3, ...")
    return layout
