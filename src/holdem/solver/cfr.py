"""Discounted CFR (Brown and Sandholm, 2019) over a ``VectorGame``, and the exact
exploitability of its average strategy.

Each iteration updates the two players in turn (alternating updates): a forward pass
spreads both reach vectors down the tree, a backward pass brings the traverser's
counterfactual values up and updates its regrets and current strategy at once. With
``discounted=False`` the same passes are vanilla CFR with a uniform average, step for
step the algorithm of Zinkevich et al. that OpenSpiel's ``CFRSolver`` implements.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numba
import numpy as np

from holdem.solver import kernels
from holdem.solver.game import PLAYER, VectorGame

# DCFR's published parameters: positive regrets kept t^1.5/(t^1.5+1), negative ones
# halved, the average weighted by (t/(t+1))^2 each iteration.
ALPHA, BETA, GAMMA = 1.5, 0.0, 2.0


@contextmanager
def threads(count: int | None) -> Iterator[None]:
    """Run numba's parallel loops on ``count`` threads (None: every core)."""
    before = numba.get_num_threads()
    most = int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
    numba.set_num_threads(min(count or most, most))
    try:
        yield
    finally:
        numba.set_num_threads(before)


class CFR:
    """Regrets, current and summed strategies of every player node, hands x actions.

    ``dtype`` is the storage: float32 for hold'em spots, float64 where a test compares
    with exact figures.
    """

    def __init__(self, game: VectorGame, dtype: type = np.float32) -> None:
        self.game = game
        self.dtype = np.dtype(dtype)
        g = game
        self.regret = np.zeros(g.size, self.dtype)
        self.ssum = np.zeros(g.size, self.dtype)
        self.strat = self.uniform()
        self.locked = np.zeros(g.n_nodes, np.bool_)
        self.iterations = 0
        n0, n1 = (len(h.weights) for h in g.hands)
        self._reach = (np.zeros((g.n_nodes, n0), self.dtype), np.zeros((g.n_nodes, n1), self.dtype))
        self._cfv = np.zeros((g.n_nodes, max(n0, n1)), self.dtype)
        self._weights = tuple(np.asarray(h.weights, self.dtype) for h in g.hands)
        self._tree = (
            g.kind, g.player, g.parent, g.action, g.child_start, g.child_count, g.children,
            g.dealt, g.chance_weight, g.payoff, g.board, g.offset, g.level_start,
        )  # fmt: skip

    @property
    def memory_bytes(self) -> int:
        arrays = (self.regret, self.ssum, self.strat, *self._reach, self._cfv)
        return int(sum(a.nbytes for a in arrays))

    def uniform(self) -> np.ndarray:
        """Every action equally likely, at every node."""
        out = np.zeros(self.game.size, self.dtype)
        for n in np.flatnonzero(self.game.kind == PLAYER):
            na = int(self.game.child_count[n])
            hands = len(self.game.hands[int(self.game.player[n])].weights)
            out[self.game.offset[n] : self.game.offset[n] + hands * na] = 1.0 / na
        return out

    def block(self, array: np.ndarray, node: int) -> np.ndarray:
        """A player node's hands x actions view of a storage array."""
        g = self.game
        na = int(g.child_count[node])
        hands = len(g.hands[int(g.player[node])].weights)
        start = int(g.offset[node])
        return array[start : start + hands * na].reshape(hands, na)

    def lock(self, node: int, strategy: np.ndarray) -> None:
        """Fix a node's strategy (hands x actions, rows summing to 1) for later iterations."""
        self.block(self.strat, node)[:] = strategy
        self.block(self.ssum, node)[:] = strategy
        self.locked[node] = True

    def iterate(self, count: int = 1, *, discounted: bool = True) -> None:
        for _ in range(count):
            self.iterations += 1
            t = self.iterations
            if discounted:
                keep_pos = (t - 1) ** ALPHA / ((t - 1) ** ALPHA + 1)
                keep_neg = (t - 1) ** BETA / ((t - 1) ** BETA + 1) if t > 1 else 0.0
                keep = ((t - 1) / t) ** GAMMA
            else:
                keep_pos = keep_neg = keep = 1.0
            for trav in (0, 1):
                self.forward(self.strat, trav, accumulate=True, keep=keep)
                self.backward(trav, kernels.CFR, self.strat, keep_pos, keep_neg)

    def average(self) -> np.ndarray:
        """The average strategy (uniform where a hand never reached a node)."""
        out = self.ssum.astype(np.float64)
        g = self.game
        for n in np.flatnonzero(g.kind == PLAYER):
            block = self.block(out, int(n))
            totals = block.sum(axis=1, keepdims=True)
            na = block.shape[1]
            np.divide(block, totals, out=block, where=totals > 0)
            block[(totals <= 0)[:, 0]] = 1.0 / na
        return out.astype(self.dtype)

    def root_values(self, strategy: np.ndarray, mode: int) -> tuple[np.ndarray, np.ndarray]:
        """Each player's counterfactual values at the root (per hand) when both follow
        ``strategy`` (``FOLLOW``) or the traverser best-responds to it (``BEST``)."""
        out = []
        for trav in (0, 1):
            self.forward(strategy, trav, accumulate=False, keep=1.0)
            self.backward(trav, mode, strategy, 1.0, 1.0)
            out.append(self._cfv[0, : len(self.game.hands[trav].weights)].astype(np.float64))
        return out[0], out[1]

    def node_values(self, strategy: np.ndarray, trav: int) -> np.ndarray:
        """The traverser's counterfactual values at every node (nodes x hands) and both
        reach vectors left in ``reach``, all under ``strategy``."""
        self.forward(strategy, trav, accumulate=False, keep=1.0)
        self.backward(trav, kernels.FOLLOW, strategy, 1.0, 1.0)
        return self._cfv[:, : len(self.game.hands[trav].weights)]

    @property
    def reach(self) -> tuple[np.ndarray, np.ndarray]:
        return self._reach

    def pair_mass(self) -> float:
        """The weight of every compatible pair of hands: values divide by it."""
        g = self.game
        w0, w1 = (np.asarray(h.weights, np.float64) for h in g.hands)
        out = np.zeros(len(w0))
        kernels.fold_values(g.n_cards, 1.0, w1, g.hands[0].cards, g.hands[1].cards, g.same[0], out)
        return float(w0 @ out)

    def expected(self, strategy: np.ndarray) -> tuple[float, float]:
        """Each player's expected payoff when both follow ``strategy``."""
        v0, v1 = self.root_values(strategy, kernels.FOLLOW)
        z = self.pair_mass()
        w0, w1 = (np.asarray(h.weights, np.float64) for h in self.game.hands)
        return float(w0 @ v0) / z, float(w1 @ v1) / z

    def best_response(self, strategy: np.ndarray) -> tuple[float, float]:
        """Each player's payoff when it best-responds to the other's ``strategy``."""
        v0, v1 = self.root_values(strategy, kernels.BEST)
        z = self.pair_mass()
        w0, w1 = (np.asarray(h.weights, np.float64) for h in self.game.hands)
        return float(w0 @ v0) / z, float(w1 @ v1) / z

    def exploitability(self, strategy: np.ndarray | None = None) -> float:
        """Half the NashConv: the mean of what each best response gains against the
        profile (OpenSpiel's ``exploitability``); zero exactly at an equilibrium."""
        s = self.average() if strategy is None else strategy
        e0, e1 = self.expected(s)
        b0, b1 = self.best_response(s)
        return ((b0 - e0) + (b1 - e1)) / 2

    def forward(self, strategy: np.ndarray, trav: int, *, accumulate: bool, keep: float) -> None:
        g = self.game
        r0, r1 = self._reach
        r0[0] = self._weights[0]
        r1[0] = self._weights[1]
        kernels.forward(
            self._tree, g.hands[0].cards, g.hands[1].cards, strategy, self.ssum, self.locked,
            r0, r1, trav, accumulate, self.dtype.type(keep), numba.get_num_threads() > 1,
        )  # fmt: skip

    def backward(
        self, trav: int, mode: int, strategy: np.ndarray, keep_pos: float, keep_neg: float
    ) -> None:
        g = self.game
        o = 1 - trav
        kernels.backward(
            self._tree, g.n_cards, trav, mode, strategy, self.regret, self.locked,
            self._cfv[:, : len(g.hands[trav].weights)], self._reach[o], g.hands[trav].cards,
            g.hands[o].cards, g.same[trav], g.order[trav], g.order[o], g.sorted_cards[trav],
            g.sorted_cards[o], g.sorted_strengths[trav], g.sorted_strengths[o],
            self.dtype.type(keep_pos), self.dtype.type(keep_neg),
            numba.get_num_threads() > 1,
        )  # fmt: skip
