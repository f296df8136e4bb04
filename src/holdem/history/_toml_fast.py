"""A quick reader for the plain TOML that PHH files are written in, tried before ``tomllib``.

Why: ``tomllib`` is pure Python in 3.11 and was a third of the time of replaying a file.
PHH files use a small part of TOML: ``key = value`` lines, ``[1]`` or ``["name"]`` table
headers, one-line strings, decimal integers and floats, booleans, arrays (nested, over
several lines, with comments and trailing commas), inline tables, comments. This reader
knows that part and nothing else.

The contract: :func:`parse` gives exactly what ``tomllib.loads(text,
parse_float=Decimal)`` gives, or ``None`` when the text holds anything else: a
multi-line string, a date or date-time (a local time, as the HandHQ files write
``time = 00:00:09``, is read), a dotted key, ``[[array of tables]]``, hex or ``1_000``,
a key given twice, a control character, anything malformed. The caller then reads the text
with ``tomllib``, so odd files and errors (with their messages) behave as they always did.

Bounded: each regular expression is matched at one position and cannot backtrack more than
linearly, the reader moves forward only, and nesting deeper than :data:`MAX_DEPTH` is left
to ``tomllib``.

Accelerated: where the package was built with a C compiler, ``_toml_accel.c`` reads the
usual lines of a file (blank and comment lines, ``[1]`` headers, ``key = value`` with a bare
key and a string, boolean, number, local time or one-line flat array of them) and hands the
first line it is not sure of to the Python code below, which then reads or refuses it as it
always does (see :func:`_document`). The Python code is the reference: the accelerator takes
only lines it reads to the same values, and everything else, errors included, is decided
here. :data:`ACCELERATED` says whether it is in use.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any, cast

MAX_DEPTH = 32
"""Arrays and inline tables nested deeper than this are left to ``tomllib``."""


class _Unsupported(Exception):
    """The text leaves the part of TOML this reader knows: ``tomllib`` reads it instead."""


# No control character but tab and newline may stand anywhere in TOML (a lone carriage
# return included): a text with one is an error, which tomllib words.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_BARE_KEY = r"[A-Za-z0-9_-]+"
_LITERAL = r"'[^'\n]*'"
# The unrolled form (plain run, then escape and plain run, repeated) cannot backtrack.
_ESCAPE = r"""\\(?:["\\btnfr]|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8})"""
_BASIC = rf'"[^"\\\n]*(?:{_ESCAPE}[^"\\\n]*)*"'
_KEY = rf"(?:{_BARE_KEY}|{_LITERAL}|{_BASIC})"

_WS = re.compile(r"[ \t]*").match
# Between array items: spaces, newlines and whole comments, one at a time.
_ARRAY_WS = re.compile(r"(?:[ \t\n]|#[^\n]*)*").match
# What ends a statement: spaces, a comment, the end of the line or of the text.
_LINE_END_RE = r"[ \t]*(?:#[^\n]*)?(?:\n|\Z)"
_LINE_END = re.compile(_LINE_END_RE).match
# The start of a line: a key and its '=' (the value follows), a whole [table] header
# line, or a blank or comment line.
_STATEMENT = re.compile(
    rf"[ \t]*(?:({_KEY})[ \t]*=[ \t]*|\[[ \t]*({_KEY})[ \t]*\]{_LINE_END_RE}|{_LINE_END_RE})"
).match
_INLINE_KEY_EQUALS = re.compile(rf"({_KEY})[ \t]*=[ \t]*").match
_LITERAL_STRING = re.compile(_LITERAL).match
_BASIC_STRING = re.compile(_BASIC).match
_ESCAPES = re.compile(r"""\\(?:(["\\btnfr])|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8}))""")
_SHORT_ESCAPES = {'"': '"', "\\": "\\", "b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r"}
# Decimal integers and floats; TOML's other forms (0x1F, 1_000, +inf) go elsewhere or back.
_NUMBER = re.compile(r"[+-]?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?").match
_SPECIAL_FLOATS = ("inf", "nan", "+inf", "-inf", "+nan", "-nan")
# A local time: hours, minutes, seconds, and a fraction of which microseconds are kept.
_LOCAL_TIME_RE = r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])(?:\.([0-9]{1,6})[0-9]*)?"
_LOCAL_TIME = re.compile(_LOCAL_TIME_RE).match


