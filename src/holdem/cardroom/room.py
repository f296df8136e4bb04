"""One table of the cardroom as plain state: a log of commands applied to a ``Table``.

A room changes only through ``apply(command)``. The runtime stores each command before it
tells anyone, and a restart replays the stored commands into a fresh room: the same seats,
ledger and finished hands, and the hand in progress card for card, since a ``deal``
command carries the deck's order. Commands are JSON objects with a ``kind``:

``sit``, ``request``, ``approve``, ``refuse``, ``leave``, ``remove``, ``sit_out``,
``sit_in``, ``top_up``, ``adjust``, ``run_twice``, ``straddle``, ``coach``, ``deal``,
``act``, ``runout``, ``void``, ``status``, ``pause_after_hand``, ``chat``, ``show`` (after the hand:
after_hand.py), ``bomb_pot``, ``blinds`` (home_game.py).

Who may send which is the runtime's business (it knows the clients); what is legal at
the table is the table's and the engine's, and a refused command raises
``IllegalActionError`` and changes nothing.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from holdem.cardroom import after_hand, home_game
from holdem.cardroom.online_tournament import OnlineTournament
from holdem.cardroom.options import TableOptions
from holdem.cardroom.stats import TableStats
from holdem.cards import Card, Deck
from holdem.engine import Action, ActionKind
from holdem.engine.narrate import Cast, narrate, pots_per_board
from holdem.errors import HoldemError, IllegalActionError
from holdem.fairness import ShuffleCommitment
from holdem.table import PlayedHand, Table
from holdem.table.names import check_free
from holdem.tournament.sim import deal_in_now, level_settings, take_out_busted

if TYPE_CHECKING:
    from holdem.cardroom.pre_actions import PreAction

Command = dict[str, Any]
STATUS_MOVES = {  # a status -> the statuses it may follow
    "running": ("waiting", "paused"),
    "paused": ("running",),
    "ended": ("waiting", "running", "paused"),
}
CASH_GAME_ONLY = {
    "top_up": "chips cannot be added in a sit & go",
    "adjust": "stacks are not corrected in a sit & go",
    "sit_out": "in a sit & go you stay dealt in: your timer folds for you",
    "remove": "a sit & go player cannot be removed: their timer folds for them",
    "pause_after_hand": "a sit & go pauses at once, its clock with it: press Pause",
    "bomb_pot": "a sit & go plays no bomb pots",
    "blinds": "a sit & go's blinds rise with its clock: they cannot be changed",
}
LOG_LINES = 40
CHAT_LINES = 50


class RestoreError(HoldemError):
    """A stored command log that no longer replays: the store was edited or is damaged."""


class Logged(Protocol):
    """A state that changes only by the commands of its log: a room, a tournament."""

    id: str
    version: int

    def apply(self, command: Command) -> None: ...


L = TypeVar("L", bound=Logged)


def replayed(state: L, log: list[Command]) -> L:
    """``state`` with every command of a stored log applied again, in order."""
    for seq, command in enumerate(log, start=1):
        try:
            state.apply(command)
        except HoldemError as error:
            raise RestoreError(
                f"{state.id}: stored command {seq} ({command.get('kind')}) does not replay: {error}"
            ) from None
    return state


@dataclass(frozen=True)
class SeatRequest:
    id: str
    owner: str
    seat: int
    name: str
    buy_in: int


@dataclass(frozen=True)
class Entrant:
    """A tournament player: a person (the hash of their token) or a bot (its kind)."""

    name: str
    owner: str | None = None
    bot: str | None = None


@dataclass(frozen=True)
class ChatLine:
    name: str
    text: str
    at: float


class Room:
    def __init__(
        self,
        table_id: str,
        options: TableOptions,
        host: str,
        *,
        tournament: OnlineTournament | None = None,
        number: int | None = None,
    ) -> None:
        """A cash table, a sit & go's table, or (given the ``tournament`` they share and
        its ``number``) one table of a multi-table tournament."""
        self.id = table_id
        self.number = number
        self.options = options
        self.host = host  # the hash of the host's token
        self.table = Table(options.settings(), hands_kept=1)  # the others are in the store
        self.status = "waiting"  # running, paused, ended
        self.owners: dict[int, str] = {}  # seat -> the hash of its player's token
        self.bots: dict[int, str] = {}  # seat -> bot kind
        # Decisions chosen before the turn (pre_actions.py): in memory, never stored.
        self.pre_actions: dict[int, PreAction] = {}
        # Every bot that ever sat here: their chips are the house's in the settle-up.
        self.bot_names: set[str] = set()
        self.banks: dict[int, float] = {}  # seat -> time bank left, in seconds
        self.away: set[int] = set()  # sat out by the timer while disconnected
        self.requests: dict[str, SeatRequest] = {}
        self.banned: set[str] = set()  # owners the host removed for good
        self.coached: set[int] = set()  # seats whose player switched the coach on
        self.pause_after_hand = False  # the host pauses the game once this hand is over
        self.next_blinds: dict[str, Any] | None = None  # from the next deal (home_game.py)
        self.shown_after: dict[int, tuple[int, ...]] = {}  # position -> its cards shown
        # Of the last hand dealt only (earlier hands are in the store: hand_record.py).
        self.deals: dict[int, ShuffleCommitment] = {}  # hand number -> its deck's commitment
        self.dealt_at: dict[int, float] = {}  # hand number -> when it was dealt
        self.dealt_to: dict[int, tuple[str | None, ...]] = {}  # hand number -> owner by position
        self.finished: PlayedHand | None = None  # a hand just over, for the store to take
        self.stats = TableStats()  # each player's numbers here, counted as hands end
        self.log: deque[tuple[int, str]] = deque(maxlen=LOG_LINES)
        self.lines_logged = 0  # ever: it tells a changed log from an unchanged full one
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_LINES)
        self.hand_over_at = 0.0  # when the last hand ended (or the game began)
        self.version = 0  # the number of commands applied
        self.view_cache: dict[str, Any] = {}  # parts of the state kept between changes (views)
        self._runs_clock = tournament is None  # a table of several leaves it to the tournament
        if tournament is None and options.sit_and_go:
            tournament = OnlineTournament.create(options)
        self.tournament = tournament
        if self.tournament is not None:
            self._use_level(0)
        self._events_logged = 0
        self._settled: PlayedHand | None = None  # the last hand a sit & go counted busts in

    @classmethod
    def from_log(cls, table_id: str, options: TableOptions, host: str, log: list[Command]) -> Room:
        """The room a stored log describes: every command applied again, in order."""
        return replayed(cls(table_id, options, host), log)

    # -- applying commands ---------------------------------------------------------------

    def apply(self, command: Command) -> None:
        handler: Callable[[Command], None] | None = getattr(self, f"_{command['kind']}", None)
        if handler is None:
            raise IllegalActionError(f"unknown command {command['kind']!r}")
        if self.status == "ended" and command["kind"] != "chat":
            raise IllegalActionError("the game has ended")
        if self.tournament is not None and command["kind"] in CASH_GAME_ONLY:
            raise IllegalActionError(CASH_GAME_ONLY[command["kind"]])
        handler(command)
        self._changed(command)

    def _changed(self, command: Command) -> None:
        self.version += 1
        self._log_new_events(command)
        if self.pause_after_hand and not self.hand_in_progress and self.status == "running":
            self.pause_after_hand = False
            self._status({"status": "paused", "at": command["at"]})
        if self.tournament is not None:
            self._count_busts(command["at"])
        self._forget_empty_seats()

    # -- a multi-table tournament's moves (its log holds them: see multi_table.py) -----------

    def seat_entrant(self, seat: int, entrant: Entrant, stack: int, bank: float, at: float) -> None:
        """``entrant`` takes ``seat`` with ``stack`` chips, dealt in from the next hand."""
        self.table.sit(seat, entrant.name, stack)
        deal_in_now(self.table, seat)
        if entrant.bot is not None:
            self.bots[seat] = entrant.bot
            self.bot_names.add(entrant.name)
        elif entrant.owner is not None:
            self.owners[seat] = entrant.owner
        self.banks[seat] = bank
        self._changed({"kind": "seat", "at": at})

    def unseat(self, seat: int, at: float) -> tuple[Entrant, int, float]:
        """Take the player in ``seat`` away between hands: who, their chips, their bank."""
        player = self.table.player(seat)
        played = self.table.current
        if self.hand_in_progress and played is not None and seat in played.seat_of:
            raise IllegalActionError(f"{player.name} is in a hand: they move once it is over")
        entrant = Entrant(player.name, self.owners.get(seat), self.bots.get(seat))
        left = (entrant, player.stack, self.banks.get(seat, 0.0))
        self.table.leave(seat)
        self._changed({"kind": "unseat", "at": at})
        return left

    def _sit(self, c: Command) -> None:
        seat = c["seat"]
        if self.tournament is not None and self.status != "waiting":
            raise IllegalActionError("the sit & go has begun: seats are taken before it starts")
        if c.get("owner") in self.owners.values():
            raise IllegalActionError("you already have a seat at this table")
        self._check_not_banned(c.get("owner"))
        self.table.sit(seat, c["name"], c["buy_in"])
        if c.get("bot"):
            self.bots[seat] = c["bot"]
            self.bot_names.add(c["name"])
        else:
            self.owners[seat] = c["owner"]
        self.banks[seat] = self.options.time_bank_seconds
        self.note(f"{c['name']} sits in seat {seat + 1} with {c['buy_in']}")

    def _request(self, c: Command) -> None:
        owner = c["owner"]
        if owner in self.owners.values():
            raise IllegalActionError("you already have a seat at this table")
        if any(r.owner == owner for r in self.requests.values()):
            raise IllegalActionError("you have already asked for a seat: wait for the host")
        self._check_not_banned(owner)
        self.table.check_sit(c["seat"], c["name"], c["buy_in"])
        check_free(c["name"], (r.name for r in self.requests.values()), "asking for a seat")
        self.requests[c["id"]] = SeatRequest(c["id"], owner, c["seat"], c["name"], c["buy_in"])
        self.note(f"{c['name']} asks for seat {c['seat'] + 1}")

    def _approve(self, c: Command) -> None:
        request = self._request_named(c["id"])
        self._sit(
            {
                "seat": request.seat,
                "name": request.name,
                "buy_in": request.buy_in,
                "owner": request.owner,
            }
        )
        del self.requests[request.id]

    def _refuse(self, c: Command) -> None:
        request = self._request_named(c["id"])
        del self.requests[request.id]
        self.note(f"The host refuses {request.name}'s request")

    def _leave(self, c: Command) -> None:
        if self.tournament is not None and self.status != "waiting":
            raise IllegalActionError("a sit & go cannot be left once it has begun")
        name = self._name(c["seat"])
        self.table.leave(c["seat"])
        self.note(f"{name} leaves" + (" after this hand" if self._seat_taken(c["seat"]) else ""))

    def _remove(self, c: Command) -> None:
        seat = c["seat"]
        name = self._name(seat)
        owner = self.owners.get(seat)
        self.table.leave(seat)
        # From now nobody acts for the seat: its turns in this hand time out at once.
        self.owners.pop(seat, None)
        self.bots.pop(seat, None)
        if c.get("ban") and owner is not None:
            self.banned.add(owner)
        self.note(f"The host {'removes and bans' if c.get('ban') else 'removes'} {name}")

    def _check_not_banned(self, owner: str | None) -> None:
        if owner is not None and owner in self.banned:
            raise IllegalActionError(
                "the host has banned you from this table: you cannot take a seat here"
            )

    def _sit_out(self, c: Command) -> None:
        self.table.sit_out(c["seat"])
        if c.get("away"):
            self.away.add(c["seat"])
        self.note(f"{self._name(c['seat'])} sits out")

    def _sit_in(self, c: Command) -> None:
        self.table.sit_in(c["seat"])
        self.away.discard(c["seat"])
        self.note(f"{self._name(c['seat'])} is back")

    def _top_up(self, c: Command) -> None:
        self.table.top_up(c["seat"], c["amount"])
        later = " after this hand" if self.table.player(c["seat"]).top_up_after else ""
        self.note(f"{self._name(c['seat'])} adds {c['amount']}{later}")

    def _adjust(self, c: Command) -> None:
        self.table.adjust(c["seat"], c["change"])
        self.note(f"The host adjusts {self._name(c['seat'])}'s stack by {c['change']:+d}")

    def _run_twice(self, c: Command) -> None:
        self.table.set_run_twice(c["seat"], c["agree"])

    def _straddle(self, c: Command) -> None:
        on = c.get("on", True)
        self.table.straddle(c["seat"], on)
        self.note(f"{self._name(c['seat'])} {'will' if on else 'will not'} straddle next hand")

    def _coach(self, c: Command) -> None:
        self.table.player(c["seat"])
        if c["on"]:
            self.coached.add(c["seat"])
        else:
            self.coached.discard(c["seat"])

    def _pause_after_hand(self, c: Command) -> None:
        if c["on"] and self.status != "running":
            raise IllegalActionError(f"the game is {self.status}: only a running game pauses")
        if c["on"] and not self.hand_in_progress:
            self._status({"status": "paused", "at": c["at"]})  # between hands: at once
            return
        if not c["on"] and not self.pause_after_hand:
            raise IllegalActionError("no pause is waiting for this hand to end: nothing to cancel")
        self.pause_after_hand = c["on"]
        self.note("The host pauses after this hand" if c["on"] else "The host will not pause")

    def _deal(self, c: Command) -> None:
        if self.status != "running":
            raise IllegalActionError("the game is not running: the host starts it")
        commitment = ShuffleCommitment(
            order=tuple(Card(code) for code in c["order"]),
            salts=tuple(bytes.fromhex(salt) for salt in c["salts"]),
        )
        settings = self.table.settings
        if self.tournament is not None:
            self._use_level(c["level"])
        home_game.use_next_blinds(self)
        try:
            self.table.start_hand(Deck(commitment.order))
        except HoldemError:
            self.table.settings = settings  # refused: the level (or blinds) wait for a deal
            raise
        home_game.blinds_used(self)
        self.shown_after = {}  # of the hand before: it can no longer be shown
        assert self.table.current is not None
        number, seat_of = self.table.current.number, self.table.current.seat_of
        # The last finished hand's deck stays too: a snapshot deals that hand again.
        last = self.table.history[-1].number if self.table.history else None
        self.deals = {n: c for n, c in self.deals.items() if n == last} | {number: commitment}
        self.dealt_at = {number: c["at"]}
        self.dealt_to = {number: tuple(self.owners.get(s) for s in seat_of)}
        self._events_logged = 0
        button = self.table.button
        assert button is not None
        dealer = self.table.seats[button]
        who = (
            f"{dealer.name} has the button" if dealer else f"the button is dead (seat {button + 1})"
        )
        self.note(f"Hand #{self.table.current.number}: {who}")

    def _act(self, c: Command) -> None:
        if self.status == "paused":
            raise IllegalActionError("the game is paused: wait for the host to resume it")
        amount = c.get("amount")
        self.table.act(c["seat"], Action(ActionKind(c["action"]), amount))
        if "bank" in c:
            self.banks[c["seat"]] = c["bank"]
        if c.get("timeout"):
            self.note(f"{self._name(c['seat'])} ran out of time")

    def _runout(self, c: Command) -> None:
        if self.status == "paused":
            raise IllegalActionError("the game is paused: the board comes once it resumes")
        self.table.deal_runout()

    def _void(self, c: Command) -> None:
        self.table.void_hand(c.get("reason", "voided by the host"))

    def _status(self, c: Command) -> None:
        status = c["status"]
        if self.status not in STATUS_MOVES.get(status, ()):
            raise IllegalActionError(f"the game is {self.status}: it cannot become {status}")
        sng = self.tournament
        if sng is not None and self._runs_clock:
            if status == "running" and self.status == "waiting":
                players = [p.name for p in self.table.seats if p is not None]
                if len(players) < 2:
                    raise IllegalActionError("a sit & go needs two players to start")
                sng.start(players, c["at"])
            elif status == "paused":
                sng.pause(c["at"])
            elif status == "running":
                sng.resume(c["at"])
        if status == "ended":
            if self.hand_in_progress:
                self.table.void_hand("the game has ended")
            for seat, player in enumerate(self.table.seats):
                if player is not None:
                    self.table.leave(seat)
        self.status = status
        self.pause_after_hand = False  # a pause waiting for the hand's end is overtaken
        self.note(f"The game {'begins' if status == 'running' else 'is ' + status}")

    def _show(self, c: Command) -> None:
        after_hand.show(self, c)

    def _bomb_pot(self, c: Command) -> None:
        home_game.call_bomb_pot(self, c)

    def _blinds(self, c: Command) -> None:
        home_game.change_blinds(self, c)

    def _chat(self, c: Command) -> None:
        self.chat.append(ChatLine(c["name"], c["text"], c["at"]))

    # -- reading -------------------------------------------------------------------------

    @property
    def decision(self) -> str | None:
        """The decision the table waits for now, named for ``act`` to answer: the hand and
        how far it has gone (None when nobody is to act)."""
        played = self.table.current
        if played is None or self.table.seat_to_act is None or self.status != "running":
            return None
        return f"{played.number}-{len(played.hand.events)}"

    @property
    def runout_due(self) -> bool:
        """The hand is all-in and its next street waits for a ``runout`` command."""
        played = self.table.current
        return played is not None and played.hand.runout_due

    @property
    def hand_in_progress(self) -> bool:
        return self.table.current is not None and not self.table.current.hand.is_over

    def seat_of(self, owner: str) -> int | None:
        return next((seat for seat, o in self.owners.items() if o == owner), None)

    def position_in(self, number: int, owner: str | None) -> int | None:
        """The position ``owner`` played in hand ``number``; None if not dealt in (whoever
        sits in that seat now)."""
        owners = self.dealt_to.get(number, ())
        return owners.index(owner) if owner is not None and owner in owners else None

    def request_of(self, owner: str) -> SeatRequest | None:
        return next((r for r in self.requests.values() if r.owner == owner), None)

    def busted_bots(self) -> list[int]:
        return [
            seat
            for seat in self.bots
            if (player := self.table.seats[seat]) is not None and player.stack == 0
        ]

    # -- inside --------------------------------------------------------------------------

    def _use_level(self, index: int) -> None:
        """A sit & go's blinds and big-blind ante for the hands of level ``index``."""
        assert self.tournament is not None
        self.table.settings = level_settings(self.table.settings, self.tournament.levels[index])

    def _count_busts(self, at: float) -> None:
        """After each hand of a sit & go: who went out (R44), and whether it is over."""
        played = self.table.current
        sng = self.tournament
        if sng is None or played is None or played is self._settled or not played.hand.is_over:
            return
        self._settled = played
        if played.hand.result is None:
            return  # voided: every chip went back
        bots = {p.name for seat in self.bots if (p := self.table.seats[seat]) is not None}
        sng.knockouts(played, self.table, bots, at)
        sng.addon_break(self.table, bots, at)
        for name in sng.eliminate(take_out_busted(self.table, played), played.number):
            assert sng.standings is not None
            self.note(f"{name} finishes in place {sng.standings.place_of(name)}")
        if sng.over:
            self.status = "ended"
            sng.pause(at)  # the clock stops with the last hand
            winner = sng.standings.finishing_order()[0] if sng.standings else ""
            event = "sit & go" if self.options.sit_and_go else "tournament"
            self.note(f"{winner} wins the {event}")

    def _request_named(self, request_id: str) -> SeatRequest:
        request = self.requests.get(request_id)
        if request is None:
            raise IllegalActionError(f"there is no seat request {request_id!r}")
        return request

    def _name(self, seat: int) -> str:
        return self.table.player(seat).name

    def _seat_taken(self, seat: int) -> bool:
        return self.table.seats[seat] is not None

    def _forget_empty_seats(self) -> None:
        for seat, player in enumerate(self.table.seats):
            if player is None:
                self.owners.pop(seat, None)
                self.bots.pop(seat, None)
                self.banks.pop(seat, None)
                self.away.discard(seat)
                self.coached.discard(seat)

    def note(self, text: str) -> None:
        """A line in the table's log: under the hand in progress, if any, else under the
        hand it follows."""
        played = self.table.current
        if played is not None and self.hand_in_progress:
            self._log_line(played.number, text)
        else:
            self._log_line(self.table.hands_played, text)

    def _log_line(self, hand: int, text: str) -> None:
        self.log.append((hand, text))
        self.lines_logged += 1

    def narration_to_snapshot(self) -> tuple[int, bool, bool]:
        """For a snapshot: the events of the hand in play already narrated, whether its busts
        are counted, and whether this room runs its sit & go's clock."""
        current = self.table.current
        return (
            self._events_logged,
            current is not None and self._settled is current,
            self._runs_clock,
        )

    def narration_from_snapshot(self, events_logged: int, settled: bool) -> None:
        """Put back what ``narration_to_snapshot`` gave (the clock's owner is the room's own)."""
        self._events_logged = events_logged
        self._settled = self.table.current if settled else None

    def _log_new_events(self, command: Command) -> None:
        played = self.table.current
        if played is None:
            return
        hand = played.hand
        cast = Cast.of(played.names, None, hand.config)
        new = hand.events[self._events_logged :]
        for event in new:
            line = narrate(event, cast, pots_per_board(hand.result))
            if line is not None:
                self._log_line(played.number, line.plain)
        self._events_logged = len(hand.events)
        if hand.is_over and command["kind"] in ("deal", "act", "runout", "void", "status"):
            self.hand_over_at = command["at"]
        if new and hand.result is not None:  # this command ended the hand (not voided)
            self.finished = played
            self.stats.add(played)
