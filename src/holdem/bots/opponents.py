"""What an opponent plausibly holds, read from what they did in this hand.

Preflop each opponent gets a range by their last decision: a raiser a strong range, a
re-raiser a stronger one, a caller a medium one, a player who only checked or posted a
blind any two cards. After the flop their range is narrowed street by street: a bet
keeps the upper half of the range at full weight (by hand strength on that street's
board) and the rest at a quarter (draws and bluffs); a raise keeps the upper third; a
call sheds the weakest third; read on request (the coach does), a street a player only
checked caps their range. ``continuing`` picks the hands that would go on facing a
bet: a pair made with a hole card or better, or a draw.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from holdem.bots.reading import AGGRESSIVE, Acted
from holdem.bots.sampling import WeightedRange, weighted
from holdem.evaluator import CLASSES, Category, evaluate_batch

RANGES = {
    "any": "random",
    "open": "22+,A2s+,K8s+,Q9s+,J9s+,T8s+,97s+,86s+,75s+,65s,A8o+,KTo+,QTo+,JTo",
    "call": "22+,A2s+,K5s+,Q8s+,J8s+,T8s+,97s+,86s+,75s+,64s+,54s,A7o+,K9o+,Q9o+,J9o+,T9o",
    "3bet": "TT+,AJs+,KQs,AQo+",
    "call3": "77+,ATs+,KJs+,QJs,JTs,AJo+,KQo",
    "4bet": "QQ+,AKs,AKo",
}
"""Preflop ranges by the last thing the player did (about 100%, 27%, 33%, 4%, 9%, 2.6%)."""
CONTINUE_PREFLOP = {"any": "call", "call": "call3", "open": "call3", "call3": "4bet"}
"""Facing a raise, the range a player with this label goes on with (the rest fold)."""

# (fraction of the range, by strength, that a bet, a raise, a call marks as weak;
#  and the weight those weak hands keep).
NARROWING = {"raise": (2 / 3, 0.2), "bet": (0.5, 0.25), "call": (1 / 3, 0.3)}
CHECK_CAP = (1 / 3, 0.4)
"""A check caps a range: the strongest third (they would usually have bet) keeps 0.4 of
its weight, for the hands played slowly. Read only when asked (the coach reads it)."""
_PAIR_START = next(i + 1 for i, c in enumerate(CLASSES) if c.category == Category.ONE_PAIR)
_STRAIGHT_START = next(i + 1 for i, c in enumerate(CLASSES) if c.category == Category.STRAIGHT)
_WINDOWS = [0b11111 << low for low in range(9)] + [0b1000000001111]  # straights, the wheel


def preflop_label(history: Sequence[Acted], player: int) -> str:
    """The name of ``player``'s preflop range (a key of ``RANGES``)."""
    label, raises = "any", 0
    for a in history:
        if a.street != 0:
            break
        if a.player == player:
            if a.action == "raise":
                label = "open" if raises == 0 else "3bet" if raises == 1 else "4bet"
            elif a.action == "call" and raises:
                label = "call" if raises == 1 else "call3"
        raises += a.action in AGGRESSIVE
    return label


def range_of(
    history: Sequence[Acted],
    player: int,
    board: Sequence[int],
    known: Sequence[int],
    cap_checks: bool = False,
) -> WeightedRange:
    """``player``'s plausible hands given the public history, without the ``known`` cards
    (``cap_checks``: a street they only checked caps their range, ``CHECK_CAP``)."""
    found = weighted(RANGES[preflop_label(history, player)]).without(known)
    for street in (1, 2, 3):
        shown = 2 + street  # board cards seen on that street: 3, 4, 5
        if len(board) < shown or not len(found.combos):
            break
        move = street_move(history, player, street, cap_checks)
        if move == "check":
            found = narrowed(found, board[:shown], *CHECK_CAP, strongest=True)
        elif move is not None:
            found = narrowed(found, board[:shown], *NARROWING[move])
    return found


def street_move(
    history: Sequence[Acted], player: int, street: int, checks: bool = False
) -> str | None:
    """The move that narrows ``player``'s range on ``street``: raise, bet or call (the
    strongest of them), else a check when ``checks`` are read; None if nothing narrows."""
    mine = [a.action for a in history if a.street == street and a.player == player]
    moves = ("raise", "bet", "call", "check") if checks else ("raise", "bet", "call")
    return next((m for m in moves if m in mine), None)


def narrowed(
    r: WeightedRange,
    board: Sequence[int],
    share: float,
    keep: float,
    strongest: bool = False,
) -> WeightedRange:
    """``r`` with the weakest ``share`` of its weight (on ``board``) scaled by ``keep``;
    with ``strongest``, the strongest ``share`` instead."""
    strength = _strengths(r.combos, board)
    if strongest:
        strength = -strength.astype(np.int64)
    order = np.argsort(strength, kind="stable")
    reached = np.cumsum(r.weights[order])
    at = min(int(np.searchsorted(reached, share * reached[-1])), len(order) - 1)
    # Hands as strong as the cut are not told apart by the action: they keep their weight.
    cut = strength < strength[order][at]
    return r.scaled(np.where(cut, keep, 1.0))


def continuing(r: WeightedRange, board: Sequence[int]) -> np.ndarray:
    """Which combinations of ``r`` go on facing a bet on ``board``: True or False each."""
    combos = r.combos.astype(np.int64)
    board_arr = np.asarray(board, np.int64)
    strength = _strengths(r.combos, board)
    hole_ranks = combos >> 2
    board_ranks = board_arr >> 2
    pocket_pair = hole_ranks[:, 0] == hole_ranks[:, 1]
    pairs_board = np.isin(hole_ranks, board_ranks).any(axis=1)
    made = (strength >= _PAIR_START) & (pocket_pair | pairs_board) | (strength >= _STRAIGHT_START)
    if len(board) >= 5:
        return np.asarray(made)
    return np.asarray(
        made | _flush_draw(combos, board_arr) | _straight_draw(hole_ranks, board_ranks)
    )


def _strengths(combos: np.ndarray, board: Sequence[int]) -> np.ndarray:
    rows = np.hstack([combos, np.tile(np.asarray(board, np.uint8), (len(combos), 1))])
    return evaluate_batch(rows)


def _flush_draw(combos: np.ndarray, board: np.ndarray) -> np.ndarray:
    """Four cards of a suit, at least one of them in the hand."""
    board_suits = np.bincount(board & 3, minlength=4)
    suits = combos & 3
    draw = np.zeros(len(combos), bool)
    for suit in range(4):
        held = (suits == suit).sum(axis=1)
        draw |= (held >= 1) & (held + board_suits[suit] >= 4)
    return draw


def _straight_draw(hole_ranks: np.ndarray, board_ranks: np.ndarray) -> np.ndarray:
    """Four ranks of a straight (open-ended or gutshot), at least one from the hand."""
    board_mask = int(np.bitwise_or.reduce(1 << board_ranks)) if len(board_ranks) else 0
    hole_masks = (1 << hole_ranks[:, 0]) | (1 << hole_ranks[:, 1])
    masks = hole_masks | board_mask
    draw = np.zeros(len(hole_ranks), bool)
    for window in _WINDOWS:
        draw |= (_popcount(masks & window) >= 4) & ((hole_masks & window) != 0)
    return draw


def _popcount(values: np.ndarray) -> np.ndarray:
    count = np.zeros(len(values), np.int64)
    for bit in range(13):
        count += (values >> bit) & 1
    return count
