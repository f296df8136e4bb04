"""Hand histories per second: ``holdem replay`` and ``holdem convert`` beside PokerKit.

The same files go through both, in the same run:

- generated hands: six-max No-Limit hands of random legal play by holdem's engine (2 to
  6 players, no antes: PokerKit's PokerStars reader has no antes), written once as a
  ``.phhs`` and once as PokerStars text;
- site-shaped hands, as the HandHQ files that PokerKit's dataset holds write them: 2 to
  9 players, amounts in dollars and cents (whole ones without decimals), every hole card
  ``????`` until the showdown, ``winnings`` and not finishing stacks, the site's venue,
  table, hand number and a time of day; in files of 1,000 hands (a HandHQ file's size);
- the PHH corpus beside the repository (``../shared/corpus``), when it is there.

Rows, each timed as the library call (best of three, one core, GC off) and as the whole
command (a fresh process, its start-up included, through the ``holdem`` script):

- replay PHH: ``holdem.history.replay.replay_paths`` / ``holdem replay FILE`` (and
  ``holdem replay`` of the whole corpus, real files large enough for the compiled
  replay to repay loading it) against
  PokerKit's ``HandHistory.load_all`` with every state of every hand played through;
- PokerStars -> PHH: ``holdem.history.convert`` reading the text into replayed
  ``HandHistory`` values / ``holdem convert FILE --to phh -o OUT`` against PokerKit's
  ``HandHistory.from_pokerstars`` (which also plays each hand through its state) and,
  for the command, PokerKit's reader with ``dumps`` of each hand to a file;
- PHH -> PokerStars: holdem alone (PokerKit writes no PokerStars text).

    python bench/history.py [--hands N] [--site-files N] [--rounds N] [--quick] [--json]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from importlib.metadata import version
from pathlib import Path
from typing import Any

from common import pin_to_one_core, time_once  # bench/common.py, beside this script
from holdem.cards import Deck
from holdem.engine import Action, Hand, HandConfig
from holdem.history.convert import read_pokerstars
from holdem.history.payouts import chips_of
from holdem.history.phh import dumps, dumps_many, iter_hands
from holdem.history.pokerstars_export import SEPARATOR, pokerstars_of_history
from holdem.history.record import history_of
from holdem.history.replay import replay_paths

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
HOLDEM = shutil.which("holdem", path=str(Path(sys.executable).parent)) or "holdem"

POKERKIT_REPLAY = """
import sys, warnings
from pokerkit import HandHistory
warnings.simplefilter("ignore")
count = 0
for path in sys.argv[1:]:
    with open(path, "rb") as file:
        many = path.endswith(".phhs")
        for hand in HandHistory.load_all(file) if many else [HandHistory.load(file)]:
            for _ in hand:
                pass
            count += 1
print(count)
"""
POKERKIT_CONVERT = """
import sys, warnings
from pokerkit import HandHistory
warnings.simplefilter("ignore")
text = open(sys.argv[1], encoding="utf-8").read()
with open(sys.argv[2], "wb") as out:
    hands = list(HandHistory.from_pokerstars(text))
    HandHistory.dump_all(hands, out)
