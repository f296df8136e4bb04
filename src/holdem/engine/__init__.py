"""The rules engine: one hand of Texas Hold'em as a deterministic state machine.

The names below are imported on first use, so a command that only needs the settings
or the compiled kernel (``holdem replay``) does not pay for ``Hand`` and the evaluator
it pulls in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from holdem._lazy import lazy_names

if TYPE_CHECKING:
    from holdem.engine.actions import Action, ActionKind, AmountRange, LegalActions
    from holdem.engine.config import AnteKind, HandConfig, ShortAllInRule, Structure
    from holdem.engine.hand import Hand, Phase
    from holdem.engine.result import HandResult, PotResult, ShownHand

_HOMES = {
    "Action": "actions",
    "ActionKind": "actions",
    "AmountRange": "actions",
    "LegalActions": "actions",
    "AnteKind": "config",
    "HandConfig": "config",
    "ShortAllInRule": "config",
    "Structure": "config",
    "Hand": "hand",
    "Phase": "hand",
    "HandResult": "result",
    "PotResult": "result",
    "ShownHand": "result",
}

__all__ = [
    "Action",
    "ActionKind",
    "AmountRange",
    "AnteKind",
    "Hand",
    "HandConfig",
    "HandResult",
    "LegalActions",
    "Phase",
    "PotResult",
    "ShortAllInRule",
    "ShownHand",
    "Structure",
]

__getattr__ = lazy_names(__name__, _HOMES)
