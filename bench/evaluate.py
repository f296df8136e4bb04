"""Speed of holdem's hand evaluator side by side with the libraries a user would otherwise pick.

Every implementation gets the same seeded random 7-card hands, converted to its own card
objects before the clock starts, in one process pinned to one core. On a shared machine the
absolute rates are noise; the ratios to eval7 (a C extension, the usual choice) are the result.

    python bench/evaluate.py [--quick] [--json] [--reference PATH]

``--reference PATH`` also runs a native evaluator beside ours on the same hands and core,
through a small command-line harness of the user's own (the project ships none, and no
code of another evaluator): ``PATH eval FILE N REPEATS`` evaluates the N 7-card hands of
FILE (N x 7 bytes, card codes rank * 4 + suit, rank 0 the deuce), writes their values to
FILE.out as N little-endian uint16 (higher is stronger) and prints its best rate in
millions of hands a second; ``PATH enum REPEATS`` walks all 133,784,560 seven-card hands
and prints its best rate the same way. The values are checked to order every hand as
ours do before any rate is printed.
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
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path
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


def holdem_batch_trusted(codes: np.ndarray) -> Run:
    # The caller's own output buffer and no check of hands it knows to be good.
    out = np.empty(len(codes), dtype=np.int32)
    return lambda: evaluate_batch(codes, out=out, validate=False)


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
    Contender(
        "holdem evaluate_batch trusted",
        "evaluate_batch(codes, out=out, validate=False)",
        holdem_batch_trusted,
        5_000_000,
        1,
    ),
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


def same_order(ours: np.ndarray, theirs: np.ndarray) -> bool:
    """True when two lists of values order every pair of hands alike (ties included)."""
    order = np.argsort(ours, kind="stable")
    a, b = np.diff(ours[order].astype(np.int64)), np.diff(theirs[order].astype(np.int64))
    return bool((b >= 0).all() and ((a == 0) == (b == 0)).all())


def reference_rates(path: str, codes: np.ndarray, repeats: int = 3) -> dict[str, float]:
    """The reference harness beside holdem on the same hands (and the same pinned core,
    which a child process inherits), best of ``repeats`` with the rounds interleaved."""
    from holdem.odds.categories import tally_seven_card_hands

    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "hands.bin"
        np.ascontiguousarray(codes, dtype=np.uint8).tofile(file)

        def native(*args: str) -> float:
            run = subprocess.run([path, *args], capture_output=True, text=True, check=True)
            return float(run.stdout.split()[0]) * 1e6

        n = len(codes)
        ours = holdem_batch_trusted(codes)
        tally_seven_card_hands()  # compile (or load) the enumeration kernel
        best = {"random": 0.0, "random_ref": 0.0, "enum": 0.0, "enum_ref": 0.0}
        for _ in range(repeats):
            best["random"] = max(best["random"], n / time_once(ours))
            best["random_ref"] = max(best["random_ref"], native("eval", str(file), str(n), "1"))
            best["enum"] = max(best["enum"], 133_784_560 / time_once(tally_seven_card_hands))
            best["enum_ref"] = max(best["enum_ref"], native("enum", "1"))
        theirs = np.fromfile(f"{file}.out", dtype="<u2")
        if len(theirs) != n or not same_order(evaluate_batch(codes), theirs):
            sys.exit(f"{path} does not order the hands as holdem does: no rate is comparable")
    return best


def print_reference(best: dict[str, float]) -> None:
    print()
    print("| workload | reference | holdem | holdem / reference |")
    print("|---|--:|--:|--:|")
    for key, name in (("random", "random 7-card hands"), ("enum", "all 7-card hands")):
        ours, theirs = best[key], best[f"{key}_ref"]
        print(
            f"| {name} | {theirs / 1e6:,.0f} M/s | {ours / 1e6:,.0f} M/s | {ours / theirs:.2f}x |"
        )


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
    parser.add_argument(
        "--reference", metavar="PATH", help="a native evaluator's harness to run beside ours"
    )
    args = parser.parse_args()
    cpu = pin_to_one_core()
    scale = 10 if args.quick else 1
    codes = random_hands(max(c.hands for c in CONTENDERS) // scale, SEED)
    evaluate_batch(codes[:100])  # compile (or load) the numba kernel outside the clock
    for contender in CONTENDERS:
        check_order(contender, codes[:SANITY_HANDS])
    report = build_report(best_rates(codes, scale), cpu)
    if args.reference:
        report["reference"] = reference_rates(args.reference, codes)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_markdown(report)
        if args.reference:
            print_reference(report["reference"])


if __name__ == "__main__":
    main()
