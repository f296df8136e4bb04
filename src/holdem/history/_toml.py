"""A small TOML writer: the values a PHH file holds, written so ``tomllib`` reads them back
equal. Strings use PHH's usual single quotes when they can, else escaped double quotes.
A ``Decimal`` (an amount) is written with exactly its digits, ``200.30``; the reader
(:func:`loads`) gives every TOML float as the ``Decimal`` of its text, so nothing drifts.
"""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from collections.abc import Mapping
from decimal import Decimal
from typing import Any, TypeAlias, cast

from holdem.history import _toml_fast

TomlValue: TypeAlias = (
    str
    | bool
    | int
    | float
    | dt.date
    | dt.time
    | tuple["TomlValue", ...]
    | Mapping[str, "TomlValue"]
)
"""A TOML value as kept in memory: arrays as tuples, tables as mappings."""

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
# Characters a literal ('...') string cannot hold; a basic string escapes them.
_NOT_LITERAL = re.compile(r"['\x00-\x08\x0a-\x1f\x7f]")
_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}
_TO_ESCAPE = re.compile(r'["\\\x00-\x1f\x7f]')


def format_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else format_string(key)


def format_string(text: str) -> str:
    if not _NOT_LITERAL.search(text):
        return f"'{text}'"
    return '"' + _TO_ESCAPE.sub(_escape, text) + '"'


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return _ESCAPES.get(char) or f"\\u{ord(char):04x}"


def format_value(value: Any) -> str:
    """One TOML value; raises TypeError for what TOML cannot hold (None, sets, objects)."""
    # bool before int: True is an int to Python but not to TOML.
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, float):
        # repr always has a '.' or an 'e', or is inf, -inf or nan: TOML reads back this float.
        return repr(value)
    if isinstance(value, Decimal):
        if value.is_finite():
            return format(value, "f")  # the digits as they are, never an exponent
        return "nan" if value.is_nan() else ("-inf" if value < 0 else "inf")
    if isinstance(value, str):
        return format_string(value)
    if isinstance(value, dt.date | dt.time):  # datetime is a date too
        return value.isoformat()
    if isinstance(value, list | tuple):
        kinds = {*map(type, value)}  # most arrays are all ints or all strings: one join
        if kinds <= {int}:
            return "[" + ", ".join(map(str, value)) + "]"
        if kinds == {str}:
            return "[" + ", ".join(map(format_string, value)) + "]"
        return "[" + ", ".join(format_value(item) for item in value) + "]"
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        items = ", ".join(f"{format_key(k)} = {format_value(v)}" for k, v in value.items())
        return "{ " + items + " }"
    raise TypeError(
        f"{value!r} ({type(value).__name__}) is not a TOML value: TOML holds strings, "
        "numbers, booleans, dates and times, arrays and tables"
    )


def loads(text: str) -> dict[str, Any]:
    """A TOML document with every float as the ``Decimal`` of its text (``200.30`` stays
    ``200.30``); raises ``tomllib.TOMLDecodeError``.

    The plain TOML of PHH files is read by :mod:`holdem.history._toml_fast`, which gives
    the same; anything else (and every error) is ``tomllib``'s.
    """
    document = _toml_fast.parse(text) if isinstance(text, str) else None
    if document is None:
        document = tomllib.loads(text, parse_float=Decimal)
    return document


_KEPT = frozenset((str, int, bool, float))


def freeze(value: Any) -> TomlValue:
    """A value from :func:`loads` with its arrays made tuples, nested all the way down, and
    its numbers that are not amounts as floats (as ``tomllib`` gives them by default)."""
    if type(value) in _KEPT:  # most values: tested first, as the ABC Mapping costs more
        return cast(TomlValue, value)
    if isinstance(value, list | tuple):
        return tuple(freeze(item) for item in value)
    if isinstance(value, Mapping):
        return {key: freeze(item) for key, item in value.items()}
    if isinstance(value, Decimal):
        return float(value)
    return cast(TomlValue, value)
