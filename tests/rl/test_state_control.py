"""``VectorEnv``'s control of a table: saving and restoring it, cloning, fixing its deck."""

from __future__ import annotations

import numpy as np
import pytest

from holdem.cards import Deck
from holdem.errors import ConfigError
from holdem.rl import VectorEnv
from holdem.rl.table import TableGame

TABLES = 4


def play(env: VectorEnv, obs: dict[str, np.ndarray], steps: int, seed: int) -> list[np.ndarray]:
    """Random legal actions; everything the environment returned, copied."""
    rng = np.random.default_rng(seed)
    seen = []
    for _ in range(steps):
        actions = (rng.random(obs["legal_mask"].shape) * obs["legal_mask"]).argmax(axis=1)
        obs, rewards, dones, _ = env.step(actions)
        seen += [*(value.copy() for value in obs.values()), rewards.copy(), dones.copy()]
    return seen


def copied(obs: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    return {key: value.copy() for key, value in obs.items()}


def same(first: list[np.ndarray], second: list[np.ndarray]) -> bool:
    return len(first) == len(second) and all(
        np.array_equal(a, b) for a, b in zip(first, second, strict=True)
    )


@pytest.mark.parametrize("options", [{"info_state": True}, {"opponents": {2: "tag", 1: "random"}}])
def test_saved_and_cloned_tables_play_on_as_before(options: dict[str, object]) -> None:
    env = VectorEnv(TABLES, players=3, seed=7, **options)  # type: ignore[arg-type]
    obs = env.reset()
    play(env, obs, 5, seed=1)
    start = copied(env.step(np.ones(TABLES, dtype=np.int64))[0])
    saved = [env.get_state(t) for t in range(TABLES)]
    twin = env.clone()
    first = play(env, copied(start), 40, seed=2)
    assert same(play(twin, copied(start), 40, seed=2), first)  # the clone: the same future
    for t in range(TABLES):
        obs = env.set_state(t, saved[t])
    assert all(np.array_equal(obs[key], start[key]) for key in start)
    assert same(play(env, copied(obs), 40, seed=2), first)  # restored: the same again
    other = VectorEnv(2, players=4, seed=1)
    other.reset()
    with pytest.raises(ConfigError, match="this state does not fit"):
        other.set_state(0, saved[0])


def test_a_fixed_deck_deals_the_hand_hand_would() -> None:
    env = VectorEnv(2, players=3, seed=3)
    env.reset()
    order = list(range(51, -1, -1))  # aces first
    obs = env.set_deck(1, order)
    game = TableGame(3, env.stacks, env.small_blind, env.big_blind, "nl")
    game.new_hand(Deck(order), button=env.seat_of(1, 2))
    rng = np.random.default_rng(3)
    while True:
        assert np.array_equal(obs["observation"][1], game.observation())
        hand = game.current
        assert obs["hole"][1].tolist() == [int(c) for c in hand.holes[hand.to_act] or ()]
        legal = np.flatnonzero(obs["legal_mask"][1])
        action = int(rng.choice(legal[legal != 0]))
        game.apply(action)
        obs, rewards, dones, _ = env.step(np.array([1, action]))
        if dones[1]:
            assert np.array_equal(rewards[1], game.rewards())
            break
    with pytest.raises(ConfigError, match="the 52 card codes"):
        env.set_deck(0, [0] * 52)
    with pytest.raises(ConfigError, match="table must be 0 to 1"):
        env.get_state(2)
