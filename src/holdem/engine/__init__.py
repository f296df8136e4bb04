"""The rules engine: one hand of Texas Hold'em as a deterministic state machine."""

from holdem.engine.actions import Action, ActionKind, AmountRange, LegalActions
from holdem.engine.config import AnteKind, HandConfig, ShortAllInRule, Structure
from holdem.engine.hand import Hand, Phase
from holdem.engine.result import HandResult, PotResult, ShownHand

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
