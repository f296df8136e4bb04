"""One table at work: clients in, commands stored then applied, states out, the clock.

Every change goes through ``execute``: the room applies the command (a refused one raises
and changes nothing), the store commits it, and only then does any client hear of it.
One task per table keeps time: it deals the next hand, lets a bot think, and checks or
folds for a player whose timer and time bank ran out (and sits them out when they are
not connected). Everything happens under the table's lock, one change at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

from holdem.bots import BOTS, Bot, view_for
from holdem.cardroom import pre_actions
from holdem.cardroom.room import Command, Logged, Room
from holdem.cards import Card
from holdem.errors import HoldemError, IllegalActionError
from holdem.fairness import ShuffleCommitment
from holdem.server import protocol
from holdem.server.coaching import COACH, CoachQuestion, CoachUnavailable, coach_question
from holdem.server.commands import TurnClock, command_for
from holdem.server.protocol import ClientMessage
from holdem.server.snapshot import extras_for
from holdem.server.social import Reactions, watching
from holdem.server.store import Store
from holdem.server.table_limits import TokenBucket, chat_limits, coach_switch_limits
from holdem.server.views import EncodedStates, Json, public_state

RATE_PER_SECOND = 20  # messages a client may send, on average
OUTBOX_LIMIT = 256  # messages queued for a client that does not read: it is dropped


RETRY_FIRST = 0.5  # seconds before a job the store failed is tried again ...
RETRY_MOST = 10.0  # ... doubling each time up to this
logger = logging.getLogger(__name__)


class StoreError(HoldemError):
    """The store refused a change; the table is as the store last had it."""


@dataclass(eq=False)
class Client:
    websocket: WebSocket
    owner: str | None  # the hash of its token; None for a spectator without one
    coach: bool = False
    outbox: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    messages: TokenBucket = field(
        default_factory=lambda: TokenBucket(RATE_PER_SECOND, RATE_PER_SECOND)
    )
    lagging: bool = False  # its outbox overflowed: the writer closes it
    fell_behind: asyncio.Event = field(default_factory=asyncio.Event)  # wakes the writer
    coached: tuple[int, int, int] | None = None  # the decision the coach last spoke to

    def within_rate(self) -> bool:
        """RATE_PER_SECOND messages a second, bursts of as many."""
        return self.messages.take()

    def refund(self) -> None:
        self.messages.refund()

    @property
    def address(self) -> str | None:
        """The network address it connected from (a proxy's, behind one)."""
        return self.websocket.client.host if self.websocket.client else None

    def send(self, message: Json) -> None:
        self.send_text(json.dumps(message, separators=(",", ":")))

    def send_text(self, text: str) -> None:
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.lagging = True
            self.fell_behind.set()  # the writer may be stuck in a send: it must not wait
            return
        self.outbox.put_nowait(text)


@dataclass(frozen=True)
class Job:
    """The next thing the table's clock will do, and when."""

    when: float
    key: tuple[Any, ...]
    run: Callable[[], Awaitable[None]]


class Runtime:
    """What a table and a multi-table tournament share: the lock every change is made
    under, a clock task that runs the next job when it is due, and reading messages."""

    kind = "table"  # in sentences: "the table could not save that"

    def __init__(self, name: str, store: Store, lock: asyncio.Lock | None = None) -> None:
        self.name = name
        self.store = store
        self.lock = lock or asyncio.Lock()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.chat_limits = chat_limits()
        self.coach_limits = coach_switch_limits()
        # Set by a failed write: the log to read back, and how to rebuild from it.
        self._behind: tuple[str, Callable[[list[Command]], None]] | None = None
        self._retry_delay = RETRY_FIRST  # after a failed write, doubling up to RETRY_MOST

    def start(self) -> None:
        self._task = asyncio.create_task(self._keep_time(), name=self.name)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def _next_job(self) -> Job | None:
        raise NotImplementedError

    async def _handle(self, client: Client, message: ClientMessage) -> None:
        raise NotImplementedError

    async def commit(
        self, state: Logged, command: Command, restore: Callable[[list[Command]], None]
    ) -> None:
        """Store ``command``, just applied to ``state``. If the store refuses it, the state is
        ahead of the store: ``restore`` goes back to what the store holds."""
        try:
            await self.store.append(state.id, state.version, command, extras_for(state))
        except Exception as error:
            self._behind = (state.id, restore)
            await self.catch_up()
            raise StoreError(
                f"the {self.kind} could not save that ({type(error).__name__}): nothing "
                "changed, try again"
            ) from error

    async def catch_up(self) -> None:
        """After a failed write the state is ahead of the store: go back to what the store
        holds before anything else is applied (raises StoreError while it cannot be read)."""
        if self._behind is None:
            return
        log_id, restore = self._behind
        try:
            log = await self.store.load_log(log_id)
        except Exception as error:
            raise StoreError(
                f"the {self.kind} cannot reach its store ({type(error).__name__}): try again "
                "in a moment"
            ) from error
        restore(log)
        self._behind = None

    async def _keep_time(self) -> None:
        refused: tuple[Any, ...] | None = None  # a job refused waits for the next change
        retry: tuple[tuple[Any, ...], float] | None = None  # a job the store failed, and when
        while True:
            job = self._next_job()
            if job is not None and job.key == refused:
                job = None
            if job is not None and retry is not None and job.key == retry[0]:
                job = Job(max(job.when, retry[1]), job.key, job.run)
            self._wake.clear()
            delay = None if job is None else max(0.0, job.when - time.time())
            if delay is None or delay > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), delay)
                    continue  # something changed: look again
            async with self.lock:
                now = self._next_job()
                if job is None or now is None or now.key != job.key:
                    continue
                try:
                    await self.catch_up()
                    await job.run()
                except StoreError:
                    # Not refused: the store failed (a full disk, a lost connection). The
                    # same job is tried again, later and later, until the store takes it.
                    retry = (job.key, time.time() + self._retry_delay)
                    self._retry_delay = min(RETRY_MOST, self._retry_delay * 2)
                except HoldemError:
                    refused = job.key  # it changed nothing: trying again at once would spin
                except Exception:
                    # A fault of ours must not stop the table's clock for good.
                    logger.exception("%s: a timed job failed", self.name)
                    retry = (job.key, time.time() + RETRY_MOST)
                else:
                    retry, self._retry_delay = None, RETRY_FIRST

    async def receive(self, client: Client, text: str) -> None:
        """One message from a client: a change, or an error to that client alone."""
        ref = None
        try:
            if not client.within_rate():
                raise protocol.ProtocolError(
                    f"too many messages: at most {RATE_PER_SECOND} a second"
                )
            message = protocol.parse_message(text)
            ref = message.ref
            await self._handle(client, message)
            if message.type == "act":
                client.refund()  # the game paces accepted moves: only the rest is limited
        except HoldemError as error:
            if ref is None and isinstance(error, protocol.ProtocolError):
                ref = error.ref
            client.send({"v": 1, "type": "error", "message": str(error), "ref": ref})


