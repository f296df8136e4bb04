"""Speed of holdem's equity calculator side by side with eval7's, in the same run.

Two targets: the exact heads-up preflop equity of AsAh against KsKh (all 1,712,304
boards) in less time than eval7 takes for 1,000,000 Monte Carlo trials of the same
matchup, and Monte Carlo trials per second at least 5x eval7's. eval7's call is
``py_hand_vs_range_monte_carlo(hand, HandRange("KsKh"), board, trials)``, the way it
offers hand against hand; a hand against a real range is timed the same way, for
information. One process, pinned to one core, every kernel compiled before the clock
starts; each figure is the best of a few runs, the contenders taking turns.

    python bench/odds.py [--quick] [--json]
"""

from __future__ import annotations

import os

# numba reads this when it is first imported: one thread, like eval7.
os.environ["NUMBA_NUM_THREADS"] = "1"

import argparse
import json
import platform
import random
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from importlib.metadata import version
from typing import Any

import eval7
import numpy as np

from common import pin_to_one_core, time_once  # bench/common.py, beside this script
from holdem.odds import equity

HERO, VILLAIN, RANGE = "AsAh", "KsKh", "QQ+,AKs"
EVAL7_TRIALS = 1_000_000
BOARDS = 1_712_304


def eval7_monte_carlo(villain: str, trials: int) -> Callable[[], float]:
    hand = [eval7.Card(HERO[:2]), eval7.Card(HERO[2:])]
    villain_range = eval7.HandRange(villain)
    return lambda: eval7.py_hand_vs_range_monte_carlo(hand, villain_range, [], trials)


def holdem_monte_carlo(villain: str, trials: int) -> Callable[[], float]:
    rng = random.Random(1)
    return lambda: equity([HERO, villain], trials=trials, rng=rng).equities[0]


def holdem_exact() -> float:
    result = equity([HERO, VILLAIN], exact=True)
    assert result.boards == BOARDS
    return result.equities[0]


def sanity_check() -> None:
    """Refuse to time a wrong answer: eval7's sampled equities must agree with ours."""
    for villain in (VILLAIN, RANGE):
        ours = equity([HERO, villain], exact=True).equities[0]
        theirs = eval7_monte_carlo(villain, EVAL7_TRIALS)()
        if abs(ours - theirs) > 0.003:
            sys.exit(
                f"eval7 ({theirs:.4f}) and holdem ({ours:.4f}) disagree on {HERO} vs {villain}"
            )


def measure(trials: int, repeats: int) -> dict[str, float]:
    """Best time of each run, the runs taking turns."""
    runs = {
        "holdem exact": holdem_exact,
        "eval7 hand": eval7_monte_carlo(VILLAIN, EVAL7_TRIALS),
        "holdem hand": holdem_monte_carlo(VILLAIN, trials),
        "eval7 range": eval7_monte_carlo(RANGE, EVAL7_TRIALS),
        "holdem range": holdem_monte_carlo(RANGE, trials),
    }
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeats):
        for name, run in runs.items():
            best[name] = min(best[name], time_once(run))
    return best


def build_report(best: dict[str, float], trials: int, cpu: int | None) -> dict[str, Any]:
    rate = {
        "holdem hand": trials / best["holdem hand"],
        "eval7 hand": EVAL7_TRIALS / best["eval7 hand"],
        "holdem range": trials / best["holdem range"],
        "eval7 range": EVAL7_TRIALS / best["eval7 range"],
    }
    exact_speedup = best["eval7 hand"] / best["holdem exact"]
    trials_ratio = rate["holdem hand"] / rate["eval7 hand"]
    return {
        "environment": {
            "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "python": platform.python_version(),
            "numpy": np.__version__,
            "numba": version("numba"),
            "eval7": version("eval7"),
            "holdem": version("holdem"),
            "machine": platform.machine(),
            "cpu_count": os.cpu_count(),
            "pinned_cpu": cpu,
        },
        "seconds": best,
        "trials": {"holdem": trials, "eval7": EVAL7_TRIALS},
        "trials_per_s": rate,
        "exact_vs_eval7_1m_trials": exact_speedup,
        "monte_carlo_vs_eval7": trials_ratio,
        "range_monte_carlo_vs_eval7": rate["holdem range"] / rate["eval7 range"],
        "targets_met": {
            "exact_faster_than_eval7_1m_trials": exact_speedup > 1,
            "monte_carlo_at_least_5x": trials_ratio >= 5,
        },
    }


def ratio(x: float) -> str:
    return f"{x:.3g}x" if x < 100 else f"{x:.0f}x"


def print_markdown(report: dict[str, Any]) -> None:
    env, s, rate = report["environment"], report["seconds"], report["trials_per_s"]
    n = report["trials"]
    print(", ".join(f"{k} {v}" for k, v in env.items()))
    print()
    print("| measurement | holdem | eval7 | holdem vs eval7 |")
    print("|---|--:|--:|--:|")
    exact = f"exact, {BOARDS:,} boards: {s['holdem exact'] * 1e3:.1f} ms"
    sampled = f"{n['eval7']:,} trials: {s['eval7 hand'] * 1e3:.1f} ms"
    print(
        f"| {HERO} vs {VILLAIN} preflop, time | {exact} | {sampled} "
        f"| {ratio(report['exact_vs_eval7_1m_trials'])} faster |"
    )
    for key, label in (("hand", f"{HERO} vs {VILLAIN}"), ("range", f'{HERO} vs "{RANGE}"')):
        ours, theirs = rate[f"holdem {key}"], rate[f"eval7 {key}"]
        print(
            f"| {label} preflop, Monte Carlo trials/s | {ours:,.0f} | {theirs:,.0f} "
            f"| {ratio(ours / theirs)} |"
        )
    print()
    met = report["targets_met"]
    print(
        f"exact {HERO} vs {VILLAIN} vs eval7's {EVAL7_TRIALS:,} trials: "
        f"{report['exact_vs_eval7_1m_trials']:.1f}x faster (target > 1x): "
        + ("met" if met["exact_faster_than_eval7_1m_trials"] else "NOT MET")
    )
    print(
        f"Monte Carlo trials/s vs eval7: {report['monte_carlo_vs_eval7']:.1f}x (target >= 5x): "
        + ("met" if met["monte_carlo_at_least_5x"] else "NOT MET")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="fewer trials, one run (smoke test)")
    args = parser.parse_args()
    cpu = pin_to_one_core()
    trials = 2_000_000 if args.quick else 10_000_000
    # Compile (or load) every kernel outside the clock.
    equity([HERO, VILLAIN], exact=True)
    equity([HERO, VILLAIN], trials=10_000)
    equity([HERO, RANGE], trials=10_000)
    sanity_check()
    best = measure(trials, repeats=1 if args.quick else 5)
    report = build_report(best, trials, cpu)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_markdown(report)


if __name__ == "__main__":
    main()
