"""Splitting a whole amount of money or chips exactly: every unit goes to someone.

>>> split(10, [1, 1, 1])
[4, 3, 3]
>>> split(7, [2, 1])
[5, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import lcm

from holdem.errors import ConfigError

__all__ = ["split"]


def split(amount: int, weights: Sequence[int | Fraction]) -> list[int]:
    """``amount`` in whole units, in proportion to ``weights``: each gets the floor of its
    exact share, and the units left go one each to the largest remainders (the earlier
    in the list on a tie), so the parts add up to ``amount`` exactly."""
    if amount < 0:
        raise ConfigError(f"amount {amount}: cannot split a negative amount")
    if not weights or any(w < 0 for w in weights) or sum(weights) == 0:
        raise ConfigError("split needs one or more weights of 0 or more, not all 0")
    # Whole weights in the same proportions: the shares are then integer arithmetic.
    scale = lcm(*(Fraction(w).denominator for w in weights))
    whole = [int(w * scale) for w in weights]
    total = sum(whole)
    parts = [w * amount // total for w in whole]
    remainders = [w * amount % total for w in whole]
    order = sorted(range(len(whole)), key=lambda i: (-remainders[i], i))
    for i in order[: amount - sum(parts)]:
        parts[i] += 1
    return parts
