"""Reading the public action history of a view: who bet, raised or called, and when.

Only public events are used (actions and board cards), so what a bot learns here is
what anyone at the table could have written down.
"""

from __future__ import annotations

from dataclasses import dataclass

from holdem.bots.base import PlayerView
from holdem.engine.events import BoardDealt, PlayerActed

AGGRESSIVE = ("bet", "raise")


@dataclass(frozen=True)
class Acted:
    """One betting decision and the street it was made on."""

    street: int
    player: int
    action: str  # fold, check, call, bet, raise
    to: int
    all_in: bool


def actions(view: PlayerView) -> list[Acted]:
    """Every betting decision so far, in order (forced bets are not decisions)."""
    found, street = [], 0
    for event in view.events:
        if isinstance(event, BoardDealt) and event.run == 0:
            street = event.street
        elif isinstance(event, PlayerActed):
            found.append(Acted(street, event.player, event.action, event.to, event.all_in))
    return found


def raises_on(history: list[Acted], street: int) -> int:
    """Bets and raises made on ``street`` (preflop the blinds are not counted)."""
    return sum(1 for a in history if a.street == street and a.action in AGGRESSIVE)


def last_aggressor(history: list[Acted], street: int) -> int | None:
    """Who made the last bet or raise on ``street``, if anyone."""
    for a in reversed(history):
        if a.street == street and a.action in AGGRESSIVE:
            return a.player
    return None


def limpers(history: list[Acted]) -> int:
    """Players who called the big blind preflop before anyone raised."""
    count = 0
    for a in history:
        if a.street != 0 or a.action in AGGRESSIVE:
            break
        count += a.action == "call"
    return count
