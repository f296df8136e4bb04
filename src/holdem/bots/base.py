"""The player protocol: a bot sees what its seat may see and answers with an action."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from holdem.cards import Card
from holdem.engine import Action, Hand, LegalActions


@dataclass(frozen=True)
class PlayerView:
    """What one player may know at their turn: their own cards and everything public."""

    player: int  # the player's position in the hand
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    street: int
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    folded: tuple[bool, ...]
    big_blind: int


def view_for(hand: Hand, player: int) -> PlayerView:
    hole = hand.holes[player] or ()
    return PlayerView(
        player=player,
        hole=tuple(c for c in hole if c is not None),
        board=tuple(hand.board),
        street=hand.street,
        stacks=tuple(hand.stacks),
        bets=tuple(hand.bets),
        pot=hand.pot_total,
        folded=tuple(hand.folded),
        big_blind=hand.config.min_bet,
    )


class Bot(Protocol):
    name: str

    def __init__(self, rng: random.Random) -> None: ...

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        """Choose one of the legal actions."""
        ...
