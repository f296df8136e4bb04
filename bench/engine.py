"""Random-play six-max No-Limit hands per second: holdem's engines beside PokerKit's.

Three engines play complete hands (forced bets, dealing from a shuffled deck, betting,
showdown, chips pushed) with the same random policy: uniform over fold / check-or-call /
bet-or-raise, and a uniform amount between the legal minimum and maximum.

- ``pokerkit``: PokerKit's ``State``, driven from Python;
- ``holdem Hand``: our object engine, driven from Python, as a table or a bot uses it;
- ``holdem kernel``: ``holdem.engine.kernel.play_random_hands``, the compiled state
  machine, policy and random numbers inside. It is warmed up first, so JIT compilation
  is not timed; its cold compile is measured apart, in a subprocess with an empty numba
  cache (the import of numba excluded).

One process, one core, best of three interleaved rounds; the ratios are the result.

    python bench/engine.py [--quick] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from importlib.metadata import version

import pokerkit

from common import pin_to_one_core  # bench/common.py, beside this script
from holdem.cards import Deck
from holdem.engine import Action, Hand, HandConfig
from holdem.kernels.hands import play_random_hands

STACKS = (10_000,) * 6
BLINDS = (50, 100)
TARGET = 100  # times PokerKit's rate


def play_holdem(hands: int, rng: random.Random) -> None:
    config = HandConfig.create("nl", STACKS, small_blind=BLINDS[0], big_blind=BLINDS[1])
    for _ in range(hands):
        hand = Hand(config, Deck.shuffled(rng))
        while not hand.is_over:
            legal = hand.legal_actions()
            choices = ["check"] if legal.check else ["fold", "call"]
            bounds = legal.bet or legal.raise_
            if bounds is not None:
                choices.append("raise")
            choice = rng.choice(choices)
            if choice == "raise":
                assert bounds is not None
                to = rng.randint(bounds.min, bounds.max)
                hand.act(Action.bet(to) if legal.bet else Action.raise_to(to))
            else:
                hand.act(Action(ACTIONS[choice]))


ACTIONS = {"check": Action.check().kind, "call": Action.call().kind, "fold": Action.fold().kind}


def play_pokerkit(hands: int, rng: random.Random) -> None:
    automations = tuple(pokerkit.Automation)
    for _ in range(hands):
        state = pokerkit.NoLimitTexasHoldem.create_state(
            automations, True, 0, BLINDS, BLINDS[1], STACKS, len(STACKS)
        )
        while state.status:
            choices = ["call"] if state.checking_or_calling_amount == 0 else ["fold", "call"]
            if state.can_complete_bet_or_raise_to():
                choices.append("raise")
            choice = rng.choice(choices)
            if choice == "fold":
                state.fold()
            elif choice == "call":
                state.check_or_call()
            else:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None and high is not None
                state.complete_bet_or_raise_to(rng.randint(low, high))


def play_kernel(hands: int, rng: random.Random) -> None:
    config = HandConfig.create("nl", STACKS, small_blind=BLINDS[0], big_blind=BLINDS[1])
    result = play_random_hands(config, hands, seed=rng.getrandbits(64))
    assert result.hands == hands


COLD_COMPILE = """
import time
import holdem.kernels.play  # numba imported: what follows is compiling only
from holdem.engine import HandConfig
from holdem.kernels.hands import play_random_hands
config = HandConfig.create("nl", [100, 100], small_blind=1, big_blind=2)
start = time.perf_counter()
play_random_hands(config, 1, seed=0)
print(time.perf_counter() - start)
"""


def cold_compile_seconds() -> float:
    """The kernel's first call in a fresh process whose numba cache is empty."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        done = subprocess.run(
            [sys.executable, "-c", COLD_COMPILE], env=env, capture_output=True, text=True
        )
    if done.returncode:
        raise RuntimeError(f"the cold compile failed:\n{done.stderr}")
    return float(done.stdout.split()[-1])


def timed(play: Callable[[int, random.Random], None], hands: int, seed: int) -> float:
    # The GC stays on: thousands of hands make garbage cycles that must be collected.
    gc.collect()
    start = time.perf_counter()
    play(hands, random.Random(seed))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="10x fewer hands (smoke test)")
    args = parser.parse_args()
    cpu = pin_to_one_core()
    scale = 10 if args.quick else 1
    plays = {"holdem kernel": play_kernel, "holdem Hand": play_holdem, "pokerkit": play_pokerkit}
    counts = {"holdem kernel": 500_000 // scale, "holdem Hand": 20_000 // scale}
    counts["pokerkit"] = 1_000 // scale
    compile_seconds = cold_compile_seconds()
    start = time.perf_counter()
    play_kernel(10, random.Random(0))  # load the compiled kernel from numba's cache
    warm_up_seconds = time.perf_counter() - start
    best = dict.fromkeys(plays, float("inf"))
    for round_ in range(3):
        for name, play in plays.items():
            best[name] = min(best[name], timed(play, counts[name], seed=round_))
    rates = {name: counts[name] / best[name] for name in plays}
    ratios = {name: rates[name] / rates["pokerkit"] for name in plays}
    report = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "python": platform.python_version(),
        "pokerkit": version("pokerkit"),
        "numba": version("numba"),
        "machine": platform.machine(),
        "pinned_cpu": cpu,
        "hands": counts,
        "hands_per_second": rates,
        "vs_pokerkit": ratios,
        "ratio": ratios["holdem kernel"],
        "target": TARGET,
        "kernel_cold_compile_seconds": compile_seconds,
        "kernel_warm_up_seconds": warm_up_seconds,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    keys = ("date", "python", "pokerkit", "numba", "machine")
    print(", ".join(f"{k} {report[k]}" for k in keys))
    print()
    print("| engine | hands | hands/s | vs PokerKit |")
    print("|---|--:|--:|--:|")
    for name in plays:
        print(f"| {name} | {counts[name]:,} | {rates[name]:,.0f} | {ratios[name]:,.1f}x |")
    print()
    print(
        f"kernel start-up, not in the rates: {compile_seconds:.1f} s to compile (empty numba "
        f"cache); {warm_up_seconds:.2f} s for the first call with the cache (importing numba, "
        "loading the tables and the machine code)"
    )
    for name in ("holdem kernel", "holdem Hand"):
        verdict = "met" if ratios[name] >= TARGET else "not met"
        print(
            f"random-play six-max NL, {name} vs PokerKit: {ratios[name]:,.1f}x "
            f"(target >= {TARGET}x): {verdict}"
        )


if __name__ == "__main__":
    main()
