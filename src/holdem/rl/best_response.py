"""Exact best responses and exploitability over a game's whole tree.

``exploitability(policy, game)`` is OpenSpiel's definition: the mean over players of
what a best response to the others' policy wins, less the game's utility sum (zero),
``nash_conv`` the sum over players of what a best response gains over the policy.
"""

from __future__ import annotations

from typing import Any

from holdem.rl.policy import probabilities
from holdem.rl.tree import CHANCE, TERMINAL, GameTree, tree_of


def game_of(game: Any) -> Any:
    """An OpenSpiel game from a game, a preset name (``"kuhn"``, ``"leduc"``) or a
    ``small.SmallGame``."""
    from holdem.rl.small import SmallGame

    if isinstance(game, str):
        from holdem.rl.small_openspiel import load_small_game

        return load_small_game(game)
    if isinstance(game, SmallGame):
        from holdem.rl.small_openspiel import load_small_game

        fields = {k: getattr(game, k) for k in ("players", "ranks", "suits", "hole_cards")}
        fields |= {
            k: getattr(game, k)
            for k in ("board_cards", "ante", "limit", "bets", "max_raises", "stack")
        }
        return load_small_game("custom", pot_fractions=game.pot_fractions, **fields)
    return game


def _reaches(tree: GameTree, table: list[list[float]], player: int) -> list[float]:
    """Each node's probability of being reached by chance and every player but ``player``."""
    reach = [0.0] * len(tree.kind)
    reach[0] = 1.0
    for node in range(len(tree.kind)):  # parents are numbered before their children
        kind = tree.kind[node]
        if kind == TERMINAL:
            continue
        here = reach[node]
        if kind == CHANCE:
            for child, p in zip(tree.children[node], tree.probs[node], strict=True):
                reach[child] = here * p
        elif tree.player[node] == player:
            for child in tree.children[node]:
                reach[child] = here
        else:
            probs = table[tree.infoset[node]]
            for child, p in zip(tree.children[node], probs, strict=True):
                reach[child] = here * p
    return reach


def best_response_value(tree: GameTree, table: list[list[float]], player: int) -> float:
    """What ``player`` wins in expectation playing a best response to ``table``."""
    reach = _reaches(tree, table, player)
    values: dict[int, float] = {}
    choice: dict[int, int] = {}

    def value(node: int) -> float:
        known = values.get(node)
        if known is not None:
            return known
        kind = tree.kind[node]
        if kind == TERMINAL:
            result = tree.returns[node][player]
        elif kind == CHANCE:
            result = sum(
                p * value(c) for c, p in zip(tree.children[node], tree.probs[node], strict=True)
            )
        elif tree.player[node] == player:
            result = value(tree.children[node][best(tree.infoset[node])])
        else:
            probs = table[tree.infoset[node]]
            result = sum(p * value(c) for c, p in zip(tree.children[node], probs, strict=True))
        values[node] = result
        return result

    def best(infoset: int) -> int:
        known = choice.get(infoset)
        if known is not None:
            return known
        totals = [0.0] * len(tree.legal[infoset])
        for node in tree.histories[infoset]:
            weight = reach[node]
            for a, child in enumerate(tree.children[node]):
                totals[a] += weight * value(child)
        choice[infoset] = found = max(range(len(totals)), key=totals.__getitem__)
        return found

    return value(0)


def policy_values(tree: GameTree, table: list[list[float]]) -> list[float]:
    """Each player's expected return when everyone follows ``table``."""
    totals = [0.0] * tree.players
    reach = [0.0] * len(tree.kind)
    reach[0] = 1.0
    for node in range(len(tree.kind)):
        here = reach[node]
        kind = tree.kind[node]
        if kind == TERMINAL:
            for p, r in enumerate(tree.returns[node]):
                totals[p] += here * r
            continue
        probs = tree.probs[node] if kind == CHANCE else table[tree.infoset[node]]
        for child, q in zip(tree.children[node], probs, strict=True):
            reach[child] = here * q
    return totals


def nash_conv(policy: Any, game: Any) -> float:
    """The sum over players of what a best response gains over ``policy``."""
    tree = tree_of(game_of(game))
    table = probabilities(policy, tree)
    on_policy = policy_values(tree, table)
    return sum(best_response_value(tree, table, p) - on_policy[p] for p in range(tree.players))


def exploitability(policy: Any, game: Any) -> float:
    """The mean over players of a best response's winnings against ``policy`` (zero-sum
    games: 0 exactly at a Nash equilibrium), in the game's units (chips)."""
    tree = tree_of(game_of(game))
    table = probabilities(policy, tree)
    responses = sum(best_response_value(tree, table, p) for p in range(tree.players))
    return responses / tree.players
