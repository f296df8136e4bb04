"""Prize payouts by field size: a percentage table and exact rounding.

>>> payouts(400, 8)
[200, 120, 80]
>>> payouts(1000, 7, unit=25)
[500, 300, 200]
>>> payouts(335, 8, unit=10)
[175, 100, 60]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise

from holdem.errors import ConfigError

__all__ = [
    "DEFAULT_PAYOUT_TABLE",
    "MAX_ENTRANTS",
    "PayoutTable",
    "graded_percentages",
    "payout_percentages",
    "payouts",
]

MAX_ENTRANTS = 100_000
PAID_SHARE_OF_BIG_FIELDS = 0.15  # past the table, the top 15% are paid, as in large events
MIN_CASH_BUY_INS = Fraction(3, 2)  # the last paid places get about 1.5 buy-ins back
_STEPS = 10_000  # graded percentages are whole ten-thousandths of a percent

PayoutTable = Sequence[tuple[int, Sequence[float]]]
"""Rows of (largest field size the row covers, percentages from first place down)."""

DEFAULT_PAYOUT_TABLE: PayoutTable = (
    (3, (100,)),
    (5, (65, 35)),
    (10, (50, 30, 20)),
    (18, (45, 27, 18, 10)),
    (27, (38, 24, 16, 12, 10)),
    (36, (34, 21, 14, 10, 8, 7, 6)),
    (45, (30, 19, 13, 10, 8, 6, 5, 5, 4)),
    (60, (28, 17, 12, 9, 7, 6, 5, 4, 4, 4, 4)),
    (80, (26, 16, 11, 8.5, 7, 5.5, 4.5, 3.5, 3, 3, 2.5, 2.5, 2.5, 2.5, 2)),
    (100, (25, 15, 10.5, 8, 6.5, 5, 4, 3.5, 3, 2.5, 2.5, 2.5, 2, 2, 2, 2, 2, 2)),
)


def payout_percentages(players: int, table: PayoutTable | None = None) -> tuple[float, ...]:
    """The percentages paid for a field of ``players`` (first place first).

    >>> payout_percentages(6)
    (50, 30, 20)
    """
    rows = DEFAULT_PAYOUT_TABLE if table is None else table
    if table is not None:  # the default table is checked by the tests, not at every call
        _check_table(rows)
    if players < 2:
        raise ConfigError(f"{players} players: a tournament needs at least 2")
    if players > MAX_ENTRANTS:
        raise ConfigError(f"{players:,} players: this plans fields of up to {MAX_ENTRANTS:,}")
    for largest, percentages in rows:
        if players <= largest:
            return tuple(percentages)
    if table is None:
        return graded_percentages(players, round(players * PAID_SHARE_OF_BIG_FIELDS))
    raise ConfigError(
        f"the payout table covers fields of up to {rows[-1][0]} players, not {players}: "
        "pass a table with a row for it"
    )


def payouts(
    prize_pool: int, players: int, unit: int = 1, table: PayoutTable | None = None
) -> list[int]:
    """Each paid place's prize: the table's share rounded down to ``unit``, with what
    rounding leaves over going to first place, so the prizes add up to the pool exactly."""
    if prize_pool < 0:
        raise ConfigError(f"prize pool {prize_pool}: must be 0 or more")
    if unit < 1:
        raise ConfigError(f"rounding unit {unit}: must be at least 1")
    return prizes_of(prize_pool, payout_percentages(players, table), unit)


def prizes_of(prize_pool: int, percentages: Sequence[float], unit: int = 1) -> list[int]:
    """Each place's prize from its percentage, rounded down to ``unit``; the chips that
    rounding leaves go to first place. A rounding that would leave a paid place with
    nothing is refused: a paid place is paid."""
    if unit < 1:
        raise ConfigError(f"rounding unit {unit}: must be at least 1")
    amounts = [int(prize_pool * Fraction(str(p)) / 100 // unit) * unit for p in percentages]
    amounts[0] += prize_pool - sum(amounts)
    unpaid = [place for place, amount in enumerate(amounts, 1) if amount == 0]
    if prize_pool > 0 and unpaid:
        raise ConfigError(
            f"a prize pool of {prize_pool:,} rounded to {unit:,} leaves place {unpaid[0]}"
            f"{' and below' if len(unpaid) > 1 else ''} with nothing: round to a smaller "
            "unit or pay fewer places"
        )
    return amounts


def graded_percentages(players: int, places: int) -> tuple[float, ...]:
    """Percentages for ``places`` paid places of a field of ``players``, for fields and
    place counts the table has no row for: every paid place gets about 1.5 buy-ins
    (``MIN_CASH_BUY_INS``), and the rest of the pool falls off as 1/place, so first
    place gets the most and no place more than the one above it.

    >>> graded_percentages(200, 30)[:3], len(graded_percentages(200, 30))
    ((20.1507, 10.4496, 7.2164), 30)
    """
    if not 1 <= places <= players:
        raise ConfigError(f"{places} places paid: pay 1 to {players} places of {players}")
    floor = min(MIN_CASH_BUY_INS / players, Fraction(1, places))
    spare = 1 - floor * places
    harmonic = sum(Fraction(1, i) for i in range(1, places + 1))
    steps = [int((floor + spare / (i * harmonic)) * 100 * _STEPS) for i in range(1, places + 1)]
    steps[0] += 100 * _STEPS - sum(steps)
    if steps[-1] < 1:
        raise ConfigError(f"{places:,} places cannot all be paid a share of the pool")
    return tuple(step / _STEPS for step in steps)


def _check_table(rows: PayoutTable) -> None:
    if not rows:
        raise ConfigError("the payout table has no rows")
    previous = 0
    for largest, percentages in rows:
        where = f"payout row for up to {largest} players"
        if largest <= previous:
            raise ConfigError(f"{where}: rows must cover growing field sizes")
        if not percentages:
            raise ConfigError(f"{where}: pays no one")
        smallest_field = max(previous + 1, 2)
        if len(percentages) > smallest_field:
            raise ConfigError(
                f"{where}: pays {len(percentages)} places but the row starts at "
                f"{smallest_field} players"
            )
        shares = [Fraction(str(p)) for p in percentages]
        if any(s <= 0 for s in shares):
            raise ConfigError(f"{where}: every percentage must be above 0")
        if any(later > earlier for earlier, later in pairwise(shares)):
            raise ConfigError(f"{where}: a lower place cannot pay more than a higher one")
        if sum(shares) != 100:
            raise ConfigError(f"{where}: percentages add up to {float(sum(shares)):g}, not 100")
        previous = largest
