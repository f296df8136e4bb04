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
from fractions import Fraction
from typing import TypeVar

from holdem.errors import ConfigError

__all__ = ["MAX_ICM_PLAYERS", "exact_icm", "icm"]

N = TypeVar("N", float, Fraction)

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
    return _harville([float(s) for s in stacks], prizes)


def exact_icm(stacks: Sequence[int], payouts: Sequence[int]) -> list[Fraction]:
    """``icm`` in exact fractions: what a deal that pays money is worked out with.

    >>> exact_icm([3, 1], [100])
    [Fraction(75, 1), Fraction(25, 1)]
    """
    icm(stacks, payouts[: len(stacks)])  # the same checks
    prizes = [Fraction(p) for p in payouts] + [Fraction(0)] * (len(stacks) - len(payouts))
    return _harville([Fraction(s) for s in stacks], prizes)


def _harville(chips: Sequence[N], prizes: Sequence[N]) -> list[N]:
    n = len(chips)
    zero = chips[0] * 0
    memo: dict[frozenset[int], tuple[N, ...]] = {}

    def equities(left: frozenset[int]) -> tuple[N, ...]:
        """Equity of every player (0 for those placed) from the places ``left`` fill."""
        if left in memo:
            return memo[left]
        place = n - len(left)
        result = [zero] * n
        total = sum((chips[i] for i in left), zero)
        if total == 0:  # only empty stacks remain: they share the places left
            share = sum(prizes[place:], zero) / len(left)
            for i in left:
                result[i] = share
            memo[left] = tuple(result)
            return memo[left]
        for winner in left:
            p = chips[winner] / total
            if p == 0:
                continue
            result[winner] += p * prizes[place]
            if len(left) > 1:
                below = equities(left - {winner})
                for i in left:
                    result[i] += p * below[i]
        memo[left] = tuple(result)
        return memo[left]

    return list(equities(frozenset(range(n))))
