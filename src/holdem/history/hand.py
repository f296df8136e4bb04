"""One hand of a PHH file, as a value: :class:`HandHistory`, and its reading from and
writing to a TOML table.

Conventions:

- chip amounts of the game (``antes``, blinds, bets, starting stacks) are ``int``: a file
  may write ``3.0`` and it reads as ``3``, but ``2.5`` chips is refused;
- an unknown starting stack (``inf`` in PHH) is ``None``, so code that needs a stack has
  to decide what an unknown one means; it is written back as ``inf``;
- ``finishing_stacks``, ``winnings`` and time fields keep ints and floats exactly as written
  (the Pluribus files record split odd chips as half chips, ``10112.5``);
- any other field (a user-defined one, or a PHH field newer than this module) is kept
  verbatim in ``extra`` (arrays as tuples) and written back: read -> write -> read is
  lossless.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from holdem.history._fields import READERS, VARIANTS, Number, check_variant
from holdem.history._toml import TomlValue, freeze
from holdem.history.actions import Action, acting_player, format_action
from holdem.history.errors import PHHError

__all__ = ["KNOWN_FIELDS", "MAX_PLAYERS", "MIN_PLAYERS", "VARIANTS", "HandHistory", "Number"]

MIN_PLAYERS, MAX_PLAYERS = 2, 10

_REQUIRED = ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions")
_REQUIRED_TEXT = (
    "every Hold'em hand has variant, antes, blinds_or_straddles, starting_stacks and actions, "
    "and min_bet (NT, PT) or small_bet and big_bet (FT)"
)
_PER_PLAYER = (
    "antes",
    "blinds_or_straddles",
    "players",
    "seats",
    "finishing_stacks",
    "winnings",
    "time_banks",
)


@dataclass(frozen=True, kw_only=True, repr=False)
class HandHistory:
    """One hand as PHH records it: the game, the starting position, and the actions.

    Per-player arrays run in PHH's player order (``p1`` first, the small blind; heads-up,
    ``p1`` is the big blind). Actions name players 0-based (``p1`` is ``player=0``).
    Fields left out of the file are ``None``. Build one in code with keywords; it is
    checked like a file that was read (raises :class:`PHHError`).

    >>> from holdem.history.actions import parse_action
    >>> hand = HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
    ...     starting_stacks=(200, None), actions=(parse_action("d dh p1 AsKd"),))
    >>> hand.player_count, hand.starting_stacks
    (2, (200, None))
    """

    # The game (required; min_bet for NT/PT, small_bet and big_bet for FT).
    variant: str
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    starting_stacks: tuple[int | None, ...]  # None: unknown (inf in the file)
    actions: tuple[Action, ...]
    # True: antes are matched like other chips; False (the PHH default when absent):
    # antes are dead money anyone still in can win.
    ante_trimming_status: bool | None = None
    # Where and when.
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: dt.time | dt.datetime | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: int | str | None = None
    level: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: int | str | None = None
    # Who, and how it ended (as written: ints or floats).
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[Number, ...] | None = None
    winnings: tuple[Number, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    time_limit: Number | None = None
    time_banks: tuple[Number, ...] | None = None
    # Every other field of the file, verbatim (arrays as tuples); read-only by convention.
    extra: Mapping[str, TomlValue] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        # Accept lists from callers, but store tuples: the value stays hashable and equal
        # to the same hand read from a file.
        for name in _TUPLES:
            value = getattr(self, name)
            if value is not None and not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))
        if self.extra:
            object.__setattr__(self, "extra", {k: freeze(v) for k, v in self.extra.items()})
        _validate(self)

    def __repr__(self) -> str:
        # Only the fields the hand has: most of the thirty optional ones are usually None.
        shown = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if getattr(self, f.name) is not None and (f.name != "extra" or self.extra)
        ]
        return f"HandHistory({', '.join(shown)})"

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    @classmethod
    def from_table(cls, table: Mapping[str, Any]) -> HandHistory:
        """Read a hand from the TOML table ``tomllib`` gives; raise :class:`PHHError`."""
        if "variant" in table:
            check_variant(table["variant"])  # first: a stud hand lacks blinds, say it is stud
        for name in _REQUIRED:
            if name not in table:
                raise PHHError(f"the required field {name!r} is missing: {_REQUIRED_TEXT}")
        known: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        # The actions last: a header problem is reported before any action's.
        items = sorted(table.items(), key=lambda item: item[0] == "actions")
        for key, value in items:
            read = READERS.get(key)
            if read is not None:
                known[key] = read(key, value)
            elif key in _REFUSED:
                raise PHHError(_REFUSED[key], field=key)
            else:
                extra[key] = value
        return cls(**known, extra=extra)

    def to_table(self) -> dict[str, TomlValue]:
        """The hand as a TOML table in PHH's order: the game, the actions, then the rest."""
        table: dict[str, TomlValue] = {}
        for name in KNOWN_FIELDS:
            value = getattr(self, name)
            if value is None:
                continue
            if name == "starting_stacks":
                value = tuple(float("inf") if stack is None else stack for stack in value)
            elif name == "actions":
                value = tuple(format_action(action) for action in value)
            table[name] = value
        table.update(self.extra)
        return table


