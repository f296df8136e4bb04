"""The prizes of a live prize pool: the payout table, a guarantee, satellite seats.

>>> prizes(1000, 8)
[500, 300, 200]
>>> prizes(1000, 8, guarantee=1500)
[750, 450, 300]
>>> prizes(1000, 40, seat=300)
[300, 300, 300, 100]
"""

from __future__ import annotations

from holdem.errors import ConfigError
from holdem.tournament.payouts import PayoutTable, payout_percentages, prizes_of

__all__ = ["prizes", "satellite_prizes"]


def prizes(
    pool: int,
    entries: int,
    *,
    guarantee: int = 0,
    seat: int | None = None,
    table: PayoutTable | None = None,
) -> list[int]:
    """Each paid place's prize, first place first, adding up to the pool (or the guarantee
    when the pool falls short of it). ``seat``: a satellite paying whole seats."""
    paid = max(pool, guarantee)
    if seat is not None:
        return satellite_prizes(paid, seat, entries)
    if entries < 2:
        return [paid] if paid else []
    shares = payout_percentages(entries, table)
    # A pool too small for every place of the table pays fewer places, the rest to first.
    for places in range(len(shares), 0, -1):
        try:
            return prizes_of(paid, shares[:places])
        except ConfigError:
            continue
    return [paid]


def satellite_prizes(pool: int, seat: int, entries: int | None = None) -> list[int]:
    """Whole seats of value ``seat`` from the top, the remainder to the next place; never
    more places than entries (the last seat then takes what is left over).

    >>> satellite_prizes(1000, 300)
    [300, 300, 300, 100]
    >>> satellite_prizes(200, 300)
    [200]
    """
    if seat < 1:
        raise ConfigError(f"seat value {seat}: must be 1 or more")
    seats, remainder = divmod(pool, seat)
    paid = [seat] * seats + ([remainder] if remainder else [])
    if entries is not None and len(paid) > max(entries, 1):
        keep = max(entries, 1)
        paid = [*paid[: keep - 1], sum(paid[keep - 1 :])]
    return paid
