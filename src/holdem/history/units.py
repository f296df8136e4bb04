"""Amounts and their unit: the one place where a PHH amount becomes an integer and back.

A hand history counts every amount in integer *units* of its ``chip_unit``, a power of
ten: ``1`` for whole chips, ``Decimal("0.01")`` for a file in dollars and cents. The
engine plays the integers; only reading and writing see the unit.

- The unit of a file is ``10**-d`` for the most decimal places ``d`` written in any game
  amount (antes, blinds, bets, stacks): ``200.30`` has two, ``197`` and ``1e3`` none. A
  file of whole numbers has the unit 1 and reads as it always did.
- An amount is written as ``units * unit`` with the unit's decimal places: 20030 units
  of 0.01 is ``200.30``, never ``200.3`` or ``20030``.
- A result (finishing stack, winnings, rake) may be finer than the unit (the Pluribus
  files write half chips, ``10112.5``, in whole-chip hands): it is kept as a ``Decimal``
  count of units with its digits as written, and written back the same.

>>> unit = unit_for([Decimal("200.30"), 197, Decimal("0.25")])
>>> unit
Decimal('0.01')
>>> to_units(Decimal("200.30"), unit), to_units("3", unit)
(20030, 300)
>>> format_amount(20030, unit), format_amount(5, Decimal(1)), amount_of(25, unit)
('200.30', '5', Decimal('0.25'))
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Context, Decimal, Inexact, InvalidOperation

from holdem.history.errors import PHHError

__all__ = [
    "MAX_PLACES",
    "ONE",
    "Units",
    "amount_of",
    "check_unit",
    "format_amount",
    "places_of",
    "result_units",
    "to_units",
    "unit_for",
    "unit_of_places",
    "unit_places",
]

ONE = Decimal(1)
MAX_PLACES = 8
"""The finest unit a file may use, in decimal places (a hundred-millionth)."""
_MAX_DIGITS = 30  # digits before the point: 1e999999 must not become a million-digit int
# Wide enough for any amount within the bounds above, and exact: rounding would raise.
_EXACT = Context(prec=64, traps=[Inexact, InvalidOperation])

Units = int | Decimal
"""A count of units: an ``int``, or a ``Decimal`` for a result finer than the unit."""


def places_of(value: int | Decimal) -> int:
    """The decimal places an amount was written with: 2 for ``200.30``, 0 for ``197``."""
    if isinstance(value, int) or not value.is_finite():
        return 0
    return max(0, -int(value.as_tuple().exponent))


def unit_places(unit: Decimal) -> int:
    """The decimal places of a unit: 2 for ``0.01``, 0 for ``1``."""
    return places_of(unit)


def check_unit(unit: object) -> Decimal:
    """``unit`` if it is a power of ten from 1 down to ``10**-MAX_PLACES``; else raise."""
    if isinstance(unit, Decimal) and unit.is_finite():
        places = places_of(unit)
        if places <= MAX_PLACES and unit == ONE.scaleb(-places):
            return unit
    raise PHHError(
        f"{unit!r} is not a chip unit: the unit is a power of ten, Decimal(1) for whole chips "
        f"down to Decimal('1e-{MAX_PLACES}'), like Decimal('0.01') for cents",
        field="chip_unit",
    )


def unit_for(amounts: Iterable[int | Decimal]) -> Decimal:
    """The unit of amounts as written: 10**-d for the most decimal places d among them.

    An amount with more than ``MAX_PLACES`` places raises :class:`PHHError`.
    """
    return unit_of_places(max(map(places_of, amounts), default=0))


def unit_of_places(places: int) -> Decimal:
    """``10**-places``; raise :class:`PHHError` beyond ``MAX_PLACES``."""
    if places > MAX_PLACES:
        raise PHHError(f"an amount has {places} decimal places: amounts have at most {MAX_PLACES}")
    return ONE.scaleb(-places) if places else ONE


def to_units(amount: int | Decimal | str, unit: Decimal) -> int:
    """An amount as a whole number of units; raise :class:`PHHError` if it is finer.

    ``amount`` is a count of chips or currency (``Decimal("200.30")``, ``"3.00"``, ``197``),
    not of units.
    """
    units = _scaled(amount, unit)
    if isinstance(units, Decimal):
        places = unit_places(unit)
        allowed = f"at most {places} decimal places" if places else "whole numbers"
        raise PHHError(
            f"{amount} is finer than the hand's unit of {unit}: its amounts are {allowed}"
        )
    return units


def result_units(amount: int | Decimal, unit: Decimal) -> Units:
    """A result as units: whole units as an ``int``; anything finer (a recorded half chip)
    as a ``Decimal`` count of units that keeps the digits as written."""
    return _scaled(amount, unit)


def amount_of(units: Units, unit: Decimal) -> Decimal:
    """The amount ``units`` stand for, with the unit's decimal places (or a finer result's)."""
    if isinstance(units, Decimal) and not units.is_finite():
        return units
    sign, digits, exponent = Decimal(units).as_tuple()
    assert isinstance(exponent, int)
    return Decimal((sign, digits, exponent - unit_places(unit)))


def format_amount(units: Units, unit: Decimal) -> str:
    """The text of an amount in a PHH file or action: ``'200.30'``, ``'5'``, ``'inf'``."""
    if isinstance(units, int) and unit == ONE:
        return str(units)
    amount = amount_of(units, unit)
    if not amount.is_finite():
        return "nan" if amount.is_nan() else ("-inf" if amount < 0 else "inf")
    return format(amount, "f")


def _scaled(amount: int | Decimal | str, unit: Decimal) -> Units:
    places = unit_places(unit)
    if isinstance(amount, int):
        return amount * int(10**places)
    value = _decimal(amount)
    if not value.is_finite():
        return value
    if value.adjusted() >= _MAX_DIGITS:
        raise PHHError(
            f"an amount of {value.adjusted() + 1} digits is too large: amounts have at most "
            f"{_MAX_DIGITS} digits before the point"
        )
    scaled = value.scaleb(places, _EXACT)
    if places_of(value) <= places:
        return int(scaled)
    return scaled


def _decimal(amount: Decimal | str) -> Decimal:
    if isinstance(amount, Decimal):
        return amount
    try:
        return Decimal(amount)
    except InvalidOperation:
        raise PHHError(f"{amount!r} is not a number") from None
