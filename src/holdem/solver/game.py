"""A two-player game in the vector form CFR works on: a tree of player, chance and
terminal nodes walked once per iteration with whole ranges at a time.

Each player holds one of a list of private hands, each made of one or two cards from a
small deck (52 for hold'em, 3 for Kuhn, 6 for Leduc). Two hands are compatible when they
share no card, and a chance node deals one card, which removes the hands holding it. At a
showdown both hands are ranked by a strength per board. That is all the solver needs to
know, so hold'em spots, Kuhn and Leduc poker are instances of the same ``VectorGame``.

Nodes are built as small Python objects (``PlayerNode``, ``ChanceNode``, ``FoldNode``,
``ShowdownNode``) and ``flatten`` lays them out as arrays, ordered by depth, for the
kernels in ``holdem.solver.cfr``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

PLAYER, CHANCE, FOLD, SHOWDOWN = 0, 1, 2, 3


@dataclass
class PlayerNode:
    player: int
    actions: list[str]
    children: list[Node]
    meta: Any = None


@dataclass
class ChanceNode:
    """Deals one card: ``cards[i]`` leads to ``children[i]``; each outcome weighs ``weight``."""

    cards: list[int]
    children: list[Node]
    weight: float
    meta: Any = None


@dataclass
class FoldNode:
    """The hand ends without a showdown: each player gets ``payoff[p]``."""

    payoff: tuple[float, float]
    meta: Any = None


@dataclass
class ShowdownNode:
    """Hands are compared on ``board``: player p gets ``win[p]``, ``lose[p]`` or ``tie[p]``."""

    board: int
    win: tuple[float, float]
    lose: tuple[float, float]
    tie: tuple[float, float]
    meta: Any = None


Node = PlayerNode | ChanceNode | FoldNode | ShowdownNode


@dataclass
class Hands:
    """One player's possible hands: cards (n, 2; -1 where a hand has one card) and the
    weight each is held with."""

    cards: np.ndarray
    weights: np.ndarray
    labels: list[str] = field(default_factory=list)


@dataclass
class VectorGame:
    """The flattened tree. Node 0 is the root; nodes are ordered by depth."""

    n_cards: int
    hands: tuple[Hands, Hands]
    strengths: tuple[np.ndarray, np.ndarray]  # (boards, hands) int32, per player
    kind: np.ndarray  # int8 per node
    player: np.ndarray  # acting player, -1 when none
    parent: np.ndarray
    action: np.ndarray  # index among the parent's children
    child_start: np.ndarray
    child_count: np.ndarray
    children: np.ndarray
    dealt: np.ndarray  # the card a chance node's child was dealt, else -1
    chance_weight: np.ndarray
    payoff: np.ndarray  # (nodes, 2 players, 3: win/fold, lose, tie)
    board: np.ndarray  # showdown board index, else -1
    offset: np.ndarray  # where a player node's hands x actions block starts, else -1
    level_start: np.ndarray  # nodes of depth d are level_start[d]:level_start[d+1]
    labels: list[str]  # the action or card that leads to each node
    size: int  # total length of the hands x actions storage
    same: tuple[np.ndarray, np.ndarray]  # the opponent's identical hand, else -1
    meta: list[Any]  # what the builder attached to each node (streets, pots)
    order: tuple[np.ndarray, np.ndarray] = field(init=False)
    # a hold'em game's showdown boards (sorted cards) and their index in ``strengths``
    board_index: dict[tuple[int, ...], int] = field(default_factory=dict)

    sorted_cards: tuple[np.ndarray, np.ndarray] = field(init=False)
    sorted_strengths: tuple[np.ndarray, np.ndarray] = field(init=False)

    def __post_init__(self) -> None:
        # Hands sorted by strength on each board, for the O(n) showdown, with their cards
        # and strengths laid out in that order so the walk reads memory in sequence. A
        # missing second card points at a slot of its own per player (n_cards for the
        # opponent's sums, n_cards + 1 for the traverser's, which stays 0).
        self.order = tuple(  # type: ignore[assignment]
            np.ascontiguousarray(np.argsort(s, axis=1, kind="stable").astype(np.int32))
            for s in self.strengths
        )
        self.sorted_cards = tuple(  # type: ignore[assignment]
            np.ascontiguousarray(h.cards.astype(np.int32)[order])
            for h, order in zip(self.hands, self.order, strict=True)
        )
        self.sorted_strengths = tuple(  # type: ignore[assignment]
            np.ascontiguousarray(np.take_along_axis(s, order, axis=1))
            for s, order in zip(self.strengths, self.order, strict=True)
        )

    @property
    def n_nodes(self) -> int:
        return len(self.kind)

    def child(self, node: int, index: int) -> int:
        return int(self.children[self.child_start[node] + index])

    def child_labels(self, node: int) -> list[str]:
        start, count = self.child_start[node], self.child_count[node]
        return [self.labels[int(c)] for c in self.children[start : start + count]]


def flatten(
    root: Node,
    n_cards: int,
    hands: tuple[Hands, Hands],
    strengths: tuple[np.ndarray, np.ndarray],
) -> VectorGame:
    """Lay the tree out breadth first, so each depth is one run of nodes."""
    order: list[Node] = [root]
    labels = [""]
    parents = [-1]
    actions = [-1]
    dealt = [-1]
    depth = [0]
    i = 0
    while i < len(order):
        node = order[i]
        if isinstance(node, PlayerNode):
            for a, (name, c) in enumerate(zip(node.actions, node.children, strict=True)):
                order.append(c)
                labels.append(name)
                parents.append(i)
                actions.append(a)
                dealt.append(-1)
                depth.append(depth[i] + 1)
        elif isinstance(node, ChanceNode):
            for a, (card, c) in enumerate(zip(node.cards, node.children, strict=True)):
                order.append(c)
                labels.append(str(card))
                parents.append(i)
                actions.append(a)
                dealt.append(card)
                depth.append(depth[i] + 1)
        i += 1
    n = len(order)
    kind = np.zeros(n, np.int8)
    player = np.full(n, -1, np.int32)
    child_start = np.zeros(n, np.int64)
    child_count = np.zeros(n, np.int32)
    chance_weight = np.zeros(n, np.float64)
    payoff = np.zeros((n, 2, 3), np.float64)
    board = np.full(n, -1, np.int32)
    offset = np.full(n, -1, np.int64)
    children: list[int] = []
    first_child = 1
    size = 0
    sizes = (len(hands[0].weights), len(hands[1].weights))
    for i, node in enumerate(order):
        if isinstance(node, (PlayerNode, ChanceNode)):
            count = len(node.children)
            child_start[i] = len(children)
            child_count[i] = count
            children.extend(range(first_child, first_child + count))
            first_child += count
        if isinstance(node, PlayerNode):
            kind[i] = PLAYER
            player[i] = node.player
            offset[i] = size
            size += sizes[node.player] * len(node.actions)
        elif isinstance(node, ChanceNode):
            kind[i] = CHANCE
            chance_weight[i] = node.weight
        elif isinstance(node, FoldNode):
            kind[i] = FOLD
            payoff[i, :, 0] = node.payoff
        else:
            kind[i] = SHOWDOWN
            board[i] = node.board
            payoff[i, :, 0] = node.win
            payoff[i, :, 1] = node.lose
            payoff[i, :, 2] = node.tie
    levels = np.searchsorted(np.asarray(depth), np.arange(max(depth) + 2)).astype(np.int64)
    return VectorGame(
        n_cards=n_cards,
        hands=hands,
        strengths=(
            np.ascontiguousarray(strengths[0], dtype=np.int32),
            np.ascontiguousarray(strengths[1], dtype=np.int32),
        ),
        kind=kind,
        player=player,
        parent=np.asarray(parents, np.int64),
        action=np.asarray(actions, np.int32),
        child_start=child_start,
        child_count=child_count,
        children=np.asarray(children, np.int64),
        dealt=np.asarray(dealt, np.int32),
        chance_weight=chance_weight,
        payoff=payoff,
        board=board,
        offset=offset,
        level_start=levels,
        labels=labels,
        size=size,
        same=(_same(hands[0], hands[1]), _same(hands[1], hands[0])),
        meta=[node.meta for node in order],
    )


def _same(mine: Hands, theirs: Hands) -> np.ndarray:
    """For each of my hands, the index of the opponent's hand with the same two cards."""
    where = {tuple(sorted(c)): i for i, c in enumerate(theirs.cards.tolist())}
    found = np.full(len(mine.cards), -1, np.int32)
    for i, c in enumerate(mine.cards.tolist()):
        if c[1] >= 0:  # one-card hands never match: a shared card already removes them
            found[i] = where.get(tuple(sorted(c)), -1)
    return found
