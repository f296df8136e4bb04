"""Pot odds: what a call costs against what it can win (R49).

Facing a bet of ``call`` into a pot of ``pot`` (the pot before that bet), a call risks
``call`` to win ``pot + call``; the pot will then be ``pot + 2 * call``. The call breaks
even when the caller's equity is ``call / (pot + 2 * call)``.

>>> odds = pot_odds(400, 200)
>>> odds.final_pot, odds.break_even, odds.ratio
(800, 0.25, '3:1')
>>> round(odds.ev(0.196), 2)  # a flush draw with one card to come (9 outs of 46)
-43.2
"""

from __future__ import annotations

from dataclasses import dataclass

from holdem.odds.errors import OddsError


@dataclass(frozen=True)
class PotOdds:
    pot: int
    """The pot before the bet being faced."""
    call: int
    """What the call costs: the bet (or what is left of the stack, all-in for less)."""

    @property
    def final_pot(self) -> int:
        """The pot once the bet is called."""
        return self.pot + 2 * self.call

    @property
    def break_even(self) -> float:
        """The equity at which calling neither wins nor loses in the long run."""
        return self.call / self.final_pot

    @property
    def ratio(self) -> str:
        """What the call can win against what it costs, as players say it: "3:1"."""
        odds = (self.pot + self.call) / self.call
        return f"{odds:.2f}".rstrip("0").rstrip(".") + ":1"

    def ev(self, equity: float) -> float:
        """The expected gain of calling over folding, in chips, at this equity."""
        _check_equity(equity)
        return equity * (self.pot + self.call) - (1 - equity) * self.call

    def profitable(self, equity: float) -> bool:
        """Whether a call at this equity wins chips in the long run."""
        return self.ev(equity) > 0


def pot_odds(pot: int, call: int) -> PotOdds:
    """The pot odds of calling ``call`` into ``pot`` (the pot before the bet)."""
    if pot < 0:
        raise OddsError(f"the pot cannot be negative ({pot}): give the chips in it before the bet")
    if call <= 0:
        raise OddsError(f"the call must be more than 0, not {call}: it is the bet to match")
    return PotOdds(pot, call)


def call_ev(pot: int, call: int, equity: float) -> float:
    """The expected gain of calling ``call`` into ``pot`` with this equity, in chips."""
    return pot_odds(pot, call).ev(equity)


def _check_equity(equity: float) -> None:
    if not 0 <= equity <= 1:
        raise OddsError(f"equity is a share from 0 to 1 (0.25 for 25%), not {equity}")
