"""A game's whole tree, flattened once, for the exact algorithms (CFR, best response).

Built from any OpenSpiel game (holdem's own or OpenSpiel's), visiting children in the
order of ``legal_actions()`` and ``chance_outcomes()``, so an algorithm walking it
meets the nodes (and draws its random numbers) in the order OpenSpiel's Python
algorithms do on the same game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

TERMINAL, CHANCE, DECISION = 0, 1, 2


@dataclass
class GameTree:
    """Nodes by number (the root is 0), and the information sets of the decisions."""

    players: int
    kind: list[int] = field(default_factory=list)
    player: list[int] = field(default_factory=list)
    infoset: list[int] = field(default_factory=list)  # -1 off decisions
    children: list[list[int]] = field(default_factory=list)
    actions: list[list[int]] = field(default_factory=list)
    probs: list[list[float]] = field(default_factory=list)  # chance nodes
    returns: list[list[float]] = field(default_factory=list)  # terminal nodes
    keys: list[str] = field(default_factory=list)  # information-state strings
    legal: list[list[int]] = field(default_factory=list)
    owner: list[int] = field(default_factory=list)
    histories: list[list[int]] = field(default_factory=list)  # nodes of each infoset
    example: list[Any] = field(default_factory=list)  # one state of each infoset
    index: dict[str, int] = field(default_factory=dict)

    def add(self, state: Any) -> int:
        node = len(self.kind)
        self.kind.append(TERMINAL)
        self.player.append(-1)
        self.infoset.append(-1)
        self.children.append([])
        self.actions.append([])
        self.probs.append([])
        self.returns.append([])
        if state.is_terminal():
            self.returns[node] = [float(r) for r in state.returns()]
            return node
        if state.is_chance_node():
            self.kind[node] = CHANCE
            outcomes = state.chance_outcomes()
            self.actions[node] = [a for a, _ in outcomes]
            self.probs[node] = [p for _, p in outcomes]
            return node
        player = state.current_player()
        key = state.information_state_string(player)
        found = self.index.get(key)
        if found is None:
            found = self.index[key] = len(self.keys)
            self.keys.append(key)
            self.legal.append(list(state.legal_actions()))
            self.owner.append(player)
            self.histories.append([])
            self.example.append(state.clone())
        self.histories[found].append(node)
        self.kind[node] = DECISION
        self.player[node] = player
        self.infoset[node] = found
        self.actions[node] = list(state.legal_actions())
        return node


def build_tree(game: Any) -> GameTree:
    """The tree of an OpenSpiel game (iteratively: deep games do not hit recursion limits)."""
    tree = GameTree(game.num_players())
    stack = [(game.new_initial_state(), -1)]
    while stack:
        state, parent = stack.pop()
        node = tree.add(state)
        if parent >= 0:
            tree.children[parent].append(node)
        # children pushed in reverse so that they are numbered in order
        for action in reversed(tree.actions[node]):
            stack.append((state.child(action), node))
    return tree


_CACHE: dict[str, GameTree] = {}


def tree_of(game: Any) -> GameTree:
    """The game's tree, built once per game (by its name and parameters)."""
    key = str(game)
    if key not in _CACHE:
        _CACHE[key] = build_tree(game)
    return _CACHE[key]
