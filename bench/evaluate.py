"""Speed of holdem's hand evaluator side by side with the libraries a user would otherwise pick.

Every implementation gets the same seeded random 7-card hands, converted to its own card
objects before the clock starts, in one process pinned to one core. On a shared machine the
absolute rates are noise; the ratios to eval7 (a C extension, the usual choice) are the result.

    python bench/evaluate.py [--quick] [--json]
"""

from __future__ import annotations

import os

# numba reads this when it is first imported (by evaluate_batch): one thread, like everyone else.
os.environ["NUMBA_NUM_THREADS"] = "1"

import argparse
import json
import platform
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.metadata import version
from typing import Any

import eval7
import numpy as np
import phevaluator
import pokerkit
import treys

from common import pin_to_one_core, time_once  # bench/common.py, beside this script
from holdem.cards import ALL_CARDS
from holdem.evaluator import evaluate, evaluate_batch
from holdem.evaluator.scalar import evaluate_python

SEED = 20240601
SANITY_HANDS = 3000
Run = Callable[[], Any]  # evaluates every prepared hand once and returns the values


@dataclass(frozen=True)
class Contender:
    name: str  # the table row
    call: str  # what is timed, as a user would write it
    make: Callable[[np.ndarray], Run]  # converts hands (N, 7 codes) to the library's own cards
    hands: int  # how many hands one timed run evaluates (before --quick)
    sign: int  # +1 when a higher value is a stronger hand, -1 when lower is stronger


def holdem_batch(codes: np.ndarray) -> Run:
    return lambda: evaluate_batch(codes)


def holdem_scalar(codes: np.ndarray) -> Run:
    hands = [[ALL_CARDS[c] for c in row] for row in codes.tolist()]
    return lambda: [evaluate(h) for h in hands]


def holdem_python(codes: np.ndarray) -> Run:
    # The fallback where the C accelerator could not be built.
    hands = [[ALL_CARDS[c] for c in row] for row in codes.tolist()]
    return lambda: [evaluate_python(h) for h in hands]


def eval7_scalar(codes: np.ndarray) -> Run:
    deck = [eval7.Card(str(card)) for card in ALL_CARDS]
    hands = [[deck[c] for c in row] for row in codes.tolist()]
    evaluate7 = eval7.evaluate
    return lambda: [evaluate7(h) for h in hands]


def phevaluator_scalar(codes: np.ndarray) -> Run:
    # Its card ids are rank * 4 + suit like ours; plain ints are its fastest input (no parsing).
    # Bound once: the package resolves each attribute through a lazy-import __getattr__.
    hands, evaluate_cards = codes.tolist(), phevaluator.evaluate_cards
    return lambda: [evaluate_cards(*h) for h in hands]


def treys_scalar(codes: np.ndarray) -> Run:
    deck = [treys.Card.new(str(card)) for card in ALL_CARDS]
    evaluator = treys.Evaluator()
    hands = [([deck[c] for c in row[:2]], [deck[c] for c in row[2:]]) for row in codes.tolist()]
    return lambda: [evaluator.evaluate(hole, board) for hole, board in hands]


def pokerkit_scalar(codes: np.ndarray) -> Run:
    deck = [next(pokerkit.Card.parse(str(card))) for card in ALL_CARDS]
    hands = [(tuple(deck[c] for c in r[:2]), tuple(deck[c] for c in r[2:])) for r in codes.tolist()]
    high = pokerkit.StandardHighHand
    return lambda: [high.from_game(hole, board) for hole, board in hands]


CONTENDERS = [
    Contender("holdem evaluate_batch", "evaluate_batch(uint8 (N, 7))", holdem_batch, 5_000_000, 1),
    Contender("holdem evaluate", "evaluate([Card] * 7)", holdem_scalar, 200_000, 1),
    Contender("holdem evaluate_python", "evaluate_python([Card] * 7)", holdem_python, 200_000, 1),
    Contender("eval7", "eval7.evaluate([eval7.Card] * 7)", eval7_scalar, 200_000, 1),
    Contender("phevaluator", "evaluate_cards(*7 ints)", phevaluator_scalar, 200_000, -1),
    Contender("treys", "Evaluator().evaluate(hole, board)", treys_scalar, 50_000, -1),
    Contender("pokerkit", "StandardHighHand.from_game(hole, board)", pokerkit_scalar, 10_000, 1),
]


