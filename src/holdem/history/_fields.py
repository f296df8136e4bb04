"""Readers of single PHH fields: check the TOML type, convert, or raise naming the field."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Mapping
from typing import Any

from holdem.history.actions import Action, parse_action
from holdem.history.errors import PHHError

Number = int | float

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
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PHHError(f"must be a number, not {_describe(value)}", field=name)
    return value


def _integer_or_string(name: str, value: object) -> int | str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise PHHError(f"must be an integer or a string, not {_describe(value)}", field=name)
    return value


def _chips(name: str, value: object) -> int:
    if isinstance(value, float) and value.is_integer():
        return int(value)  # 3.0 chips is 3 chips; the engine counts in integers
    if isinstance(value, bool) or not isinstance(value, int):
        raise PHHError(
            f"must be a whole number of chips, not {_describe(value)} "
            "(holdem counts chips in integers)",
            field=name,
        )
    return value


def _stack(name: str, value: object) -> int | None:
    if isinstance(value, float) and value == float("inf"):
        return None
    return _chips(name, value)


def _time(name: str, value: object) -> dt.time | dt.datetime:
    if not isinstance(value, dt.time | dt.datetime):
        raise PHHError(
            f"must be a TOML local time like 20:15:00, not {_describe(value)}", field=name
        )
    return value


def _array_of(read: Callable[[str, object], Any]) -> Callable[[str, object], tuple[Any, ...]]:
    def read_array(name: str, value: object) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise PHHError(f"must be an array, not {_describe(value)}", field=name)
        return tuple(read(f"{name}[{i}]", item) for i, item in enumerate(value))

    return read_array


def _actions(name: str, value: object) -> tuple[Action, ...]:
    if not isinstance(value, list):
        raise PHHError(f"must be an array of action strings, not {_describe(value)}", field=name)
    actions: list[Action] = []
    for i, text in enumerate(value):
        if not isinstance(text, str):
            raise PHHError(
                f"must be an action string like 'p1 cc', not {_describe(text)}",
                field=f"{name}[{i}]",
            )
        try:
            actions.append(_parse_action_cached(text))
        except PHHError as error:
            raise error.located(field=f"{name}[{i}] {text!r}") from None
    return tuple(actions)


# Actions are values and repeat a lot across hands ('p3 f', 'p1 cc'): parse each once.
_parse_action_cached = functools.lru_cache(maxsize=1 << 16)(parse_action)

READERS: dict[str, Callable[[str, object], Any]] = {
    "variant": lambda name, value: check_variant(value),
    "antes": _array_of(_chips),
    "blinds_or_straddles": _array_of(_chips),
    "small_bet": _chips,
    "big_bet": _chips,
    "min_bet": _chips,
    "starting_stacks": _array_of(_stack),
    "actions": _actions,
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
    "seats": _array_of(_integer),
    "seat_count": _integer,
    "table": _integer_or_string,
    "players": _array_of(_string),
    "finishing_stacks": _array_of(_number),
    "winnings": _array_of(_number),
    "currency": _string,
    "currency_symbol": _string,
    "time_limit": _number,
    "time_banks": _array_of(_number),
}
