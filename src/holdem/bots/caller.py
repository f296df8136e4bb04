"""A calling station: it checks when it can and calls every bet, whatever it holds.

The caller never folds, bets or raises, so it pays off every value bet and never
bluffs: the opponent that beats it is the one that bets its good hands and checks the
rest. It is the simplest bot a value-betting bot must beat.
"""

from __future__ import annotations

import random

from holdem.bots.acting import passive
from holdem.bots.base import PlayerView
from holdem.engine import Action, LegalActions


class CallerBot:
    name = "caller"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng  # unused: the caller has only one way to play

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        return passive(legal)
