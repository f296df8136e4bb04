"""holdem: Texas Hold'em, exactly. Cards, a fast hand evaluator, and (growing) a rules
engine, odds and a cardroom.

The evaluator is imported on first use, so ``import holdem`` stays fast:

>>> import holdem
>>> holdem.evaluate(holdem.parse_cards("AsKs QsJsTs2d3c")).describe()
'Royal flush'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from holdem.cards import Card, Deck, format_cards, parse_cards
from holdem.errors import (
    DeckError,
    DuplicateCardError,
    HoldemError,
    InvalidCardsError,
    ParseError,
)

if TYPE_CHECKING:
    from holdem.evaluator import (
        Category,
        Comparison,
        HandValue,
        compare,
        evaluate,
        evaluate_batch,
    )

__version__ = "0.1.0"

_LAZY = {"Category", "Comparison", "HandValue", "compare", "evaluate", "evaluate_batch"}

__all__ = [
    "Card",
    "Category",
    "Comparison",
    "Deck",
    "DeckError",
    "DuplicateCardError",
    "HandValue",
    "HoldemError",
    "InvalidCardsError",
    "ParseError",
    "compare",
    "evaluate",
    "evaluate_batch",
    "format_cards",
    "parse_cards",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from holdem import evaluator

        return getattr(evaluator, name)
    raise AttributeError(f"module 'holdem' has no attribute {name!r}")
