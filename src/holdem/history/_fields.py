"""Readers of single PHH fields: check the TOML type, convert, or raise naming the field.

Amount fields are read in the hand's unit (:mod:`holdem.history.units`), found first by
:func:`places_written`; the TOML text arrives as ``Decimal`` (``parse_float=Decimal``),
so ``200.30`` is read exactly.
"""

from __future__ import annotations

import datetime as dt
import functools
import itertools
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from typing import Any

from holdem.history.actions import Action, amount_places, parse_action
from holdem.history.errors import PHHError
from holdem.history.units import MAX_PLACES, ONE, Units, places_of, result_units, to_units

Number = int | float
"""A number that is not an amount (a time limit, a time bank): as TOML gives it."""

MIN_PLAYERS, MAX_PLAYERS = 2, 10
"""How many players a Hold'em hand may have."""

RESULTS = ("finishing_stacks", "winnings", "rake")
"""Amounts that record how the hand ended: they may be finer than the hand's unit."""

VARIANTS: Mapping[str, str] = {
    "NT": "No-Limit Texas Hold'em",
    "FT": "Fixed-Limit Texas Hold'em",
    "PT": "Pot-Limit Texas Hold'em",  # not in the PHH standard: holdem's extension
}
# The other variants of the PHH standard, named so that refusing one can say what it is.
_OTHER_VARIANTS = {
    "NS": "No-Limit Short-Deck Hold'em",
    "PO": "Pot-Limit Omaha",
    "FO/8": "Fixed-Limit Omaha Eight or Better",
    "F7S": "Fixed-Limit Seven Card Stud",
    "F7S/8": "Fixed-Limit Seven Card Stud Eight or Better",
    "FR": "Fixed-Limit Razz",
    "N2L1D": "No-Limit Deuce-to-Seven Single Draw",
    "F2L3D": "Fixed-Limit Deuce-to-Seven Triple Draw",
    "FB": "Fixed-Limit Badugi",
}


def check_variant(value: object) -> str:
    """The variant code, if holdem plays it; else raise naming what it is."""
    if not isinstance(value, str):
        raise PHHError(f"must be a string like 'NT', not {_describe(value)}", field="variant")
    if value not in VARIANTS:
        what = f" ({_OTHER_VARIANTS[value]})" if value in _OTHER_VARIANTS else ""
        raise PHHError(
            f"{value!r}{what} is not a Texas Hold'em variant: holdem reads NT (No-Limit), "
            "FT (Fixed-Limit) and PT (Pot-Limit, holdem's extension of PHH)",
            field="variant",
        )
    return value


def _describe(value: object) -> str:
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int):
        return f"the integer {value}"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, Decimal):
        text = str(value) if value.is_finite() else str(float(value))
        return f"the number {text}"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, dt.date | dt.time):
        return f"the date or time {value.isoformat()}"
    return repr(value)


