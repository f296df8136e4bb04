"""Random play through RL environments, hands per second: holdem's beside the usual ones.

Six players, 100 chips each at blinds 1-2 (RLCard's and PettingZoo's defaults), No-Limit;
each environment is played as a researcher would drive it, one random legal action at a
time from its own action set:

- ``holdem VectorEnv``: ``holdem.rl.VectorEnv`` (1,024 tables), the policy a numpy one:
  uniform over each table's legal ids (``legal_mask``), a batch per ``step``;
- ``RLCard env.step``: ``rlcard.make("no-limit-holdem")``, ``env.step`` per decision;
- ``OpenSpiel``: ``universal_poker`` No-Limit hold'em (fold, call, pot, all-in), its
  chance nodes sampled from ``chance_outcomes``;
- ``PettingZoo``: ``texas_holdem_no_limit_v6`` (RLCard underneath) through ``agent_iter``;
- ``PokerKit``: ``State`` driven as bench/engine.py drives it, at these stacks;
- ``holdem kernel``: ``holdem.engine.kernel.play_random_hands``, the compiled kernel with
  its policy inside and no observations: the cost of observations and masks is the
  ratio of its decisions per second to VectorEnv's.

One process pinned to one core; rates are CPU time of this process (the machine is
shared), best of three interleaved rounds; VectorEnv and the kernel are warmed up first.

``--research`` measures, in the same way, what game-theory and training work runs:

- heads-up Fixed-Limit against a rule-based opponent: ``VectorEnv`` with
  ``opponents={1: "tag"}`` (the compiled bot inside the kernel) beside RLCard's
  ``limit-holdem`` ``env.step`` with its ``limit-holdem-rule-v1`` agent, the learner a
  uniform random legal action in both;
- MCCFR iterations per second on Leduc: ``holdem.rl.cfr`` outcome and external
  sampling beside OpenSpiel's C++ ``OutcomeSamplingMCCFRSolver`` and
  ``ExternalSamplingMCCFRSolver``;
- exploitability of CFR on Leduc after ``CFR_ITERATIONS`` iterations: ``holdem.rl.cfr.CFR``
  with ``holdem.rl.best_response.exploitability`` beside OpenSpiel's C++ ``CFRSolver`` with
  ``pyspiel.exploitability``.

    python bench/rl.py [--quick] [--json] [--research]
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import time
from collections.abc import Callable
from datetime import UTC, datetime
from importlib.metadata import version

import numpy as np

import engine as engine_bench  # bench/engine.py, beside this script
from common import pin_to_one_core  # bench/common.py, beside this script
from holdem.engine import HandConfig
from holdem.kernels.hands import play_random_hands
from holdem.rl import VectorEnv

PLAYERS = 6
STACK = 100
BLINDS = (1, 2)
TABLES = 1024
TARGET = 100  # VectorEnv, times RLCard's env.step


def play_vector_env(hands: int, seed: int) -> tuple[int, int]:
    return drive(VectorEnv(TABLES, PLAYERS, STACK, *BLINDS, seed=seed), hands, seed)


def drive(env: VectorEnv, hands: int, seed: int) -> tuple[int, int]:
    """A uniform random legal id at every table, a batch per step, until ``hands``."""
    obs = env.reset()
    policy = np.random.default_rng(seed)
    played = decisions = 0
    while played < hands:
        scores = policy.random((TABLES, 6), dtype=np.float32) * obs["legal_mask"]
        obs, _, _, info = env.step(scores.argmax(axis=1))
        decisions += TABLES
        played = int(info["hands"].sum())
    return played, decisions


def play_rlcard(hands: int, seed: int) -> tuple[int, int]:
    import rlcard

    env = rlcard.make("no-limit-holdem", config={"game_num_players": PLAYERS, "seed": seed})
    rng = random.Random(seed)
    decisions = 0
    for _ in range(hands):
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            decisions += 1
        env.get_payoffs()
    return hands, decisions


def play_openspiel(hands: int, seed: int) -> tuple[int, int]:
    import pyspiel

    game = pyspiel.load_game(
        "universal_poker",
        {
            "betting": "nolimit",
            "numPlayers": PLAYERS,
            "numRounds": 4,
            "blind": " ".join(map(str, [*BLINDS, *[0] * (PLAYERS - 2)])),
            "firstPlayer": "3 1 1 1",
            "numSuits": 4,
            "numRanks": 13,
            "numHoleCards": 2,
            "numBoardCards": "0 3 1 1",
            "stack": " ".join([str(STACK)] * PLAYERS),
            "bettingAbstraction": "fcpa",
        },
    )
    rng = random.Random(seed)
    decisions = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        state.returns()
    return hands, decisions


def play_pettingzoo(hands: int, seed: int) -> tuple[int, int]:
    from pettingzoo.classic import texas_holdem_no_limit_v6

    env = texas_holdem_no_limit_v6.env(num_players=PLAYERS)
    env.reset(seed=seed)
    rng = random.Random(seed)
    decisions = 0
    for _ in range(hands):
        env.reset()
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            decisions += 1
    return hands, decisions


def play_pokerkit(hands: int, seed: int) -> tuple[int, int]:
    engine_bench.STACKS = (STACK,) * PLAYERS  # the driver reads its table from these
    engine_bench.BLINDS = BLINDS
    engine_bench.play_pokerkit(hands, random.Random(seed))
    return hands, 0  # the driver does not count its decisions


def play_kernel(hands: int, seed: int) -> tuple[int, int]:
    config = HandConfig.create("nl", [STACK] * PLAYERS, small_blind=BLINDS[0], big_blind=BLINDS[1])
    result = play_random_hands(config, hands, seed=seed)
    return result.hands, result.action_count


def play_vector_env_tag(hands: int, seed: int) -> tuple[int, int]:
    env = VectorEnv(TABLES, 2, STACK, *BLINDS, structure="fl", seed=seed, opponents={1: "tag"})
    return drive(env, hands, seed)


def play_rlcard_rule(hands: int, seed: int) -> tuple[int, int]:
    import rlcard
    from rlcard import models

    env = rlcard.make("limit-holdem", config={"seed": seed})
    rule = models.load("limit-holdem-rule-v1").agents[1]
    rng = random.Random(seed)
    decisions = 0
    for _ in range(hands):
        state, player = env.reset()
        while not env.is_over():
            if player == 1:  # the rule agent answers an action name
                state, player = env.step(rule.eval_step(state)[0], raw_action=True)
                continue
            state, player = env.step(rng.choice(list(state["legal_actions"])))
            decisions += 1
        env.get_payoffs()
    return hands, decisions


CFR_ITERATIONS = 20


def research(scale: int) -> dict[str, object]:
    """The --research figures (see the module)."""
    import pyspiel

    from holdem.rl import exploitability, load_small_game
    from holdem.rl.cfr import CFR, ExternalSampling, OutcomeSampling

    play_vector_env_tag(TABLES, 0)  # the kernel with its bots, from numba's cache
    training = {}
    for name, play, hands in (
        ("holdem VectorEnv + tag", play_vector_env_tag, 200_000),
        ("RLCard env.step + rule agent", play_rlcard_rule, 3_000),
    ):
        runs = [timed(play, max(1, hands // scale), seed) for seed in range(3)]
        fastest = min(runs)
        training[name] = fastest[1] / fastest[0]
    leduc = load_small_game("leduc")
    reference = pyspiel.load_game("leduc_poker")
    iterations = max(100, 20_000 // scale)
    mccfr = {}
    for name, make in (
        ("holdem OutcomeSampling", lambda: OutcomeSampling(leduc)),
        ("OpenSpiel C++ outcome sampling", lambda: pyspiel.OutcomeSamplingMCCFRSolver(reference)),
        ("holdem ExternalSampling", lambda: ExternalSampling(leduc)),
        ("OpenSpiel C++ external sampling", lambda: pyspiel.ExternalSamplingMCCFRSolver(reference)),
    ):
        solver = make()
        step = solver.iteration if hasattr(solver, "iteration") else solver.run_iteration
        step()  # the tree is built once, before the clock
        start = time.process_time()
        for _ in range(iterations):
            step()
        mccfr[name] = iterations / (time.process_time() - start)
    ours = CFR(leduc)
    theirs = pyspiel.CFRSolver(reference)
    for _ in range(CFR_ITERATIONS):
        ours.iteration()
        theirs.evaluate_and_update_policy()
    mine = exploitability(ours.average_policy(), leduc)
    openspiel = pyspiel.exploitability(reference, theirs.average_policy())
    return {
        "training_hands_per_second": training,
        "training_ratio": training["holdem VectorEnv + tag"]
        / training["RLCard env.step + rule agent"],
        "mccfr_iterations_per_second": mccfr,
        "cfr_iterations": CFR_ITERATIONS,
        "cfr_exploitability": {"holdem": mine, "OpenSpiel C++": openspiel},
    }


def print_research(report: dict[str, object]) -> None:
    training = report["training_hands_per_second"]
    mccfr = report["mccfr_iterations_per_second"]
    exploit = report["cfr_exploitability"]
    assert isinstance(training, dict) and isinstance(mccfr, dict) and isinstance(exploit, dict)
    print("| heads-up Fixed-Limit, a random learner against | hands/s |")
    print("|---|--:|")
    for name, rate in training.items():
        print(f"| {name} | {rate:,.0f} |")
    ratio = report["training_ratio"]
    print(f"\nVectorEnv + tag vs RLCard env.step + rule agent: {ratio:,.1f}x (goal >= 100x)\n")
    print("| MCCFR on Leduc | iterations/s |")
    print("|---|--:|")
    for name, rate in mccfr.items():
        print(f"| {name} | {rate:,.0f} |")
    print(
        f"\nCFR on Leduc, {report['cfr_iterations']} iterations: exploitability "
        f"{exploit['holdem']:.9f} (holdem) and {exploit['OpenSpiel C++']:.9f} (OpenSpiel C++)"
    )


def timed(play: Callable[[int, int], tuple[int, int]], hands: int, seed: int) -> tuple[float, ...]:
    """(CPU seconds, hands, decisions) of one run."""
    gc.collect()
    start = time.process_time()
    played, decisions = play(hands, seed)
    return time.process_time() - start, played, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="10x fewer hands (smoke test)")
    parser.add_argument("--research", action="store_true", help="the game-theory figures")
    args = parser.parse_args()
    cpu = pin_to_one_core()
    scale = 10 if args.quick else 1
    if args.research:
        found = research(scale)
        if args.json:
            print(json.dumps(found, indent=2))
        else:
            print_research(found)
        return
    plays = {
        "holdem VectorEnv": (play_vector_env, 400_000),
        "holdem kernel": (play_kernel, 400_000),
        "RLCard env.step": (play_rlcard, 3_000),
        "OpenSpiel": (play_openspiel, 3_000),
        "PettingZoo": (play_pettingzoo, 2_000),
        "PokerKit": (play_pokerkit, 500),
    }
    start = time.perf_counter()
    play_vector_env(TABLES, 0)  # load the compiled engines from numba's cache
    play_kernel(10, 0)
    warm_up = time.perf_counter() - start
    best: dict[str, tuple[float, ...]] = {}
    for round_ in range(3):
        for name, (play, hands) in plays.items():
            run = timed(play, max(1, hands // scale), seed=round_)
            if name not in best or run[0] < best[name][0]:
                best[name] = run
    rates = {name: run[1] / run[0] for name, run in best.items()}
    decision_rates = {name: run[2] / run[0] for name, run in best.items()}
    anchor = rates["RLCard env.step"]
    ratios = {name: rate / anchor for name, rate in rates.items()}
    overhead = decision_rates["holdem kernel"] / decision_rates["holdem VectorEnv"]
    report = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "python": platform.python_version(),
        "versions": {
            lib: version(lib)
            for lib in ("numba", "numpy", "rlcard", "open_spiel", "pettingzoo", "pokerkit")
        },
        "machine": platform.machine(),
        "pinned_cpu": cpu,
        "hands": {name: int(run[1]) for name, run in best.items()},
        "hands_per_second": rates,
        "decisions_per_second": decision_rates,
        "vs_rlcard": ratios,
        "ratio": ratios["holdem VectorEnv"],
        "target": TARGET,
        "kernel_decisions_per_vector_env_decision": overhead,
        "warm_up_seconds": warm_up,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"{report['date']}, Python {report['python']}, {report['machine']}, "
        + ", ".join(f"{lib} {v}" for lib, v in report["versions"].items())
    )
    print()
    print("| environment | hands | hands/s | decisions/s | vs RLCard env.step |")
    print("|---|--:|--:|--:|--:|")
    for name in plays:
        per_decision = f"{decision_rates[name]:,.0f}" if decision_rates[name] else "-"
        print(
            f"| {name} | {report['hands'][name]:,} | {rates[name]:,.0f} | {per_decision} | "
            f"{ratios[name]:,.1f}x |"
        )
    print()
    verdict = "met" if ratios["holdem VectorEnv"] >= TARGET else "not met"
    print(
        f"VectorEnv vs RLCard env.step: {ratios['holdem VectorEnv']:,.1f}x "
        f"(target >= {TARGET}x): {verdict}"
    )
    print(
        f"observations, masks and the numpy policy: the bare kernel makes {overhead:.2f}x "
        "VectorEnv's decisions per second"
    )
    print(f"start-up, not in the rates: {warm_up:.2f} s (numba cache loaded, tables built)")


if __name__ == "__main__":
    main()
