"""A small, fast Monte Carlo equity for bots: a few hundred deals against weighted ranges.

``holdem.odds.equity`` is the accurate tool (exact enumeration, stopping rules, any
input); a bot deciding thousands of times a second wants a rough answer in well under
a millisecond. This sampler draws each opponent's hand by weight from a ``WeightedRange``
(arrays of combinations and weights), completes the board from the cards left, and
scores every deal at once with the numba batch evaluator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from holdem.cards import Card
from holdem.evaluator import evaluate_batch
from holdem.odds import Range, parse_range

REDEALS = 20  # rounds of redealing opponents who were dealt the same card


@dataclass(frozen=True)
class WeightedRange:
    """An opponent's plausible hands: ``combos`` (K, 2) card codes, ``weights`` (K,)."""

    combos: np.ndarray
    weights: np.ndarray

    def without(self, cards: Sequence[int] | np.ndarray) -> WeightedRange:
        """The combinations that hold none of ``cards`` (card removal)."""
        keep = ~np.isin(self.combos, np.asarray(cards, np.uint8)).any(axis=1)
        return WeightedRange(self.combos[keep], self.weights[keep])

    def scaled(self, factors: np.ndarray) -> WeightedRange:
        return WeightedRange(self.combos, self.weights * factors)

    @property
    def total(self) -> float:
        return float(self.weights.sum())


@cache
def weighted(text: str) -> WeightedRange:
    """A range in the usual notation ("QQ+,AKs", "random") as arrays; parsed once."""
    found = Range.random() if text == "random" else parse_range(text)
    combos = np.array(found.combos, np.uint8).reshape(-1, 2)
    weights = np.array(found.weights, np.float64)
    combos.setflags(write=False)
    weights.setflags(write=False)
    return WeightedRange(combos, weights)


def equity(
    hole: Sequence[Card],
    board: Sequence[Card],
    opponents: Sequence[WeightedRange],
    trials: int,
    gen: np.random.Generator,
) -> float:
    """``hole``'s share of the pot against the opponents' ranges, over ``trials`` deals.

    Ranges must already be without ``hole`` and ``board`` (``WeightedRange.without``).
    An empty range counts as a random hand; one whose weights sum to nothing, as all
    its combinations alike.
    """
    known = np.array([*hole, *board], np.uint8)
    opponents = [r if len(r.combos) else weighted("random").without(known) for r in opponents]
    hands = np.stack([_deal(r, trials, gen) for r in opponents], axis=1)  # (T, n, 2)
    hands = _redeal_clashes(hands, opponents, gen)
    if not len(hands):
        return 1.0 / (len(opponents) + 1)
    count = len(hands)
    need = 5 - len(board)
    boards = np.tile(np.asarray(board, np.uint8), (count, 1))
    if need:
        keys = gen.random((count, 52))
        keys[:, known] = 2.0  # cards out of the deck sort last
        np.put_along_axis(keys, hands.reshape(count, -1).astype(np.intp), 2.0, axis=1)
        extra = np.argpartition(keys, need - 1, axis=1)[:, :need].astype(np.uint8)
        boards = np.hstack([boards, extra])
    mine = evaluate_batch(np.hstack([np.tile(known[:2], (count, 1)), boards]))
    theirs = np.stack(
        [evaluate_batch(np.hstack([hands[:, i], boards])) for i in range(len(opponents))], axis=1
    )
    best = theirs.max(axis=1)
    tied = (theirs == mine[:, None]).sum(axis=1)
    share = np.where(mine > best, 1.0, np.where(mine == best, 1.0 / (tied + 1), 0.0))
    return float(share.mean())


def _deal(r: WeightedRange, trials: int, gen: np.random.Generator) -> np.ndarray:
    total = r.weights.sum()
    p = r.weights / total if total > 0 else None
    return r.combos[gen.choice(len(r.combos), size=trials, p=p)]


def _redeal_clashes(
    hands: np.ndarray, opponents: Sequence[WeightedRange], gen: np.random.Generator
) -> np.ndarray:
    """Deal again to deals where two opponents hold the same card; drop the stubborn."""
    if len(opponents) == 1:
        return hands
    for _ in range(REDEALS):
        flat = np.sort(hands.reshape(len(hands), -1), axis=1)
        clash = (np.diff(flat, axis=1) == 0).any(axis=1)
        if not clash.any():
            return hands
        again = int(clash.sum())
        hands[clash] = np.stack([_deal(r, again, gen) for r in opponents], axis=1)
    flat = np.sort(hands.reshape(len(hands), -1), axis=1)
    result: np.ndarray = hands[~(np.diff(flat, axis=1) == 0).any(axis=1)]
    return result
