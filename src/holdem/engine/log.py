"""A hand is its event log: rebuild the hand from the log alone.

The log of a hand holds every input that decided it (the cards dealt, each decision, the
show-or-muck choices, a void or misdeal), so feeding those back into a new ``Hand`` with
explicit dealing must give the same hand. Crash recovery and replays rest on this.
"""

from __future__ import annotations

from collections.abc import Iterable

from holdem.engine import events
from holdem.engine.actions import Action, ActionKind
from holdem.engine.config import HandConfig
from holdem.engine.hand import Hand
from holdem.errors import DealingError

_BETTING = {
    "fold": ActionKind.FOLD,
    "check": ActionKind.CHECK,
    "call": ActionKind.CALL,
    "bet": ActionKind.BET,
    "raise": ActionKind.RAISE,
}


def rebuild(config: HandConfig, log: Iterable[events.Event]) -> Hand:
    """The hand that ``log`` records, replayed step by step (private events included)."""
    hand = Hand(config, auto_showdown=False)
    for event in log:
        if isinstance(event, events.HoleCardsDealt):
            if event.cards is None:
                raise DealingError(f"the log hides player {event.player + 1}'s hole cards")
            hand.deal_hole(event.player, event.cards)
        elif isinstance(event, events.BoardDealt):
            hand.deal_board(event.cards)
        elif isinstance(event, events.PlayerActed):
            kind = _BETTING[event.action]
            to = event.to if kind in (ActionKind.BET, ActionKind.RAISE) else None
            hand.act(Action(kind, to), player=event.player)
        elif isinstance(event, events.CardsShown):
            hand.act(Action.show(event.cards), player=event.player)
        elif isinstance(event, events.CardsMucked):
            hand.act(Action.muck(), player=event.player)
        elif isinstance(event, events.HandVoided):
            hand.void(event.reason)
        elif isinstance(event, events.Misdealt):
            hand.misdeal(event.reason)
    return hand
