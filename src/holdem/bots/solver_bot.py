"""The ``solver`` bot: the push/fold equilibrium when the stacks are short, ``mc`` otherwise.

Preflop, when its effective stack is at most ``pushfold_spot.SHORT_STACK_BB`` big blinds
(the short-stacked end of a tournament) and the spot is one of the push/fold game's
(everyone before it folded, or one player before it went all in and the rest folded), it
plays the equilibrium of ``holdem.solver.pushfold`` for the table's stacks, blinds and
antes, drawing its mixed frequencies with its own generator. Everywhere else it plays as
the ``mc`` bot does. ``rule`` says which rule made its last decision.
"""

from __future__ import annotations

import random

from holdem.analysis import pushfold_spot
from holdem.bots.acting import check_or_fold, passive
from holdem.bots.base import PlayerView
from holdem.bots.mc import MonteCarloBot
from holdem.engine import Action, LegalActions
from holdem.engine.events import AntePosted, BlindPosted, PlayerActed

PUSH_FOLD = "push/fold equilibrium"
ELSEWHERE = "mc: equity against the ranges the betting implies"


class SolverBot(MonteCarloBot):
    name = "solver"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.rule = ELSEWHERE

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        if view.street == 0 and len(view.hole) == 2 and not (legal.show or legal.muck):
            move = self._push_or_fold(view, legal)
            if move is not None:
                self.rule = PUSH_FOLD
                return move
        self.rule = ELSEWHERE
        return super().decide(view, legal)

    def _push_or_fold(self, view: PlayerView, legal: LegalActions) -> Action | None:
        spot = _spot_of(view)
        if spot is None:
            return None
        stacks, blinds, antes, prior = spot
        hole = (view.hole[0], view.hole[1])
        graded = pushfold_spot.grade(stacks, blinds, antes, view.player, hole, prior, True)
        if graded is None:
            return None
        if self.rng.random() >= graded.frequency:
            return check_or_fold(legal)
        if graded.situation == "push" and legal.all_in_to is not None:
            return Action.all_in()
        return passive(legal)  # a call of the all-in (itself all in when short)


def _spot_of(
    view: PlayerView,
) -> tuple[list[int], list[int], list[int], list[pushfold_spot.Prior]] | None:
    """(starting stacks, blinds, antes, the betting before this turn), from the events."""
    n = view.players
    antes, blinds, put_in = [0] * n, [0] * n, [0] * n
    prior: list[pushfold_spot.Prior] = []
    for event in view.events:
        if isinstance(event, AntePosted):
            antes[event.player] += event.amount
            put_in[event.player] += event.amount
        elif isinstance(event, BlindPosted):
            if event.dead:
                return None
            blinds[event.player] += event.amount
            put_in[event.player] += event.amount
        elif isinstance(event, PlayerActed):
            put_in[event.player] += event.added
            kind = "fold" if event.action == "fold" else "allin" if event.all_in else "other"
            prior.append(pushfold_spot.Prior(event.player, kind))
    stacks = [view.stacks[p] + put_in[p] for p in range(n)]
    return stacks, blinds, antes, prior
