"""The standard interfaces, each through its own library's checker or runner."""

from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pytest

from holdem.errors import ConfigError, IllegalActionError
from holdem.rl import gym_env, openspiel_game, pettingzoo_env


def test_pettingzoo_api_test_passes() -> None:
    from pettingzoo.test import api_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations with an action mask, as classic envs
        api_test(pettingzoo_env(), num_cycles=100)
        api_test(pettingzoo_env(players=2, stack=[5, 300], structure="fl"), num_cycles=100)


def test_pettingzoo_plays_hands_to_zero_sum_rewards() -> None:
    env = pettingzoo_env(players=4, structure="pl", seed=3)
    rng = np.random.default_rng(3)
    for episode in range(20):
        env.reset(seed=episode if episode == 0 else None)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            assert obs["observation"].shape == (116 + 9 * 4,)
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert abs(sum(totals.values())) < 1e-4
    env.reset()
    with pytest.raises(IllegalActionError, match="may not play 7"):
        env.step(7)


def test_gymnasium_check_env_passes() -> None:
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no spec: the env is made directly, not by gym.make
        check_env(gym_env())
        check_env(gym_env(opponents=["tag", "caller"], players=3, structure="pl", seat=2))


def test_gymnasium_episodes_end_with_the_agents_winnings() -> None:
    env = gym_env(opponents="caller", players=2, seat=1)
    obs, info = env.reset(seed=11)
    results = []
    while len(results) < 30:
        mask = info["action_mask"]
        assert mask.any() and obs.shape == env.observation_space.shape
        obs, reward, terminated, truncated, info = env.step(5 if mask[5] else 1)  # shove
        assert not truncated
        if terminated:
            results.append(reward)
            obs, info = env.reset()
    # a caller calls every shove: each hand is won, lost or split, 100 chips (50 big blinds)
    assert set(results) <= {-50.0, 0.0, 50.0}
    assert sum(r != 0 for r in results) > 20


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"opponents": "shark"}, "unknown bot 'shark'"),
        ({"opponents": ["random"], "players": 3}, "1 bots for 2 other seats"),
        ({"seat": 6}, "seat is a seat number 0 to 5"),
        ({"players": 1}, "players must be 2 to 10"),
    ],
)
def test_gymnasium_bad_options_are_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        gym_env(**options)


def test_openspiel_rl_environment_and_evaluate_bots_run() -> None:
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import evaluate_bots
    from open_spiel.python.bots import uniform_random

    game = openspiel_game(players=3)
    env = rl_environment.Environment(game, seed=1)
    step = env.reset()
    rng = np.random.RandomState(2)
    episodes = 0
    while episodes < 20:
        if step.last():
            assert abs(sum(step.rewards)) < 1e-9
            episodes += 1
            step = env.reset()
            continue
        player = step.observations["current_player"]
        # rl_environment's agents see the perfect-recall information state
        width = game.information_state_tensor_shape()[0]
        assert len(step.observations["info_state"][player]) == width
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
    bots = [uniform_random.UniformRandomBot(p, rng) for p in range(3)]
    totals = np.zeros(3)
    for _ in range(20):
        totals += evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert abs(totals.sum()) < 1e-9 and totals.any()


def test_openspiel_bad_options_are_refused() -> None:
    with pytest.raises(ConfigError, match="unknown option 'ante'"):
        openspiel_game(ante=1)
    with pytest.raises(ConfigError, match="players must be 2 to 10"):
        openspiel_game(players=11)


def test_the_core_does_not_import_the_rl_libraries() -> None:
    code = (
        "import sys, numpy as np\n"
        "from holdem.rl import VectorEnv\n"
        "env = VectorEnv(2, seed=1)\n"
        "env.reset(); env.step(np.ones(2, dtype=np.int64))\n"
        "loaded = {'gymnasium', 'pettingzoo', 'pyspiel'} & set(sys.modules)\n"
        "assert not loaded, loaded\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""  # nothing printed at import


def test_gymnasium_deals_past_hands_the_agent_has_no_say_in() -> None:
    env = gym_env(opponents="random", players=2, seat=0)
    skipped = 0
    for episode in range(40):
        _, info = env.reset(seed=5 if episode == 0 else None)
        skipped += info["hands_without_a_decision"]
        assert env.game.to_act == 0 and info["action_mask"].any()
    assert skipped > 0  # a random button folds its small blind to the agent's big blind


@pytest.mark.parametrize(
    "imports", ["import holdem.rl, pyspiel", "import pyspiel, holdem.rl", "import holdem.rl"]
)
def test_importing_holdem_rl_registers_python_holdem(imports: str) -> None:
    code = f"{imports}\nimport pyspiel\nprint(pyspiel.load_game('python_holdem').num_players())\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "2\n"
