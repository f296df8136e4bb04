"""A multi-table tournament at work: one lock and one log for all of its tables.

Each table keeps its own ``TableRuntime`` for its turns, bots and timers, but its changes
go through the tournament: ``execute`` applies a command to the ``MultiTable``, stores it
under the tournament's id, and only then tells the clients. The tournament's own clock
starts it when the field is full and moves players between tables (a table that must
give players deals no new hand until they have gone). Every client watches one table: a
player their own, wherever the tournament moves them; anyone else the table they chose.
"""

from __future__ import annotations

import time
from typing import Any

from holdem.cardroom.multi_table import LOBBY, MultiTable, draw
from holdem.cardroom.room import Command, Room
from holdem.errors import IllegalActionError
from holdem.server import protocol
from holdem.server.commands import command_for, free_bot_name
from holdem.server.protocol import ClientMessage
from holdem.server.runtime import Client, Job, Runtime, TableRuntime
from holdem.server.store import Store
from holdem.server.table_limits import check_registrations
from holdem.server.views import EncodedStates, Json, public_state

NOT_IN_A_TOURNAMENT = {
    "sit": "in a tournament you register, and the seat draw seats you when it starts",
    "leave": "a tournament player stays until they are out: the timer folds for them",
    "top_up": "chips cannot be added in a tournament",
    "sit_out": "in a tournament you stay dealt in: your timer folds for you",
    "sit_in": "in a tournament you are always dealt in",
    "adjust": "stacks are not corrected in a tournament",
    "remove": "a tournament player cannot be removed: their timer folds for them",
    "approve": "a tournament has no seat requests: players register",
    "refuse": "a tournament has no seat requests: players register",
    "call_bomb_pot": "a tournament plays no bomb pots",
    "set_blinds": "a tournament's blinds rise with its clock: they cannot be changed",
    "pause_after_hand": "pausing after a hand is for cash tables: in a tournament, pause "
    "stops the clock and every table",
}
TABLE_MESSAGES = ("act", "run_twice", "straddle", "void", "chat", "show_cards", "coach")


class TournamentTable(TableRuntime):
    """One table of a tournament: its changes are the tournament's."""

    def __init__(self, room: Room, tournament: TournamentRuntime) -> None:
        self.tournament = tournament
        super().__init__(room, tournament.store, tournament.lock)

    async def execute(self, command: Command) -> None:
        command["table"] = self.room.number
        await self.tournament.execute(command)

    def _deal_held(self) -> bool:
        number = self.room.number
        assert number is not None
        return self.tournament.multi.holds(number)  # players leave this table first

    def _states(self, now: float) -> EncodedStates:
        multi = self.tournament.multi
        view = multi.view(now, self.room.number or LOBBY)
        public = public_state(self.room, self.tournament.connected(), self.deadline, now, view)
        return EncodedStates(public, self.room, self.tournament.about)


