"""Opponents inside ``VectorEnv``: the compiled bots play as their objects do through ``Hand``."""

from __future__ import annotations

import random

import numpy as np
import pytest

from holdem.bots import BOTS, view_for
from holdem.cards import Deck
from holdem.errors import ConfigError
from holdem.rl import VectorEnv, evaluate
from holdem.rl.table import TableGame

TABLES = 8


def shadow(env: VectorEnv, table: int, bots: dict[int, str]) -> TableGame:
    """The table's current hand replayed through ``Hand``, the bots' objects deciding."""
    game = TableGame(env.players, env.stacks, env.small_blind, env.big_blind, "nl")
    game.new_hand(
        Deck(env.deck_orders()[table].tolist()), button=env.seat_of(table, env.players - 1)
    )
    play_bots(game, bots)
    return game


def play_bots(game: TableGame, bots: dict[int, str]) -> None:
    hand = game.current
    while not hand.is_over and game.to_act in bots:
        seat = game.to_act
        assert seat is not None
        bot = BOTS[bots[seat]](random.Random(0))
        game.act(bot.decide(view_for(hand, game.position_of(seat)), hand.legal_actions()))


@pytest.mark.parametrize(
    ("players", "bots"), [(2, {1: "tag"}), (4, {0: "tag", 2: "tag", 3: "caller"})]
)
def test_compiled_opponents_decide_as_the_bots_through_hand(
    players: int, bots: dict[int, str]
) -> None:
    env = VectorEnv(TABLES, players=players, stack=200, seed=29, opponents=bots)
    obs = env.reset()
    shadows = [shadow(env, t, bots) for t in range(TABLES)]
    rng = np.random.default_rng(29)
    checked = 0
    hands_before = env.hands_played()
    for step in range(300):
        actions = np.zeros(TABLES, dtype=np.int64)
        for t, game in enumerate(shadows):
            assert obs["to_act"][t] == game.to_act and obs["to_act"][t] not in bots, (step, t)
            assert np.array_equal(obs["observation"][t], game.observation()), (step, t)
            legal = np.flatnonzero(obs["legal_mask"][t])
            actions[t] = rng.choice(legal[legal != 0]) if rng.random() < 0.8 else 0
            game.apply(int(actions[t]))
            play_bots(game, bots)
        obs, rewards, dones, info = env.step(actions)
        for t, game in enumerate(shadows):
            if step == 0 and info["hands"][t] == hands_before[t]:
                continue  # only hands the bots played alone at reset ended: carried
            assert dones[t] == game.current.is_over, (step, t)
            if dones[t]:
                # one hand: its chips exactly (the first step adds those carried from reset)
                if step > 0 and info["hands"][t] == hands_before[t] + 1:
                    assert np.array_equal(rewards[t], game.rewards()), (step, t)
                    checked += 1
                shadows[t] = shadow(env, t, bots)
        hands_before[:] = info["hands"]
    assert checked > 100


def test_every_chip_counts_with_opponents_inside() -> None:
    env = VectorEnv(64, players=2, seed=3, opponents={1: "tag"})
    env.reset()
    won = np.zeros(2)
    net = np.zeros(2, dtype=np.int64)
    before, two_at_once = env.hands_played(), 0
    for _ in range(400):
        _, rewards, _, info = env.step(np.ones(64, dtype=np.int64))
        won += rewards.sum(axis=0)
        net += info["net_chips"].sum(axis=0)
        two_at_once += int((info["hands"] - before >= 2).sum())
        before = info["hands"].copy()
    assert abs(won.sum()) < 1e-3 and net.sum() == 0
    assert np.isclose(won[0], net[0] / env.big_blind, atol=1e-2)
    # a step that ends the agent's hand and one the tag folds at once reports both
    assert two_at_once > 100


def test_a_policy_opponent_is_asked_for_its_rows_only() -> None:
    asked = []

    def always_raise(obs: dict[str, np.ndarray]) -> np.ndarray:
        asked.append(len(obs["to_act"]))
        assert (obs["to_act"] == 1).all()
        return np.where(obs["legal_mask"][:, 2], 2, 1).astype(np.int64)

    env = VectorEnv(16, players=3, seed=5, opponents={1: always_raise, 2: "random"})
    obs = env.reset()
    for _ in range(50):
        assert (obs["to_act"] == 0).all()
        obs, _, _, _ = env.step(np.ones(16, dtype=np.int64))
    assert asked and max(asked) <= 16


@pytest.mark.parametrize(
    ("opponents", "words"),
    [
        ({1: "shark"}, "an opponent is one of 'random', 'caller', 'tag' or a policy"),
        ({1: "mc"}, "'mc' has no compiled policy"),
        ({2: "tag"}, "opponent seats are 0 to 1"),
        ({0: "tag", 1: "tag"}, "leave at least one seat out"),
    ],
)
def test_bad_opponents_are_refused(opponents: dict[int, str], words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        VectorEnv(2, players=2, opponents=opponents)  # type: ignore[arg-type]


def always_call(obs: dict[str, np.ndarray]) -> np.ndarray:
    return np.ones(len(obs["to_act"]), dtype=np.int64)


def test_mirrored_deals_cancel_the_luck_of_the_cards() -> None:
    # the caller against callers: the same deals from every seat win exactly nothing
    same = evaluate(always_call, "caller", hands=4_000, players=3, tables=64, seed=1)
    assert abs(same.bb_per_100) < 1e-9 and same.interval < 1e-9 and same.hands >= 3 * 4_000
    # calling everything loses to the tight-aggressive bot, well beyond the interval
    result = evaluate(always_call, "tag", hands=20_000, tables=128, seed=2, stack=200)
    assert result.bb_per_100 + result.interval < -100 and 0 < result.interval < 20
    assert "bb/100" in str(result)
