"""Policies over information states, and reading any policy into one.

A ``TabularPolicy`` maps an information-state string to action probabilities. The
functions that take "a policy" accept one, a plain mapping of the same shape, an
OpenSpiel policy (``action_probabilities(state)``), or a callable ``state -> {action:
probability}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from holdem.errors import ConfigError
from holdem.rl.tree import GameTree


class TabularPolicy(dict[str, dict[int, float]]):
    """``{information-state string: {action: probability}}``; OpenSpiel's protocol too."""

    def action_probabilities(self, state: Any, player_id: int | None = None) -> dict[int, float]:
        player = state.current_player() if player_id is None else player_id
        key = state.information_state_string(player)
        found = self.get(key)
        if found is None:
            legal = state.legal_actions()
            return {a: 1.0 / len(legal) for a in legal}
        return dict(found)

    def __call__(self, state: Any) -> dict[int, float]:
        return self.action_probabilities(state)


def probabilities(policy: Any, tree: GameTree) -> list[list[float]]:
    """The policy's probability of each legal action (in ``tree.legal`` order) at every
    information set of the tree."""
    table: list[list[float]] = []
    for i, key in enumerate(tree.keys):
        legal = tree.legal[i]
        if isinstance(policy, Mapping):
            found = policy.get(key)
            chosen = dict(found) if found is not None else {a: 1.0 / len(legal) for a in legal}
        elif hasattr(policy, "action_probabilities"):
            chosen = dict(policy.action_probabilities(tree.example[i]))
        elif callable(policy):
            chosen = dict(policy(tree.example[i]))
        else:
            raise ConfigError(
                "a policy is a TabularPolicy, a mapping of information states to action "
                f"probabilities, an OpenSpiel policy or a callable, not {type(policy).__name__}"
            )
        table.append([float(chosen.get(a, 0.0)) for a in legal])
    return table
