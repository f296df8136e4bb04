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

__all__ = ["DEFAULT_PAYOUT_TABLE", "PayoutTable", "payout_percentages", "payouts"]

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
    _check_table(rows)
    if players < 2:
        raise ConfigError(f"{players} players: a tournament needs at least 2")
    for largest, percentages in rows:
        if players <= largest:
            return tuple(percentages)
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
    percentages = payout_percentages(players, table)
    amounts = [int(prize_pool * Fraction(str(p)) / 100 // unit) * unit for p in percentages]
    amounts[0] += prize_pool - sum(amounts)
    return amounts


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