def _string(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise PHHError(f"must be a string, not {_describe(value)}", field=name)
    return value


def _boolean(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise PHHError(f"must be true or false, not {_describe(value)}", field=name)
    return value


def _integer(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PHHError(f"must be an integer, not {_describe(value)}", field=name)
    return value


def _number(name: str, value: object) -> Number:
    if isinstance(value, Decimal):
        return float(value)  # not an amount: a float, as TOML readers give it
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PHHError(f"must be a number, not {_describe(value)}", field=name)
    return value


def _integer_or_string(name: str, value: object) -> int | str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise PHHError(f"must be an integer or a string, not {_describe(value)}", field=name)
    return value


def _decimal(value: object) -> Decimal | int | None:
    """A TOML number as an exact value (a float from a caller by its shortest text)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        return Decimal(repr(value))
    if isinstance(value, int | Decimal):
        return value
    return None


def _chips(name: str, value: object, unit: Decimal) -> int:
    if type(value) is int and unit == ONE:
        return value  # whole chips, the usual case
    number = _decimal(value)
    if number is None or (isinstance(number, Decimal) and not number.is_finite()):
        raise PHHError(
            f"must be a number of chips, like 200 or 200.30, not {_describe(value)}", field=name
        )
    try:
        return to_units(number, unit)
    except PHHError as error:
        raise error.located(field=name) from None


def _stack(name: str, value: object, unit: Decimal) -> int | None:
    if isinstance(value, Decimal | float) and value == float("inf"):
        return None
    return _chips(name, value, unit)


def _result(name: str, value: object, unit: Decimal) -> Units:
    if type(value) is int and unit == ONE:
        return value
    number = _decimal(value)
    if number is None or (isinstance(number, Decimal) and number.is_nan()):
        raise PHHError(f"must be a number, not {_describe(value)}", field=name)
    try:
        return result_units(number, unit)
    except PHHError as error:
        raise error.located(field=name) from None


def _time(name: str, value: object) -> dt.time | dt.date:
    # A TOML time (20:15:00), or a date or date-time as some sites write it.
    if not isinstance(value, dt.time | dt.date):
        raise PHHError(
            f"must be a TOML time like 20:15:00 (or a date-time), not {_describe(value)}",
            field=name,
        )
    return value


def only(kind: type, values: Iterable[object]) -> bool:
    """Whether every value is exactly a ``kind`` (not a subclass: ``True`` is no int here),
    checked at C speed: the fast paths of the readers below and of the hand's checks."""
    return {*map(type, values)} <= {kind}


def _array_of(
    read: Callable[[str, object], Any], unchanged: type
) -> Callable[[str, object], tuple[Any, ...]]:
    """A reader of an array of what ``read`` reads; ``read`` gives a value of exactly the
    type ``unchanged`` back as it is, so an array of only those is taken whole."""

    def read_array(name: str, value: object) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise PHHError(f"must be an array, not {_describe(value)}", field=name)
        if only(unchanged, value):
            return tuple(value)
        return tuple(read(f"{name}[{i}]", item) for i, item in enumerate(value))

    return read_array


def _amounts_of(
    read: Callable[[str, object, Decimal], Any],
) -> Callable[[str, object, Decimal], tuple[Any, ...]]:
    """A reader of an array of amounts; ``read`` gives an int in whole chips back as it
    is, so an array of only ints in a hand of whole chips is taken whole."""

    def read_array(name: str, value: object, unit: Decimal) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise PHHError(f"must be an array, not {_describe(value)}", field=name)
        if unit == ONE and only(int, value):
            return tuple(value)
        return tuple(read(f"{name}[{i}]", item, unit) for i, item in enumerate(value))

    return read_array


def places_written(table: Mapping[str, object]) -> int:
    """The most decimal places of the game amounts of a raw hand (its unit is 10**-that);
    raise :class:`PHHError` naming the field of one finer than ``MAX_PLACES``.

    Values that are not numbers are passed over: their readers word the error.
    """
    places = 0
    for name in GAME_AMOUNTS:
        value = table.get(name)
        if isinstance(value, list) and only(int, value):
            continue  # whole numbers have no places
        for item in value if isinstance(value, list) else (value,):
            if isinstance(item, Decimal | float) and not isinstance(item, bool):
                number = _decimal(item)
                assert isinstance(number, Decimal)
                places = max(places, _checked_places(places_of(number), name, format(number, "f")))
    actions = table.get("actions")
    if isinstance(actions, list) and not (only(str, actions) and "." not in "".join(actions)):
        for i, text in enumerate(actions):
            if isinstance(text, str) and "." in text:  # most actions have no decimals
                written = amount_places(text)
                places = max(places, _checked_places(written, f"actions[{i}] {text!r}", ""))
    return places


def _checked_places(places: int, where: str, amount: str) -> int:
    if places > MAX_PLACES:
        raise PHHError(
            f"{amount or 'the amount'} has {places} decimal places: amounts have at most "
            f"{MAX_PLACES}",
            field=where,
        )
    return places


def _actions(name: str, value: object, unit: Decimal) -> tuple[Action, ...]:
    if not isinstance(value, list):
        raise PHHError(f"must be an array of action strings, not {_describe(value)}", field=name)
    if only(str, value):
        try:
            return tuple(map(_parse_action_cached, value, itertools.repeat(unit)))
        except PHHError:
            pass  # the loop below finds the action again, to say which one it is
    actions: list[Action] = []
    for i, text in enumerate(value):
        if not isinstance(text, str):
            raise PHHError(
                f"must be an action string like 'p1 cc', not {_describe(text)}",
                field=f"{name}[{i}]",
            )
        try:
            actions.append(_parse_action_cached(text, unit))
        except PHHError as error:
            raise error.located(field=f"{name}[{i}] {text!r}") from None
    return tuple(actions)


# Actions are values and repeat a lot across hands ('p3 f', 'p1 cc'): parse each once.
_parse_action_cached = functools.lru_cache(maxsize=1 << 16)(parse_action)


def clear_cache() -> None:
    """Forget the actions parsed so far (``holdem.history.clear_caches``)."""
    _parse_action_cached.cache_clear()


AMOUNT_READERS: dict[str, Callable[[str, object, Decimal], Any]] = {
    "antes": _amounts_of(_chips),
    "blinds_or_straddles": _amounts_of(_chips),
    "small_bet": _chips,
    "big_bet": _chips,
    "min_bet": _chips,
    "starting_stacks": _amounts_of(_stack),
    "actions": _actions,
    "finishing_stacks": _amounts_of(_result),
    "winnings": _amounts_of(_result),
    "rake": _result,
}
"""Readers of the fields counted in the hand's unit."""

GAME_AMOUNTS = tuple(name for name in AMOUNT_READERS if name not in (*RESULTS, "actions"))
"""The fields whose decimal places set a hand's unit (with the actions' ``cbr`` amounts)."""

READERS: dict[str, Callable[[str, object], Any]] = {
    "variant": lambda name, value: check_variant(value),
    "ante_trimming_status": _boolean,
    "author": _string,
    "event": _string,
    "url": _string,
    "venue": _string,
    "address": _string,
    "city": _string,
    "region": _string,
    "postal_code": _string,
    "country": _string,
    "time": _time,
    "time_zone": _string,
    "time_zone_abbreviation": _string,
    "day": _integer,
    "month": _integer,
    "year": _integer,
    "hand": _integer_or_string,
    "level": _integer,
    "seats": _array_of(_integer, int),
    "seat_count": _integer,
    "table": _integer_or_string,
    "players": _array_of(_string, str),
    "currency": _string,
    "currency_symbol": _string,
    "time_limit": _number,
    "time_banks": _array_of(_number, int),
}
