"""Speed of holdem's solver on the spots of its issue: time to 0.5%, 0.3% and 0.1% of the
pot, iterations and memory, on 1 thread and on every core.

The spots: a river (Td9d6hQc7s), a turn (Td9d6hQc) and, with ``--flop``, a flop
(Td9d6h), each with the issue's ranges, pot 200, stack 900, sizes "60%,e,a" and raise
"2.5x" on every street, a river donk of "50%" and thresholds 1.5 / 0.15 / 0.1. The clocks
(wall and this process's CPU, which a shared machine makes differ) run over the
iterations only; the exploitability is measured every ``--every``
iterations outside it (a best response costs about two iterations). Every kernel is
compiled before the clock starts.

With ``--profile`` each spot's iteration is split into the forward pass (reach), the
backward pass at the terminal nodes (showdowns, folds) and the rest of the backward pass.

    python bench/solver.py [--spots river,turn] [--flop] [--threads 1,N] [--json] [--profile]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from typing import Any

import numba
import numpy as np

from holdem.solver.cfr import CFR, threads
from holdem.solver.solution import memory_needed
from holdem.solver.spot import Spot
from holdem.solver.tree import build

OOP = "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s"
IP = "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+"
BOARDS = {"river": "Td9d6hQc7s", "turn": "Td9d6hQc", "flop": "Td9d6h"}
TARGETS = (0.5, 0.3, 0.1)


def spot(street: str) -> Spot:
    sizes: dict[str, Any] = {
        s: {"bet": "60%,e,a", "raise": "2.5x"} for s in ("flop", "turn", "river")
    }
    sizes["river"]["donk"] = "50%"
    tree = {"add_allin_threshold": 1.5, "force_allin_threshold": 0.15, "merging_threshold": 0.1}
    return Spot(
        board=BOARDS[street], oop_range=OOP, ip_range=IP, pot=200, stack=900, sizes=sizes, tree=tree
    )


def run(street: str, thread_count: int, every: int, cap: int) -> dict[str, Any]:
    s = spot(street)
    started = time.perf_counter()
    game = build(s)
    built = time.perf_counter() - started
    cfr = CFR(game)
    cfr.iterate(1)  # compiled (or loaded from numba's cache) before the clock
    cfr = CFR(game)
    reached: dict[str, Any] = {}
    solving = 0.0
    cpu = 0.0
    pct = float("inf")
    with threads(thread_count):
        while cfr.iterations < cap and pct > TARGETS[-1]:
            start, start_cpu = time.perf_counter(), time.process_time()
            cfr.iterate(every)
            solving += time.perf_counter() - start
            cpu += time.process_time() - start_cpu
            pct = 100 * cfr.exploitability() / s.pot
            for target in TARGETS:
                key = f"{target}%"
                if pct <= target and key not in reached:
                    reached[key] = {
                        "seconds": round(solving, 3),
                        "cpu_seconds": round(cpu, 3),
                        "iterations": cfr.iterations,
                    }
    return {
        "spot": street,
        "threads": thread_count,
        "nodes": game.n_nodes,
        "hands": [len(h.weights) for h in game.hands],
        "build_seconds": round(built, 3),
        "memory_bytes": memory_needed(game),
        "reached": reached,
        "final_pct_pot": round(pct, 4),
        "iterations": cfr.iterations,
        "seconds_per_iteration": round(solving / max(cfr.iterations, 1), 5),
        "cpu_seconds_per_iteration": round(cpu / max(cfr.iterations, 1), 5),
    }


def profile(street: str) -> dict[str, float]:
    """CPU seconds of one iteration's parts, on one thread."""
    from holdem.solver import kernels

    game = build(spot(street))
    cfr = CFR(game)
    cfr.iterate(3)
    parts = {"forward": 0.0, "backward": 0.0}
    with threads(1):
        for trav in (0, 1):
            t = time.process_time()
            cfr.forward(cfr.strat, trav, accumulate=True, keep=1.0)
            parts["forward"] += time.process_time() - t
            t = time.process_time()
            cfr.backward(trav, kernels.CFR, cfr.strat, 1.0, 1.0)
            parts["backward"] += time.process_time() - t
        t = time.process_time()
        cfr.exploitability()
        parts["exploitability"] = time.process_time() - t
    return {k: round(v, 4) for k, v in parts.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spots", default="river,turn")
    parser.add_argument("--flop", action="store_true", help="add the flop spot (large)")
    parser.add_argument("--threads", default=f"1,{numba.config.NUMBA_NUM_THREADS}")
    parser.add_argument("--every", type=int, default=10)
    parser.add_argument("--cap", type=int, default=2000)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    streets = args.spots.split(",") + (["flop"] if args.flop else [])
    counts = sorted({int(t) for t in args.threads.split(",")})
    rows = []
    for street in streets:
        for count in counts:
            row = run(street, count, args.every, args.cap)
            if args.profile and count == counts[0]:
                row["profile_cpu_seconds"] = profile(street)
            rows.append(row)
            if not args.json:
                reached = "  ".join(
                    f"{k}: {v['seconds']:.1f}s/{v['iterations']} it"
                    for k, v in row["reached"].items()
                )
                parts = row.get("profile_cpu_seconds", "")
                per_it = row["seconds_per_iteration"] * 1000
                print(
                    f"{street:5} {count:2} threads  {row['nodes']:>8,} nodes  "
                    f"{row['memory_bytes'] / 2**20:8.1f} MiB  {per_it:7.1f} ms/it "
                    f"({row['cpu_seconds_per_iteration'] * 1000:.1f} ms CPU)  {reached}  {parts}",
                    flush=True,
                )
    machine = {
        "python": sys.version.split()[0],
        "numba": numba.__version__,
        "numpy": np.__version__,
        "cpus": os.cpu_count(),
        "load": os.getloadavg(),
        "platform": platform.platform(),
    }
    if args.json:
        print(json.dumps({"machine": machine, "runs": rows}))
    else:
        print(f"machine: {machine}")


if __name__ == "__main__":
    main()