# The fields HandHistory knows, in the order they are written: PokerKit's order, so the
# corpus round-trips byte for byte. ante_trimming_status sits with the game (it changes
# who wins what); the rest follow the PHH standard's table of optional fields.
KNOWN_FIELDS = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "time_limit",
    "time_banks",
)
_TUPLES = (*_PER_PLAYER, "starting_stacks", "actions")
_REFUSED = {
    "bring_in": "bring_in is for stud games: Hold'em hands post blinds_or_straddles instead",
}


# Checks of a whole hand, whether it was read or built in code.


def _validate(hand: HandHistory) -> None:
    check_variant(hand.variant)
    n = len(hand.starting_stacks)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise PHHError(
            f"{n} entries, one per player: a hand has {MIN_PLAYERS} to {MAX_PLAYERS} players",
            field="starting_stacks",
        )
    for name in _PER_PLAYER:
        values = getattr(hand, name)
        if values is not None and len(values) != n:
            raise PHHError(
                f"{len(values)} entries, but starting_stacks has {n}: "
                "every per-player array has one entry per player",
                field=name,
            )
    _betting_structure(hand)
    _at_least(hand.antes, "antes", 0, "antes are 0 or more chips")
    _at_least(hand.blinds_or_straddles, "blinds_or_straddles", 0, "blinds are 0 or more chips")
    _at_least(
        hand.starting_stacks,
        "starting_stacks",
        1,
        "a starting stack is at least 1 chip (write inf when it is unknown)",
    )
    for name, rule in _NON_NEGATIVE.items():
        value = getattr(hand, name)
        if isinstance(value, tuple):
            _at_least(value, name, 0, rule)
        elif isinstance(value, int | float):
            _at_least((value,), name, 0, rule, scalar=True)
    for i, action in enumerate(hand.actions):
        player = acting_player(action)
        if player is not None and not 0 <= player < n:
            raise PHHError(
                f"p{player + 1} is not in this hand: it has {n} players, p1 to p{n}",
                field=f"actions[{i}] {format_action(action)!r}",
            )
    for key in hand.extra:
        if key in READERS or key in _REFUSED:
            raise PHHError(
                f"{key!r} is a field of its own, not an extra one: set HandHistory.{key}",
                field="extra",
            )


_NON_NEGATIVE = {
    "finishing_stacks": "finishing stacks are 0 or more",
    "winnings": "winnings are 0 or more",
    "seats": "seat numbers are 0 or more",
    "time_banks": "time banks are 0 or more",
    "day": "a day is 0 or more",
    "month": "a month is 0 or more",
    "year": "a year is 0 or more",
    "level": "a level is 0 or more",
    "seat_count": "a seat count is 0 or more",
    "time_limit": "a time limit is 0 or more (inf when there is none)",
    "hand": "a hand number is 0 or more",
    "table": "a table number is 0 or more",
}


def _betting_structure(hand: HandHistory) -> None:
    fixed = hand.variant == "FT"
    needed = ("small_bet", "big_bet") if fixed else ("min_bet",)
    unused = ("min_bet",) if fixed else ("small_bet", "big_bet")
    game = f"{hand.variant} ({VARIANTS[hand.variant]})"
    wants = " and ".join(needed)
    for name in needed:
        if getattr(hand, name) is None:
            raise PHHError(f"the required field {name!r} is missing: {game} hands need {wants}")
        if getattr(hand, name) <= 0:
            raise PHHError(
                f"{getattr(hand, name)!r} is not allowed: a bet is at least 1 chip", field=name
            )
    for name in unused:
        if getattr(hand, name) is not None:
            raise PHHError(f"{game} hands have no {name}: they use {wants}", field=name)


def _at_least(
    values: Sequence[Number | None], name: str, low: int, rule: str, *, scalar: bool = False
) -> None:
    for i, value in enumerate(values):
        # 'not >=' also catches nan
        if value is not None and not value >= low:
            raise PHHError(
                f"{value!r} is not allowed: {rule}", field=name if scalar else f"{name}[{i}]"
            )


assert set(READERS) == set(KNOWN_FIELDS)
