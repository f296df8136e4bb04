"""Turning what a bot wants into an action the engine accepts.

Bots think in intentions ("bet two thirds of the pot", "call if I can"); these helpers
map an intention onto ``LegalActions``: amounts are clamped to the allowed range, and
an aggressive action that is not allowed falls back to the passive one. The engine
stays the only judge of legality: nothing here computes a rule.
"""

from __future__ import annotations

from holdem.bots.base import PlayerView
from holdem.engine import Action, LegalActions

COMMIT_SHARE = 0.3
"""Bet everything when what would be left behind is under this share of the pot after
the bet: a stack that small is committed anyway, and a shove denies the cheap fold."""


def passive(legal: LegalActions) -> Action:
    """Check when free, else call (an all-in call when the stack is short)."""
    if legal.check:
        return Action.check()
    if legal.call is not None:
        return Action.call()
    return _showdown(legal)


def check_or_fold(legal: LegalActions) -> Action:
    """Check when free, else fold."""
    if legal.check:
        return Action.check()
    if legal.fold:
        return Action.fold()
    return _showdown(legal)


def aggressive(view: PlayerView, legal: LegalActions, to: int) -> Action:
    """Bet or raise to ``to`` (clamped to the legal range), else check or call.

    When the bet would leave less than ``COMMIT_SHARE`` of the pot behind, the bot
    moves all-in instead.
    """
    bounds = legal.bet if legal.bet is not None else legal.raise_
    if bounds is None:
        return passive(legal)
    amount = min(max(to, bounds.min), bounds.max)
    behind = view.stacks[view.player] + view.bets[view.player] - amount
    pot_after = view.pot + amount - view.bets[view.player]
    if behind < COMMIT_SHARE * pot_after:
        amount = bounds.max
    return Action.bet(amount) if legal.bet is not None else Action.raise_to(amount)


def pot_sized(view: PlayerView, fraction: float) -> int:
    """The "to" amount of a bet or raise of ``fraction`` of the pot.

    A bet adds ``fraction`` of the pot; a raise first calls, then adds ``fraction`` of
    the pot as it is after the call (the usual way players size raises).
    """
    top = max(view.bets)
    pot_after_call = view.pot + view.to_call
    return top + max(round(fraction * pot_after_call), view.big_blind)


def _showdown(legal: LegalActions) -> Action:
    """Only reached when the engine asks to show or muck (hands without auto-showdown)."""
    return Action.show() if legal.show else Action.muck()
