"""A bot that picks uniformly among the legal actions, and uniformly among amounts."""

from __future__ import annotations

import random

from holdem.bots.base import PlayerView
from holdem.engine import Action, LegalActions


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        choices: list[Action] = []
        if legal.check:
            choices.append(Action.check())
        else:
            choices += [Action.fold(), Action.call()]
        if legal.bet is not None:
            choices.append(Action.bet(self.rng.randint(legal.bet.min, legal.bet.max)))
        elif legal.raise_ is not None:
            choices.append(Action.raise_to(self.rng.randint(legal.raise_.min, legal.raise_.max)))
        return self.rng.choice(choices)
