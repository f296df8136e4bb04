"""Odds: ranges, equity (exact and Monte Carlo), outs, pot odds and starting hands.

- ``parse_range("QQ+,AKs")``: a ``Range`` of weighted two-card combinations.
- ``equity(players, board=None, dead=None, exact=None, trials=None)``: each player's
  equity, wins and ties; exact when that is little work, Monte Carlo otherwise.
- ``outs(hand, board, vs)``: the cards that make a hand win or tie, beside the rule
  of 2 and 4 (R49).
- ``pot_odds(pot, call)``: the break-even equity of a call (R49), ``call_ev``.
- ``STARTING_HANDS``, ``frequencies()``, ``group_of``: the 169 classes (R47, R48);
  ``equity_vs_random()``: each class's equity against a random hand (cached).
- ``seven_card_categories()``: the R50 table, counted by the evaluator.

Importing this package is light: numpy, numba and the evaluator's tables load when an
equity is first computed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from holdem.odds.errors import OddsError, RangeParseError
from holdem.odds.potodds import PotOdds, call_ev, pot_odds
from holdem.odds.ranges import Combo, Range, parse_range
from holdem.odds.starting import (
    STARTING_HANDS,
    Frequencies,
    Group,
    StartingHand,
    class_of,
    frequencies,
    group_of,
    starting_hand,
)

if TYPE_CHECKING:
    from holdem.odds.categories import CategoryCounts, five_card_categories, seven_card_categories
    from holdem.odds.equities import EquityResult, PlayerEquity, equity
    from holdem.odds.improve import Outs, outs
    from holdem.odds.vs_random import equity_vs_random

_LAZY = {
    "EquityResult": "equities",
    "PlayerEquity": "equities",
    "equity": "equities",
    "Outs": "improve",
    "outs": "improve",
    "equity_vs_random": "vs_random",
    "CategoryCounts": "categories",
    "five_card_categories": "categories",
    "seven_card_categories": "categories",
}

__all__ = [
    "STARTING_HANDS",
    "CategoryCounts",
    "Combo",
    "EquityResult",
    "Frequencies",
    "Group",
    "OddsError",
    "Outs",
    "PlayerEquity",
    "PotOdds",
    "Range",
    "RangeParseError",
    "StartingHand",
    "call_ev",
    "class_of",
    "equity",
    "equity_vs_random",
    "five_card_categories",
    "frequencies",
    "group_of",
    "outs",
    "parse_range",
    "pot_odds",
    "seven_card_categories",
    "starting_hand",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(f"holdem.odds.{_LAZY[name]}"), name)
    raise AttributeError(f"module 'holdem.odds' has no attribute {name!r}")
