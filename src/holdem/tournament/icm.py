"""The Independent Chip Model (Malmuth-Harville): what a stack is worth in prize money.

Each player finishes first with probability stack / chips in play; given who finished
above, the rest finish next in proportion to their stacks the same way. Exact, by
recursion over the set of players still to place (memoised: fine up to about 12 players).

>>> icm([3000, 1000], [100, 0])
[75.0, 25.0]
>>> [round(x, 2) for x in icm([5000, 3000, 2000], [50, 30, 20])]
[38.39, 32.75, 28.86]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from holdem.errors import ConfigError

__all__ = ["MAX_ICM_PLAYERS", "icm"]

MAX_ICM_PLAYERS = 13


def icm(stacks: Sequence[int | float], payouts: Sequence[int | float]) -> list[float]:
    """Each player's prize equity, in the order of ``stacks``; adds up to the paid prizes.

    ``payouts`` lists the prizes from first place down (fewer than the players is fine: the
    rest win nothing). Players with no chips place below everyone with chips, sharing the
    places left equally.
    """
    n = len(stacks)
    if n == 0:
        raise ConfigError("icm needs at least one stack")
    if n > MAX_ICM_PLAYERS:
        raise ConfigError(f"{n} players: exact ICM is limited to {MAX_ICM_PLAYERS}")
    if any(s < 0 for s in stacks):
        raise ConfigError(f"stacks {list(stacks)}: a stack cannot be negative")
    if not any(s > 0 for s in stacks):
        raise ConfigError("no stack has chips")
    if len(payouts) > n:
        raise ConfigError(f"{len(payouts)} prizes for {n} players: at most one per player")
    if any(p < 0 for p in payouts):
        raise ConfigError(f"prizes {list(payouts)}: a prize cannot be negative")
    prizes = [float(p) for p in payouts] + [0.0] * (n - len(payouts))
    chips = [float(s) for s in stacks]

    @cache
    def equities(left: frozenset[int]) -> tuple[float, ...]:
        """Equity of every player (0 for those placed) from the places ``left`` fill."""
        place = n - len(left)
        result = [0.0] * n
        total = sum(chips[i] for i in left)
        if total == 0:  # only empty stacks remain: they share the places left
            share = sum(prizes[place:]) / len(left)
            for i in left:
                result[i] = share
            return tuple(result)
        for winner in left:
            p = chips[winner] / total
            if p == 0:
                continue
            result[winner] += p * prizes[place]
            if len(left) > 1:
                below = equities(left - {winner})
                for i in left:
                    result[i] += p * below[i]
        return tuple(result)

    return list(equities(frozenset(range(n))))
