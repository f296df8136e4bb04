"""hold'em as an OpenSpiel game: ``pyspiel.load_game("python_holdem", {...})``.

One hand per episode, players by seat with the button on the last seat. Chance nodes
deal one card each (hole cards round the table, then the board), so OpenSpiel's own
``rl_environment`` and ``evaluate_bots`` sample the deal. Actions are the ids of
``layout.ACTION_NAMES``; observation tensors are ``layout.Layout`` from a player's
point of view; information states (string and tensor) are ``infostate``'s perfect-recall
record of the player's cards and every action with its amount; returns are chips won
in big blinds.

>>> import pyspiel
>>> game = load_game(players=3)
>>> state = game.new_initial_state()
>>> state.current_player() == pyspiel.PlayerId.CHANCE, len(state.chance_outcomes())
(True, 52)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from holdem.cards import Card
from holdem.errors import ConfigError
from holdem.rl.infostate import InfoStateLayout, info_state_string, info_state_tensor, max_actions
from holdem.rl.layout import ACTION_NAMES, ACTIONS
from holdem.rl.openspiel_type import poker_game_type
from holdem.rl.options import table_game
from holdem.rl.table import TableGame

NAME = "python_holdem"
_DEFAULTS = {"players": 2, "stack": 100, "small_blind": 1, "big_blind": 2, "structure": "nl"}
_TYPE = poker_game_type(NAME, "holdem Texas Hold'em", _DEFAULTS, information_state=True)


class HoldemGame(pyspiel.Game):  # type: ignore[misc]
    """The game for one set of options (players, stack, blinds, structure)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        options = {**_DEFAULTS, **(params or {})}
        self.options = options
        self.table = table_game(
            options["players"],
            options["stack"],
            options["small_blind"],
            options["big_blind"],
            options["structure"],
        )
        n, bb = self.table.players, self.table.big_blind
        chips = sum(self.table.stacks)
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTIONS,
            max_chance_outcomes=52,
            num_players=n,
            min_utility=-chips / bb,
            max_utility=chips / bb,
            utility_sum=0.0,
            # the deal, and at most one raise per chip plus a call round per street
            max_game_length=2 * n + 5 + 4 * n * (chips + 1),
        )
        super().__init__(_TYPE, info, options)

    def new_initial_state(self) -> HoldemState:
        return HoldemState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer | InfoStateObserver:
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InfoStateObserver(self.info_state_layout(), self.table.big_blind)
        return Observer(self.table.layout.size)

    def info_state_layout(self) -> InfoStateLayout:
        table = self.table
        min_bet = table.config().min_bet
        longest = max_actions(table.players, table.stacks, min_bet)
        return InfoStateLayout(table.players, longest)


class HoldemState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress, over ``Hand`` dealt card by card from the chance nodes."""

    def __init__(self, game: HoldemGame) -> None:
        super().__init__(game)
        table = game.table
        self.game_table = TableGame(
            table.players, table.stacks, table.small_blind, table.big_blind, table.structure
        )
        self.game_table.new_hand(None)
        self._dealt: list[int] = []
        self._pending: list[Card] = []

    def current_player(self) -> int:
        hand = self.game_table.current
        if hand.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if hand.pending_deal is not None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.game_table.to_act
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        return [int(a) for a in np.flatnonzero(self.game_table.legal_mask())]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = sorted(set(range(52)) - set(self._dealt))
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        hand = self.game_table.current
        if hand.pending_deal is None:
            self.game_table.apply(action)
            return
        self._dealt.append(action)
        self._pending.append(Card(action))
        kind, who = hand.pending_deal
        if kind == "hole" and len(self._pending) == 2:
            hand.deal_hole(who, self._pending)
            self._pending = []
        elif kind == "board" and len(self._pending) == (3 if not hand.board else 1):
            hand.deal_board(self._pending)
            self._pending = []

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card(action)}"
        return ACTION_NAMES[action]

    def is_terminal(self) -> bool:
        return self.game_table.current.is_over

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.game_table.players
        return [float(r) for r in self.game_table.rewards()]

    def __str__(self) -> str:
        return repr(self.game_table.current)


class Observer:
    """OpenSpiel's observer protocol over ``TableGame.observation``."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: HoldemState, player: int) -> None:
        table = state.game_table
        self.tensor[:] = table.observation(table.position_of(player))

    def string_from(self, state: HoldemState, player: int) -> str:
        table = state.game_table
        hand = table.current
        hole = hand.holes[table.position_of(player)] or ()
        cards = " ".join(str(c) for c in hole if c is not None)
        board = " ".join(str(c) for c in hand.board)
        return f"seat {player} [{cards}] board [{board}] pot {hand.pot_total}"


class InfoStateObserver:
    """OpenSpiel's observer protocol over ``infostate``: the perfect-recall state."""

    def __init__(self, layout: InfoStateLayout, big_blind: int) -> None:
        self.layout = layout
        self.big_blind = big_blind
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {"info_state": self.tensor}

    def set_from(self, state: HoldemState, player: int) -> None:
        table = state.game_table
        position = table.position_of(player)
        info_state_tensor(table.current, position, self.layout, self.big_blind, self.tensor)

    def string_from(self, state: HoldemState, player: int) -> str:
        table = state.game_table
        return info_state_string(table.current, table.position_of(player))


def load_game(**options: Any) -> Any:
    """The registered game with these options (defaults: ``_DEFAULTS``)."""
    unknown = sorted(set(options) - set(_DEFAULTS))
    if unknown:
        raise ConfigError(f"unknown option {unknown[0]!r}: the options are {', '.join(_DEFAULTS)}")
    return pyspiel.load_game(NAME, {**_DEFAULTS, **options})


pyspiel.register_game(_TYPE, HoldemGame)
