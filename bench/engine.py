"""Random-play six-max No-Limit hands per second: holdem's engine beside PokerKit's.

Both engines play complete hands (forced bets, dealing from a shuffled deck, betting,
showdown, chips pushed) with the same random policy: uniform over fold / check-or-call /
bet-or-raise, and a uniform amount between the legal minimum and maximum. One process,
one core, best of three interleaved rounds; the ratio is the result.

    python bench/engine.py [--quick] [--json]
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

import pokerkit

from common import pin_to_one_core  # bench/common.py, beside this script
from holdem.cards import Deck
from holdem.engine import Action, Hand, HandConfig

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
    counts = {"holdem": 20_000 // scale, "pokerkit": 1_000 // scale}
    plays = {"holdem": play_holdem, "pokerkit": play_pokerkit}
    best = dict.fromkeys(plays, float("inf"))
    for round_ in range(3):
        for name, play in plays.items():
            best[name] = min(best[name], timed(play, counts[name], seed=round_))
    rates = {name: counts[name] / best[name] for name in plays}
    ratio = rates["holdem"] / rates["pokerkit"]
    report = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "python": platform.python_version(),
        "pokerkit": version("pokerkit"),
        "machine": platform.machine(),
        "pinned_cpu": cpu,
        "hands": counts,
        "hands_per_second": rates,
        "ratio": ratio,
        "target": TARGET,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(", ".join(f"{k} {report[k]}" for k in ("date", "python", "pokerkit", "machine")))
    print()
    print("| engine | hands | hands/s | vs PokerKit |")
    print("|---|--:|--:|--:|")
    for name in plays:
        versus = rates[name] / rates["pokerkit"]
        print(f"| {name} | {counts[name]:,} | {rates[name]:,.0f} | {versus:.1f}x |")
    print()
    print(f"random-play six-max NL vs PokerKit: {ratio:.1f}x (target >= {TARGET}x)")


if __name__ == "__main__":
    main()
