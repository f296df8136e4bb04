"""Blind structures: levels, breaks with colour-ups, presets, and the clock model (R44, R45).

The generator is in ``generator.py``, TOML reading and writing in ``structure_toml.py``.

A ``Structure`` is a value: the starting stack and a tuple of ``Level`` and ``Break``
items played in order. ``level_at(structure, elapsed_seconds)`` is the pure model behind a
tournament clock (pausing is just not advancing the elapsed time).

>>> home = preset("home")
>>> home.starting_stack, home.levels[0]
(5000, Level(small_blind=25, big_blind=50, ante=0, big_blind_ante=False, minutes=20))
>>> level_at(home, 25 * 60).level.big_blind
100
"""

from __future__ import annotations

from dataclasses import dataclass

from holdem.errors import ConfigError

__all__ = [
    "PRESETS",
    "Break",
    "ClockState",
    "Level",
    "Structure",
    "level_at",
    "preset",
]


@dataclass(frozen=True)
class Level:
    """One blind level. With ``big_blind_ante`` the big blind posts ``ante`` for the table."""

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: bool = False
    minutes: int = 20

    def __post_init__(self) -> None:
        if self.small_blind < 1:
            raise ConfigError(f"small blind {self.small_blind}: must be at least 1")
        if self.big_blind < self.small_blind:
            raise ConfigError(
                f"big blind {self.big_blind} is below the small blind {self.small_blind}"
            )
        if self.ante < 0:
            raise ConfigError(f"ante {self.ante}: must be 0 or more")
        if self.big_blind_ante and self.ante == 0:
            raise ConfigError("a big-blind ante needs an ante amount above 0")
        if self.minutes < 1:
            raise ConfigError(f"level of {self.minutes} minutes: must be at least 1 minute")

    def blinds(self) -> str:
        """``'100/200'``, with the ante when there is one (``'100/200 (bb ante 200)'``)."""
        text = f"{self.small_blind:,}/{self.big_blind:,}"
        if self.ante:
            kind = "bb ante" if self.big_blind_ante else "ante"
            text += f" ({kind} {self.ante:,})"
        return text


@dataclass(frozen=True)
class Break:
    """A break; ``color_up`` lists the chip values taken out of play at it (or None)."""

    minutes: int = 10
    color_up: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.minutes < 1:
            raise ConfigError(f"break of {self.minutes} minutes: must be at least 1 minute")
        if self.color_up is not None:
            if not self.color_up:
                raise ConfigError("color_up lists no chips: leave it out (None) instead")
            if any(value < 1 for value in self.color_up):
                raise ConfigError(f"color_up {list(self.color_up)}: chip values must be 1 or more")
            if len(set(self.color_up)) != len(self.color_up):
                raise ConfigError(f"color_up {list(self.color_up)} names a chip twice")


Item = Level | Break


@dataclass(frozen=True)
class Structure:
    """A tournament's starting stack and its levels and breaks, in the order played."""

    name: str
    starting_stack: int
    levels: tuple[Item, ...]

    def __post_init__(self) -> None:
        if self.starting_stack < 1:
            raise ConfigError(f"starting stack {self.starting_stack}: must be at least 1")
        if not any(isinstance(item, Level) for item in self.levels):
            raise ConfigError(f"structure {self.name!r} has no blind level")
        if isinstance(self.levels[0], Break):
            raise ConfigError(f"structure {self.name!r} starts with a break: start with a level")
        previous: Level | None = None
        for index, item in enumerate(self.levels):
            if isinstance(item, Break):
                if isinstance(self.levels[index - 1], Break):
                    raise ConfigError(f"levels[{index}]: two breaks in a row")
                continue
            if previous is not None and (
                item.small_blind < previous.small_blind or item.big_blind < previous.big_blind
            ):
                raise ConfigError(
                    f"levels[{index}]: blinds {item.blinds()} fall below the level before "
                    f"({previous.blinds()}); blinds never go down"
                )
            previous = item

    @property
    def blind_levels(self) -> tuple[Level, ...]:
        """The levels without the breaks."""
        return tuple(item for item in self.levels if isinstance(item, Level))

    @property
    def minutes(self) -> int:
        """Scheduled length, breaks included."""
        return sum(item.minutes for item in self.levels)

    def as_json(self) -> dict[str, object]:
        """The structure as ``holdem structure --json`` prints it: each item with the
        minute it starts; levels are numbered from 1, as the clock shows them."""
        items: list[dict[str, object]] = []
        starts = number = 0
        for item in self.levels:
            if isinstance(item, Break):
                entry: dict[str, object] = {"break": True, "minutes": item.minutes}
                entry["color_up"] = list(item.color_up or ())
            else:
                number += 1
                entry = {
                    "level": number,
                    "small_blind": item.small_blind,
                    "big_blind": item.big_blind,
                    "ante": item.ante,
                    "big_blind_ante": item.big_blind_ante,
                    "minutes": item.minutes,
                }
            entry["starts_minute"] = starts
            starts += item.minutes
            items.append(entry)
        return {
            "name": self.name,
            "starting_stack": self.starting_stack,
            "minutes": self.minutes,
            "levels": items,
        }


