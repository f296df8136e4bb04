"""The player protocol: a bot sees what its seat may see and answers with an action.

``view_for(hand, player)`` copies out of a ``Hand`` exactly what one player may know at
their turn: their own hole cards, the board, stacks, bets, the pot, who folded, where the
button is, and the event log with every other player's private events redacted. The
view holds no reference to the hand (only tuples of numbers, cards and frozen events),
so a bot cannot reach the deck or another player's hole cards through it.

>>> from holdem.cards import Deck
>>> from holdem.engine import HandConfig
>>> from holdem.engine.events import HoleCardsDealt
>>> hand = Hand(HandConfig.create("nl", [200, 200, 200], small_blind=1, big_blind=2), Deck())
>>> view = view_for(hand, 2)
>>> view.to_call, view.seats_from_button, len(view.hole)
(2, 0, 2)
>>> [e.cards is None for e in view.events if isinstance(e, HoleCardsDealt)]
[True, True, False]
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from holdem.cards import Card
from holdem.engine import Action, Hand, LegalActions, Structure
from holdem.engine.events import Event


@dataclass(frozen=True)
class PlayerView:
    """What one player may know at their turn: their own cards and everything public.

    Players are indexed by *position*, as in the engine: 0 is dealt first (the small
    blind; heads-up the big blind) and ``button`` (the last position) is the button.
    """

    player: int
    """This player's position."""
    players: int
    """Players dealt in."""
    button: int
    """The button's position."""
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    street: int
    """0 preflop, 1 flop, 2 turn, 3 river."""
    stacks: tuple[int, ...]
    """Chips behind, per position (what is bet this round is already out)."""
    bets: tuple[int, ...]
    """Each position's bet in this betting round."""
    pot: int
    """Every chip put in this hand, the current bets included."""
    folded: tuple[bool, ...]
    big_blind: int
    """The big blind (No-Limit, Pot-Limit) or the small bet (Fixed-Limit)."""
    structure: Structure
    events: tuple[Event, ...]
    """The hand so far as this player may see it: others' hole cards redacted."""

    @property
    def to_call(self) -> int:
        """Chips a call would add (before any all-in cap)."""
        return max(self.bets) - self.bets[self.player]

    @property
    def seats_from_button(self) -> int:
        """0 on the button, 1 in the cutoff, ...; heads-up the big blind is 1."""
        return (self.button - self.player) % self.players

    @property
    def opponents_in_hand(self) -> tuple[int, ...]:
        return tuple(p for p in range(self.players) if p != self.player and not self.folded[p])


def view_for(hand: Hand, player: int) -> PlayerView:
    """The view of ``hand`` that ``player`` may have: copies, never the hand itself."""
    hole = hand.holes[player] or ()
    return PlayerView(
        player=player,
        players=hand.player_count,
        button=hand.player_count - 1,
        hole=tuple(c for c in hole if c is not None),
        board=tuple(hand.board),
        street=hand.street,
        stacks=tuple(hand.stacks),
        bets=tuple(hand.bets),
        pot=hand.pot_total,
        folded=tuple(hand.folded),
        big_blind=hand.config.min_bet,
        structure=hand.config.structure,
        events=visible_events(hand.events, player),
    )


def visible_events(events: Iterable[Event], player: int) -> tuple[Event, ...]:
    """The log as ``player`` may see it: private events of others redacted, or left out
    when even the redacted form is not for them. Events are frozen values, so sharing
    them with a bot is safe."""
    seen = []
    for event in events:
        if not event.visible_to(player):
            event = event.redacted()
            if not event.visible_to(player):
                continue
        seen.append(event)
    return tuple(seen)


class Bot(Protocol):
    """A player program: ``decide`` answers one of the actions ``legal`` allows.

    A bot is made once per seat with its own ``random.Random`` and plays many hands;
    given the same generator and the same views it must make the same decisions.
    """

    name: str

    def __init__(self, rng: random.Random) -> None: ...

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        """Choose one of the legal actions."""
        ...


__all__ = ["Bot", "PlayerView", "view_for", "visible_events"]
