"""Counterfactual regret minimisation on small games: CFR, CFR+, DCFR, and outcome- and
external-sampling Monte Carlo CFR.

Each follows the published algorithm as OpenSpiel's Python implementations do
(alternating updates; CFR+ with regret matching+ and linear averaging; DCFR with
alpha 3/2, beta 0, gamma 2; MCCFR with its exploration of 0.6 and its "simple"
averaging), over the game's flattened tree (``tree``) instead of cloned states, so
the average policies, values and exploitability match OpenSpiel's iteration by
iteration (tests/rl/test_cfr.py holds them to 1e-6). The Monte Carlo solvers draw
from ``rng`` (default: numpy's global generator, as OpenSpiel does, so seeding it
the same gives the same samples).

>>> solver = CFRPlus("kuhn")
>>> for _ in range(100):
...     solver.iteration()
>>> round(exploitability(solver.average_policy(), "kuhn"), 3)
0.001
"""

from __future__ import annotations

from typing import Any

import numpy as np

from holdem.rl.best_response import exploitability, game_of
from holdem.rl.policy import TabularPolicy
from holdem.rl.tree import CHANCE, TERMINAL, GameTree, tree_of

__all__ = ["CFR", "DCFR", "CFRPlus", "ExternalSampling", "OutcomeSampling", "exploitability"]


def regret_matching(regrets: list[float]) -> list[float]:
    positive = [r if r > 0 else 0.0 for r in regrets]
    total = sum(positive)
    if total > 0:
        return [r / total for r in positive]
    return [1.0 / len(regrets)] * len(regrets)


class _Tabular:
    """Regrets and policy sums per information set of a game's tree."""

    def __init__(self, game: Any, start: float = 0.0) -> None:
        self.game = game_of(game)
        self.tree: GameTree = tree_of(self.game)
        sizes = [len(legal) for legal in self.tree.legal]
        self.regrets = [[start] * k for k in sizes]
        self.sums = [[start] * k for k in sizes]
        self.iterations = 0

    def average_policy(self) -> TabularPolicy:
        """The average policy (uniform where nothing was summed yet)."""
        policy = TabularPolicy()
        for i, key in enumerate(self.tree.keys):
            legal, sums = self.tree.legal[i], self.sums[i]
            total = sum(sums)
            if total > 0:
                policy[key] = {a: s / total for a, s in zip(legal, sums, strict=True)}
            else:
                policy[key] = {a: 1.0 / len(legal) for a in legal}
        return policy

    def current_policy(self) -> TabularPolicy:
        policy = TabularPolicy()
        for i, key in enumerate(self.tree.keys):
            probs = regret_matching(self.regrets[i])
            policy[key] = dict(zip(self.tree.legal[i], probs, strict=True))
        return policy


class CFR(_Tabular):
    """Vanilla CFR with alternating updates (``iteration()``, ``average_policy()``)."""

    plus = False
    weight_power = 0.0  # the average weighs iteration t by t ** weight_power

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.policy = [regret_matching(r) for r in self.regrets]

    def iteration(self) -> None:
        self.iterations += 1
        weight = float(self.iterations) ** self.weight_power if self.weight_power else 1.0
        for player in range(self.tree.players):
            self._walk(0, player, 1.0, 1.0, weight)
            self._after_player(player)
            self.policy = [regret_matching(r) for r in self.regrets]

    def _after_player(self, player: int) -> None:
        if self.plus:
            for regrets in self.regrets:
                for a, r in enumerate(regrets):
                    if r < 0:
                        regrets[a] = 0.0

    def _walk(self, node: int, player: int, mine: float, others: float, weight: float) -> float:
        """``player``'s value at ``node``; ``mine`` and ``others``: the reach of ``player``
        and of everyone else with chance. Updates ``player``'s regrets and sums."""
        tree = self.tree
        kind = tree.kind[node]
        if kind == TERMINAL:
            return tree.returns[node][player]
        children = tree.children[node]
        if kind == CHANCE:
            return sum(
                p * self._walk(c, player, mine, others * p, weight)
                for c, p in zip(children, tree.probs[node], strict=True)
            )
        infoset = tree.infoset[node]
        probs = self.policy[infoset]
        if tree.player[node] != player:
            if others == 0 and mine == 0:
                return 0.0
            return sum(
                p * self._walk(c, player, mine, others * p, weight)
                for c, p in zip(children, probs, strict=True)
            )
        values = [
            self._walk(c, player, mine * p, others, weight)
            for c, p in zip(children, probs, strict=True)
        ]
        value = sum(p * v for p, v in zip(probs, values, strict=True))
        regrets, sums = self.regrets[infoset], self.sums[infoset]
        for a, v in enumerate(values):
            regrets[a] += others * (v - value)
            sums[a] += weight * mine * probs[a]
        return value


