"""A preflop push/fold spot recognised in a played hand, and what a decision there lost.

A spot counts when every stack is short (the hero's effective stack at most
``SHORT_STACK_BB`` big blinds), there are two blinds and no straddle, every ante is the
same, and the hero either acts first in (everyone before folded) and folds or goes all
in, or faces one all-in with everyone else folded and folds or calls.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from holdem.errors import HoldemError
from holdem.odds.starting import class_of
from holdem.solver.preflop_matchups import LABELS
from holdem.solver.pushfold import Equilibrium, Spot, solve

SHORT_STACK_BB = 15
METHOD = "push/fold equilibrium (chip EV)"


@dataclass(frozen=True)
class Prior:
    """A preflop betting step before the hero's turn: who, and whether it was a fold or
    an all-in (anything else ends push/fold)."""

    player: int
    kind: str  # "fold", "allin" or "other"


@dataclass(frozen=True)
class PushFoldGrade:
    situation: str  # "push" or "call_vs_UTG"
    frequency: float  # how often the equilibrium takes the aggressive action with this class
    ev_lost: float  # chips
    best: str  # "push", "call", "fold" or "either" (a class the equilibrium mixes)


def grade(
    stacks: Sequence[int],
    blinds: Sequence[int],
    antes: Sequence[int],
    hero: int,
    hole: tuple[int, int],
    prior: Sequence[Prior],
    aggressive: bool,
) -> PushFoldGrade | None:
    """The grade of the hero's decision, or None when the spot is not push/fold.
    ``aggressive``: the hero went all in (first in) or called (facing the all-in)."""
    layout = _layout(stacks, blinds, antes)
    if layout is None:
        return None
    seats, small, big, ante = layout
    others = [s for i, s in enumerate(stacks) if i != hero]
    if min(stacks[hero], max(others)) > SHORT_STACK_BB * big:
        return None
    acting = _acting_seats(seats)
    position = {seat: k for k, seat in enumerate(acting)}
    moved = [p for p in prior if p.kind != "fold"]
    try:
        result = _solved(Spot(tuple(float(stacks[s]) for s in seats), small, big, ante))
    except HoldemError:
        return None
    c = LABELS.index(class_of(*hole).label)
    k = position[hero]
    if not moved:
        if k >= len(result.push):
            return None
        edge, freq, situation, act = result.push_edge[k][c], result.push[k][c], "push", "push"
    elif len(moved) == 1 and moved[0].kind == "allin":
        pusher = position[moved[0].player]
        if pusher >= k:
            return None
        edge = result.call_edge[(k, pusher)][c]
        freq = result.call[(k, pusher)][c]
        situation, act = f"call_vs_{result.positions[pusher]}", "call"
    else:
        return None
    lost = max(edge, 0.0) - (edge if aggressive else 0.0)
    best = "either" if 0 < freq < 1 else act if edge > 0 else "fold"
    return PushFoldGrade(situation, float(freq), max(float(lost), 0.0), best)


def _layout(
    stacks: Sequence[int], blinds: Sequence[int], antes: Sequence[int]
) -> tuple[list[int], float, float, float] | None:
    """(seats from the small blind round the table, small blind, big blind, ante), or None
    when the blinds and antes are not a push/fold game's."""
    n = len(stacks)
    posting = [i for i, b in enumerate(blinds) if b > 0]
    if not 2 <= n <= 10 or len(posting) != 2 or len(set(antes)) > 1:
        return None
    small_seat, big_seat = sorted(posting, key=lambda i: (blinds[i], i))
    if n > 2 and (small_seat, big_seat) != (0, 1):
        return None
    rest = [i for i in range(n) if i not in (small_seat, big_seat)]
    ante = float(antes[0]) if antes else 0.0
    return [small_seat, big_seat, *rest], float(blinds[small_seat]), float(blinds[big_seat]), ante


def _acting_seats(seats: list[int]) -> list[int]:
    """The seats in the order they act preflop (the model's positions)."""
    return seats if len(seats) == 2 else [*seats[2:], seats[0], seats[1]]


@lru_cache(maxsize=256)
def _solved(spot: Spot) -> Equilibrium:
    return solve(spot)
