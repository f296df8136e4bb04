"""One hand of a PHH file, as a value: :class:`HandHistory`, and its reading from and
writing to a TOML table.

Conventions:

- every amount (``antes``, blinds, bets, stacks, ``finishing_stacks``, ``winnings``,
  ``rake``) is counted in integer units of the hand's ``chip_unit``, a power of ten read
  from the file's most decimal places (:mod:`holdem.history.units`): a file in cents
  (``starting_stacks = [200.30, 81.60]``, ``cbr 3.00``) has ``chip_unit = Decimal("0.01")``
  and stacks ``(20030, 8160)``; a file of whole chips has the unit 1, as if there were
  none. :meth:`HandHistory.amount` and :meth:`HandHistory.format_amount` turn units back
  into the file's amounts, and writing renders them with the unit's places (``200.30``);
- a result finer than the unit (the Pluribus files record split odd chips as half chips,
  ``10112.5``, in whole-chip hands) is a ``Decimal`` count of units, kept as written;
- an unknown starting stack (``inf`` in PHH) is ``None``, so code that needs a stack has
  to decide what an unknown one means; it is written back as ``inf``;
- time fields keep ints and floats as written; ``time`` may be a TOML time, date or
  date-time, as some sites write it; a bare TOML date written as ``day`` (PHH's is an
  integer) is kept as written in ``extra["day"]``;
- any other field (a user-defined one, ``_name`` as PHH asks, or a PHH field newer than
  this module) is kept verbatim in ``extra`` (arrays as tuples, numbers that are not
  amounts as floats) and written back: read -> write -> read is lossless.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from decimal import Decimal
from typing import Any, cast

from holdem.history._fields import (
    AMOUNT_READERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    READERS,
    VARIANTS,
    Number,
    check_variant,
    only,
    places_written,
)
from holdem.history._hand_fast import plain_hand
from holdem.history._toml import TomlValue, freeze
from holdem.history.actions import Action, acting_player, format_action
from holdem.history.errors import PHHError
from holdem.history.units import (
    ONE,
    Units,
    amount_of,
    check_unit,
    format_amount,
    to_units,
    unit_of_places,
)

__all__ = [
    "KNOWN_FIELDS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "VARIANTS",
    "HandHistory",
    "Number",
    "Units",
]


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
_RESULTS = ("finishing_stacks", "winnings")


@dataclass(frozen=True, kw_only=True, repr=False)
class HandHistory:
    """One hand as PHH records it: the game, the starting position, and the actions.

    Per-player arrays run in PHH's player order (``p1`` first, the small blind; heads-up,
    ``p1`` is the big blind). Actions name players 0-based (``p1`` is ``player=0``).
    Fields left out of the file are ``None``. Build one in code with keywords; it is
    checked like a file that was read (raises :class:`PHHError`). Amounts are integer
    units of ``chip_unit`` (see the module's conventions).

    >>> from holdem.history.actions import parse_action
    >>> hand = HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2), min_bet=2,
    ...     starting_stacks=(200, None), actions=(parse_action("d dh p1 AsKd"),))
    >>> hand.player_count, hand.starting_stacks
    (2, (200, None))
    >>> cents = HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(25, 50),
    ...     min_bet=50, starting_stacks=(20030, 8160), actions=(), chip_unit=Decimal("0.01"))
    >>> cents.amount(20030), cents.format_amount(8160), cents.units("0.25")
    (Decimal('200.30'), '81.60', 25)
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
    time: dt.time | dt.date | None = None  # a TOML time, or a date or date-time
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None  # a bare TOML date written as the day stays in extra["day"]
    month: int | None = None
    year: int | None = None
    hand: int | str | None = None
    level: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: int | str | None = None
    # Who, and how it ended (in units; a Decimal count where finer than the unit).
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[Units, ...] | None = None
    winnings: tuple[Units, ...] | None = None  # paid to each player, after the rake
    rake: Units | None = None  # what the house took from the pots
    currency: str | None = None
    currency_symbol: str | None = None
    time_limit: Number | None = None
    time_banks: tuple[Number, ...] | None = None
    # Every other field of the file, verbatim (arrays as tuples); read-only by convention.
    extra: Mapping[str, TomlValue] = field(default_factory=dict, hash=False)
    # What one unit of every amount is worth: 1 (whole chips), Decimal("0.01") (cents), ...
    chip_unit: Decimal = ONE

    def __post_init__(self) -> None:
        # Accept lists from callers, but store tuples: the value stays hashable and equal
        # to the same hand read from a file.
        for name in _TUPLES:
            value = getattr(self, name)
            if value is not None and not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))
        if self.chip_unit is not ONE:  # ONE, the default and the usual case, is a unit
            check_unit(self.chip_unit)
        for name in _RESULTS:
            value = getattr(self, name)
            if value is not None and not only(int, value):  # ints are exact already
                object.__setattr__(self, name, tuple(_exact(name, v) for v in value))
        if self.rake is not None:
            object.__setattr__(self, "rake", _exact("rake", self.rake))
        if self.extra:
            object.__setattr__(self, "extra", {k: freeze(v) for k, v in self.extra.items()})
        _validate(self)

    def __repr__(self) -> str:
        # Only the fields the hand has: most of the thirty optional ones are usually None.
        shown = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if getattr(self, f.name) is not None
            and (f.name != "extra" or self.extra)
            and (f.name != "chip_unit" or self.chip_unit != ONE)
        ]
        return f"HandHistory({', '.join(shown)})"

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    def amount(self, units: Units) -> Decimal:
        """What ``units`` are worth in the file's terms: 20030 -> ``Decimal('200.30')``."""
        return amount_of(units, self.chip_unit)

    def format_amount(self, units: Units) -> str:
        """``units`` as the file writes them: ``'200.30'`` in cents, ``'5'`` in chips."""
        return format_amount(units, self.chip_unit)

    def units(self, amount: int | Decimal | str) -> int:
        """An amount in the file's terms as whole units: ``'3.00'`` -> 300 in cents.

        Raises :class:`PHHError` when the amount is finer than the unit.
        """
        return to_units(amount, self.chip_unit)

    @classmethod
    def from_table(cls, table: Mapping[str, Any]) -> HandHistory:
        """Read a hand from the TOML table ``tomllib`` gives; raise :class:`PHHError`."""
        plain = plain_hand(cls, table)  # most hands, at a fraction of the cost
        return plain if plain is not None else cls.read_table(table)

    @classmethod
    def read_table(cls, table: Mapping[str, Any]) -> HandHistory:
        """:meth:`from_table` field by field, whatever the hand: the long way, which
        words every error."""
        if "variant" in table:
            check_variant(table["variant"])  # first: a stud hand lacks blinds, say it is stud
        for name in _REQUIRED:
            if name not in table:
                raise PHHError(f"the required field {name!r} is missing: {_REQUIRED_TEXT}")
        unit = unit_of_places(places_written(table))
        known: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        for key, value in table.items():
            if key == "actions":
                continue  # read last: a header problem is reported before any action's
            read = READERS.get(key)
            if key in _DATE_IN_EXTRA and _is_bare_date(value):
                extra[key] = value  # not PHH's integer: kept as written
            elif read is not None:
                known[key] = read(key, value)
            elif key in AMOUNT_READERS:
                known[key] = AMOUNT_READERS[key](key, value, unit)
            elif key in _REFUSED:
                raise PHHError(_REFUSED[key], field=key)
            else:
                extra[key] = value
        known["actions"] = AMOUNT_READERS["actions"]("actions", table["actions"], unit)
        return cls(**known, extra=extra, chip_unit=unit)

    @classmethod
    def _trusted(
        cls, known: Mapping[str, Any], unit: Decimal, extra: Mapping[str, TomlValue]
    ) -> HandHistory:
        """A hand of fields already read and checked (by ``_hand_fast``), built without
        checking them again; ``extra``, user-defined fields, already frozen."""
        hand = object.__new__(cls)
        hand.__dict__.update(_ABSENT, **known, extra=extra, chip_unit=unit)
        return hand

    def to_table(self) -> dict[str, TomlValue]:
        """The hand as a TOML table in PHH's order: the game, the actions, then the rest."""
        table: dict[str, TomlValue] = {}
        in_chips = self.chip_unit == ONE
        for name in KNOWN_FIELDS:
            value = getattr(self, name)
            if value is None:
                continue
            if name == "actions":
                value = tuple(format_action(action, self.chip_unit) for action in value)
            elif name in AMOUNT_READERS and not (in_chips and _all_int(value)):
                value = self._written(value)
            if name == "starting_stacks":
                value = tuple(float("inf") if stack is None else stack for stack in value)
            table[name] = value
        table.update(self.extra)
        return table

    def _written(self, value: Any) -> Any:
        # Amounts as the Decimals the file shows (units times the unit), None kept.
        if isinstance(value, tuple):
            return tuple(None if v is None else self.amount(v) for v in value)
        return self.amount(value)


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
    "rake",
    "currency",
    "currency_symbol",
    "time_limit",
    "time_banks",
)
_TUPLES = (*_PER_PLAYER, "starting_stacks", "actions")
_ABSENT = {f.name: None for f in fields(HandHistory) if f.default is None}
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
        if value is None:  # most of these fields, in most hands
            continue
        if isinstance(value, tuple):
            _at_least(value, name, 0, rule)
        elif isinstance(value, int | float | Decimal):
            _at_least((value,), name, 0, rule, scalar=True)
    if not {*map(acting_player, hand.actions)} <= {None, *range(n)}:
        _name_the_stranger(hand.actions, n)
    for key, value in hand.extra.items():
        if key in _DATE_IN_EXTRA and _is_bare_date(value):
            continue
        if key in READERS or key in AMOUNT_READERS or key in _REFUSED:
            raise PHHError(
                f"{key!r} is a field of its own, not an extra one: set HandHistory.{key}",
                field="extra",
            )