class CFRPlus(CFR):
    """CFR+: regret matching+, alternating updates, linear averaging."""

    plus = True
    weight_power = 1.0


class DCFR(CFR):
    """Discounted CFR (Brown and Sandholm 2019): after each iteration positive regrets
    are scaled by t^a / (t^a + 1), negative ones by t^b / (t^b + 1), and iteration t
    weighs t^g in the average."""

    def __init__(
        self, game: Any, alpha: float = 1.5, beta: float = 0.0, gamma: float = 2.0
    ) -> None:
        super().__init__(game)
        self.alpha, self.beta = alpha, beta
        self.weight_power = gamma

    def _after_player(self, player: int) -> None:
        t = float(self.iterations)
        up = t**self.alpha / (t**self.alpha + 1)
        down = t**self.beta / (t**self.beta + 1)
        for i, regrets in enumerate(self.regrets):
            if self.tree.owner[i] != player:
                continue
            for a, r in enumerate(regrets):
                regrets[a] = r * (up if r >= 0 else down)


class _Sampling(_Tabular):
    def __init__(self, game: Any, rng: Any = None) -> None:
        super().__init__(game, start=1e-6)  # OpenSpiel's start: no division by zero
        self.rng = np.random if rng is None else rng

    def _sample(self, probs: list[float]) -> int:
        return int(self.rng.choice(range(len(probs)), p=probs))


class OutcomeSampling(_Sampling):
    """Outcome-sampling MCCFR: one sampled path per player per iteration, the updating
    player exploring with probability ``exploration``."""

    exploration = 0.6

    def iteration(self) -> None:
        self.iterations += 1
        for player in range(self.tree.players):
            self._episode(0, player, 1.0, 1.0, 1.0)

    def _episode(self, node: int, player: int, mine: float, others: float, sampled: float) -> float:
        tree = self.tree
        kind = tree.kind[node]
        if kind == TERMINAL:
            return tree.returns[node][player]
        if kind == CHANCE:
            probs = tree.probs[node]
            i = self._sample(probs)
            return self._episode(
                tree.children[node][i], player, mine, probs[i] * others, probs[i] * sampled
            )
        infoset = tree.infoset[node]
        policy = regret_matching(self.regrets[infoset])
        count = len(policy)
        if tree.player[node] == player:
            e = self.exploration
            behaviour = [e * (1.0 / count) + (1.0 - e) * p for p in policy]
        else:
            behaviour = policy
        i = self._sample(behaviour)
        if tree.player[node] == player:
            child_mine, child_others = mine * policy[i], others
        else:
            child_mine, child_others = mine, others * policy[i]
        value = self._episode(
            tree.children[node][i], player, child_mine, child_others, sampled * behaviour[i]
        )
        values = [0.0] * count
        values[i] = value / behaviour[i]
        estimate = sum(p * v for p, v in zip(policy, values, strict=True))
        if tree.player[node] == player:
            regrets, sums = self.regrets[infoset], self.sums[infoset]
            scale = others / sampled
            for a in range(count):
                regrets[a] += values[a] * scale - estimate * scale
            for a in range(count):
                sums[a] += mine * policy[a] / sampled
        return estimate


class ExternalSampling(_Sampling):
    """External-sampling MCCFR: every action of the updating player, one sample of
    chance and the others; the average summed where the next player acts."""

    def iteration(self) -> None:
        self.iterations += 1
        for player in range(self.tree.players):
            self._update(0, player)

    def _update(self, node: int, player: int) -> float:
        tree, children = self.tree, self.tree.children[node]
        if tree.kind[node] == CHANCE:
            return self._update(children[self._sample(tree.probs[node])], player)
        if tree.kind[node] == TERMINAL:
            return tree.returns[node][player]
        infoset = tree.infoset[node]
        policy = regret_matching(self.regrets[infoset])
        acting = tree.player[node]
        value = 0.0
        values = [0.0] * len(policy)
        if acting != player:
            value = self._update(children[self._sample(policy)], player)
        else:
            for a, child in enumerate(children):
                values[a] = self._update(child, player)
                value += policy[a] * values[a]
            regrets = self.regrets[infoset]
            for a in range(len(policy)):
                regrets[a] += values[a] - value
        if acting == (player + 1) % tree.players:
            sums = self.sums[infoset]
            for a in range(len(policy)):
                sums[a] += policy[a]
        return value
