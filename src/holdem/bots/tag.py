"""A tight-aggressive bot that plays by the beginner's guide (R48, R49).

Preflop it plays R48's groups, opened up by position (``preflop_chart``): it raises
the hands it plays (2.5 big blinds late, 3 early, one more per limper), re-raises
premium hands, calls raises with strong hands and, when the price is small against
the stacks, with speculative ones, and folds the rest. After the flop it bets and
raises strong made hands (half to two thirds of the pot), calls with middling ones
when the price is right, and on a draw counts its outs and calls only when the rule
of 2 and 4 says the pot odds are there (R49). It never bluffs without outs.
"""

from __future__ import annotations

import random

from holdem.bots.acting import aggressive, check_or_fold, passive, pot_sized
from holdem.bots.base import PlayerView
from holdem.bots.preflop_chart import Seat, is_premium, is_speculative, is_strong, playable, seat_of
from holdem.bots.reading import Acted, actions, last_aggressor, limpers, raises_on
from holdem.bots.strength import Made, made, outs
from holdem.engine import Action, LegalActions
from holdem.odds import class_of

STRONG_CALL_SHARE = 0.12  # call a raise with a strong hand while it costs this much of the stack
SPECULATIVE_CALL_SHARE = 0.06  # speculative hands need deep stacks behind (implied odds)
RIVER = 3


class TagBot:
    name = "tag"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng  # unused: the tight-aggressive bot plays the same way every time

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        if legal.show or legal.muck or len(view.hole) != 2:
            return passive(legal)  # a showdown, or cards the hand never learned
        history = actions(view)
        if view.street == 0:
            return self._preflop(view, legal, history)
        return self._postflop(view, legal, history)

    # -- preflop ---------------------------------------------------------------------------

    def _preflop(self, view: PlayerView, legal: LegalActions, history: list[Acted]) -> Action:
        hand = class_of(*view.hole)
        raises = raises_on(history, 0)
        bb = view.big_blind
        stack = _effective_stack(view)
        if raises == 0:
            seat = seat_of(view, unopened=True)
            callers = limpers(history)
            if view.to_call == 0:  # the big blind's option after limps
                if is_premium(hand) or is_strong(hand):
                    return aggressive(view, legal, round((3 + callers) * bb))
                return passive(legal)
            if playable(hand, seat):
                size = 3.0 if seat == Seat.EARLY else 2.5
                return aggressive(view, legal, round((size + callers) * bb))
            if is_speculative(hand) and callers and view.to_call <= bb:
                return passive(legal)  # limp behind: cheap, with implied odds
            return check_or_fold(legal)
        if raises == 1:
            if is_premium(hand):
                return aggressive(view, legal, 3 * max(view.bets) + view.to_call)
            share = view.to_call / max(stack, 1)
            if is_strong(hand) and share <= STRONG_CALL_SHARE:
                return passive(legal)
            seat = seat_of(view, unopened=False)
            if is_speculative(hand) and share <= SPECULATIVE_CALL_SHARE and seat >= Seat.LATE:
                return passive(legal)
            if seat == Seat.BLINDS and view.to_call <= bb and playable(hand, Seat.LATE):
                return passive(legal)  # a min-raise into the big blind: defend wider
            return check_or_fold(legal)
        if hand.label in ("AA", "KK"):
            return aggressive(view, legal, round(2.5 * max(view.bets)))
        if is_premium(hand):
            return passive(legal)
        return check_or_fold(legal)

    # -- after the flop --------------------------------------------------------------------

    def _postflop(self, view: PlayerView, legal: LegalActions, history: list[Acted]) -> Action:
        tier = made(view.hole, view.board)
        draw = outs(view.hole, view.board) if view.street < RIVER else 0
        heads_up = len(view.opponents_in_hand) == 1
        if view.to_call == 0:
            if tier >= Made.STRONG:
                return aggressive(view, legal, pot_sized(view, 2 / 3))
            aggressor = last_aggressor(history, view.street - 1) == view.player
            if view.street < RIVER and heads_up and (tier == Made.MEDIUM or draw >= 8):
                return aggressive(view, legal, pot_sized(view, 1 / 2))  # protect, semi-bluff
            if view.street == 1 and heads_up and aggressor and draw >= 4:
                return aggressive(view, legal, pot_sized(view, 1 / 2))  # continuation bet
            return passive(legal)
        break_even = view.to_call / (view.pot + view.to_call)  # R49
        facing_raise = raises_on(history, view.street) >= 2
        if tier == Made.MONSTER:
            if raises_on(history, view.street) < 4:
                return aggressive(view, legal, pot_sized(view, 3 / 4))
            return passive(legal)
        if tier == Made.STRONG and (not facing_raise or break_even <= 0.3):
            return passive(legal)
        limit = {Made.MEDIUM: 0.3 if view.street < RIVER else 0.25, Made.WEAK: 0.2}.get(tier, 0.0)
        if not facing_raise and break_even <= limit:
            return passive(legal)
        if draw and _draw_chance(view, draw) >= break_even:
            return passive(legal)
        return check_or_fold(legal)


def _draw_chance(view: PlayerView, draw: int) -> float:
    """The rule of 2 and 4 (R49): outs x 4 when this call sees both cards to come (no
    more betting after it: someone is all-in), outs x 2 when it buys one card."""
    me = view.player
    all_in = view.stacks[me] <= view.to_call or all(
        view.stacks[o] == 0 for o in view.opponents_in_hand
    )
    per_out = 4 if view.street == 1 and all_in else 2
    return min(draw * per_out / 100, 1.0)


def _effective_stack(view: PlayerView) -> int:
    """The most this player can win or lose: their chips against the biggest opponent's."""
    mine = view.stacks[view.player] + view.bets[view.player]
    theirs = max(view.stacks[o] + view.bets[o] for o in view.opponents_in_hand)
    return min(mine, theirs)