def _name_the_stranger(actions: Sequence[Action], n: int) -> None:
    # Some action names a player the hand does not have: the first one is the error.
    for i, action in enumerate(actions):
        player = acting_player(action)
        if player is not None and not 0 <= player < n:
            raise PHHError(
                f"p{player + 1} is not in this hand: it has {n} players, p1 to p{n}",
                field=f"actions[{i}] {format_action(action)!r}",
            )


_NON_NEGATIVE = {
    "finishing_stacks": "finishing stacks are 0 or more",
    "winnings": "winnings are 0 or more",
    "rake": "the rake is 0 or more",
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
    for name in needed:
        if getattr(hand, name) is None:
            game, wants = _game_and_bets(hand.variant, needed)
            raise PHHError(f"the required field {name!r} is missing: {game} hands need {wants}")
        if getattr(hand, name) <= 0:
            raise PHHError(
                f"{getattr(hand, name)!r} is not allowed: a bet is at least 1 chip", field=name
            )
    for name in unused:
        if getattr(hand, name) is not None:
            game, wants = _game_and_bets(hand.variant, needed)
            raise PHHError(f"{game} hands have no {name}: they use {wants}", field=name)


def _game_and_bets(variant: str, needed: tuple[str, ...]) -> tuple[str, str]:
    # Words for an error only: 'NT (No-Limit Texas Hold'em)', 'small_bet and big_bet'.
    return f"{variant} ({VARIANTS[variant]})", " and ".join(needed)


def _at_least(
    values: Sequence[Number | Units | None],
    name: str,
    low: int,
    rule: str,
    *,
    scalar: bool = False,
) -> None:
    if only(int, values) and min(cast("Sequence[int]", values), default=low) >= low:
        return  # whole numbers, none too low: the usual case, without a step per value
    for i, value in enumerate(values):
        # 'not >=' also catches a float nan (a Decimal NaN would raise on comparing)
        if value is not None and (_is_nan(value) or not value >= low):
            raise PHHError(
                f"{value!r} is not allowed: {rule}", field=name if scalar else f"{name}[{i}]"
            )


# Fields PHH makes integers that some sites write as a bare TOML date (day = 2009-07-01):
# such a value is kept in extra, so the field itself keeps its type.
_DATE_IN_EXTRA = ("day",)


def _is_bare_date(value: object) -> bool:
    return isinstance(value, dt.date) and not isinstance(value, dt.datetime)


def _is_nan(value: object) -> bool:
    return isinstance(value, Decimal) and value.is_nan()


def _all_int(value: object) -> bool:
    items = value if isinstance(value, tuple) else (value,)
    return all(item is None or isinstance(item, int) for item in items)


def _exact(name: str, value: object) -> Units:
    """A result given in code as it would read back from the file: a float by its shortest
    text, a Decimal without a fraction as the int it is."""
    if isinstance(value, float):
        value = Decimal(repr(value))
    if isinstance(value, Decimal):
        if value.is_finite() and int(value.as_tuple().exponent) >= 0:
            return int(value)
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise PHHError(f"{value!r} is not an amount: amounts are numbers of units", field=name)


assert set(READERS) | set(AMOUNT_READERS) == set(KNOWN_FIELDS)
assert not set(READERS) & set(AMOUNT_READERS)
