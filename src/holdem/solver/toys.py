"""Kuhn and Leduc poker as ``VectorGame``s: small games with known answers, solved by the
same CFR core as hold'em spots (their values and exploitability are checked against
OpenSpiel's exact tools in the tests).

Both follow OpenSpiel's rules: an ante of 1 each, the first player acts first on each
round. Kuhn deals one of J, Q, K to each player and allows one bet of 1. Leduc deals one
of six cards (two suits of J, Q, K), bets 2 on the first round and 4 on the second, at
most two bets a round, then one public card; a pair with it wins, else the higher card.
Payoffs are what each player wins net of its own chips.
"""

from __future__ import annotations

import numpy as np

from holdem.solver.game import (
    ChanceNode,
    FoldNode,
    Hands,
    Node,
    PlayerNode,
    ShowdownNode,
    VectorGame,
    flatten,
)


def kuhn() -> VectorGame:
    after_pass = PlayerNode(
        1,
        ["pass", "bet"],
        [
            _showdown(0, [1, 1]),
            PlayerNode(0, ["pass", "bet"], [_fold(0, [1, 2]), _showdown(0, [2, 2])]),
        ],
    )
    after_bet = PlayerNode(1, ["pass", "bet"], [_fold(1, [2, 1]), _showdown(0, [2, 2])])
    root = PlayerNode(0, ["pass", "bet"], [after_pass, after_bet])
    cards = np.array([[0, -1], [1, -1], [2, -1]], np.int32)
    hands = Hands(cards, np.ones(3), ["J", "Q", "K"])
    strength = np.array([[0, 1, 2]], np.int32)
    return flatten(root, 3, (hands, hands), (strength, strength))


def leduc() -> VectorGame:
    def round_(history: str, put: list[int], first: bool, raises: int, board: int) -> Node:
        actor = len(history) % 2
        bet = 2 if first else 4
        options: list[tuple[str, Node]] = []
        facing = put[1 - actor] > put[actor]
        if facing:
            options.append(("fold", _fold(actor, put)))
            called = [max(put)] * 2
            options.append(("call", next_round(called, first, board)))
        else:
            checked = history + "c"
            if checked.endswith("cc"):
                options.append(("check", next_round(put, first, board)))
            else:
                options.append(("check", round_(checked, put, first, raises, board)))
        if raises < 2:
            more = list(put)
            more[actor] = max(put) + bet
            options.append(("raise", round_(history + "r", more, first, raises + 1, board)))
        return PlayerNode(actor, [o[0] for o in options], [o[1] for o in options])

    def next_round(put: list[int], first: bool, board: int) -> Node:
        if not first:
            return _showdown(board, put)
        outcomes = [round_("", list(put), False, 0, c) for c in range(6)]
        return ChanceNode(list(range(6)), outcomes, 1 / 4)

    cards = np.array([[c, -1] for c in range(6)], np.int32)
    hands = Hands(cards, np.ones(6), [f"{'JQK'[c // 2]}{c % 2}" for c in range(6)])
    rank = np.arange(6) // 2
    strength = np.array(
        [[10 + rank[h] if rank[h] == rank[b] else rank[h] for h in range(6)] for b in range(6)],
        np.int32,
    )
    return flatten(round_("", [1, 1], True, 0, -1), 6, (hands, hands), (strength, strength))


def _fold(folder: int, put: list[int]) -> FoldNode:
    winner = 1 - folder
    payoff = [0.0, 0.0]
    payoff[winner] = put[folder]
    payoff[folder] = -put[folder]
    return FoldNode((payoff[0], payoff[1]))


def _showdown(board: int, put: list[int]) -> ShowdownNode:
    a, b = put
    return ShowdownNode(board, win=(b, a), lose=(-a, -b), tie=(0.0, 0.0))