# Most PHH arrays (actions, players, stacks) are all strings or all integers on one line:
# a match or two and a findall or split read them, without a step per item in Python.
# [item, item, ...], trailing comma allowed: each repetition starts with the item's own
# first character, so a failed match gives back at most linearly.
_FLAT_STRINGS_RE = rf"\[[ \t]*(?:{_LITERAL}[ \t]*,[ \t]*)*(?:{_LITERAL}[ \t]*)?\]"
_FLAT_STRINGS = re.compile(_FLAT_STRINGS_RE).match
_STRING_ITEMS = re.compile(r"'([^'\n]*)'").findall
# Only what integers, their signs and commas are made of; int() then checks each number
# (it refuses '1 2', '+', '') but reads 007, which TOML does not allow.
_FLAT_INTEGERS_RE = r"\[[0-9+\- \t,]*\]"
_FLAT_INTEGERS = re.compile(_FLAT_INTEGERS_RE).match
_LEADING_ZERO = re.compile(r"(?<![0-9])0[0-9]").search
# An array of TOML decimal numbers, some with a fraction or exponent (stacks in dollars and
# cents: [200.30, 81.60, 197]). Each item is matched whole, from its first character.
_DECIMAL_RE = r"[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?"
_FLAT_NUMBERS_RE = rf"\[[ \t]*(?:{_DECIMAL_RE}[ \t]*,[ \t]*)*(?:{_DECIMAL_RE}[ \t]*)?\]"
_FLAT_NUMBERS = re.compile(_FLAT_NUMBERS_RE).match
_NUMBER_ITEMS = re.compile(_DECIMAL_RE).findall
# The usual line, read in one match: a bare key and one of the values above, a plain
# integer, a literal string, a boolean, a decimal number or a local time. Any other line
# takes the longer way. (The groups of the local time's parts come last.)
_PLAIN_LINE = re.compile(
    rf"[ \t]*({_BARE_KEY})[ \t]*=[ \t]*(?:({_FLAT_STRINGS_RE})|({_FLAT_INTEGERS_RE})"
    rf"|([+-]?(?:0|[1-9][0-9]*))|({_LITERAL})|(true|false)|({_FLAT_NUMBERS_RE})"
    rf"|({_DECIMAL_RE})|({_LOCAL_TIME_RE})){_LINE_END_RE}"
).match


def parse(text: str) -> dict[str, Any] | None:
    """The TOML document ``text``, floats as the ``Decimal`` of their text; ``None`` when
    the text is not the plain TOML this reader knows (see the module's docstring)."""
    src = text.replace("\r\n", "\n")  # as tomllib does
    if _CONTROL.search(src):
        return None
    try:
        return _document(src)
    # ValueError: int() refuses more than 4300 digits; ArithmeticError: Decimal refuses
    # an exponent of 30 digits. tomllib calls the same and fails the same way.
    except (_Unsupported, ValueError, ArithmeticError):
        return None


def _document(src: str) -> dict[str, Any]:
    root: dict[str, Any] = {}
    table = root
    pos, end = 0, len(src)
    lines = _LINES
    scan = _scan
    while pos < end:
        if scan is not None:
            # The C scanner takes the usual lines from here on and stops at the start of
            # the first it is not sure of: that line is read below, then it goes on.
            pos, table = scan(src, pos, root, table)
            if pos == end:
                break
        newline = src.find("\n", pos)
        stop = end if newline < 0 else newline + 1
        line = src[pos:stop] if stop - pos <= _SHORT_LINE else None
        known = None if line is None else lines.get(line)
        if known is not None:
            name, value = known
            if name in table:
                raise _Unsupported
            table[name] = list(value) if type(value) is tuple else value  # a list of its own
            pos = stop
            continue
        plain = _PLAIN_LINE(src, pos)
        if plain:
            kind = plain.lastindex  # the value's group
            name, written = plain.group(1, kind)  # type: ignore[arg-type]
            if name in table:
                raise _Unsupported
            table[name] = value = _PLAIN_VALUE[kind](written)  # type: ignore[index]
            if line is not None and plain.end() == stop:
                if len(lines) >= _LINES_KEPT:
                    lines.clear()
                lines[line] = (name, tuple(value) if type(value) is list else value)
            pos = plain.end()
            continue
        statement = _STATEMENT(src, pos)
        if not statement:
            raise _Unsupported
        pos = statement.end()
        key, header = statement.groups()
        if key is not None:
            name = _key(key)
            if name in table:  # a key given twice: an error
                raise _Unsupported
            pos, table[name] = _value(src, pos, 0)
            line_end = _LINE_END(src, pos)
            if not line_end:
                raise _Unsupported
            pos = line_end.end()
        elif header is not None:
            name = _key(header)
            if name in root:  # a table declared twice, or over a value: an error
                raise _Unsupported
            table = root[name] = {}
    return root


_Scanner = Callable[[str, int, dict[str, Any], dict[str, Any]], tuple[int, dict[str, Any]]]


def _install_scanner() -> _Scanner | None:
    try:
        from holdem.history import _toml_accel
    except ImportError:  # built without a C compiler: the Python code reads every line
        return None
    _toml_accel.install(Decimal, dt.time)
    return _toml_accel.scan


_scan = _install_scanner()
ACCELERATED = _scan is not None
"""Whether the usual lines are read by the C scanner (``_toml_accel``), with the same results."""


# Short plain lines already read, with their key and value (arrays as tuples): most lines
# of a hand (the variant, blinds, venue, date, ...) are the lines of the hand before. The
# long ones (actions, stacks, names) are new each hand: looking them up would only cost.
_LINES: dict[str, tuple[str, Any]] = {}
_LINES_KEPT = 1 << 12
_SHORT_LINE = 64

_PLAIN_VALUE: dict[int, Callable[[str], Any]] = {
    2: _STRING_ITEMS,
    3: lambda written: _integer_array(written[1:-1]),
    4: int,
    5: lambda written: written[1:-1],
    6: lambda written: written == "true",
    7: lambda written: _number_array(written),
    8: lambda written: _number_of(written),
    9: lambda written: _local_time(cast(re.Match[str], _LOCAL_TIME(written))),
}
"""How to read each kind of value of :data:`_PLAIN_LINE`, by its group."""


def _key(written: str) -> str:
    if written[0] == "'":
        return written[1:-1]
    if written[0] == '"':
        return _unescape(written[1:-1])
    return written


def _value(src: str, pos: int, depth: int) -> tuple[int, Any]:
    char = src[pos : pos + 1]
    if char == "'":
        match = _LITERAL_STRING(src, pos)
        if match:
            return match.end(), match.group()[1:-1]
    elif char == '"':
        match = _BASIC_STRING(src, pos)
        if match:
            return match.end(), _unescape(match.group()[1:-1])
    elif char == "[":
        return _array(src, pos, depth + 1)
    elif char == "{":
        return _inline_table(src, pos, depth + 1)
    elif char == "t" and src.startswith("true", pos):
        return pos + 4, True
    elif char == "f" and src.startswith("false", pos):
        return pos + 5, False
    elif src[pos + 2 : pos + 3] == ":" and (time := _LOCAL_TIME(src, pos)):
        return time.end(), _local_time(time)
    else:
        number = _NUMBER(src, pos)
        if number:
            written = number.group()
            if number.group(1) or number.group(2):
                return number.end(), Decimal(written)
            return number.end(), int(written)
        for special in _SPECIAL_FLOATS:
            if src.startswith(special, pos):
                return pos + len(special), Decimal(special)
    raise _Unsupported


def _array(src: str, pos: int, depth: int) -> tuple[int, list[Any]]:
    flat = _FLAT_STRINGS(src, pos)
    if flat:
        return flat.end(), _STRING_ITEMS(flat.group())
    flat = _FLAT_INTEGERS(src, pos)
    if flat:
        return flat.end(), _integer_array(flat.group()[1:-1])
    flat = _FLAT_NUMBERS(src, pos)
    if flat:
        return flat.end(), _number_array(flat.group())
    if depth > MAX_DEPTH:
        raise _Unsupported
    items: list[Any] = []
    pos = _end_of(_ARRAY_WS(src, pos + 1))
    while src[pos : pos + 1] != "]":
        pos, item = _value(src, pos, depth)
        items.append(item)
        pos = _end_of(_ARRAY_WS(src, pos))
        after = src[pos : pos + 1]
        if after == ",":
            pos = _end_of(_ARRAY_WS(src, pos + 1))
        elif after != "]":
            raise _Unsupported
    return pos + 1, items


