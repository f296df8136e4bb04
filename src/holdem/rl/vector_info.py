"""``VectorEnv``'s information states, in numpy over the kernel's arrays.

``InfoStates`` keeps the perfect-recall information state (``infostate``) of each
table's actor: an action log every step appends to, and the actor's cards.

The kernel's arrays are by position; these read them through the field numbers
``holdem.kernels.rl_step`` publishes.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from holdem.kernels import rl_step as k
from holdem.rl.infostate import (
    CARDS,
    KINDS,
    STREET_NAMES,
    InfoStateLayout,
    max_actions,
)

FOLD, CHECK, CALL, BET, RAISE = range(len(KINDS))


class InfoStates:
    """Every table's action log and its actor's information-state tensor."""

    def __init__(
        self, tables: int, players: int, stacks: Sequence[int], min_bet: int, big_blind: int
    ) -> None:
        self.layout = InfoStateLayout(players, max_actions(players, stacks, min_bet))
        self.scale = 1.0 / big_blind  # float64, then stored as float32: as the kernel
        self.count = np.zeros(tables, dtype=np.int64)
        self.tensor = np.zeros((tables, self.layout.size), dtype=np.float32)

    def clear(self) -> None:
        self.count[:] = 0
        self.tensor[:] = 0

    def record(
        self, tab: np.ndarray, state: np.ndarray, actions: np.ndarray, amounts: np.ndarray
    ) -> None:
        """Log the actions about to be applied (the kernel's ``_target`` rules, in numpy)."""
        tables = np.arange(tab.shape[0])
        actor = tab[:, k.T_ACTOR]
        bet = state[tables, k.S_BETS, actor]
        stack = state[tables, k.S_STACKS, actor]
        top, low, high = tab[:, k.T_TOP], tab[:, k.T_LOW], tab[:, k.T_HIGH]
        pot_after_call = tab[:, k.T_POT] + top - bet
        sized = np.where(actions == 3, top + pot_after_call // 2, top + pot_after_call)
        sized = np.where(actions == 2, low, sized)
        sized = np.clip(np.where(amounts >= 0, amounts, sized), low, high)
        to = np.where(actions == 1, bet + tab[:, k.T_CALL], sized)
        to = np.where(actions == 5, tab[:, k.T_ALL_IN_TO], to)
        to = np.where(actions == 0, bet, to)
        added = to - bet
        kind = np.where(to > top, np.where(top == 0, BET, RAISE), np.where(added == 0, CHECK, CALL))
        kind = np.where(actions == 0, FOLD, kind)
        layout, n = self.layout, self.layout.players
        base = layout.actions + self.count * layout.row
        self.tensor[tables, base + tab[:, k.T_STREET]] = 1
        self.tensor[tables, base + len(STREET_NAMES) + actor] = 1
        self.tensor[tables, base + 4 + n + kind] = 1
        self.tensor[tables, base + 9 + n] = to * self.scale
        self.tensor[tables, base + 10 + n] = added * self.scale
        self.tensor[tables, base + 11 + n] = (actions != 0) & (added == stack)
        self.count += 1

    def describe(
        self, hole: np.ndarray, board: np.ndarray, tab: np.ndarray, dones: np.ndarray
    ) -> np.ndarray:
        """The tensors of the decisions now due (``hole`` and ``board``: card codes, -1
        not dealt), the logs of finished hands cleared."""
        if dones.any():
            self.tensor[dones] = 0
            self.count[dones] = 0
        head = self.tensor[:, : self.layout.actions]
        head[:] = 0
        tables = np.arange(tab.shape[0])
        head[tables, hole[:, 0]] = 1
        head[tables, hole[:, 1]] = 1
        for i, slot in enumerate((1, 1, 1, 2, 3)):  # the flop, the turn, the river
            dealt = board[:, i] >= 0
            head[tables[dealt], slot * CARDS + board[dealt, i]] = 1
        head[tables, self.layout.position + tab[:, k.T_ACTOR]] = 1
        return self.tensor
