"""The small games (``small.SmallGame``) as the OpenSpiel game ``python_holdem_small``.

>>> import pyspiel
>>> game = pyspiel.load_game("python_holdem_small", {"preset": "kuhn"})
>>> game.num_distinct_actions(), game.new_initial_state().chance_outcomes()[0]
(3, (0, 0.3333333333333333))

``preset`` is ``"kuhn"``, ``"leduc"`` or ``"custom"`` (then the other parameters say
the deck and the betting; lists are comma-separated, ``board_cards="0,1"``). Actions
are ``small``'s ids (0 fold, 1 call or check, 2 raise; No-Limit: 2.. each pot fraction,
the last all-in); returns are chips won; the information state (string and tensor)
is perfect recall, and serves as the observation too.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from holdem.errors import ConfigError
from holdem.rl.openspiel_type import poker_game_type
from holdem.rl.small import PRESETS, SmallGame, SmallState, info_state_size

NAME = "python_holdem_small"
DEFAULTS: dict[str, Any] = {
    "preset": "leduc",
    "players": 2,
    "ranks": 3,
    "suits": 2,
    "hole_cards": 1,
    "board_cards": "0,1",
    "ante": 1,
    "limit": True,
    "bets": "2,4",
    "max_raises": 2,
    "stack": 100,
    "pot_fractions": "1",
}
_TYPE = poker_game_type(
    NAME, "holdem small poker games (Kuhn, Leduc, custom decks)", DEFAULTS, information_state=True
)


def _numbers(name: str, text: str, kind: type) -> tuple[Any, ...]:
    try:
        return tuple(kind(part) for part in str(text).split(",") if part.strip())
    except ValueError:
        raise ConfigError(f"{name} is a comma-separated list of numbers, not {text!r}") from None


def small_game_of(params: dict[str, Any]) -> SmallGame:
    """The ``SmallGame`` of a parameter dict (``DEFAULTS``'s keys)."""
    options = {**DEFAULTS, **params}
    preset = options["preset"]
    if preset in PRESETS:
        return PRESETS[preset](int(options["players"]))
    if preset != "custom":
        raise ConfigError(f"preset is one of kuhn, leduc, custom, not {preset!r}")
    return SmallGame(
        players=int(options["players"]),
        ranks=int(options["ranks"]),
        suits=int(options["suits"]),
        hole_cards=int(options["hole_cards"]),
        board_cards=_numbers("board_cards", options["board_cards"], int),
        ante=int(options["ante"]),
        limit=bool(options["limit"]),
        bets=_numbers("bets", options["bets"], int),
        max_raises=int(options["max_raises"]),
        stack=int(options["stack"]),
        pot_fractions=_numbers("pot_fractions", options["pot_fractions"], float),
    )


class SmallPokerGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.rules = small_game_of(params or {})
        rules = self.rules
        most = float(rules.stack * (rules.players - 1))
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.actions,
            max_chance_outcomes=rules.deck_size,
            num_players=rules.players,
            min_utility=-float(rules.stack),
            max_utility=most,
            utility_sum=0.0,
            max_game_length=rules.max_game_length(),
        )
        super().__init__(_TYPE, info, {**DEFAULTS, **(params or {})})

    def new_initial_state(self) -> SmallPokerState:
        return SmallPokerState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SmallObserver:
        return SmallObserver(self.rules)


class SmallPokerState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: SmallPokerGame) -> None:
        super().__init__(game)
        self.small = SmallState(game.rules)

    def current_player(self) -> int:
        small = self.small
        if small.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if small.player < 0:
            return int(pyspiel.PlayerId.CHANCE)
        return small.player

    def _legal_actions(self, player: int) -> list[int]:
        return self.small.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.small.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        if self.small.player < 0:
            self.small.deal(action)
        else:
            self.small.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.small.game.card_name(action)}"
        return self.small.game.action_name(action)

    def is_terminal(self) -> bool:
        return self.small.over

    def returns(self) -> list[float]:
        return self.small.returns()

    def __str__(self) -> str:
        small = self.small
        return " | ".join(small.info_state_string(p) for p in range(small.game.players))


class SmallObserver:
    """The perfect-recall information state, as OpenSpiel's observer protocol."""

    def __init__(self, rules: SmallGame) -> None:
        self.tensor = np.zeros(info_state_size(rules), np.float32)
        self.dict = {"info_state": self.tensor}

    def set_from(self, state: SmallPokerState, player: int) -> None:
        self.tensor[:] = state.small.info_state_tensor(player)

    def string_from(self, state: SmallPokerState, player: int) -> str:
        return state.small.info_state_string(player)


def load_small_game(preset: str = "leduc", **options: Any) -> Any:
    """``pyspiel.load_game("python_holdem_small", ...)`` with these options."""
    unknown = sorted(set(options) - set(DEFAULTS))
    if unknown:
        raise ConfigError(f"unknown option {unknown[0]!r}: the options are {', '.join(DEFAULTS)}")
    params = {**DEFAULTS, **options, "preset": preset}
    for key in ("board_cards", "bets", "pot_fractions"):
        if not isinstance(params[key], str):
            params[key] = ",".join(str(v) for v in params[key])
    small_game_of(params)  # a ConfigError here, not deep inside OpenSpiel
    return pyspiel.load_game(NAME, params)


pyspiel.register_game(_TYPE, SmallPokerGame)
