"""A bot that picks uniformly among the legal actions, and uniformly among amounts.

It draws whole random words and takes them modulo the number of choices, in the order
the compiled kernel does (``bots.batched``): first the action among check, or fold and
call, and the bet or raise when one is allowed; then, for a bet or raise, the amount
between the legal minimum and maximum. Both paths of ``holdem sim`` then play the same
hands from the same streams.
"""

from __future__ import annotations

import random

from holdem.bots.base import PlayerView
from holdem.engine import Action, LegalActions

WORD_BITS = 63  # the kernel's random words: 0 .. 2**63 - 1


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        passive = [Action.check()] if legal.check else [Action.fold(), Action.call()]
        bounds = legal.bet if legal.bet is not None else legal.raise_
        choices = len(passive) + (bounds is not None)
        pick = self.rng.getrandbits(WORD_BITS) % choices
        if pick < len(passive):
            return passive[pick]
        assert bounds is not None
        to = bounds.min + self.rng.getrandbits(WORD_BITS) % (bounds.max - bounds.min + 1)
        return Action.bet(to) if legal.bet is not None else Action.raise_to(to)
