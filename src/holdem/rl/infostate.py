"""The perfect-recall information state of a hand: what one player has seen, in order.

Two different histories a player can tell apart give different information states:
their hole cards, the board street by street, their position, and every action of
every player with its amount, in the order played. (``layout.Layout`` is an
observation: a summary of the table now, which two histories can share.)

String: ``p1 [As Kd] | preflop p0 call 2 +1; p1 raise 6 +4 | flop [2c 7h 9s] p1 bet 4 +4``
(each action: position, kind, the player's total bet this round after it, "+" the
chips it added, and ``all-in`` when it took the stack). Cards dealt together (the hole
cards, the flop) are listed by card code: the order they came in tells nothing.

Tensor (float32, fixed width, ``InfoStateLayout``): hole (52), flop (52), turn (52),
river (52) one-hot card codes, position (players) one-hot, then ``max_actions`` rows of
``players + 12`` columns: street (4) one-hot, actor position (players) one-hot, kind
(5) one-hot (fold, check, call, bet, raise), "to" and added in big blinds, all-in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from holdem.engine import Hand, events

KINDS = ("fold", "check", "call", "bet", "raise")
STREET_NAMES = ("preflop", "flop", "turn", "river")
CARDS = 52
BOARD_SLICES = ((0, 3), (3, 4), (4, 5))  # the flop, the turn, the river


def max_actions(players: int, stacks: Sequence[int], min_bet: int) -> int:
    """An upper bound on the actions of one hand.

    Between two bets or raises each player acts at most once, and each street opens
    with at most one action a player. A full bet or raise lifts the street's top bet by
    at least ``min_bet``; an all-in for less happens at most once a player. The street
    tops add up to at most twice the largest stack: a player who starts the last street
    with chips behind matched every earlier top, and the last top is one player's bet.
    """
    raises = 2 * max(stacks) // max(min_bet, 1) + players
    return (raises + len(STREET_NAMES)) * players


@dataclass(frozen=True)
class InfoStateLayout:
    """Column offsets of the information-state tensor."""

    players: int
    max_actions: int

    @property
    def position(self) -> int:
        return 4 * CARDS

    @property
    def actions(self) -> int:
        return self.position + self.players

    @property
    def row(self) -> int:
        """Columns per action: street 4, actor ``players``, kind 5, to, added, all-in."""
        return len(STREET_NAMES) + self.players + len(KINDS) + 3

    @property
    def size(self) -> int:
        return self.actions + self.max_actions * self.row


@dataclass(frozen=True)
class Played:
    """One action as the information state records it."""

    street: int
    position: int
    kind: str
    to: int
    added: int
    all_in: bool


def actions_of(hand: Hand) -> list[Played]:
    """Every betting action of the hand so far, in order, with its street."""
    street = 0
    played: list[Played] = []
    for event in hand.events:
        if isinstance(event, events.BettingRoundEnded):
            street = event.street + 1
        elif isinstance(event, events.PlayerActed):
            played.append(
                Played(street, event.player, event.action, event.to, event.added, event.all_in)
            )
    return played


def info_state_string(hand: Hand, position: int) -> str:
    hole = sorted(c for c in hand.holes[position] or () if c is not None)
    parts = [f"p{position} [{' '.join(str(c) for c in hole)}]"]
    by_street: dict[int, list[str]] = {}
    for a in actions_of(hand):
        words = f"p{a.position} {a.kind} {a.to} +{a.added}" + (" all-in" if a.all_in else "")
        by_street.setdefault(a.street, []).append(words)
    for street in range(hand.street + 1):
        head = STREET_NAMES[street]
        if street > 0:
            low, high = BOARD_SLICES[street - 1]
            head += f" [{' '.join(str(c) for c in sorted(hand.board[low:high]))}]"
        parts.append(" ".join([head, "; ".join(by_street.get(street, []))]).rstrip())
    return " | ".join(parts)


def info_state_tensor(
    hand: Hand, position: int, layout: InfoStateLayout, big_blind: int, out: np.ndarray
) -> None:
    """Write ``position``'s information state into ``out`` (``layout.size`` float32)."""
    out[:] = 0
    for card in hand.holes[position] or ():
        if card is not None:
            out[int(card)] = 1
    for slot, (low, high) in enumerate(BOARD_SLICES):
        for card in hand.board[low:high]:
            out[(slot + 1) * CARDS + int(card)] = 1
    out[layout.position + position] = 1
    n, scale = layout.players, 1.0 / big_blind
    for i, a in enumerate(actions_of(hand)):
        base = layout.actions + i * layout.row
        out[base + a.street] = 1
        out[base + 4 + a.position] = 1
        out[base + 4 + n + KINDS.index(a.kind)] = 1
        out[base + 9 + n] = a.to * scale
        out[base + 10 + n] = a.added * scale
        out[base + 11 + n] = a.all_in
