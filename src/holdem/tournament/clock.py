"""The tournament clock of a live game: a value that answers "where are we?" at any time.

A ``Clock`` holds the structure, the field and the few facts that fix the time played:
when it started, how long it has been paused, and how far the director moved it by
skipping levels. Every method takes ``now`` (seconds, wall time) and returns a new
``Clock``; nothing here reads a clock, so a server can save the value, restart, and the
level goes on from wall time (a paused clock stays paused).

>>> from holdem.tournament.structure import preset
>>> clock = Clock.create(preset("home"), entrants=8, buy_in=20).start(now=1000.0)
>>> view = clock.view(now=1000.0 + 25 * 60)
>>> view.level, view.level_text, view.seconds_left
(2, '50/100', 900.0)
>>> view = clock.pause(now=1000.0 + 25 * 60).view(now=1000.0 + 99 * 60)
>>> view.level, view.seconds_left, view.paused
(2, 900.0, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from holdem.errors import ConfigError, HoldemError
from holdem.tournament.structure import Break, Level, Structure, level_at

__all__ = ["Clock", "ClockError", "ClockView"]

STATE_VERSION = 1


class ClockError(HoldemError, ValueError):
    """A clock action that cannot be done now, or a saved clock that cannot be read."""


@dataclass(frozen=True)
class ClockView:
    """What the clock shows at one moment: the level, the time, the field and the money.

    ``level`` is the blind level in force (during a break, the one before it); ``index``
    points into ``structure.levels`` and changes at every level and break, which is what a
    display watches to flash at a change.
    """

    started: bool
    paused: bool
    index: int
    level: int
    on_break: bool
    over: bool
    small_blind: int
    big_blind: int
    ante: int
    big_blind_ante: bool
    level_text: str
    next_text: str | None  # the next blind level's blinds, None after the last
    seconds_left: float
    item_seconds: int  # the length of the level or break being played
    seconds_to_break: float | None
    color_up: tuple[int, ...] | None  # chips coloured up at this break or the next one
    players_left: int
    entrants: int
    average_stack: int
    prize_pool: int
    elapsed: float  # seconds played, pauses excluded, skips not counted

    def as_json(self) -> dict[str, Any]:
        return {
            "started": self.started,
            "paused": self.paused,
            "running": self.started and not self.paused,
            "index": self.index,
            "level": self.level,
            "on_break": self.on_break,
            "over": self.over,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "big_blind_ante": self.big_blind_ante,
            "blinds": self.level_text,
            "next": self.next_text,
            "seconds_left": round(self.seconds_left, 3),
            "item_seconds": self.item_seconds,
            "seconds_to_break": None
            if self.seconds_to_break is None
            else round(self.seconds_to_break, 3),
            "color_up": None if self.color_up is None else list(self.color_up),
            "players_left": self.players_left,
            "entrants": self.entrants,
            "average_stack": self.average_stack,
            "prize_pool": self.prize_pool,
            "elapsed": round(self.elapsed, 3),
        }


@dataclass(frozen=True)
class Clock:
    """A tournament clock. Build one with ``Clock.create``; every change returns a new one.

    Time played is ``(now or paused_at) - started_at - paused_seconds``; the position in
    the schedule adds ``shift``, the seconds the director skipped forward (or back).
    """

    structure: Structure
    entrants: int
    players_left: int
    buy_in: int = 0
    started_at: float | None = None
    paused_at: float | None = None
    paused_seconds: float = 0.0
    shift: float = 0.0
    _starts: tuple[float, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.entrants < 2:
            raise ClockError(f"{self.entrants} entrants: a tournament needs at least 2")
        if not 1 <= self.players_left <= self.entrants:
            raise ClockError(
                f"{self.players_left} players left of {self.entrants} entrants: "
                f"must be 1 to {self.entrants}"
            )
        if self.buy_in < 0:
            raise ClockError(f"buy-in {self.buy_in}: must be 0 or more")
        if self.paused_seconds < 0:
            raise ClockError(f"paused for {self.paused_seconds} seconds: must be 0 or more")
        if self.started_at is None and (self.paused_at is not None or self.paused_seconds):
            raise ClockError("a clock that has not started cannot have been paused")
        paused_at, started_at = self.paused_at, self.started_at
        if paused_at is not None and started_at is not None and paused_at < started_at:
            raise ClockError("the clock was paused before it started")
        starts = [0.0]
        for item in self.structure.levels:
            starts.append(starts[-1] + item.minutes * 60)
        object.__setattr__(self, "_starts", tuple(starts))

    @classmethod
    def create(cls, structure: Structure, entrants: int, buy_in: int = 0) -> Clock:
        """A clock not yet started, every entrant still in."""
        return cls(structure, entrants=entrants, players_left=entrants, buy_in=buy_in)

    # Reading the time

    @property
    def started(self) -> bool:
        return self.started_at is not None

    @property
    def paused(self) -> bool:
        """Not running: paused by the director, or not started yet."""
        return self.started_at is None or self.paused_at is not None

    def played(self, now: float) -> float:
        """Seconds played by ``now``, pauses excluded (0 before the start)."""
        if self.started_at is None:
            return 0.0
        until = now if self.paused_at is None else self.paused_at
        # max: a wall clock set back (or a saved state from "the future") never runs time
        # backwards past the start.
        return max(0.0, until - self.started_at - self.paused_seconds)

    def position(self, now: float) -> float:
        """Where the schedule stands: seconds since the first level began."""
        return max(0.0, self.played(now) + self.shift)

    # Changes

    def start(self, now: float) -> Clock:
        if self.started_at is not None:
            raise ClockError("the clock has already started: pause or resume it instead")
        return replace(self, started_at=now)

    def pause(self, now: float) -> Clock:
        if self.started_at is None:
            raise ClockError("the clock has not started yet: start it first")
        if self.paused_at is not None:
            raise ClockError("the clock is already paused: resume it instead")
        return replace(self, paused_at=max(now, self.started_at))

    def resume(self, now: float) -> Clock:
        if self.started_at is None:
            raise ClockError("the clock has not started yet: start it first")
        if self.paused_at is None:
            raise ClockError("the clock is running: pause it first")
        pause = max(0.0, now - self.paused_at)
        return replace(self, paused_at=None, paused_seconds=self.paused_seconds + pause)

    def skip(self, now: float) -> Clock:
        """Go to the start of the next level or break."""
        index = self._index(now)
        if index + 1 >= len(self.structure.levels):
            raise ClockError("this is the last level of the structure: there is none to skip to")
        return self._move_to(index + 1, now)

    def back(self, now: float) -> Clock:
        """Go to the start of the level or break before this one (the first: its start)."""
        return self._move_to(max(0, self._index(now) - 1), now)

    def bust(self) -> Clock:
        """One player out."""
        if self.players_left <= 1:
            raise ClockError("one player is left: nobody else can bust")
        return replace(self, players_left=self.players_left - 1)

    def add_player(self) -> Clock:
        """A late entry or a re-entry: one more entrant, still in, with a starting stack."""
        return replace(self, entrants=self.entrants + 1, players_left=self.players_left + 1)

    def _index(self, now: float) -> int:
        return level_at(self.structure, self.position(now)).index

    def _move_to(self, index: int, now: float) -> Clock:
        # The schedule position becomes the item's start; time played is untouched.
        return replace(self, shift=self._starts[index] - self.played(now))

    # What the clock shows

    def view(self, now: float) -> ClockView:
        state = level_at(self.structure, self.position(now))
        level = state.level
        upcoming = state.item if isinstance(state.item, Break) else state.next_break
        chips = self.entrants * self.structure.starting_stack
        return ClockView(
            started=self.started,
            paused=self.paused,
            index=state.index,
            level=state.level_number,
            on_break=state.on_break,
            over=state.over,
            small_blind=level.small_blind,
            big_blind=level.big_blind,
            ante=level.ante,
            big_blind_ante=level.big_blind_ante,
            level_text=level.blinds(),
            next_text=state.next_level.blinds() if state.next_level else None,
            seconds_left=state.seconds_left,
            item_seconds=state.item.minutes * 60,
            seconds_to_break=state.seconds_to_break,
            color_up=upcoming.color_up if upcoming is not None else None,
            players_left=self.players_left,
            entrants=self.entrants,
            average_stack=round(chips / self.players_left),
            prize_pool=self.entrants * self.buy_in,
            elapsed=self.played(now),
        )

    # Saving

    def to_json(self) -> dict[str, Any]:
        """The clock as plain JSON values; ``Clock.from_json`` reads it back."""
        return {
            "version": STATE_VERSION,
            "structure": {
                "name": self.structure.name,
                "starting_stack": self.structure.starting_stack,
                "levels": [_item_json(item) for item in self.structure.levels],
            },
            "entrants": self.entrants,
            "players_left": self.players_left,
            "buy_in": self.buy_in,
            "started_at": self.started_at,
            "paused_at": self.paused_at,
            "paused_seconds": self.paused_seconds,
            "shift": self.shift,
        }

    @classmethod
    def from_json(cls, data: object) -> Clock:
        """A clock saved by ``to_json``; errors name the field that is wrong."""
        from holdem.tournament.structure_toml import _item  # the TOML tables' reader

        if not isinstance(data, dict):
            raise ClockError("saved clock: expected a JSON object")
        if data.get("version") != STATE_VERSION:
            raise ClockError(
                f"saved clock: version {data.get('version')!r} is not supported "
                f"(this holdem reads version {STATE_VERSION})"
            )
        raw = data.get("structure")
        if not isinstance(raw, dict):
            raise ClockError("saved clock: structure: expected an object")
        levels = raw.get("levels")
        if not isinstance(levels, list) or not levels:
            raise ClockError("saved clock: structure.levels: expected a list of levels")
        try:
            items = []
            for index, entry in enumerate(levels):
                if not isinstance(entry, dict):
                    raise ClockError(f"structure.levels[{index}]: expected an object")
                items.append(_item(entry, f"structure.levels[{index}]"))
            structure = Structure(
                name=_read(raw, "name", str),
                starting_stack=_read(raw, "starting_stack", int),
                levels=tuple(items),
            )
            return cls(
                structure,
                entrants=_read(data, "entrants", int),
                players_left=_read(data, "players_left", int),
                buy_in=_read(data, "buy_in", int),
                started_at=_read_time(data, "started_at"),
                paused_at=_read_time(data, "paused_at"),
                paused_seconds=float(_read(data, "paused_seconds", float)),
                shift=float(_read(data, "shift", float)),
            )
        except (ClockError, ConfigError) as error:
            raise ClockError(f"saved clock: {error}") from None


def _item_json(item: Level | Break) -> dict[str, Any]:
    if isinstance(item, Break):
        saved: dict[str, Any] = {"break": True, "minutes": item.minutes}
        if item.color_up is not None:
            saved["color_up"] = list(item.color_up)
        return saved
    return {
        "small_blind": item.small_blind,
        "big_blind": item.big_blind,
        "ante": item.ante,
        "big_blind_ante": item.big_blind_ante,
        "minutes": item.minutes,
    }


def _read(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    # bool is an int in Python, never a count or an amount here
    ok = isinstance(value, kind) and not isinstance(value, bool)
    if kind is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    if not ok:
        expected = {str: "a string", int: "a whole number", float: "a number"}[kind]
        raise ClockError(f"{key}: expected {expected}, got {value!r}")
    return value


def _read_time(data: dict[str, Any], key: str) -> float | None:
    if data.get(key) is None:
        return None
    return float(_read(data, key, float))
