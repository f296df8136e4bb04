"""``VectorEnv`` against ``Hand``: the same decks and actions, the same hands.

Every table of a ``VectorEnv`` is shadowed by a ``TableGame`` over ``Hand`` dealt from
the same deck order; at every decision the two must agree on the seat to act, the legal
mask, the bounds and every column of the observation, and at the end of each hand on
every stack and reward.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from holdem.cards import Deck
from holdem.engine import events
from holdem.errors import ConfigError, HoldemError, IllegalActionError
from holdem.rl import ACTIONS, Layout, VectorEnv
from holdem.rl.infostate import info_state_tensor
from holdem.rl.table import TableGame, legal_bounds

CONFIGS = 36
TABLES = 6
STEPS = 120


def random_setup(rng: random.Random) -> dict[str, object]:
    players = rng.randint(2, 10)
    big_blind = rng.choice([2, 2, 3, 5, 10])
    small_blind = rng.choice([big_blind // 2, big_blind // 2, 1, 0])
    deep = rng.random() < 0.25  # everyone deep, or a mix of short and deep stacks
    depths = [100] if deep else [0, 1, 2, 3, 8, 25, 60, 150]
    stacks = [big_blind * rng.choice(depths) + rng.randint(1, big_blind) for _ in range(players)]
    stacks[0] = max(stacks[0], big_blind + 1)
    stacks[-1] = max(stacks[-1], big_blind + 1)
    return {
        "players": players,
        "stack": stacks,
        "small_blind": small_blind,
        "big_blind": big_blind,
        "structure": rng.choice(["nl", "nl", "pl", "fl"]),
    }


def shadow_of(env: VectorEnv, table: int, setup: dict[str, object], decks: np.ndarray) -> TableGame:
    game = TableGame(
        env.players, env.stacks, env.small_blind, env.big_blind, str(setup["structure"])
    )
    game.new_hand(Deck(decks[table].tolist()), button=env.seat_of(table, env.players - 1))
    return game


def note(counts: Counter[str], game: TableGame) -> None:
    hand = game.current
    assert hand.result is not None
    counts["hands"] += 1
    for pot in hand.result.pots:
        counts["side pots"] += pot.index > 0
        if len(pot.shares) > 1:
            counts["odd chips"] += pot.amount % len(pot.shares) != 0
    counts["all-ins"] += any(isinstance(e, events.PlayerActed) and e.all_in for e in hand.events)


def test_vector_env_plays_exactly_as_hand() -> None:
    rng = random.Random(20261201)
    counts: Counter[str] = Counter()
    for number in range(CONFIGS):
        setup = random_setup(rng)
        env = VectorEnv(TABLES, seed=number, info_state=True, **setup)  # type: ignore[arg-type]
        info_layout = env.info_state_layout
        assert info_layout is not None
        expected = np.zeros(info_layout.size, dtype=np.float32)
        obs = env.reset()
        shadows = [shadow_of(env, t, setup, env.deck_orders()) for t in range(TABLES)]
        for step in range(STEPS):
            actions = np.zeros(TABLES, dtype=np.int64)
            amounts = np.full(TABLES, -1, dtype=np.int64)
            for t, game in enumerate(shadows):
                where = f"setup {number} {setup}, step {step}, table {t}"
                assert obs["to_act"][t] == game.to_act, where
                assert np.array_equal(obs["legal_mask"][t], game.legal_mask()), where
                assert np.array_equal(
                    obs["bounds"][t], legal_bounds(game.current.legal_actions())
                ), where
                assert np.array_equal(obs["observation"][t], game.observation()), where
                hand = game.current
                assert hand.to_act is not None
                info_state_tensor(hand, hand.to_act, info_layout, env.big_blind, expected)
                diff = np.flatnonzero(obs["info_state"][t] != expected)
                assert not diff.size, (where, diff, obs["info_state"][t][diff], expected[diff])
                hole = [int(c) for c in hand.holes[hand.to_act] or ()]
                board = [int(c) for c in hand.board] + [-1] * (5 - len(hand.board))
                assert obs["hole"][t].tolist() == hole and obs["board"][t].tolist() == board
                slots = [(hand.to_act + j) % env.players for j in range(env.players)]
                chips = [hand.stacks[p] for p in slots] + [hand.bets[p] for p in slots]
                call = hand.legal_actions().call or 0
                assert obs["chips"][t].tolist() == [*chips, hand.pot_total, call], where
                legal = np.flatnonzero(obs["legal_mask"][t])
                actions[t] = rng.choice(legal.tolist())
                low, high = obs["bounds"][t, 1:3]
                if 2 <= actions[t] <= 4 and rng.random() < 0.3:
                    amounts[t] = rng.randint(max(0, low - 3), high + 3)
                game.apply(int(actions[t]), int(amounts[t]))
            obs, rewards, dones, info = env.step(actions, amounts)
            for t, game in enumerate(shadows):
                where = f"setup {number} {setup}, step {step}, table {t}"
                assert dones[t] == game.current.is_over, where
                if not dones[t]:
                    assert not rewards[t].any(), where
                    continue
                assert info["final_stacks"][t].tolist() == game.final_by_seat(), where
                assert np.array_equal(rewards[t], game.rewards()), where
                assert info["final_stacks"][t].sum() == sum(env.stacks), where
                assert info["net_chips"][t].sum() == 0, where
                note(counts, game)
                shadows[t] = shadow_of(env, t, setup, env.deck_orders())
    for what in ("side pots", "odd chips", "all-ins"):
        assert counts[what] > counts["hands"] // 100, (what, counts)


def test_the_layout_names_every_column() -> None:
    for players in range(2, 11):
        layout = Layout(players)
        names = layout.names()
        assert len(names) == layout.size == 116 + 9 * players
        assert len(set(names)) == layout.size
        assert names[layout.pot] == "pot" and names[layout.raise_max] == "raise_max"
        assert names[layout.street_raises].startswith("street_raises")


def test_seeding_is_reproducible_and_chips_are_kept() -> None:
    def run(seed: int) -> list[np.ndarray]:
        env = VectorEnv(64, players=6, seed=seed)
        obs = env.reset()
        policy = np.random.default_rng(5)
        out = []
        for _ in range(200):
            scores = policy.random((64, ACTIONS)) * obs["legal_mask"]
            obs, rewards, dones, info = env.step(scores.argmax(axis=1))
            assert (info["final_stacks"][dones].sum(axis=1) == 600).all()
            assert np.allclose(rewards.sum(axis=1), 0, atol=1e-5)
            out.append(rewards.copy())
        out.append(info["hands"])
        return out

    first, again, other = run(3), run(3), run(4)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))
    assert first[-1].sum() > 64 * 10  # hands end and new ones are dealt


def test_rewards_come_in_big_blinds_by_seat() -> None:
    env = VectorEnv(1, players=2, stack=100, small_blind=1, big_blind=2, seed=1)
    obs = env.reset()
    assert obs["to_act"][0] == 1  # heads-up the button (seat 1 on the first hand) acts first
    obs, rewards, dones, info = env.step(np.array([0]))  # the button folds its small blind
    assert dones[0] and rewards[0].tolist() == [0.5, -0.5]
    assert info["hands"][0] == 1 and info["button"][0] == 0
    assert obs["to_act"][0] == 0  # the button moved to seat 0


def test_stacks_may_differ_by_seat() -> None:
    env = VectorEnv(2, players=3, stack=np.array([50, 100, 300]), seed=1)
    assert env.stacks == (50, 100, 300)
    obs = env.reset()
    # the first hand: seat 2 is the button and acts first, seat 0 the small blind
    assert obs["to_act"].tolist() == [2, 2]
    assert obs["observation"][0, env.layout.stacks].item() == 150.0


def test_exact_amounts_are_clamped_into_the_bounds() -> None:
    env = VectorEnv(2, players=3, stack=1000, small_blind=5, big_blind=10, seed=2)
    obs = env.reset()
    assert obs["bounds"][0].tolist() == [10, 20, 1000, 1000]
    obs, _, _, _ = env.step(np.array([2, 2]), amounts=np.array([55, 5]))
    layout = env.layout
    raised = obs["observation"][:, layout.bets + 2]  # the raiser is two seats on
    assert raised.tolist() == [5.5, 2.0]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"num_tables": 0}, "num_tables must be 1"),
        ({"num_tables": 2.5}, "num_tables is a whole number"),
        ({"players": 11}, "players must be 2 to 10"),
        ({"players": 1}, "players must be 2 to 10"),
        ({"stack": 0}, "stack must be 1 or more"),
        ({"stack": [100, 100]}, "one each"),
        ({"stack": "deep"}, "stack is a number of chips"),
        ({"stack": 2}, "more chips than the big blind"),
        ({"big_blind": 0}, "big_blind must be 1"),
        ({"small_blind": 3}, "small_blind must be 0 to 2"),
        ({"structure": "limit"}, "structure is one of 'nl', 'pl', 'fl'"),
        ({"seed": -1}, "seed must be 0"),
        ({"stack": 1 << 62}, "under"),
    ],
)
def test_bad_arguments_are_refused(options: dict[str, object], words: str) -> None:
    arguments: dict[str, object] = {"num_tables": 2} | options
    with pytest.raises(ConfigError, match=words) as info:
        VectorEnv(**arguments)  # type: ignore[arg-type]
    assert isinstance(info.value, HoldemError)


def test_bad_actions_are_refused_and_change_nothing() -> None:
    env = VectorEnv(3, players=2, seed=1)
    with pytest.raises(ConfigError, match="reset"):
        env.step(np.zeros(3, dtype=np.int64))
    obs = env.reset()
    before = obs["observation"].copy()
    with pytest.raises(ConfigError, match=r"shape \(3,\)"):
        env.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(ConfigError, match="whole numbers"):
        env.step(np.zeros(3))
    with pytest.raises(IllegalActionError, match="action ids are 0 to 5"):
        env.step(np.array([1, 6, 1]))
    env.step(np.array([4, 1, 1]))  # table 0 raises pot, so table 0's seat 0 faces a raise
    env.step(np.array([5, 1, 1]))  # all-in: nothing is left to raise
    assert obs["legal_mask"][0].tolist() == [True, True, False, False, False, True]
    before = obs["observation"].copy()
    with pytest.raises(IllegalActionError, match=r"table 0 chose action 2 .*not legal"):
        env.step(np.array([2, 1, 1]))
    assert np.array_equal(obs["observation"], before)
