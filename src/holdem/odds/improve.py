"""Outs: the unseen cards that make a hand the winner (R49), beside the rule of 2 and 4.

On the flop or the turn, each card that can come next is tried: it is an *out* when,
with it on the board, the hand is ahead of the opponent; a *tie* card when they split.
Against a range, a card is an out when the hand is ahead of more than half of the
opponent's combinations (by weight) that do not hold that card, and a tie card when
it is not an out but the hand at least splits with more than half.

The rule of 2 and 4 estimates the chance of hitting: outs x 4% with two cards to come,
x 2% with one. Beside it come the exact chance that one of the outs arrives, and the
exact equity by the river (which also counts runner-runner hands and outs that lose).

>>> result = outs("6h5h", "Ah9h2c", "AsKd")
>>> len(result.outs), result.rule_estimate, round(result.hit_chance, 3)
(9, 0.36, 0.364)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from math import comb

import numpy as np

from holdem.cards import ALL_CARDS, Card, ensure_distinct, parse_cards
from holdem.odds.equities import EquityResult, equity
from holdem.odds.errors import OddsError
from holdem.odds.ranges import Range, parse_range


@dataclass(frozen=True)
class Outs:
    hand: tuple[Card, ...]
    board: tuple[Card, ...]
    opponent: str
    """The opponent's hand or range as given."""
    status: str
    """Where the hand stands now: "ahead", "tied" or "behind" (against a range: of most)."""
    outs: tuple[Card, ...]
    ties: tuple[Card, ...]
    unseen: int
    """The cards the next one can be: the deck less the hand, board, dead and a known hand."""
    to_come: int
    """Board cards still to come: 2 on the flop, 1 on the turn."""
    equity: EquityResult
    """The exact equity by the river: the hand first, the opponent second."""

    @property
    def rule_estimate(self) -> float:
        """The rule of 2 and 4: outs x 4% with two cards to come, x 2% with one, read as
        at most 100% (a shortcut for a few outs: with many it overstates)."""
        return min(1.0, round(len(self.outs) * 0.02 * self.to_come, 10))

    @property
    def hit_chance(self) -> float:
        """The exact chance that at least one out comes by the river."""
        misses = self.unseen - len(self.outs)
        return 1 - comb(misses, self.to_come) / comb(self.unseen, self.to_come)


def outs(
    hand: str | Iterable[int | str],
    board: str | Iterable[int | str],
    vs: str | Range | Iterable[int | str],
    dead: str | Iterable[int | str] | None = None,
) -> Outs:
    """The outs and tie cards of ``hand`` on a flop or turn ``board`` against ``vs``."""
    hole = parse_cards(hand)
    if len(hole) != 2:
        raise OddsError(f"a hand is two hole cards, not {len(hole)}")
    cards_on_board = parse_cards(board)
    if len(cards_on_board) not in (3, 4):
        raise OddsError(
            "outs are counted on the flop or the turn: the board has 3 or 4 cards, "
            f"not {len(cards_on_board)}"
        )
    dead_cards = parse_cards(dead) if dead is not None else []
    opponent = _opponent(vs)
    seen = [*hole, *cards_on_board, *dead_cards]
    known = seen + list(opponent.hand or ())
    ensure_distinct(known)
    left = opponent.without(seen)
    if not len(left):
        raise OddsError(
            f"the range {opponent.text!r} has no combination left beside the hand and the board"
        )
    unseen = [c for c in ALL_CARDS if c not in set(known)]
    outs_found, ties_found = [], []
    for card, (win, tie) in zip(unseen, _shares(hole, cards_on_board, left, unseen), strict=True):
        if win > 0.5:
            outs_found.append(card)
        elif win + tie > 0.5:
            ties_found.append(card)
    now_win, now_tie = _shares(hole, cards_on_board, left, [])[0]
    status = "ahead" if now_win > 0.5 else "tied" if now_win + now_tie > 0.5 else "behind"
    return Outs(
        hand=tuple(hole),
        board=tuple(cards_on_board),
        opponent=opponent.text,
        status=status,
        outs=tuple(outs_found),
        ties=tuple(ties_found),
        unseen=len(unseen),
        to_come=5 - len(cards_on_board),
        equity=equity([Range.of_hand(hole), opponent], cards_on_board, dead_cards),
    )


def _opponent(vs: str | Range | Iterable[int | str]) -> Range:
    if isinstance(vs, Range):
        return vs
    if isinstance(vs, str):
        return parse_range(vs)
    return Range.of_hand(vs)


def _shares(
    hole: list[Card], board: list[Card], opponent: Range, cards: list[Card]
) -> list[tuple[float, float]]:
    """For each next card (or the board as it is, when ``cards`` is empty): the weighted
    shares of the opponent's combinations the hand beats and ties."""
    from holdem.evaluator import evaluate_batch

    nexts = [[c] for c in cards] or [[]]
    combos = np.array(opponent.combos, dtype=np.uint8)
    weights = np.array(opponent.weights)
    found = []
    for extra in nexts:
        base = [*board, *extra]
        mine = int(evaluate_batch([[*hole, *base]])[0])
        keep = ~np.isin(combos, extra).any(axis=1)
        rows = np.hstack([combos[keep], np.tile(np.array(base, np.uint8), (int(keep.sum()), 1))])
        theirs = evaluate_batch(rows)
        w = weights[keep]
        total = w.sum()
        found.append(
            (float(w[mine > theirs].sum() / total), float(w[mine == theirs].sum() / total))
        )
    return found