class TournamentRuntime(Runtime):
    kind = "tournament"

    def __init__(self, multi: MultiTable, store: Store) -> None:
        super().__init__(f"tournament {multi.id}", store)
        self.multi = multi
        self.tables: dict[int, TournamentTable] = {}
        self.watching: dict[Client, int] = {}  # client -> the table it chose to watch
        self._addresses: dict[str, str] = {}  # owner -> the address it registered from
        self._started = False
        self._sync_tables()

    @property
    def id(self) -> str:
        return self.multi.id

    @property
    def room(self) -> Room:
        """The room most people look at: the lowest table in play, or the lobby."""
        return self.multi.room(min(self.multi.live_rooms(), default=LOBBY))

    def start(self) -> None:
        super().start()
        self._started = True
        for table in self.tables.values():
            table.start()

    async def stop(self) -> None:
        for table in self.tables.values():
            await table.stop()
        await super().stop()

    # -- changes -----------------------------------------------------------------------------

    async def execute(self, command: Command) -> None:
        """Apply, store, then tell everyone concerned. The caller holds the lock."""
        await self.catch_up()
        command["at"] = time.time()
        before = self._summary_key()
        self.multi.apply(command)
        await self.commit(self.multi, command, self._restore)
        changed = command.get("table")
        if changed is not None and self._summary_key() == before:
            # One table's move: the others, and who watches what, are as they were.
            table = self.tables[changed]
            table.after_change()
            table.broadcast()
            if not table.room.hand_in_progress:
                self._wake.set()  # a hand over: players may move now
            return
        self._sync_tables()
        self._seat_clients()
        for table in self.tables.values():
            table.after_change()
            table.broadcast()
        self._wake.set()

    def _restore(self, log: list[Command]) -> None:
        multi = self.multi
        self.multi = MultiTable.from_log(multi.id, multi.options, multi.host, log)
        self._sync_tables()

    def _summary_key(self) -> tuple[Any, ...]:
        """What every table's view shows of the tournament, bar the clock and the stacks:
        the tables' sizes change only when players register, go out or move."""
        multi = self.multi
        standings = multi.tournament.standings
        out = len(standings.out) if standings is not None else 0
        return multi.status, len(multi.entrants), out, multi.moves_made

    def _sync_tables(self) -> None:
        """A ``TournamentTable`` for the lobby and each table of ``multi``."""
        rooms = {LOBBY: self.multi.lobby, **self.multi.rooms}
        for number, room in rooms.items():
            table = self.tables.get(number)
            if table is None:
                table = self.tables[number] = TournamentTable(room, self)
                if self._started:
                    table.start()
            table.room = room  # a rebuilt tournament has new rooms

    def _seat_clients(self) -> None:
        """Each client to the table it should watch now (a moved player follows)."""
        for client in list(self.watching):
            number = self.watching[client] = self._table_for(client)
            for table_number, table in self.tables.items():
                if table_number != number:
                    table.clients.discard(client)
            self.tables[number].clients.add(client)

    def _table_for(self, client: Client) -> int:
        """A player's own table; else the table watched until now while it is in play (or
        once the tournament is over); else the lowest table in play; else the lobby."""
        multi = self.multi
        if client.owner is not None:
            own = multi.table_of(client.owner)
            if own is not None:
                return own
        current = self.watching[client]
        live = multi.live_rooms()
        if current in live or (current == LOBBY and not live):
            return current
        if multi.status == "ended" and current in multi.rooms:
            return current
        return min(live, default=LOBBY)

    # -- clients ---------------------------------------------------------------------------

    def connected(self) -> set[str]:
        return {c.owner for c in self.watching if c.owner is not None}

    def about(self, owner: str) -> Json | None:
        """What a state tells the holder of ``owner``'s token about themselves here."""
        entrant = self.multi.entrant_of(owner)
        if entrant is None:
            return None
        return {"entrant": entrant.name, "table": self.multi.table_of(owner)}

    async def join(self, client: Client) -> None:
        async with self.lock:
            self.watching[client] = LOBBY
            self._seat_clients()
        await self.tables[self._table_for(client)].join(client)

    async def leave(self, client: Client) -> None:
        self.chat_limits.forget(client)
        self.coach_limits.forget(client)
        async with self.lock:
            number = self._table_for(client)
            del self.watching[client]
        await self.tables[number].leave(client)

    async def _handle(self, client: Client, message: ClientMessage) -> None:
        table = self.tables[self._table_for(client)]
        if table.answer_directly(client, message):
            return
        if isinstance(message, protocol.Watch):
            self._watch(client, message.table)
            return
        if isinstance(message, protocol.Chat):
            self.chat_limits.check(client)
        if isinstance(message, protocol.Coach):
            self.coach_limits.check(client)  # each switch is stored
        async with self.lock:
            await self.execute(self._command_for(client, message))

    def _watch(self, client: Client, number: int) -> None:
        if client.owner is not None and self.multi.table_of(client.owner) is not None:
            raise IllegalActionError("you play at your own table: you watch it until you are out")
        self.multi.room(number)  # there is such a table
        self.watching[client] = number
        self._seat_clients()
        self.tables[number].broadcast()

    def _command_for(self, client: Client, message: ClientMessage) -> Command:
        kind, owner, multi = message.type, client.owner, self.multi
        if kind in NOT_IN_A_TOURNAMENT:
            raise IllegalActionError(NOT_IN_A_TOURNAMENT[kind])
        if kind in protocol.HOST_TYPES and (owner is None or owner != multi.host):
            raise IllegalActionError(f"only the host can {kind.replace('_', ' ')}")
        if isinstance(message, protocol.Register):
            if owner is None:
                raise IllegalActionError("open the tournament's page (or ask /identity) first")
            self._check_address(client)
            return {"kind": "register", "name": message.name, "owner": owner}
        if kind == "unregister":
            return {"kind": "unregister", "owner": owner}
        if isinstance(message, protocol.AddBot):
            return bot_registers(multi, message.kind)
        if kind == "start":
            if multi.status != "waiting":
                raise IllegalActionError(f"cannot start: the tournament is {multi.status}")
            return self._start_command()
        if kind in ("pause", "resume", "end"):
            status = {"pause": "paused", "resume": "running", "end": "ended"}[kind]
            return {"kind": "status", "status": status}
        if kind not in TABLE_MESSAGES:  # a message a tournament has no use for
            raise IllegalActionError(f"{kind.replace('_', ' ')} is not part of a tournament")
        number = self._table_for(client)
        table = self.tables[number]
        command = command_for(table.room, owner, message, table.turn_clock())
        if kind == "chat" and owner is not None and (entrant := multi.entrant_of(owner)):
            command["name"] = entrant.name  # registered, though not (or no longer) seated
        return {**command, "table": number}

    def _check_address(self, client: Client) -> None:
        """One program must not fill the field: a cap on people registered from one network
        address (remembered while this server runs)."""
        address = client.address
        if client.owner is not None and address is not None:
            registered = {e.owner for e in self.multi.entrants.values() if e.owner}
            same = sum(1 for o, a in self._addresses.items() if a == address and o in registered)
            check_registrations(same)
            self._addresses[client.owner] = address

    def _start_command(self) -> Command:
        names = list(self.multi.entrants)
        if len(names) < 2:
            raise IllegalActionError("a tournament needs two players to start")
        return {
            "kind": "status",
            "status": "running",
            "draw": draw(names, self.multi.options.seats),
        }

    # -- the tournament's clock -----------------------------------------------------------

    def _next_job(self) -> Job | None:
        multi = self.multi
        if multi.status == "waiting" and len(multi.entrants) == multi.options.max_players:
            return Job(time.time(), ("start", multi.version), self._start)
        if multi.moves_ready():
            return Job(time.time(), ("rearrange", multi.version), self._rearrange)
        return None

    async def _start(self) -> None:
        await self.execute(self._start_command())

    async def _rearrange(self) -> None:
        moves = [
            [m.player, m.from_table, m.from_seat, m.to_table, m.to_seat, m.reason]
            for m in self.multi.moves_ready()
        ]
        await self.execute({"kind": "rearrange", "moves": moves})

    # -- the lobby and downloads ------------------------------------------------------------

    def room_at(self, number: int | None) -> Room:
        """Table ``number`` (0: the lobby); without one, the table most people look at."""
        return self.room if number is None else self.multi.room(number)

    def summary(self) -> Json:
        multi = self.multi
        return {
            "id": multi.id,
            "name": multi.options.name,
            "structure": multi.options.structure,
            "small_blind": self.room.table.settings.small_blind,
            "big_blind": self.room.table.settings.big_blind,
            "seats": multi.options.max_players,
            "players": len(multi.entrants),
            "status": multi.status,
            "mode": "mtt",
            "tables": len(multi.live_rooms()),
            "players_left": len(multi.tournament.standings.remaining)
            if multi.tournament.standings is not None
            else len(multi.entrants),
        }


def bot_registers(multi: MultiTable, kind: str) -> Command:
    """A bot registers for ``multi`` under a name nobody uses yet (as ``bot_sits`` at a table)."""
    return {"kind": "register", "name": free_bot_name(set(multi.entrants)), "bot": kind}
