"""The wrappers' episode returns add up to every chip the engine moved, hand by hand."""

from __future__ import annotations

from typing import Any

import numpy as np

from holdem.engine import Hand
from holdem.rl import gym_env, pettingzoo_env

HANDS = 10_000


def record_hands(game: Any) -> list[tuple[Hand, list[int]]]:
    """Every hand the table deals, with the seat of each position, as it is dealt."""
    dealt: list[tuple[Hand, list[int]]] = []
    deal = game.new_hand

    def new_hand(*args: Any, **kwargs: Any) -> Hand:
        hand = deal(*args, **kwargs)
        dealt.append((hand, [game.seat_of(p) for p in range(game.players)]))
        return hand

    game.new_hand = new_hand
    return dealt


def chips_won(dealt: list[tuple[Hand, list[int]]], seat: int, stack: int) -> int:
    total = 0
    for hand, seats in dealt:
        assert hand.final_stacks is not None
        total += hand.final_stacks[seats.index(seat)] - stack
    return total


def test_gymnasium_returns_count_the_hands_the_agent_never_acts_in() -> None:
    env = gym_env(opponents="tag", players=2, seat=1, stack=200)
    dealt = record_hands(env.game)
    _, info = env.reset(seed=29)
    returns, skipped = 0.0, info["hands_without_a_decision"]
    while True:
        _, reward, terminated, _, info = env.step(1)  # always check or call
        returns += reward
        if terminated:
            if len(dealt) >= HANDS:
                break
            _, info = env.reset()
            skipped += info["hands_without_a_decision"]
    assert len(dealt) >= HANDS and skipped > HANDS // 10  # tag folds its button often
    assert returns * 2 == chips_won(dealt, seat=1, stack=200)


def test_pettingzoo_returns_count_every_chip_of_every_seat() -> None:
    env = pettingzoo_env(players=3, seed=29)
    dealt = record_hands(env.game)
    rng = np.random.default_rng(29)
    returns = np.zeros(3)
    while len(dealt) < HANDS:
        env.reset()
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            returns[env.possible_agents.index(agent)] += reward
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(rng.choice(legal[legal != 0])))  # never fold: more chips move
    for seat in range(3):
        assert returns[seat] * 2 == chips_won(dealt, seat=seat, stack=100)