def random_hands(n: int, seed: int) -> np.ndarray:
    """n uniform random 7-card hands: draw with replacement, redraw the rows that repeat a card."""
    rng = np.random.default_rng(seed)
    hands = np.empty((n, 7), dtype=np.uint8)
    redraw = np.arange(n)
    while redraw.size:
        hands[redraw] = rng.integers(0, 52, size=(redraw.size, 7), dtype=np.uint8)
        rows = np.sort(hands[redraw], axis=1)
        redraw = redraw[(rows[:, 1:] == rows[:, :-1]).any(axis=1)]
    return hands


def check_order(contender: Contender, codes: np.ndarray) -> None:
    """Refuse to time a wrong call: each pair of consecutive hands must order as our batch does."""
    ours = evaluate_batch(codes).tolist()
    theirs = list(contender.make(codes)())
    for i in range(len(ours) - 1):
        a, b = ours[i : i + 2]
        x, y = theirs[i : i + 2]  # values (HandValue, pokerkit Hand) compare, not always subtract
        if (b > a) - (b < a) != (int(y > x) - int(y < x)) * contender.sign:
            hands = [" ".join(str(ALL_CARDS[c]) for c in codes[j]) for j in (i, i + 1)]
            sys.exit(f"{contender.name} disagrees with holdem on the order of {hands}")


def import_seconds(repeats: int = 5) -> float:
    """Best time of ``import holdem`` in a fresh interpreter (the evaluator loads on first use)."""
    code = "import time; t = time.perf_counter(); import holdem; print(time.perf_counter() - t)"
    runs = [
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        for _ in range(repeats)
    ]
    return min(float(run.stdout) for run in runs)


def best_rates(codes: np.ndarray, scale: int, repeats: int = 3) -> dict[str, tuple[int, float]]:
    """Hands per second for each contender: best of `repeats`, rounds interleaved across all."""
    counts = {c.name: max(c.hands // scale, 100) for c in CONTENDERS}
    runs = {c.name: c.make(codes[: counts[c.name]]) for c in CONTENDERS}
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeats):
        for name, run in runs.items():
            best[name] = min(best[name], time_once(run))
    return {name: (counts[name], counts[name] / best[name]) for name in runs}


def build_report(rates: dict[str, tuple[int, float]], cpu: int | None) -> dict[str, Any]:
    """All the figures, with every rate also as a multiple of eval7's."""
    base = rates["eval7"][1]
    results = [
        {
            "name": c.name,
            "version": version(c.name.split()[0]),  # the distribution is the name's first word
            "call": c.call,
            "hands": rates[c.name][0],
            "hands_per_s": rates[c.name][1],
            "vs_eval7": rates[c.name][1] / base,
        }
        for c in CONTENDERS
    ]
    environment = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": version("numba"),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "pinned_cpu": cpu,
    }
    return {
        "environment": environment,
        "results": results,
        "batch_vs_eval7": rates["holdem evaluate_batch"][1] / base,
        "scalar_vs_eval7": rates["holdem evaluate"][1] / base,
        "import_holdem_s": import_seconds(),
    }


def ratio(x: float) -> str:
    return f"{x:.3g}x" if x < 100 else f"{x:.0f}x"


def print_markdown(report: dict[str, Any]) -> None:
    env, rows = report["environment"], report["results"]
    print(", ".join(f"{k} {v}" for k, v in env.items()))
    print()
    print("| implementation | version | call timed | hands | hands/s | vs eval7 |")
    print("|---|---|---|--:|--:|--:|")
    for row in rows:
        cells = [row["name"], row["version"], f"`{row['call']}`", f"{row['hands']:,}"]
        cells += [f"{row['hands_per_s']:,.0f}", f"{ratio(row['vs_eval7'])} eval7"]
        print("| " + " | ".join(cells) + " |")
    print()
    batch, scalar = report["batch_vs_eval7"], report["scalar_vs_eval7"]
    print(f"batch vs eval7: {batch:.1f}x (target >= 30x)")
    print(f"scalar evaluate vs eval7: {scalar:.2f}x (target >= 1x)")
    print(f"import holdem: {report['import_holdem_s']:.3f} s (target < 0.3 s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="10x fewer hands (smoke test)")
    args = parser.parse_args()
    cpu = pin_to_one_core()
    scale = 10 if args.quick else 1
    codes = random_hands(max(c.hands for c in CONTENDERS) // scale, SEED)
    evaluate_batch(codes[:100])  # compile (or load) the numba kernel outside the clock
    for contender in CONTENDERS:
        check_order(contender, codes[:SANITY_HANDS])
    report = build_report(best_rates(codes, scale), cpu)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_markdown(report)


if __name__ == "__main__":
    main()