@dataclass(frozen=True)
class ClockState:
    """Where a clock stands: the item being played, its time left, what comes next.

    ``index`` points into ``structure.levels``; ``level`` is the blind level in force (the
    one before a break during it). ``over`` is true once the schedule has run out: the
    last level then simply goes on.
    """

    index: int
    item: Item
    level: Level
    level_number: int
    seconds_left: float
    next_level: Level | None
    next_break: Break | None
    seconds_to_break: float | None
    over: bool

    @property
    def on_break(self) -> bool:
        return isinstance(self.item, Break)


def level_at(structure: Structure, elapsed_seconds: float) -> ClockState:
    """The clock after ``elapsed_seconds`` of play (pauses excluded).

    >>> state = level_at(preset("home"), 20 * 60 * 6 + 30)
    >>> state.on_break, state.seconds_left, state.next_level.big_blind
    (True, 570.0, 600)
    """
    if elapsed_seconds < 0:
        raise ConfigError(f"elapsed time {elapsed_seconds}: must be 0 or more")
    items = structure.levels
    start = 0.0
    index = len(items) - 1
    over = True
    for i, item in enumerate(items):
        end = start + item.minutes * 60
        if elapsed_seconds < end:
            index, over = i, False
            break
        start = end
    item = items[index]
    seconds_left = 0.0 if over else start + item.minutes * 60 - elapsed_seconds
    current = [level for level in items[: index + 1] if isinstance(level, Level)]
    later = items[index + 1 :]
    next_level = next((x for x in later if isinstance(x, Level)), None)
    next_break: Break | None = None
    seconds_to_break: float | None = None
    waited = seconds_left
    for x in later:
        if isinstance(x, Break):
            next_break, seconds_to_break = x, waited
            break
        waited += x.minutes * 60
    return ClockState(
        index=index,
        item=item,
        level=current[-1],
        level_number=len(current),
        seconds_left=float(seconds_left),
        next_level=next_level,
        next_break=next_break,
        seconds_to_break=seconds_to_break,
        over=over,
    )


def big_blind_ante_level(small: int, big: int, minutes: int = 20) -> Level:
    """A level where the big blind pays one ante for the table, equal to the big blind."""
    return Level(small, big, ante=big, big_blind_ante=True, minutes=minutes)


PRESETS: dict[str, Structure] = {
    # R45: 6-8 players, 5,000 chips, 20-minute levels, about three hours; the big blind
    # antes from level 4, the 25s are coloured up at the two-hour break.
    "home": Structure(
        name="home",
        starting_stack=5000,
        levels=(
            Level(25, 50),
            Level(50, 100),
            Level(75, 150),
            big_blind_ante_level(100, 200),
            big_blind_ante_level(150, 300),
            big_blind_ante_level(200, 400),
            Break(10, color_up=(25,)),
            big_blind_ante_level(300, 600),
            big_blind_ante_level(500, 1000),
            big_blind_ante_level(1000, 2000),
        ),
    ),
}


def preset(name: str) -> Structure:
    """A named structure from ``PRESETS``."""
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(sorted(PRESETS))
        raise ConfigError(f"no preset structure {name!r}: choose from {known}") from None