class TableRuntime(Runtime):
    def __init__(self, room: Room, store: Store, lock: asyncio.Lock | None = None) -> None:
        super().__init__(f"table {room.id}", store, lock)
        self.room = room
        self.clients: set[Client] = set()
        self._bots: dict[int, Bot] = {}
        self._turn: tuple[int, int, int] | None = None  # (hand, events, seat) of the decision
        self._turn_started = time.time()
        self._turn_version = room.version  # the first state that showed the turn
        self._changed_at = time.time()  # an all-in runout's next street is due after a pause
        # seat -> (the decision, its coach message; None while the coach works it out)
        self._advice: dict[int, tuple[tuple[int, int, int], Json | None]] = {}
        self._coaching: set[asyncio.Task[None]] = set()
        self.reactions = Reactions()
        self.after_change()

    # -- the life of the table -------------------------------------------------------------

    async def execute(self, command: Command) -> None:
        """Apply, store, then tell everyone. The caller holds the lock."""
        await self.catch_up()
        command["at"] = time.time()
        self.room.apply(command)
        await self.commit(self.room, command, self._restore)
        self.after_change()
        self.broadcast()

    def _restore(self, log: list[Command]) -> None:
        room = self.room
        self.room = Room.from_log(room.id, room.options, room.host, log)

    # -- the lobby and downloads ------------------------------------------------------------

    def room_at(self, number: int | None) -> Room:
        if number is not None:
            raise LookupError("this table is not one of a tournament's: ask without ?table=")
        return self.room

    def summary(self) -> Json:
        room = self.room
        return {
            "id": room.id,
            "name": room.options.name,
            "structure": room.options.structure,
            # A sit & go's blinds are those in force now (they rise on its clock).
            "small_blind": room.table.settings.small_blind,
            "big_blind": room.table.settings.big_blind,
            "seats": room.options.seats,
            "players": sum(1 for s in room.table.seats if s is not None),
            "status": room.status,
            "mode": room.options.mode,
        }

    # -- clients ---------------------------------------------------------------------------

    async def join(self, client: Client) -> None:
        async with self.lock:
            self.clients.add(client)
            self._wake.set()  # a table of bots waiting for someone to watch deals again
            seat = self.room.seat_of(client.owner) if client.owner else None
            client.send(
                {
                    "v": 1,
                    "type": "welcome",
                    "table": self.room.id,
                    "you": {
                        "host": client.owner == self.room.host,
                        "seat": seat + 1 if seat is not None else None,
                    },
                }
            )
            if seat is not None and seat in self.room.away:
                with contextlib.suppress(HoldemError):
                    await self.execute({"kind": "sit_in", "seat": seat})
                    return
            self.broadcast()

    async def leave(self, client: Client) -> None:
        self.chat_limits.forget(client)
        self.coach_limits.forget(client)
        self.reactions.forget(client)
        async with self.lock:
            self.clients.discard(client)
            self.broadcast()  # the seat shows as disconnected

    async def _handle(self, client: Client, message: ClientMessage) -> None:
        if self.answer_directly(client, message):
            return
        if isinstance(message, protocol.Chat):
            self.chat_limits.check(client)
        if isinstance(message, protocol.Coach):
            self.coach_limits.check(client)  # each switch is stored
            client.coached = None  # switched on again: the coach speaks again
        if isinstance(message, protocol.PreAction):
            await self._pre_action(client, message)
            return
        async with self.lock:
            removal = message if isinstance(message, protocol.Remove) else None
            removed = self.room.owners.get(removal.seat - 1) if removal is not None else None
            await self.execute(command_for(self.room, client.owner, message, self.turn_clock()))
            if removal is not None and removed is not None:
                self._tell_removed(removed, removal.ban)

    async def _pre_action(self, client: Client, message: protocol.PreAction) -> None:
        """Keep the decision for the player's turn (made then by ``_pre_act``)."""
        async with self.lock:
            seat = self.room.seat_of(client.owner) if client.owner is not None else None
            if seat is None:
                raise IllegalActionError("you have no seat at this table: take one first")
            pre_actions.choose(self.room, seat, message.action, message.amount)
            self.after_change()  # due at once if it is the player's turn already
            self.broadcast()

    def _tell_removed(self, owner: str, banned: bool) -> None:
        """The removed player hears it from the table, not only from an empty seat."""
        text = "The host removed you from the table" + (
            " and banned you: you cannot take a seat here again."
            if banned
            else ": you may ask for a seat again."
        )
        for client in self.clients:
            if client.owner == owner:
                client.send({"v": 1, "type": "removed", "banned": banned, "message": text})

    def answer_directly(self, client: Client, message: ClientMessage) -> bool:
        """Answer the messages that change nothing at the table (ping, coach)."""
        if isinstance(message, protocol.React):  # not stored: the moment is all it is for
            reaction = self.reactions.message(self.room, client, client.owner, message)
            for other in self.clients:
                other.send(reaction)
            return True
        if message.type == "ping":
            client.send({"v": 1, "type": "pong"})
            return True
        seat = self.room.seat_of(client.owner) if client.owner is not None else None
        unchanged = (
            seat is not None
            and isinstance(message, protocol.Coach)
            and (message.on == (seat in self.room.coached))
        )
        if isinstance(message, protocol.Coach) and (seat is None or unchanged):
            client.coach, client.coached = message.on, None
            self._coach(client)
            # A seated player's change of switch is kept by the room (it outlives a
            # reload); the same switch again is only answered.
            return True
        return False

    def wants_coach(self, client: Client) -> bool:
        seat = self.room.seat_of(client.owner) if client.owner is not None else None
        return client.coach or (seat is not None and seat in self.room.coached)

    def turn_clock(self) -> TurnClock | None:
        if self._turn is None:
            return None
        return TurnClock(self._turn[2], time.time() - self._turn_started, self._turn_version)

    # -- telling clients ------------------------------------------------------------------

    def broadcast(self) -> None:
        if not self.clients:
            return  # a table nobody watches (bots alone) builds no state
        states = self._states(time.time())
        for client in self.clients:
            client.send_text(states.text_for(client.owner))
            if self.wants_coach(client):
                self._coach(client)

    def _states(self, now: float) -> EncodedStates:
        connected = {c.owner for c in self.clients if c.owner is not None}
        public = public_state(self.room, connected, self.deadline, now)
        public["watching"] = watching(self.room, (c.owner for c in self.clients))
        return EncodedStates(public, self.room)

    def _coach(self, client: Client) -> None:
        """The coach's numbers for a client whose turn it is (only its own cards). One
        simulation per decision per seat, however often the coach is switched on, from
        however many sockets: later asks get the same answer again."""
        seat = self.room.seat_of(client.owner) if client.owner else None
        played, turn = self.room.table.current, self._turn
        if seat is None or played is None or turn is None or turn[2] != seat:
            return
        if client.coached == turn:
            return
        known = self._advice.get(seat)
        if known is not None and known[0] == turn:
            if known[1] is not None:  # else it is being worked out: sent when ready
                client.coached = turn
                client.send(known[1])
            return
        question = coach_question(played, seat)
        if question is None:
            return
        self._advice = {seat: (turn, None)}  # only the decision at hand is worth keeping
        task = asyncio.create_task(self._ask_coach(seat, turn, question))
        self._coaching.add(task)
        task.add_done_callback(self._coaching.discard)

    async def _ask_coach(
        self, seat: int, turn: tuple[int, int, int], question: CoachQuestion
    ) -> None:
        try:
            answer: Json = await COACH.ask(question)
        except CoachUnavailable as busy:
            answer = {"v": 1, "type": "error", "message": str(busy), "ref": None}
        if self._advice.get(seat) != (turn, None):
            return  # the decision passed while the coach thought
        self._advice[seat] = (turn, answer)
        owner = self.room.owners.get(seat)
        for client in self.clients:
            mine = owner is not None and client.owner == owner
            if self.wants_coach(client) and mine and client.coached != turn:
                client.coached = turn
                client.send(answer)

    # -- the clock -------------------------------------------------------------------------

    @property
    def deadline(self) -> float | None:
        """When the player to act runs out of time (the action timer, then the time bank)."""
        if self._turn is None or self.room.status != "running":
            return None
        seat = self._turn[2]
        if seat in self.room.bots:
            return None
        options = self.room.options
        return self._turn_started + options.action_seconds + self.room.banks.get(seat, 0.0)

    def after_change(self) -> None:
        room = self.room
        seat = room.table.seat_to_act
        played = room.table.current
        turn = None
        if seat is not None and played is not None and room.status == "running":
            turn = (played.number, len(played.hand.events), seat)
        if turn != self._turn:
            self._turn = turn
            self._turn_started = time.time()
            self._turn_version = room.version
        pre_actions.forget_stale(room)  # a raise cancels a "call"; a new street, all
        self._changed_at = time.time()
        self._wake.set()

    def _bots_alone(self) -> bool:
        """A cash table where only bots would be dealt in and nobody watches deals no hand:
        bots alone would play for ever at the server's cost. (A tournament of bots ends by
        itself, its blinds rising.)"""
        room = self.room
        if self.clients or room.tournament is not None:
            return False
        return all(seat in room.bots for seat in room.table.active_seats())

    def _deal_held(self) -> bool:
        """Whether the next hand must wait for something beyond the table (a tournament
        moving players away from it)."""
        return False

    def _next_job(self) -> Job | None:
        room = self.room
        if room.status == "waiting" and room.tournament is not None:
            if all(seat is not None for seat in room.table.seats):  # a sit & go starts when full
                return Job(time.time(), ("start", room.version), self._start)
            return None
        if room.status != "running":
            return None
        if not room.hand_in_progress:
            busted = room.busted_bots()
            if busted:
                return Job(time.time(), ("rebuy", room.version), self._rebuy)
            if len(room.table.active_seats()) < 2 or self._deal_held() or self._bots_alone():
                return None
            when = room.hand_over_at + room.options.between_hands_seconds
            if room.tournament is not None:  # the next hand waits for a break to end
                when = max(when, room.tournament.break_ends(time.time()) or 0.0)
            return Job(when, ("deal", room.version), self._deal)
        if room.runout_due:  # nobody is to act: the next street comes after a pause
            when = self._changed_at + room.options.runout_seconds
            return Job(when, ("runout", room.version), self._runout)
        if self._turn is None:
            return None
        seat = self._turn[2]
        if seat in room.pre_actions:
            return Job(time.time(), ("pre", self._turn), self._pre_act)
        if seat in room.bots:
            when = self._turn_started + room.options.bot_think_seconds
            return Job(when, ("bot", self._turn), self._bot_acts)
        if seat not in room.owners:  # removed by the host: nobody will act for it
            return Job(time.time(), ("timeout", self._turn), self._time_out)
        deadline = self.deadline
        assert deadline is not None
        return Job(deadline, ("timeout", self._turn), self._time_out)

    async def _deal(self) -> None:
        order = secrets.SystemRandom().sample(range(52), 52)
        commitment = ShuffleCommitment.new(tuple(Card(code) for code in order))
        command: Command = {
            "kind": "deal",
            "order": order,
            "salts": [s.hex() for s in commitment.salts],
        }
        if self.room.tournament is not None:
            command["level"] = self.room.tournament.level_index(time.time())
        await self.execute(command)

    async def _start(self) -> None:
        await self.execute({"kind": "status", "status": "running"})

    async def _runout(self) -> None:
        await self.execute({"kind": "runout"})

    async def _rebuy(self) -> None:
        for seat in self.room.busted_bots():
            await self.execute(
                {"kind": "top_up", "seat": seat, "amount": self.room.options.buy_in_range[1]}
            )

    async def _bot_acts(self) -> None:
        played = self.room.table.current
        seat = self.room.table.seat_to_act
        assert played is not None and seat is not None
        kind = self.room.bots[seat]
        bot = self._bots.get(seat)
        if bot is None or bot.name != kind:
            bot = self._bots[seat] = BOTS[kind](random.Random(secrets.randbits(64)))
        hand = played.hand
        view = view_for(hand, played.seat_of.index(seat))
        legal = hand.legal_actions()
        if kind == "mc":  # a Monte Carlo bot thinks for a while: off the event loop
            action = await asyncio.to_thread(bot.decide, view, legal)
        else:
            action = bot.decide(view, legal)
        command: Command = {"kind": "act", "seat": seat, "action": action.kind.value}
        if action.to is not None:
            command["amount"] = action.to
        await self.execute(command)

    async def _pre_act(self) -> None:
        """The player to act chose their decision beforehand: make it, as their own act."""
        seat = self.room.table.seat_to_act
        action = None if seat is None else pre_actions.due(self.room, seat)
        owner = None if seat is None else self.room.owners.get(seat)
        if action is None or owner is None:
            return
        chosen = {
            "type": "act",
            "action": action,
            "decision": self.room.decision,
            "version": self.room.version,
        }
        message = protocol.Act.model_validate(chosen)
        await self.execute(command_for(self.room, owner, message, self.turn_clock()))

    async def _time_out(self) -> None:
        table = self.room.table
        seat = table.seat_to_act
        assert table.current is not None and seat is not None
        legal = table.current.hand.legal_actions()
        action = "check" if legal.check else "muck" if legal.muck else "fold"
        await self.execute(
            {"kind": "act", "seat": seat, "action": action, "timeout": True, "bank": 0.0}
        )
        if self.room.tournament is not None:
            return  # a tournament player who is away is blinded, not sat out
        owner = self.room.owners.get(seat)
        if owner is not None and owner not in {c.owner for c in self.clients}:
            await self.execute({"kind": "sit_out", "seat": seat, "away": True})