print(len(hands))
"""


def play_randomly(
    config: HandConfig, rng: random.Random, fold_chance: float, fold_weight: int
) -> Hand:
    """A hand of random legal play: at each decision, now and then a fold (``fold_weight``
    times as likely as each other choice), a check or call, and bets and raises of up to
    three times the least."""
    hand = Hand(config, Deck.shuffled(random.Random(rng.random())))
    while not hand.is_over:
        legal = hand.legal_actions()
        choices = [Action.fold()] * fold_weight if legal.fold and rng.random() < fold_chance else []
        choices.append(Action.check() if legal.check else Action.call())
        for bounds, make in ((legal.bet, Action.bet), (legal.raise_, Action.raise_to)):
            if bounds is not None and rng.random() < 0.3:
                choices.append(make(rng.randint(bounds.min, min(bounds.max, bounds.min * 3))))
        hand.act(rng.choice(choices))
    return hand


def random_hand(rng: random.Random, number: int) -> Any:
    """One finished hand of random legal play, as holdem records it."""
    players = rng.randint(2, 6)
    stacks = [rng.randint(20, 400) for _ in range(players)]
    config = HandConfig.create("nl", stacks, small_blind=1, big_blind=2)
    hand = play_randomly(config, rng, fold_chance=0.3, fold_weight=1)
    seats = sorted(rng.sample(range(1, 7), players))
    return history_of(
        hand,
        players=[f"player {s}" for s in seats],
        seats=seats,
        hand=100000 + number,
        table="Bench",
        seat_count=6,
    )


def site_hand(rng: random.Random, number: int) -> Any:
    """One hand of random legal play, recorded as a site records it (see the docstring)."""
    players = rng.randint(2, 9)
    stacks = [rng.randint(500, 60000) for _ in range(players)]  # cents: $5 to $600
    config = HandConfig.create(
        "nl", stacks, small_blind=50, big_blind=100, ante=rng.choice([0, 0, 0, 25])
    )
    hand = play_randomly(config, rng, fold_chance=0.5, fold_weight=3)  # more folds, as at sites
    seats = sorted(rng.sample(range(1, 10), players))
    seen = history_of(hand, private=False, players=[f"p{number}s{s}" for s in seats], seats=seats)
    collected, _, _ = chips_of(hand)
    return replace(
        seen, extra={}, chip_unit=Decimal("0.01"), finishing_stacks=None, winnings=collected,
        venue="Bench Poker", time=dt.time(number // 3600 % 24, number // 60 % 60, number % 60),
        day=1, month=7, year=2009, hand=3017237436 + number, table="BENCH ST",
        currency_symbol="$", time_zone_abbreviation="ET",
    )  # fmt: skip


def write_site_files(folder: Path, files: int, per_file: int) -> list[Path]:
    rng = random.Random(2009)
    paths = []
    for number in range(files):
        text = dumps_many([site_hand(rng, number * per_file + i) for i in range(per_file)])
        # Whole amounts without decimals, as the sites' files have them (not in actions).
        text = "\n".join(
            line if line.startswith("actions") else WHOLE_CENTS.sub(r"\1", line)
            for line in text.split("\n")
        )
        paths.append(folder / f"site-{number + 1}.phhs")
        paths[-1].write_text(text, encoding="utf-8")
    return paths


WHOLE_CENTS = re.compile(r"\b([0-9]+)\.00\b")


def write_files(folder: Path, count: int) -> tuple[Path, Path]:
    rng = random.Random(2024)
    hands = [random_hand(rng, i) for i in range(count)]
    phh = folder / "generated.phhs"
    phh.write_text(dumps_many(hands), encoding="utf-8")
    text = folder / "generated.txt"
    text.write_text("".join(pokerstars_of_history(h) + SEPARATOR for h in hands), encoding="utf-8")
    return phh, text


def corpus_files() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.rglob("*") if p.suffix in (".phh", ".phhs"))


# The library calls: each returns the number of hands it went through.


def holdem_replay(paths: list[Path]) -> int:
    count = 0
    for result in replay_paths(paths):
        assert result.ok, result.error
        count += 1
    return count


def pokerkit_replay(paths: list[Path]) -> int:
    from pokerkit import HandHistory

    count = 0
    for path in paths:
        with open(path, "rb") as file:
            hands = (
                HandHistory.load_all(file) if path.suffix == ".phhs" else [HandHistory.load(file)]
            )
            for hand in hands:
                for _ in hand:  # every state, as a replay plays it
                    pass
                count += 1
    return count


def holdem_convert(text: Path) -> int:
    count = 0
    for result in read_pokerstars(text):
        assert result.hand is not None, result.error
        dumps(result.hand)
        count += 1
    return count


def pokerkit_convert(text: Path) -> int:
    from pokerkit import HandHistory

    hands = list(HandHistory.from_pokerstars(text.read_text(encoding="utf-8")))
    for hand in hands:
        hand.dumps()
    return len(hands)


def holdem_export(phh: Path) -> int:
    count = 0
    for read in iter_hands(phh):
        assert not isinstance(read.result, Exception)
        pokerstars_of_history(read.result)
        count += 1
    return count


def best(runs: list[Callable[[], int]], rounds: int) -> list[tuple[float, int]]:
    """Best time and hand count of each run, rounds interleaved: a slow spell of a shared
    machine falls on both sides alike."""
    times: list[list[float]] = [[] for _ in runs]
    counts = [0] * len(runs)
    for _ in range(rounds):
        for i, run in enumerate(runs):
            box: list[int] = []
            times[i].append(time_once(lambda: box.append(run())))  # noqa: B023
            counts[i] = box[0]
    return [(min(t), c) for t, c in zip(times, counts, strict=True)]


def command(args: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        print(f"warning: {' '.join(args[:2])} exited {done.returncode}: {done.stderr[-300:]}",
              file=sys.stderr)  # fmt: skip
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="generated hands (default 2000)")
    parser.add_argument(
        "--site-files", type=int, default=4, help="site-shaped files of 1,000 hands (default 4)"
    )
    parser.add_argument("--quick", action="store_true", help="300 hands, one round")
    parser.add_argument(
        "--rounds", type=int, default=3, help="best of this many runs of each (default 3)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    options = parser.parse_args()
    count = 300 if options.quick else options.hands
    rounds = 1 if options.quick else max(1, options.rounds)
    cpu = pin_to_one_core()
    warnings.simplefilter("ignore")  # PokerKit warns about every hand it repairs
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        phh, text = write_files(folder, count)
        site_folder = folder / "site"
        site_folder.mkdir()
        site_files, site_per_file = (1, 300) if options.quick else (options.site_files, 1000)
        site = write_site_files(site_folder, site_files, site_per_file)
        corpus = corpus_files()
        cases: list[tuple[str, Callable[[], int], Callable[[], int] | None]] = [
            (
                "replay PHH (generated)",
                lambda: holdem_replay([phh]),
                lambda: pokerkit_replay([phh]),
            ),
            (
                "PokerStars -> PHH (generated)",
                lambda: holdem_convert(text),
                lambda: pokerkit_convert(text),
            ),
            ("PHH -> PokerStars (generated)", lambda: holdem_export(phh), None),
            (
                f"replay PHH (site-shaped, {len(site)} files)",
                lambda: holdem_replay(site),
                lambda: pokerkit_replay(site),
            ),
        ]
        if corpus:
            cases.insert(
                1,
                (
                    "replay PHH (corpus)",
                    lambda: holdem_replay(corpus),
                    lambda: pokerkit_replay(corpus),
                ),
            )
        for name, ours, theirs in cases:
            timed = best([ours] if theirs is None else [ours, theirs], rounds)
            ours_s, hands = timed[0]
            row: dict[str, Any] = {"case": name, "hands": hands, "holdem_hps": hands / ours_s}
            if theirs is not None:
                theirs_s, their_hands = timed[1]
                row["pokerkit_hps"] = their_hands / theirs_s
                row["ratio"] = row["holdem_hps"] / row["pokerkit_hps"]
            rows.append(row)
            print(row, file=sys.stderr, flush=True)
        out = folder / "out"
        corpus_hands = next((r["hands"] for r in rows if r["case"] == "replay PHH (corpus)"), 0)
        commands = [
            (
                "holdem replay FILE (command)",
                count,
                [HOLDEM, "replay", str(phh)],
                [sys.executable, "-c", POKERKIT_REPLAY, str(phh)],
            ),
            (
                "holdem convert FILE --to phh (command)",
                count,
                [HOLDEM, "convert", str(text), "--to", "phh", "-o", str(out)],
                [sys.executable, "-c", POKERKIT_CONVERT, str(text), str(out)],
            ),
            (
                "holdem convert FILE --to pokerstars (command)",
                count,
                [HOLDEM, "convert", str(phh), "--to", "pokerstars", "-o", str(out)],
                None,
            ),
        ]
        commands.insert(
            1,
            (
                f"holdem replay FOLDER (command, site-shaped, {len(site)} files)",
                site_files * site_per_file,
                [HOLDEM, "replay", str(site_folder)],
                [sys.executable, "-c", POKERKIT_REPLAY, *map(str, site)],
            ),
        )
        if corpus:  # real files, large enough for the compiled replay to pay its loading
            commands.insert(
                1,
                (
                    "holdem replay CORPUS (command)",
                    corpus_hands,
                    [HOLDEM, "replay", *map(str, corpus)],
                    [sys.executable, "-c", POKERKIT_REPLAY, *map(str, corpus)],
                ),
            )
        for name, hands, ours_cmd, theirs_cmd in commands:
            ours_times, their_times = [], []
            for _ in range(rounds):
                ours_times.append(command(ours_cmd))
                if theirs_cmd is not None:
                    their_times.append(command(theirs_cmd))
            row = {"case": name, "hands": hands, "holdem_hps": hands / min(ours_times)}
            if their_times:
                row["pokerkit_hps"] = hands / min(their_times)
                row["ratio"] = row["holdem_hps"] / row["pokerkit_hps"]
            rows.append(row)
    report = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "pokerkit": version("pokerkit"),
        "cpu": cpu,
        "machine": platform.processor() or platform.machine(),
        "cores": os.cpu_count(),
        "rows": rows,
    }
    if options.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{count} generated hands; one core; best of {rounds}; pokerkit {report['pokerkit']}")
    print(f"{'case':60} {'hands':>6} {'holdem/s':>10} {'pokerkit/s':>11} {'ratio':>7}")
    for row in rows:
        theirs = f"{row['pokerkit_hps']:11.0f}" if "pokerkit_hps" in row else f"{'-':>11}"
        ratio = f"{row['ratio']:6.1f}x" if "ratio" in row else f"{'-':>7}"
        print(f"{row['case']:60} {row['hands']:6} {row['holdem_hps']:10.0f} {theirs} {ratio}")


if __name__ == "__main__":
    main()
