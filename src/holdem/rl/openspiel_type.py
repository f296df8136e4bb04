"""The OpenSpiel game type every holdem game shares: sequential, explicit chance,
imperfect information, zero-sum, rewards at the end."""

from __future__ import annotations

from typing import Any

import pyspiel


def poker_game_type(
    short_name: str, long_name: str, parameters: dict[str, Any], *, information_state: bool
) -> Any:
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=10,
        min_num_players=2,
        provides_information_state_string=information_state,
        provides_information_state_tensor=information_state,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )
