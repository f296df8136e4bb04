"""Speed of the push/fold solver, side by side with a brute-force best response.

Targets: a heads-up chart in under 1 s and a 6-player ICM chart in under 60 s, on one
core. The heads-up figure is set beside the time a brute-force best response takes over
the same spot: every one of the 1,624,350 pairs of combinations that share no card, one
at a time in Python, for both players (what a test of an equilibrium has to do at the
least). The equity table is read from the user cache first (its one-time build is timed
with --build).

    python bench/pushfold.py [--build] [--json]
"""

from __future__ import annotations

import os

os.environ["NUMBA_NUM_THREADS"] = "1"

import argparse
import json
import platform
import sys
import time
from datetime import UTC, datetime
from typing import Any

import numpy as np

from common import pin_to_one_core, time_once  # bench/common.py, beside this script
from holdem.solver import preflop_build, preflop_matchups
from holdem.solver.pushfold import Spot, solve

HEADS_UP = [(5.0, 5.0), (10.0, 10.0), (20.0, 20.0)]
SIX = Spot((10.0, 12.0, 8.0, 15.0, 9.0, 11.0), 0.5, 1.0, 0.1, (50.0, 30.0, 20.0))


def brute_force_best_response(spot: Spot, push: np.ndarray, call: np.ndarray) -> float:
    """Both players' best-response gains (big blinds), pair of combinations by pair."""
    table = preflop_matchups.matchups()
    win, tie = table.win().tolist(), table.tie().tolist()
    cards, classes = preflop_build.combo_arrays()
    cards_l, classes_l = cards.tolist(), classes.tolist()
    sb, bb = spot.stacks
    matched = min(sb, bb)
    fold, steal = -(spot.ante + spot.small_blind), spot.ante + spot.big_blind
    push_l, call_l = push.tolist(), call.tolist()
    n = len(cards_l)
    sb_push_ev = [0.0] * 169
    sb_weight = [0.0] * 169
    bb_call_ev = [0.0] * 169
    bb_fold_ev = [0.0] * 169
    for h in range(n):
        a, b = cards_l[h]
        i = classes_l[h]
        for g in range(n):
            c, d = cards_l[g]
            if a in (c, d) or b in (c, d):
                continue
            j = classes_l[g]
            showdown = (win[i][j] - win[j][i]) * matched  # SB's chips won when called
            sb_push_ev[i] += call_l[j] * showdown + (1 - call_l[j]) * steal
            sb_weight[i] += 1
            if push_l[i]:
                bb_call_ev[j] -= push_l[i] * showdown
                bb_fold_ev[j] -= push_l[i] * steal
    gain = 0.0
    for i in range(169):
        ev = sb_push_ev[i] / sb_weight[i]
        gain += max(ev, fold) - (push_l[i] * ev + (1 - push_l[i]) * fold)
    for j in range(169):
        w = sb_weight[j]  # every class meets as many combinations from either side
        best = max(bb_call_ev[j], bb_fold_ev[j]) / w
        mixed = (call_l[j] * bb_call_ev[j] + (1 - call_l[j]) * bb_fold_ev[j]) / w
        gain += best - mixed
    del tie
    return gain / spot.big_blind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", action="store_true", help="time the equity table's build")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    cpu = pin_to_one_core()
    figures: dict[str, Any] = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": sys.version.split()[0],
        "machine": platform.processor() or platform.machine(),
        "cpu": cpu,
    }
    if args.build:
        start = time.perf_counter()
        preflop_build.compute()
        figures["table_build_s"] = time.perf_counter() - start
    figures["table_read_s"] = time_once(preflop_matchups.matchups)
    solve(Spot((10.0, 10.0), 0.5, 1.0))  # SciPy and the caches loaded
    rows = []
    for stacks in HEADS_UP:
        spot = Spot(stacks, 0.5, 1.0)
        best = min(time_once(lambda spot=spot: solve(spot)) for _ in range(3))
        result = solve(spot)
        start = time.perf_counter()
        gain = brute_force_best_response(spot, result.push[0], result.call[(1, 0)])
        brute = time.perf_counter() - start
        rows.append(
            {
                "spot": f"heads-up {stacks[0]:g} bb",
                "solve_s": best,
                "brute_force_best_response_s": brute,
                "best_response_gain_bb": gain,
            }
        )
    start = time.perf_counter()
    six = solve(SIX)
    rows.append(
        {
            "spot": "6 players, ICM 50/30/20, 8-15 bb, ante 0.1",
            "solve_s": time.perf_counter() - start,
            "iterations": six.iterations,
            "gap_pct_pool": six.gap_pct_pool,
        }
    )
    figures["rows"] = rows
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"one core (cpu {cpu}); equity table read in {figures['table_read_s']:.3f} s")
    if "table_build_s" in figures:
        print(f"equity table built in {figures['table_build_s']:.1f} s")
    for row in rows:
        extra = (
            f"brute-force best response {row['brute_force_best_response_s']:.2f} s "
            f"(gain {row['best_response_gain_bb']:.1e} bb)"
            if "brute_force_best_response_s" in row
            else f"{row['iterations']} rounds, gap {row['gap_pct_pool']:.5f}% of the pool"
        )
        print(f"{row['spot']:<45} solve {row['solve_s']:.3f} s   {extra}")


if __name__ == "__main__":
    main()
