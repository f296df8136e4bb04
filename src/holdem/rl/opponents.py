"""The seats ``VectorEnv`` plays itself: compiled bots and batched policies.

``"tag"``, ``"random"`` and ``"caller"`` are ``holdem.kernels.policies``'s compiled
policies, the same decisions as the bots' objects through ``Hand``, run inside the
step kernel; a callable is a batched policy, called with the ``obs`` rows of the
tables where its seat is to act and answering their action ids.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from holdem.errors import ConfigError
from holdem.evaluator.tables import kernel_arrays
from holdem.kernels import policies as batched

Policy = Callable[[dict[str, np.ndarray]], Any]
EXTERNAL = -1  # ``kernels.rl_step.EXTERNAL``: a seat the caller (or a policy) decides
SEEN_WIDTH = batched.SEEN_COLUMNS + 1  # and the hand the reading belongs to


class Opponents:
    """Which seats the environment plays, and the arrays its kernel needs for them."""

    def __init__(self, opponents: Mapping[int, str | Policy], players: int, tables: int) -> None:
        if not isinstance(opponents, Mapping):
            raise ConfigError("opponents maps seats to a bot name or a policy: {1: 'tag'}")
        self.policies: dict[int, Policy] = {}
        seat_policy = np.full(players, EXTERNAL, dtype=np.int64)
        for seat, who in opponents.items():
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                raise ConfigError(f"opponent seats are 0 to {players - 1}, not {seat!r}")
            if callable(who):
                self.policies[seat] = who
            elif who in batched.POLICIES:
                seat_policy[seat] = batched.POLICIES[str(who)]
            elif who == "mc":
                raise ConfigError(
                    "the Monte Carlo bot 'mc' has no compiled policy: play it through "
                    "gym_env(opponents='mc'), or pass a batched policy of your own"
                )
            else:
                names = ", ".join(repr(name) for name in batched.POLICIES)
                raise ConfigError(f"an opponent is one of {names} or a policy, not {who!r}")
        if len(opponents) >= players:
            raise ConfigError("leave at least one seat out of opponents: the one you play")
        self.seat_policy = seat_policy
        self.seen = np.full((tables, SEEN_WIDTH), -1, dtype=np.int64)
        self.bot_rng = np.zeros(tables, dtype=np.uint64)
        work = batched.tag_work(kernel_arrays())
        self.kernel_arrays = (seat_policy, self.seen, work, self.bot_rng)
        self.everywhere = np.ones(tables, dtype=np.bool_)
        self._carried = (
            np.zeros((tables, players), dtype=np.float32),
            np.zeros((tables, players), dtype=np.int64),
            np.zeros(tables, dtype=np.bool_),
        )

    def seed(self, seed: int) -> None:
        """The random bot's generators: their own stream, so the deals never depend on them."""
        words = np.random.SeedSequence([seed, 1]).generate_state(len(self.bot_rng), np.uint64)
        self.bot_rng[:] = words
        self.seen[:] = -1

    def callable_actions(self, obs: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """(action ids, tables waiting on a policy seat): each policy asked for its rows."""
        to_act = obs["to_act"]
        actions = np.zeros(len(to_act), dtype=np.int64)
        waiting = np.zeros(len(to_act), dtype=np.bool_)
        for seat, policy in self.policies.items():
            rows = to_act == seat
            if not rows.any():
                continue
            chosen = np.asarray(policy({key: value[rows] for key, value in obs.items()}))
            if chosen.shape != (int(rows.sum()),) or not np.issubdtype(chosen.dtype, np.integer):
                raise ConfigError(
                    f"the policy of seat {seat} must return one action id per row it is "
                    f"given ({int(rows.sum())}), not {chosen.dtype} of shape {chosen.shape}"
                )
            actions[rows] = chosen
            waiting |= rows
        return actions, waiting

    def carry(self, rewards: np.ndarray, net: np.ndarray, dones: np.ndarray) -> None:
        """Keep what hands the bots played alone at ``reset`` won, for the first step."""
        self._carried[0][:] = rewards
        self._carried[1][:] = net
        self._carried[2][:] = dones

    def add_carried(self, rewards: np.ndarray, net: np.ndarray, dones: np.ndarray) -> None:
        carried_rewards, carried_net, carried_dones = self._carried
        if carried_dones.any():
            rewards += carried_rewards
            net += carried_net
            dones |= carried_dones
            carried_rewards[:] = 0
            carried_net[:] = 0
            carried_dones[:] = False
