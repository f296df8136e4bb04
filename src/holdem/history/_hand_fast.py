"""The usual hand read in one pass: :func:`plain_hand`.

Almost every hand of a real file has the same few fields with the plainest values
(strings, whole numbers, arrays of them, amounts in one unit). Reading such a hand field
by field and then checking the whole of it (``HandHistory.from_table``) costs more than
replaying it through the compiled kernel, so this reads and checks it at once, mostly
with whole-array tests at C speed.

It only decides; it never words an error. Anything it does not accept (a field it does
not know, an odd type, a value out of bounds, an action that does not parse) gives None,
and ``from_table`` reads the hand the long way, with its messages. Whatever it accepts
is the very value ``from_table`` gives (``tests/history/test_hand_fast.py`` holds it to
that on every corpus hand and on spoilt ones).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from decimal import Context, Decimal, Inexact, InvalidOperation
from functools import reduce
from typing import TYPE_CHECKING, Any

from holdem.history._fields import (
    GAME_AMOUNTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RESULTS,
    VARIANTS,
    only,
)
from holdem.history._toml import freeze
from holdem.history.actions import Action, acting_player, amount_places, parse_action
from holdem.history.errors import PHHError
from holdem.history.units import MAX_PLACES, ONE, unit_of_places

if TYPE_CHECKING:
    from holdem.history.hand import HandHistory


def _is_str(value: object) -> bool:
    return type(value) is str


def _is_bool(value: object) -> bool:
    return type(value) is bool


def _is_whole(value: object) -> bool:
    return type(value) is int and value >= 0


def _is_number_or_str(value: object) -> bool:
    return type(value) is str or (type(value) is int and value >= 0)


def _is_time(value: object) -> bool:
    return isinstance(value, dt.time | dt.date)


def _are_str(value: object) -> bool:
    return type(value) is list and only(str, value)


def _are_whole(value: object) -> bool:
    return type(value) is list and only(int, value) and min(value, default=0) >= 0


# The fields a plain hand may have besides the amounts, each with the test its value must
# pass to be taken as it is (those values need no conversion).
_PLAIN: dict[str, Callable[[object], bool]] = {
    "variant": lambda value: type(value) is str and value in VARIANTS,
    "ante_trimming_status": _is_bool,
    "players": _are_str,
    "seats": _are_whole,
    "hand": _is_number_or_str,
    "table": _is_number_or_str,
    "seat_count": _is_whole,
    "level": _is_whole,
    "day": _is_whole,
    "month": _is_whole,
    "year": _is_whole,
    "time": _is_time,
    **dict.fromkeys(
        (
            "author", "event", "url", "venue", "address", "city", "region", "postal_code",
            "country", "time_zone", "time_zone_abbreviation", "currency", "currency_symbol",
        ),
        _is_str,
    ),
}  # fmt: skip
_PER_PLAYER = ("antes", "blinds_or_straddles", "players", "seats", "finishing_stacks", "winnings")
# The amount fields, each with the least it may be (a stack of 0 would be no player; inf,
# an unknown stack, is not a whole number and goes the long way).
_LIST_AMOUNTS = {
    "antes": 0,
    "blinds_or_straddles": 0,
    "starting_stacks": 1,
    "finishing_stacks": 0,
    "winnings": 0,
}
_SCALAR_AMOUNTS = {"min_bet": 1, "small_bet": 1, "big_bet": 1, "rake": 0}
_AMOUNT_BOUNDS = {**_LIST_AMOUNTS, **_SCALAR_AMOUNTS}
_NEEDED = frozenset(("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions"))
_KNOWN = frozenset((*_PLAIN, *_AMOUNT_BOUNDS, "actions"))


def plain_hand(cls: type[HandHistory], table: Mapping[str, Any]) -> HandHistory | None:
    """``cls.from_table(table)`` for a plain hand; None for any other (or a bad one)."""
    own = table.keys() - _KNOWN
    if not table.keys() >= _NEEDED or not all(key[:1] == "_" for key in own):
        return None  # a field PHH leaves to users starts with "_", kept as it is in extra
    texts = table["actions"]
    if type(texts) is not list or not only(str, texts):
        return None
    fields: dict[str, Any] = {}
    for key, value in table.items():
        test = _PLAIN.get(key)
        if test is not None:
            if not test(value):
                return None
            fields[key] = tuple(value) if type(value) is list else value
    amounts = _whole_amounts(table) or _amounts_in_units(table, texts)
    if amounts is None:
        return None
    unit, read = amounts
    fields.update(read)
    actions = _actions(texts, unit)
    if actions is None:
        return None
    fields["actions"], most = actions
    if not _consistent(fields, most):
        return None
    extra = {key: freeze(value) for key, value in table.items() if key in own} if own else {}
    return cls._trusted(fields, unit, extra)


def _whole_amounts(table: Mapping[str, Any]) -> tuple[Decimal, dict[str, Any]] | None:
    """The amount fields of a hand of whole chips within their bounds, as they are; None
    for any other hand. (``_amounts_in_units`` gives the same, at three times the cost.)"""
    read: dict[str, Any] = {}
    for name, low in _LIST_AMOUNTS.items():
        values = table.get(name)
        if values is not None:
            if type(values) is not list or not only(int, values) or min(values, default=low) < low:
                return None
            read[name] = tuple(values)
    for name, low in _SCALAR_AMOUNTS.items():
        value = table.get(name)
        if value is not None:
            if type(value) is not int or value < low:
                return None
            read[name] = value
    return ONE, read  # (an action's bet in a finer unit does not parse in whole chips)


def _amounts_in_units(
    table: Mapping[str, Any], texts: list[str]
) -> tuple[Decimal, dict[str, Any]] | None:
    """The hand's unit (from the most decimal places its game amounts and bets are written
    with) and its amount fields counted in it, all whole units within their bounds; None
    for any other hand (an unknown stack, a result finer than the unit, a value out of
    bounds or not a number)."""
    fractions = _decimals_of(table, GAME_AMOUNTS)
    if fractions is None:
        return None
    places = _places_of(fractions)
    for text in texts:
        if "." in text:  # most actions have no decimals
            places = max(places, amount_places(text))
    if places > MAX_PLACES:
        return None
    results = _decimals_of(table, RESULTS)
    if results is None or _places_of(results) > places:
        return None  # (a result written finer than the unit, if only with zeros, is kept so)
    scale = _SCALES[places]
    read: dict[str, Any] = {}
    try:
        for name, low in _AMOUNT_BOUNDS.items():  # (_decimals_of checked their shapes)
            value = table.get(name)
            if value is not None:
                values = value if type(value) is list else (value,)
                units = [
                    v * scale if type(v) is int else int(v.scaleb(places, _EXACT)) for v in values
                ]
                if min(units, default=low) < low:
                    return None
                read[name] = tuple(units) if type(value) is list else units[0]
    except ArithmeticError:  # past even _EXACT's 64 digits: only hostile files get here
        return None
    return unit_of_places(places), read


def _decimals_of(table: Mapping[str, Any], names: tuple[str, ...]) -> list[Decimal] | None:
    """The Decimals among the amounts of these fields (its ints need no look); None when
    one is neither, is not a finite number of fewer than _MOST_DIGITS digits, or a field
    is a list where one amount belongs or the reverse."""
    found: list[Decimal] = []
    for name in names:
        value = table.get(name)
        if value is None:
            continue
        if (type(value) is list) is not (name in _LIST_AMOUNTS):
            return None
        values = value if type(value) is list else (value,)
        kinds = {*map(type, values)}
        if kinds <= _INT:
            continue  # whole numbers have no places (antes of 0, mostly)
        if not kinds <= _NUMBER:
            return None
        found += [v for v in values if type(v) is Decimal]
    if found and max(map(Decimal.adjusted, found)) >= _MOST_DIGITS:
        return None  # too large to be a stack (or a zero written with a huge exponent)
    return found


def _places_of(decimals: list[Decimal]) -> int:
    """The most decimal places of these; past MAX_PLACES for infinities and NaN, which
    have none (and no hand may have)."""
    if not decimals:
        return 0
    try:
        # Exact addition keeps the finest exponent of its terms (1.50 + 2 is 3.50): one
        # look at the sum instead of one at each amount.
        exponent = reduce(_EXACT.add, decimals).as_tuple().exponent
    except ArithmeticError:  # inf - inf, or more digits than _EXACT's 64
        return MAX_PLACES + 1
    return MAX_PLACES + 1 if type(exponent) is not int else max(0, -exponent)


# Exact, wide enough for any amount of _MOST_DIGITS digits in any unit PHH allows.
_EXACT = Context(prec=64, traps=[Inexact, InvalidOperation])
_MOST_DIGITS = 24
_SCALES: list[int] = [10**places for places in range(MAX_PLACES + 1)]
_INT = frozenset((int,))
_NUMBER = frozenset((int, Decimal))


# Parsed actions by unit and text, each with the player it names (-1 for the board):
# the same few hundred texts make up most of the actions of a file.
_PARSED: dict[Decimal, dict[str, tuple[Action, int]]] = {}
_PARSED_KEPT = 1 << 16


def clear_cache() -> None:
    """Forget the actions parsed so far (``holdem.history.clear_caches``)."""
    _PARSED.clear()


def _actions(texts: list[str], unit: Decimal) -> tuple[tuple[Action, ...], int] | None:
    """The actions and the highest player they name; None unless every one parses."""
    parsed = _PARSED.get(unit)
    if parsed is None or len(parsed) > _PARSED_KEPT:
        parsed = _PARSED[unit] = {}
    actions = []
    most = -1
    for text in texts:
        known = parsed.get(text)
        if known is None:
            try:
                action = parse_action(text, unit)
            except PHHError:
                return None
            player = acting_player(action)
            known = parsed[text] = (action, -1 if player is None else player)
        actions.append(known[0])
        if known[1] > most:
            most = known[1]
    return tuple(actions), most


def _consistent(fields: Mapping[str, Any], most: int) -> bool:
    """The checks of a whole hand that its single fields do not make: a player count,
    one entry per player, the bet sizes of the variant, actions by players it has."""
    n = len(fields["starting_stacks"])
    if not MIN_PLAYERS <= n <= MAX_PLAYERS or most >= n:
        return False
    for name in _PER_PLAYER:
        values = fields.get(name)
        if values is not None and len(values) != n:
            return False
    if fields["variant"] == "FT":
        return "min_bet" not in fields and "small_bet" in fields and "big_bet" in fields
    return "min_bet" in fields and "small_bet" not in fields and "big_bet" not in fields
