"""A heads-up No-Limit postflop solver: discounted CFR over whole ranges.

>>> from holdem.solver import solve
>>> solution = solve(board="Td9d6hQc7s", oop_range="AA,72o", ip_range="KK",
...                  pot=100, stack=100, sizes={"river": {"bet": "100%"}})  # doctest: +SKIP
>>> solution.report("")["node"]["actions"]  # doctest: +SKIP
['check', 'allin 100']

See docs/solver.md for the spot format, the algorithm and the figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from holdem._lazy import lazy_names

if TYPE_CHECKING:
    from holdem.solver.solution import Solution, solve
    from holdem.solver.spot import Spot, SpotError

_HOMES = {"Solution": "solution", "solve": "solution", "Spot": "spot", "SpotError": "spot"}

__all__ = ["Solution", "Spot", "SpotError", "solve"]

__getattr__ = lazy_names(__name__, _HOMES)
