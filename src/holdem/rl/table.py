"""One table over ``Hand``: the action ids, legal mask and observation in plain Python.

The single-table wrappers (Gymnasium, PettingZoo, OpenSpiel) play through this, and
the tests hold ``VectorEnv``'s compiled engine to it column by column. Seats are fixed;
the button sits on ``button`` and position ``p`` on seat ``(button + 1 + p) % n``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from holdem.cards import Deck
from holdem.engine import Action, Hand, HandConfig, LegalActions, events
from holdem.errors import IllegalActionError
from holdem.rl.layout import (
    ACTIONS,
    ALL_IN,
    CHECK_CALL,
    FOLD,
    HALF_POT,
    MIN_RAISE,
    POT,
    STREETS,
    Layout,
)


def legal_mask(legal: LegalActions) -> np.ndarray:
    """Which action ids apply: fold and check/call always (as in ``Hand``), the three
    sizes when a bet or raise is legal, all-in when one is."""
    bounds = legal.bet or legal.raise_
    mask = np.zeros(ACTIONS, dtype=np.bool_)
    mask[FOLD] = legal.fold
    mask[CHECK_CALL] = legal.check or legal.call is not None
    mask[MIN_RAISE : POT + 1] = bounds is not None
    mask[ALL_IN] = legal.all_in_to is not None
    return mask


def legal_bounds(legal: LegalActions) -> np.ndarray:
    """(call, raise min "to", raise max "to", all-in "to"): 0 for a check, -1 for none."""
    bounds = legal.bet or legal.raise_
    return np.array(
        [
            legal.call or 0,
            -1 if bounds is None else bounds.min,
            -1 if bounds is None else bounds.max,
            -1 if legal.all_in_to is None else legal.all_in_to,
        ],
        dtype=np.int64,
    )


def action_of(hand: Hand, action: int, amount: int = -1) -> Action:
    """The engine action of an id: sizes 2-4 (or ``amount`` when it is 0 or more, a
    "to" amount in chips) clamped into the bet or raise bounds."""
    legal = hand.legal_actions()
    if action == FOLD:
        return Action.fold()
    if action == CHECK_CALL:
        return Action.check() if legal.check else Action.call()
    if action == ALL_IN:
        return Action.all_in()
    bounds = legal.bet or legal.raise_
    if bounds is not None:
        player = legal.player
        top = max(hand.bets)
        pot_after_call = hand.pot_total + top - hand.bets[player]
        if amount >= 0:
            to = amount
        elif action == MIN_RAISE:
            to = bounds.min
        else:
            to = top + (pot_after_call // 2 if action == HALF_POT else pot_after_call)
        to = min(max(to, bounds.min), bounds.max)
    else:
        raise IllegalActionError(f"action {action} needs a bet or raise to be legal")
    return Action.bet(to) if legal.bet is not None else Action.raise_to(to)


class TableGame:
    """A hand at a time at one table: observation, mask and rewards by seat."""

    def __init__(
        self,
        players: int,
        stacks: Sequence[int],
        small_blind: int,
        big_blind: int,
        structure: str,
    ) -> None:
        self.players = players
        self.stacks = tuple(stacks)
        self.small_blind = small_blind
        self.big_blind = big_blind
        self.structure = structure
        self.layout = Layout(players)
        self.button = players - 1
        self.hand: Hand | None = None

    def config(self) -> HandConfig:
        n = self.players
        by_position = [self.stacks[self.seat_of(p)] for p in range(n)]
        return HandConfig.create(
            self.structure, by_position, small_blind=self.small_blind, big_blind=self.big_blind
        )

    def seat_of(self, position: int) -> int:
        return (self.button + 1 + position) % self.players

    def position_of(self, seat: int) -> int:
        return (seat - self.button - 1) % self.players

    def new_hand(self, deck: Deck | None, button: int | None = None) -> Hand:
        """Deal a hand (from ``deck``; without one, cards come from ``Hand.deal_*``)."""
        if button is not None:
            self.button = button
        self.hand = Hand(self.config(), deck)
        self._street = -1
        self._street_start = np.zeros((STREETS, self.players), dtype=np.int64)
        self._raises = np.zeros(STREETS, dtype=np.int64)
        return self.hand

    @property
    def current(self) -> Hand:
        assert self.hand is not None, "no hand dealt"
        return self.hand

    @property
    def to_act(self) -> int | None:
        """The seat to act, None when no decision is due."""
        position = self.current.to_act
        return None if position is None else self.seat_of(position)

    def legal_mask(self) -> np.ndarray:
        return legal_mask(self.current.legal_actions())

    def apply(self, action: int, amount: int = -1) -> None:
        """Play an action id (``amount``: an exact "to" amount for ids 2-4)."""
        self.act(action_of(self.current, action, amount))

    def act(self, action: Action) -> None:
        """Play an engine action (a bot's), keeping the betting history up to date."""
        hand = self.current
        self._note_street()
        top = max(hand.bets)
        hand.act(action)
        acted = next(e for e in reversed(hand.events) if isinstance(e, events.PlayerActed))
        if acted.to > top:
            self._raises[self._street] += 1

    def rewards(self) -> np.ndarray:
        """Chips won per seat, in big blinds (at the end of the hand)."""
        final = self.current.final_stacks
        assert final is not None
        won = np.zeros(self.players, dtype=np.float32)
        for p, chips in enumerate(final):
            seat = self.seat_of(p)
            won[seat] = np.float32((chips - self.stacks[seat]) / self.big_blind)
        return won

    def final_by_seat(self) -> list[int]:
        final = self.current.final_stacks
        assert final is not None
        return [final[self.position_of(s)] for s in range(self.players)]

    def observation(self, position: int | None = None) -> np.ndarray:
        """The observation of ``position`` (default: the player to act), as ``Layout``."""
        hand, layout, n = self.current, self.layout, self.players
        self._note_street()
        actor = hand.to_act if position is None else position
        assert actor is not None
        row = np.zeros(layout.size, dtype=np.float32)
        for card in hand.holes[actor] or ():
            if card is not None:
                row[layout.hole + card] = 1
        for card in hand.board:
            row[layout.board + card] = 1
        street = hand.street
        row[layout.street + street] = 1
        row[layout.position + actor] = 1
        scale = 1.0 / self.big_blind  # chips times the inverse, as the compiled engine
        for k in range(n):
            p = (actor + k) % n
            row[layout.stacks + k] = hand.stacks[p] * scale
            row[layout.bets + k] = hand.bets[p] * scale
            row[layout.folded + k] = hand.folded[p]
            row[layout.all_in + k] = hand.all_in(p)
            for s in range(street + 1):
                upto = hand.contributed[p] if s == street else self._street_start[s + 1, p]
                chips = upto - self._street_start[s, p]
                row[layout.street_chips + s * n + k] = chips * scale
        row[layout.street_raises : layout.street_raises + street + 1] = self._raises[: street + 1]
        row[layout.pot] = hand.pot_total * scale
        if hand.to_act == actor:
            legal = hand.legal_actions()
            bounds = legal.bet or legal.raise_
            row[layout.to_call] = (legal.call or 0) * scale
            if bounds is not None:
                row[layout.raise_min] = bounds.min * scale
                row[layout.raise_max] = bounds.max * scale
        return row

    def _note_street(self) -> None:
        """Chips in at the start of each street, taken before its first decision."""
        hand = self.current
        if hand.street != self._street:
            self._street = hand.street
            if self._street > 0:
                self._street_start[self._street] = hand.contributed
