"""Hand evaluation: the value of a hand, many hands at once, and showdowns explained.

- ``evaluate(cards)``: a ``HandValue`` for 5, 6 or 7 cards.
- ``evaluate_batch(codes, out=None, validate=True)``: strengths for an array of hands (numba).
- ``compare(board, *holes)``: the winners and the reason in words.

The names are imported on first use: ``evaluate`` loads the lookup tables (built once,
then cached on disk), ``evaluate_batch`` imports numba when first called, and a caller
that wants only the tables (``holdem.evaluator.tables``, as the compiled kernels do)
pays for neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from holdem._lazy import lazy_names

if TYPE_CHECKING:
    import numpy as np

    from holdem.evaluator.classes import CLASSES, Category, HandClass, category_of
    from holdem.evaluator.comparison import Comparison, compare, explain
    from holdem.evaluator.hand_value import HandValue
    from holdem.evaluator.scalar import evaluate

_HOMES = {
    "CLASSES": "classes",
    "Category": "classes",
    "HandClass": "classes",
    "category_of": "classes",
    "Comparison": "comparison",
    "compare": "comparison",
    "explain": "comparison",
    "HandValue": "hand_value",
    "evaluate": "scalar",
}

__all__ = [
    "CLASSES",
    "Category",
    "Comparison",
    "HandClass",
    "HandValue",
    "category_of",
    "compare",
    "evaluate",
    "evaluate_batch",
    "explain",
]


def evaluate_batch(
    codes: Any, *, out: np.ndarray | None = None, validate: bool = True
) -> np.ndarray:
    """Strengths of an (N, 5..7) array of card codes; see ``holdem.evaluator.batch``."""
    from holdem.evaluator.batch import evaluate_batch as kernel

    return kernel(codes, out=out, validate=validate)


__getattr__ = lazy_names(__name__, _HOMES)
