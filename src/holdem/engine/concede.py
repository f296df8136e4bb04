"""A player gives up a hand when no decision is asked of them.

R12 ends the betting when at most one player can still bet, so nobody is asked to act.
PokerKit (and the hand histories it writes) still gives the turn to a player who had not
acted in the round (the big blind, after everyone else is all-in or folded), and in cash
games lets that player fold (R19: folding is allowed even when a check is free). A replay
of such a hand needs the fold: :func:`concede` records it and, if one player is left,
awards the pots to them. Whether the turn existed is for the caller to decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from holdem.engine import events
from holdem.errors import IllegalActionError

if TYPE_CHECKING:
    from holdem.engine.hand import Hand


def concede(hand: Hand, player: int) -> None:
    """``player`` folds between betting rounds; raise ``IllegalActionError`` if they are out,
    or the hand is over or in a betting round (fold there with ``Hand.act``)."""
    from holdem.engine.hand import Phase

    if hand.phase not in (Phase.DEALING, Phase.RUNOUT):
        raise IllegalActionError(
            f"player {player + 1} cannot concede now: the hand is in {hand.phase.value}"
        )
    if hand.folded[player]:
        raise IllegalActionError(f"player {player + 1} has folded already")
    hand.folded[player] = True
    hand.events.append(events.PlayerActed(player, "fold", 0, 0, False))
    if sum(hand.in_hand) == 1:
        hand.award_uncontested()