def _integer_array(items: str) -> list[int]:
    # The same short arrays of blinds and stacks come back hand after hand: each is read
    # once (and every value still gets a list of its own).
    return list(_short_integers(items) if len(items) <= 200 else _integers(items))


def _local_time(match: re.Match[str]) -> dt.time:
    hour, minute, second, fraction = match.groups()
    micros = int(fraction.ljust(6, "0")) if fraction else 0
    return dt.time(int(hour), int(minute), int(second), micros)


def _number_of(written: str) -> int | Decimal:
    # A float as the Decimal of its text (tomllib's parse_float=Decimal), else an int.
    return Decimal(written) if "." in written or "e" in written or "E" in written else int(written)


def _number_array(written: str) -> list[int | Decimal]:
    # As _integer_array: blinds and antes in cents repeat hand after hand.
    return list(_short_numbers(written) if len(written) <= 200 else _numbers(written))


def _numbers(written: str) -> tuple[int | Decimal, ...]:
    return tuple(map(_number_of, _NUMBER_ITEMS(written)))


_short_numbers = functools.lru_cache(maxsize=4096)(_numbers)


def _integers(items: str) -> tuple[int, ...]:
    if _LEADING_ZERO(items):
        raise _Unsupported
    written = items.split(",")
    if not written[-1].strip(" \t"):  # after a trailing comma, or in []
        written.pop()
    return tuple(map(int, written))  # a ValueError sends the text to tomllib


_short_integers = functools.lru_cache(maxsize=4096)(_integers)


def _inline_table(src: str, pos: int, depth: int) -> tuple[int, dict[str, Any]]:
    # A file's tables of settings (``_holdem_rules``) repeat hand after hand: one whose
    # text, up to its first "}", was read before as a whole table is that table again.
    close = src.find("}", pos) + 1
    written = src[pos:close] if depth == 1 and 0 < close - pos <= _SHORT_TABLE else None
    if written is not None:
        known = _TABLES.get(written)
        if known is not None:
            return close, _copied(known)
    end, table = _read_inline_table(src, pos, depth)
    if written is not None and end == close:
        if len(_TABLES) >= _TABLES_KEPT:
            _TABLES.clear()
        _TABLES[written] = _copied(table)
    return end, table


# Inline tables already read, by their text: the value is copied for every reader.
_TABLES: dict[str, dict[str, Any]] = {}
_TABLES_KEPT = 1 << 8
_SHORT_TABLE = 1 << 10


def _copied(value: Any) -> Any:
    """``value`` with tables and arrays of its own, all the way down (the rest is immutable)."""
    if type(value) is dict:
        return {name: _copied(item) for name, item in value.items()}
    if type(value) is list:
        return [_copied(item) for item in value]
    return value


def _read_inline_table(src: str, pos: int, depth: int) -> tuple[int, dict[str, Any]]:
    if depth > MAX_DEPTH:
        raise _Unsupported
    table: dict[str, Any] = {}
    pos = _end_of(_WS(src, pos + 1))
    if src.startswith("}", pos):
        return pos + 1, table
    while True:
        key_equals = _INLINE_KEY_EQUALS(src, pos)
        if not key_equals:
            raise _Unsupported
        name = _key(key_equals.group(1))
        if name in table:
            raise _Unsupported
        pos, table[name] = _value(src, key_equals.end(), depth)
        pos = _end_of(_WS(src, pos))
        after = src[pos : pos + 1]
        if after == "}":
            return pos + 1, table
        if after != ",":  # no trailing comma, newline or comment in an inline table
            raise _Unsupported
        pos = _end_of(_WS(src, pos + 1))


def _end_of(match: re.Match[str] | None) -> int:
    assert match is not None  # a pattern that matches the empty string
    return match.end()


def _unescape(body: str) -> str:
    return _ESCAPES.sub(_escaped, body) if "\\" in body else body


def _escaped(match: re.Match[str]) -> str:
    short, four, eight = match.groups()
    if short:
        return _SHORT_ESCAPES[short]
    code = int(four or eight, 16)
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:  # not a Unicode scalar value
        raise _Unsupported
    return chr(code)


def clear_cache() -> None:
    """Forget the lines, tables and numbers read so far (``holdem.history.clear_caches``)."""
    _short_integers.cache_clear()
    _short_numbers.cache_clear()
    _LINES.clear()
    _TABLES.clear()
