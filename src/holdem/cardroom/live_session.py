"""A live game's session: seats, stacks, button, blinds, ledger and hands, as plain state.

Like a room, a session changes only through ``apply(command)``, and the server stores
each command before telling anyone, so a restart replays the log into the same session.
Commands (JSON objects with a ``kind``):

``seat`` (a name and a buy-in at an empty seat), ``rebuy``, ``cash_out``, ``sit_out``,
``sit_in``, ``button``, ``setup`` (structure, blinds, ante), ``clock`` (link the
blinds to ``holdem clock``), ``deal`` (the next hand; its blinds come with it when the
clock is linked), the hand's entries ``act``, ``board``, ``show``, ``muck``,
``winners``, ``irregularity`` (live_hand.py, live_procedures.py), and ``undo``.

A refused command raises ``HoldemError`` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from holdem.cardroom.live_hand import HandSource, LiveHand
from holdem.cardroom.options import TableOptions
from holdem.engine import AnteKind, HandConfig, Structure, events
from holdem.errors import ConfigError, HoldemError, IllegalActionError
from holdem.table import button as seating
from holdem.table.names import check_free, player_name

Command = dict[str, Any]
HAND_ENTRIES = ("act", "board", "show", "muck", "winners", "irregularity")
MAX_HANDS = 5_000  # hands one session keeps (their PHH is in memory)
MAX_COMMANDS = 200_000
MAX_CHIPS = 100_000_000


@dataclass
class LivePlayer:
    name: str
    stack: int
    sitting_out: bool = False
    waiting: bool = False  # new or back, waiting for the big blind to reach the seat (R38)
    owes_big: bool = False  # to post a big blind, live, before being dealt in (R38)
    owes_small: bool = False  # to post a missed small blind, dead (R38)

    @property
    def owed(self) -> tuple[bool, bool, bool]:
        return (self.waiting, self.owes_big, self.owes_small)


@dataclass
class LedgerRow:
    name: str
    bought: int = 0
    cashed_out: int = 0


@dataclass(frozen=True)
class Blinds:
    structure: Structure
    small_blind: int
    big_blind: int
    ante: int = 0
    ante_kind: AnteKind = AnteKind.NONE
    level: int | None = None  # the clock's level, when it came from the clock

    def json(self) -> dict[str, Any]:
        return {
            "structure": self.structure.value,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "ante_kind": self.ante_kind.value,
            "level": self.level,
        }


@dataclass(frozen=True)
class LiveFinished:
    """A finished hand: its words, and what plays it again for its PHH (made when asked
    for: writing every hand's PHH as it ends would double the time a restart takes)."""

    number: int
    voided: bool
    words: tuple[str, ...]
    source: HandSource | None = field(default=None, repr=False)  # None: voided, no PHH
    misdeal: bool = False  # a misdeal (R39): the hand is dealt again under the same number

    def phh(self) -> str | None:
        return None if self.source is None else self.source.replayed().phh()


def blinds_from(data: Any, structure: Structure) -> Blinds:
    """Blinds and antes as a command gives them, checked with a sentence (R5, R7)."""
    if not isinstance(data, dict):
        raise IllegalActionError("the blinds are an object: small_blind, big_blind, ante")
    values = {}
    for key, low in (("small_blind", 0), ("big_blind", 1), ("ante", 0)):
        value = data.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= MAX_CHIPS:
            raise IllegalActionError(
                f"the {key.replace('_', ' ')} is a whole number from {low} to {MAX_CHIPS:,}"
            )
        values[key] = value
    if values["small_blind"] > values["big_blind"]:
        raise IllegalActionError(
            f"the small blind ({values['small_blind']}) may not be above the big blind "
            f"({values['big_blind']}) (R5)"
        )
    try:
        kind = AnteKind(data.get("ante_kind", "uniform" if values["ante"] else "none"))
        shape = Structure(data.get("structure", structure.value))
    except ValueError:
        raise IllegalActionError(
            "the structure is nl, pl or fl and the ante none, uniform, big-blind or button"
        ) from None
    level = data.get("level")
    return Blinds(
        shape, values["small_blind"], values["big_blind"], values["ante"], kind,
        level if isinstance(level, int) and not isinstance(level, bool) else None,
    )  # fmt: skip


class LiveSession:
    def __init__(self, table_id: str, options: TableOptions, host: str) -> None:
        self.id = table_id
        self.options = options
        self.host = host
        self.version = 0
        self.seat_count = options.seats
        self.blinds = blinds_from(
            {"small_blind": options.small_blind, "big_blind": options.big_blind,
             "ante": options.ante, "ante_kind": options.ante_kind},
            Structure(options.structure),
        )  # fmt: skip
        self.players: dict[int, LivePlayer] = {}
        self.ledger: dict[str, LedgerRow] = {}
        self.button: int | None = None
        self.button_moves = False  # after a hand that counted; not after a misdeal (R39)
        self.hand: LiveHand | None = None
        self.sealed = True  # the last hand can no longer be undone (chips changed since)
        self.finished: list[LiveFinished] = []
        self.clock_linked = False
        self.clock_url: str | None = None  # the clock's page; None: its state file
        self.log: list[str] = []
        # The last hand's button and blinds, for the dead-button rule (R35-R37); None when
        # the host places the button.
        self.blinds_at: seating.Blinds | None = None
        self._before_deal: tuple[int | None, bool, seating.Blinds | None] = (None, False, None)
        self._owed_before_deal: dict[int, tuple[bool, bool, bool]] = {}
        self._log_before_settle = 0

    @classmethod
    def from_log(
        cls, table_id: str, options: TableOptions, host: str, log: list[Command]
    ) -> LiveSession:
        session = cls(table_id, options, host)
        for command in log:
            session.apply(command)
        return session

    # -- commands -----------------------------------------------------------------------

    def apply(self, command: Command) -> None:
        kind = command.get("kind")
        if self.version >= MAX_COMMANDS:
            raise IllegalActionError("this live table's record is full: open a new table")
        if kind in HAND_ENTRIES:
            self._entry(command)
        else:
            handler = self.HANDLERS.get(str(kind))
            if handler is None:
                raise IllegalActionError(f"{kind!r} is not a command of a live table")
            handler(self, command)
        self.version += 1

    @property
    def in_hand(self) -> bool:
        return self.hand is not None and not self.hand.over

    def _between_hands(self, what: str) -> None:
        if self.in_hand:
            raise IllegalActionError(f"{what} between hands: finish or void the hand first")

    def _player(self, command: Command) -> tuple[int, LivePlayer]:
        seat = self._seat_number(command.get("seat"))
        player = self.players.get(seat)
        if player is None:
            raise IllegalActionError(f"seat {seat} is empty")
        return seat, player

    def _seat_number(self, value: Any) -> int:
        if (
            not isinstance(value, int)
            or isinstance(value, bool)
            or not 1 <= value <= self.seat_count
        ):
            raise IllegalActionError(f"seats are numbered 1 to {self.seat_count}")
        return value

    def _seal(self) -> None:
        self.sealed = True

    def _sit(self, command: Command) -> None:
        self._between_hands("players sit down")
        seat = self._seat_number(command.get("seat"))
        if seat in self.players:
            raise IllegalActionError(f"seat {seat} is taken by {self.players[seat].name}")
        name = player_name(str(command.get("name", "")))
        check_free(name, [p.name for p in self.players.values()], "at this table")
        buy_in = _amount(command.get("buy_in"), "the buy-in")
        player = LivePlayer(name, buy_in)
        if self.finished:  # a new player posts a big blind or waits for it (R38)
            player.waiting = self._players_wait
            player.owes_big = not self._players_wait
        self.players[seat] = player
        row = self._ledger_row(name)
        row.bought += buy_in
        self._seal()
        self.log.append(f"{name} sits in seat {seat} with {buy_in}")

    def _ledger_row(self, name: str) -> LedgerRow:
        key = name.casefold()
        if key not in self.ledger:
            self.ledger[key] = LedgerRow(name)
        return self.ledger[key]

    def _rebuy(self, command: Command) -> None:
        self._between_hands("chips are bought")
        _, player = self._player(command)
        amount = _amount(command.get("amount"), "the rebuy")
        if player.stack + amount > MAX_CHIPS:
            raise IllegalActionError(f"a stack holds at most {MAX_CHIPS:,} chips")
        player.stack += amount
        self._ledger_row(player.name).bought += amount
        self._seal()
        self.log.append(f"{player.name} buys {amount} more chips")

    def _cash_out(self, command: Command) -> None:
        self._between_hands("players cash out")
        seat, player = self._player(command)
        self._ledger_row(player.name).cashed_out += player.stack
        del self.players[seat]
        self._seal()
        self.log.append(f"{player.name} cashes out {player.stack}")

    def _sit_out(self, command: Command) -> None:
        self._between_hands("players sit out")
        _, player = self._player(command)
        player.sitting_out = command.get("kind") == "sit_out"
        if not player.sitting_out and (player.owes_big or player.owes_small):
            player.waiting = self._players_wait  # post what was missed, or wait (R38)
        self._seal()

    @property
    def _players_wait(self) -> bool:
        return self.options.new_players == "wait"

    def _owes(self, command: Command) -> None:
        """The host decides what a player posts before the deal, with a recorded reason:
        ``post`` none, big, small (dead), both, or wait for the big blind (R38)."""
        self._between_hands("what a player owes changes")
        _, player = self._player(command)
        post = command.get("post")
        reason = " ".join(str(command.get("reason", "")).split())
        if post not in OWED_CHOICES:
            raise IllegalActionError(f"post is one of {', '.join(OWED_CHOICES)}, not {post!r}")
        if not reason or len(reason) > MAX_REASON:
            raise IllegalActionError(
                f"give the reason for the change in 1 to {MAX_REASON} characters"
            )
        player.waiting = post == "wait"
        player.owes_big = post in ("big", "both")
        player.owes_small = post in ("small", "both")
        self._seal()
        self.log.append(f"host: {player.name} {owed_words(player)}: {reason}")

    def _set_button(self, command: Command) -> None:
        self._between_hands("the button moves")
        seat = self._seat_number(command.get("seat"))
        self.button = seat
        self.button_moves = False
        self.blinds_at = None
        self._seal()

    def _setup(self, command: Command) -> None:
        self._between_hands("the blinds change")
        self.blinds = blinds_from(command, self.blinds.structure)
        self._seal()
        self.log.append(f"blinds {self.blinds.small_blind}/{self.blinds.big_blind}")

    def _clock(self, command: Command) -> None:
        self.clock_linked = bool(command.get("linked"))
        url = command.get("url")
        self.clock_url = str(url) if self.clock_linked and url else None
        self._seal()

    # -- hands ----------------------------------------------------------------------------

    def dealt_in(self) -> list[int]:
        return sorted(s for s, p in self.players.items() if p.stack > 0 and not p.sitting_out)

    def _deal(self, command: Command) -> None:
        self._between_hands("a hand is dealt")
        if len(self.finished) >= MAX_HANDS:
            raise IllegalActionError(f"a live table keeps {MAX_HANDS} hands: open a new table")
        if command.get("level") is not None:
            self.blinds = blinds_from(command["level"], self.blinds.structure)
        active = self.dealt_in()
        if len(active) < 2:
            raise IllegalActionError("a hand needs two players with chips, not sitting out")
        at = self._next_blinds(active)
        dealt = [s for s in active if not self.players[s].waiting or s == at.big_blind]
        if len(dealt) < 2:  # waiting would stop the game: they come in owing nothing
            for seat in active:
                self.players[seat].waiting = False
            dealt = active
        self._owed_before_deal = {s: p.owed for s, p in self.players.items()}
        self._note_missed_blinds(at)
        button = at.button
        order = _clockwise_after(button, dealt, self.seat_count)
        straddle = bool(command.get("straddle"))
        try:
            config = self._config(order, at, straddle)
        except HoldemError:
            self._restore_owed()  # a refused deal leaves everything as it was
            raise
        names = tuple(self.players[s].name for s in order)
        last = self.finished[-1] if self.finished else None
        # A misdeal uses up no hand number: the same hand is dealt again (R39).
        number = 1 if last is None else last.number + (not last.misdeal)
        self.hand = LiveHand(number, tuple(order), names, config, button)
        self._before_deal = (self.button, self.button_moves, self.blinds_at)
        self.button, self.button_moves, self.blinds_at = button, False, at
        self.sealed = False

    def _note_missed_blinds(self, at: seating.Blinds) -> None:
        """Players sitting out whom the blinds pass owe them on return (R38)."""
        last = self.blinds_at
        passed = (
            []
            if last is None
            else seating.passed_over(_from_zero(last, -1), _from_zero(at, -1), self.seat_count)
        )
        for seat in passed:
            player = self.players.get(seat + 1)
            if player is not None and player.sitting_out:
                player.owes_big = player.owes_small = True
        small = self.players.get(at.small_blind)
        if not at.small_blind_posts and small is not None and small.sitting_out:
            small.owes_small = True

    def _restore_owed(self) -> None:
        """A misdeal, a void or an undone deal: everyone owes what they did before it."""
        for seat, (waiting, big, small) in self._owed_before_deal.items():
            player = self.players.get(seat)
            if player is not None:
                player.waiting, player.owes_big, player.owes_small = waiting, big, small

    def _next_blinds(self, dealt: list[int]) -> seating.Blinds:
        """The table's button rules (R35-R37), as the cash-game table applies them: with the
        dead button (the default) the big blind moves exactly one player each hand, even
        when a player leaves, so the button may stay on an empty seat and the small blind
        be dead; heads-up and from three to two nobody posts the big blind twice."""
        seats = [s - 1 for s in dealt]  # button.py counts seats from 0
        last = self.blinds_at
        if last is None:  # the first hand, or a button the host placed
            start = (self.button if self.button is not None else dealt[0]) - 1
            return _from_zero(seating.blinds_around(start, seats, self.seat_count), 1)
        if not self.button_moves and last.big_blind in dealt:
            return last  # a misdeal or a void: the same button deals again (R39, R42)
        at = seating.next_blinds(
            _from_zero(last, -1), seats, self.seat_count, dead_button=self.options.dead_button
        )
        return _from_zero(at, 1)

    def _config(self, order: list[int], at: seating.Blinds, straddle: bool) -> HandConfig:
        """Positions from the first player after the button; heads-up the button posts the
        small blind and the other player, position 0, the big blind (R5, R6). A dead small
        blind (R36) is posted by nobody: the big blind may be position 0."""
        b = self.blinds
        n = len(order)
        if n == 2:  # heads-up: the big blind first, the button second
            order.sort(key=lambda seat: seat != at.big_blind)
        stacks = [self.players[s].stack for s in order]
        # Heads-up the engine reads the blind and ante arrays the other way round, as PHH
        # does: index 0 is still the small blind's, which the button posts.
        if n == 2:
            blinds = [b.small_blind, b.big_blind]
        else:
            blinds = [0] * n
            for position, seat in enumerate(order):
                if seat == at.big_blind:
                    blinds[position] = b.big_blind
                elif seat == at.small_blind and at.small_blind_posts:
                    blinds[position] = b.small_blind
        if straddle:
            if n < 3:
                raise IllegalActionError("a straddle needs three players or more (R9)")
            # under the gun, left of the big blind: twice the big blind (R9)
            blinds[order.index(at.big_blind) + 1] = 2 * b.big_blind
        posts, dead = [0] * n, [0] * n
        for position, seat in enumerate(order):
            player = self.players[seat]
            if seat == at.big_blind or (seat == at.small_blind and at.small_blind_posts):
                player.waiting = player.owes_big = player.owes_small = False
            elif player.owes_big or player.owes_small:  # a new or returning player (R38)
                posts[position] = b.big_blind if player.owes_big else 0
                dead[position] = b.small_blind if player.owes_small else 0
                player.waiting = player.owes_big = player.owes_small = False
        antes = [0] * n
        big, last = (1, 0) if n == 2 else (order.index(at.big_blind), n - 1)
        if b.ante_kind == AnteKind.UNIFORM:
            antes = [b.ante] * n
        elif b.ante_kind == AnteKind.BIG_BLIND:
            antes[big] = b.ante or b.big_blind
        elif b.ante_kind == AnteKind.BUTTON:
            antes[last] = b.ante or b.big_blind
        try:
            return HandConfig(
                structure=b.structure,
                starting_stacks=tuple(stacks),
                blinds_or_straddles=tuple(blinds),
                antes=tuple(antes),
                min_bet=b.big_blind,
                big_bet=2 * b.big_blind if b.structure == Structure.FIXED_LIMIT else None,
                live_posts=tuple(posts) if any(posts) else (),
                dead_blinds=tuple(dead) if any(dead) else (),
            )
        except ConfigError as error:
            raise IllegalActionError(str(error)) from None

    def _entry(self, command: Command) -> None:
        hand = self.hand
        if hand is None or hand.over:
            raise IllegalActionError("no hand is in progress: deal one first")
        hand.add(dict(command))
        if hand.over:
            self._settle(hand)

    def _settle(self, hand: LiveHand) -> None:
        for seat, stack in zip(hand.seats, hand.final_stacks(), strict=True):
            self.players[seat].stack = stack
        self.button_moves = not hand.voided  # a misdeal or a void: the same button (R39, R42)
        if hand.voided:
            self._restore_owed()  # and the same posts (R38)
        words = tuple(hand.result_words())
        self._log_before_settle = len(self.log)
        self.finished.append(
            LiveFinished(
                hand.number,
                hand.voided,
                words,
                None if hand.voided else hand.source(),
                misdeal=any(isinstance(e, events.Misdealt) for e in hand.hand.events),
            )
        )
        self.log.extend(words or (f"hand {hand.number} voided",))

    def _undo(self, command: Command) -> None:
        hand = self.hand
        if hand is None or self.sealed:
            raise IllegalActionError(
                "nothing to undo: undo reaches back to the last entry of the last hand, "
                "until seats, chips or the button change after it"
            )
        if hand.over:  # the hand opens again: the stacks go back to its start
            for seat, stack in zip(hand.seats, hand.config.starting_stacks, strict=True):
                self.players[seat].stack = stack
            self.finished.pop()
            del self.log[self._log_before_settle :]
            self.button_moves = False
        if not hand.entries:
            self.hand = None  # the deal itself is undone
            self.button, self.button_moves, self.blinds_at = self._before_deal
            self._restore_owed()
            self.sealed = True
            return
        hand.undo()

    # The handler of each kind of command a live table's log holds, hand entries aside.
    HANDLERS: ClassVar[dict[str, Callable[[LiveSession, Command], None]]] = {
        "seat": _sit,
        "rebuy": _rebuy,
        "cash_out": _cash_out,
        "sit_out": _sit_out,
        "sit_in": _sit_out,
        "button": _set_button,
        "setup": _setup,
        "clock": _clock,
        "deal": _deal,
        "undo": _undo,
        "owes": _owes,
    }


OWED_CHOICES = ("none", "big", "small", "both", "wait")
MAX_REASON = 200


def owed_words(player: LivePlayer) -> str:
    """What a player must do before being dealt in, in words (R38)."""
    if player.waiting:
        return "waits for the big blind"
    if player.owes_big and player.owes_small:
        return "posts the missed blinds: the small blind dead and the big blind live"
    if player.owes_big:
        return "posts a big blind, live"
    if player.owes_small:
        return "posts the missed small blind, dead"
    return "posts nothing owed"


def _from_zero(at: seating.Blinds, shift: int) -> seating.Blinds:
    """``at`` with every seat number moved by ``shift`` (to or from button.py's count)."""
    return seating.Blinds(
        at.button + shift, at.small_blind + shift, at.small_blind_posts, at.big_blind + shift
    )


def _clockwise_after(seat: int, seats: list[int], count: int) -> list[int]:
    """``seats`` in dealing order: the first after ``seat`` clockwise, ``seat`` last."""
    return sorted(seats, key=lambda s: (s - seat - 1) % count)


def _amount(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_CHIPS:
        raise IllegalActionError(f"{what} is a whole number of chips from 1 to {MAX_CHIPS:,}")
    return value


__all__ = ["HoldemError", "LiveSession"]
