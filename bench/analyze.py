"""Speed of ``holdem analyze`` on the PHH corpus, and the share of decisions graded
against an equilibrium rather than the coach's heuristic.

Every hand of the corpus beside the repository (``../shared/corpus``: 10,019 hands,
Pluribus six-handed, WSOP 2023 and famous hands) is analysed for its first player, in
corpus order, up to ``--hands`` (all by default). One core.

    python bench/analyze.py [--hands N] [--corpus DIR] [--json]
"""

from __future__ import annotations

import os

os.environ["NUMBA_NUM_THREADS"] = "1"

import argparse
import json
import sys
import time
from pathlib import Path

from common import pin_to_one_core  # bench/common.py, beside this script
from holdem.analysis.decisions import analyze_hand
from holdem.analysis.pushfold_spot import METHOD
from holdem.history.convert import read_paths

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=None, help="stop after this many hands")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="the corpus folder")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not args.corpus.is_dir():
        sys.exit(f"the corpus is not at {args.corpus}")
    cpu = pin_to_one_core()
    read = [c.hand for c in read_paths([args.corpus]) if c.hand is not None]
    if args.hands is not None:
        read = read[: args.hands]
    start = time.perf_counter()
    decisions = by_solve = refused = 0
    for number, history in enumerate(read):
        if not history.players:
            continue
        result = analyze_hand(history, history.players[0], seed=number)
        if result is None:
            continue
        refused += result.error is not None
        decisions += len(result.decisions)
        by_solve += sum(1 for d in result.decisions if d.method == METHOD)
    seconds = time.perf_counter() - start
    figures = {
        "cpu": cpu,
        "hands": len(read),
        "seconds": seconds,
        "hands_per_s": len(read) / seconds,
        "decisions": decisions,
        "graded_by_equilibrium": by_solve,
        "share_by_equilibrium": by_solve / decisions if decisions else 0.0,
        "hands_not_replayed": refused,
    }
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(
        f"{len(read)} hands in {seconds:.1f} s: {figures['hands_per_s']:.1f} hands/s; "
        f"{decisions} decisions, {by_solve} ({figures['share_by_equilibrium']:.1%}) graded "
        f"by an equilibrium; {refused} hands the engine refused"
    )


if __name__ == "__main__":
    main()
