"""``holdem sim`` as a whole process beside PokerKit's random play, six-max No-Limit.

- ``holdem sim``: the command ``holdem sim --hands 50000 --players 6 --bots random``
  run as a user runs it, timed from the start of the process to its exit: Python's
  start-up, the imports, numba loading the compiled kernel from its cache and the
  evaluator's tables from theirs, the hands, the table printed. The numba cache is
  filled first by one untimed run (a first run ever compiles, about a minute; that
  cold run is timed apart).
- ``pokerkit``: PokerKit's ``State`` driven from Python with the same random policy
  (``bench/engine.py``), in this process; fewer hands, scaled to 50,000.
- ``holdem sim --bots tag`` and ``--workers 2`` rows for context.

Wall time is the measure; CPU time (user + system, the command's workers included) is
printed beside it, since on a shared machine it moves less with the load.

One core for PokerKit and the single-process rows (the command inherits the pin);
best of three interleaved rounds.

    python bench/sim.py [--quick] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path

from common import pin_to_one_core  # bench/common.py, beside this script
from engine import play_pokerkit

HANDS = 50_000
TARGET = 100  # whole-process holdem sim vs PokerKit's random play
HOLDEM = str(Path(sys.executable).with_name("holdem"))
EVERY_CPU = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None


def command(*extra: str, hands: int = HANDS, bots: str = "random") -> list[str]:
    return [HOLDEM, "sim", "--hands", str(hands), "--players", "6", "--bots", bots, *extra]


def whole_process(argv: list[str], cpu: int | None, env: dict[str, str] | None = None) -> float:
    """Wall seconds from the start of the process to its exit, on ``cpu`` (None: on
    every CPU this benchmark was given)."""
    cpus = {cpu} if cpu is not None else EVERY_CPU

    def place() -> None:
        if cpus is not None:
            os.sched_setaffinity(0, cpus)

    before = _children_cpu()
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, preexec_fn=place)
    seconds = time.perf_counter() - start
    if done.returncode:
        raise RuntimeError(f"{' '.join(argv)} failed:\n{done.stderr}")
    CPU_SECONDS[" ".join(argv)] = _children_cpu() - before
    return seconds


CPU_SECONDS: dict[str, float] = {}
"""The CPU (user + system) of the last run of each command, its workers included."""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def pokerkit_seconds(hands: int, seed: int) -> tuple[float, float]:
    """(wall, CPU) seconds of PokerKit playing ``hands`` hands here."""
    start, cpu = time.perf_counter(), time.process_time()
    play_pokerkit(hands, random.Random(seed))
    return time.perf_counter() - start, time.process_time() - cpu


def cold_seconds(cpu: int | None) -> float:
    """The first run ever: an empty numba cache, so the kernel is compiled."""
    with tempfile.TemporaryDirectory() as cache:
        return whole_process(command(hands=1000), cpu, dict(os.environ, NUMBA_CACHE_DIR=cache))


def setting(cpu: int | None) -> dict[str, object]:
    """When, and on what, the figures were taken."""
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "python": platform.python_version(),
        **{package: version(package) for package in ("pokerkit", "numba")},
        "machine": platform.machine(),
        "cores": os.cpu_count(),
        "pinned_cpu": cpu,
    }


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer PokerKit hands, no cold run")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser.parse_args()


def main() -> None:
    args = arguments()
    cpu = pin_to_one_core()
    pokerkit_hands = 200 if args.quick else 1000
    whole_process(command(hands=10), cpu)  # fill the numba cache, untimed
    whole_process(command(hands=10, bots="tag"), cpu)
    rows = {
        "holdem sim, random": (command(), cpu),
        "holdem sim, tag": (command(bots="tag"), cpu),
        "holdem sim, random, --workers 2": (command("--workers", "2"), None),
    }
    best = dict.fromkeys([*rows, "pokerkit"], float("inf"))
    cpu_best = dict(best)
    for round_ in range(3):
        for name, (argv, pin) in rows.items():
            best[name] = min(best[name], whole_process(argv, pin))
            cpu_best[name] = min(cpu_best[name], CPU_SECONDS[" ".join(argv)])
        wall, used = pokerkit_seconds(pokerkit_hands, round_)
        best["pokerkit"] = min(best["pokerkit"], wall * HANDS / pokerkit_hands)
        cpu_best["pokerkit"] = min(cpu_best["pokerkit"], used * HANDS / pokerkit_hands)
    rates = {name: HANDS / seconds for name, seconds in best.items()}
    ratios = {name: rate / rates["pokerkit"] for name, rate in rates.items()}
    report = {
        **setting(cpu),
        "hands": HANDS,
        "pokerkit_hands_played": pokerkit_hands,
        "seconds": best,
        "cpu_seconds": cpu_best,
        "vs_pokerkit_cpu": {name: cpu_best["pokerkit"] / cpu for name, cpu in cpu_best.items()},
        "hands_per_second": rates,
        "vs_pokerkit": ratios,
        "ratio": ratios["holdem sim, random"],
        "target": TARGET,
        "cold_first_run_seconds": None if args.quick else cold_seconds(cpu),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    keys = ("date", "python", "pokerkit", "numba", "machine", "cores")
    print(", ".join(f"{k} {report[k]}" for k in keys))
    print()
    print("| run | 50,000 hands, wall s | hands/s | vs PokerKit | CPU s | vs PokerKit, CPU |")
    print("|---|--:|--:|--:|--:|--:|")
    by_cpu = report["vs_pokerkit_cpu"]
    assert isinstance(by_cpu, dict)
    for name in best:
        label = name if name != "pokerkit" else f"PokerKit ({pokerkit_hands:,} hands, scaled)"
        print(
            f"| {label} | {best[name]:.2f} | {rates[name]:,.0f} | {ratios[name]:,.1f}x "
            f"| {cpu_best[name]:.2f} | {by_cpu[name]:,.1f}x |"
        )
    print()
    if report["cold_first_run_seconds"] is not None:
        print(
            f"first run ever (empty numba cache, 1,000 hands): "
            f"{report['cold_first_run_seconds']:.1f} s, most of it compiling"
        )
    verdict = "met" if report["ratio"] >= TARGET else "not met"
    print(
        f"whole-process holdem sim vs PokerKit, random six-max NL: {report['ratio']:,.1f}x "
        f"(target >= {TARGET}x): {verdict}"
    )


if __name__ == "__main__":
    main()
