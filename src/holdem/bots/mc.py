"""A bot that decides by Monte Carlo equity against the ranges its opponents' actions imply.

At each decision it (1) reads each opponent's plausible range from the public history
(``opponents``: a raiser a strong range, a caller a medium one, narrowed after the flop
by their bets and calls), (2) samples its equity against those ranges (a table by
starting hand preflop, a few hundred deals after the flop), and (3) picks the action
with the best expected value for this street:

- fold: 0; check: equity x pot; call: equity x (pot + call) - call, the pot odds (R49),
  with a small margin for the streets still to come;
- bet or raise: the opponents fold with the share of their range that would not go on
  (no pair of their own and no draw; preflop, outside a calling range), and otherwise
  one of them calls and the bot has its equity against the hands that go on.

Value bets are sized by that equity (half the pot, three quarters, the pot), bluffs
and semi-bluffs at half the pot; preflop it opens to 2.5 big blinds and re-raises to
three times the bet.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import numpy as np

from holdem.bots.acting import aggressive, check_or_fold, passive, pot_sized
from holdem.bots.base import PlayerView
from holdem.bots.opponents import CONTINUE_PREFLOP, continuing, preflop_label, range_of
from holdem.bots.preflop_equity import preflop_equity, range_share
from holdem.bots.reading import Acted, actions, limpers, raises_on
from holdem.bots.sampling import equity
from holdem.engine import Action, LegalActions
from holdem.odds import class_of

TRIALS = 200  # deals per equity after the flop: about +/- 7% at 95%, enough to choose
CALL_MARGIN = (0.04, 0.03, 0.02, 0.0)  # equity above break-even a call needs, by street
RIVER = 3


@dataclass(frozen=True)
class Read:
    """What the bot makes of the spot: its equity now, and if it bets or raises, the
    chance everyone folds and its equity against the hands that call."""

    equity: float
    fold_chance: float
    equity_called: float


class MonteCarloBot:
    name = "mc"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.generator = np.random.default_rng(rng.getrandbits(64))

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        if legal.show or legal.muck or len(view.hole) != 2:
            return passive(legal)  # a showdown, or cards the hand never learned
        history = actions(view)
        can_raise = legal.bet is not None or legal.raise_ is not None
        read = read_spot(view, history, can_raise, self.generator)
        return _best_action(
            view, legal, read, raise_target(view, history, read) if can_raise else None
        )


def read_spot(
    view: PlayerView,
    history: list[Acted],
    can_raise: bool,
    gen: np.random.Generator,
    trials: int = TRIALS,
    cap_checks: bool = False,
) -> Read:
    """The equities of ``view``'s spot against the ranges ``history`` implies (``trials``
    deals per equity after the flop; preflop the table of ``preflop_equity``;
    ``cap_checks``: read a check as capping the range, ``opponents.range_of``)."""
    if view.street == 0:
        return _preflop_read(view, history)
    return _postflop_read(view, history, can_raise, gen, trials, cap_checks)


def raise_target(view: PlayerView, history: list[Acted], read: Read) -> int:
    """The "to" amount of the bet or raise the bot would make."""
    if view.street == 0:
        return _preflop_size(view, history)
    return pot_sized(view, _value_fraction(read.equity_called))


def _preflop_read(view: PlayerView, history: list[Acted]) -> Read:
    label = class_of(*view.hole).label
    ranges = [preflop_label(history, o) for o in view.opponents_in_hand]
    goes_on = [CONTINUE_PREFLOP.get(r, "4bet") for r in ranges]
    fold_chance = math.prod(
        1 - min(range_share(g) / range_share(r), 1.0) for r, g in zip(ranges, goes_on, strict=True)
    )
    return Read(
        equity=preflop_equity(label, tuple(ranges)),
        fold_chance=fold_chance,
        equity_called=preflop_equity(label, tuple(goes_on)),
    )


def _postflop_read(
    view: PlayerView,
    history: list[Acted],
    can_raise: bool,
    gen: np.random.Generator,
    trials: int,
    cap_checks: bool,
) -> Read:
    known = [*view.hole, *view.board]
    ranges = [range_of(history, o, view.board, known, cap_checks) for o in view.opponents_in_hand]
    now = equity(view.hole, view.board, ranges, trials, gen)
    if not can_raise:
        return Read(now, 0.0, now)
    fold_chance, called = 1.0, []
    for r in ranges:
        goes_on = continuing(r, view.board)
        total = r.total
        kept = float(r.weights[goes_on].sum())
        fold_chance *= 1 - kept / total if total else 1.0
        if kept:
            called.append(r.scaled(goes_on.astype(np.float64)))
    if not called:
        return Read(now, 1.0, now)
    return Read(now, fold_chance, equity(view.hole, view.board, called, trials, gen))


def _best_action(view: PlayerView, legal: LegalActions, read: Read, target: int | None) -> Action:
    best, choice = 0.0, check_or_fold(legal)
    if (ev := passive_ev(view, legal, read)) >= 0:
        best, choice = ev, passive(legal)
    if target is not None:
        action = aggressive(view, legal, target)
        if action.to is not None and aggressive_ev(view, read, action.to) > best:
            return action
    return choice


def passive_ev(view: PlayerView, legal: LegalActions, read: Read) -> float:
    """Expected chips back, less the chips added, of checking (when free) or calling:
    the pot odds (R49), a call less a margin of equity for the streets still to come."""
    pot, me = view.pot, view.player
    if legal.check:
        return read.equity * pot
    call = min(view.to_call, view.stacks[me])
    margin = CALL_MARGIN[view.street] if call < view.stacks[me] else 0.0
    return (read.equity - margin) * (pot + call) - call


def aggressive_ev(view: PlayerView, read: Read, to: int) -> float:
    """Expected chips back, less the chips added, of betting or raising to ``to``."""
    me = view.player
    cost = to - view.bets[me]
    caller_adds = max(min(to - view.bets[o], view.stacks[o]) for o in view.opponents_in_hand)
    called_pot = view.pot + cost + caller_adds
    called_ev = read.equity_called * called_pot - cost
    return read.fold_chance * view.pot + (1 - read.fold_chance) * called_ev


def _value_fraction(equity_called: float) -> float:
    """Bet more of the pot the more the hand is ahead of the hands that call."""
    if equity_called >= 0.8:
        return 1.0
    return 0.75 if equity_called >= 0.65 else 0.5


def _preflop_size(view: PlayerView, history: list[Acted]) -> int:
    bb, top = view.big_blind, max(view.bets)
    raises = raises_on(history, 0)
    if raises == 0:
        return round((2.5 + limpers(history)) * bb)
    if raises == 1:  # a re-raise: three times the bet, a little more out of position
        return round(top * (3.0 if view.seats_from_button == 0 else 3.5))
    return round(top * 2.3) if raises == 2 else view.stacks[view.player] + view.bets[view.player]
