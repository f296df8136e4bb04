"""How strong the bots are: matchups of 20,000 hands, in big blinds per 100 hands.

Each matchup is ``holdem.sim.simulate`` (the engine of ``holdem sim``): stacks of 100
big blinds reset every hand, blinds 1/2, No-Limit, the button moving one seat a hand
so every bot plays every position equally. A bot *beats* another when the lower end
of the 95% confidence interval of its bb/100 is above zero. The first four rows are
the claims of docs/bots.md; the rest are for context. The ``coach`` bot plays the
coach's advice; it must beat ``tag`` and do at least as well against it as ``mc`` does
(the two runs play the same deals: same seed, same deck).

    python bench/bots.py [--hands 20000] [--seed 1] [--quick]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from dataclasses import dataclass
from datetime import UTC, datetime

from holdem.sim import SimResult, simulate


@dataclass(frozen=True)
class Matchup:
    hero: str
    villain: str
    players: int = 2
    claim: bool = False  # one of the results docs/bots.md states

    @property
    def names(self) -> list[str]:
        return [self.hero] + [self.villain] * (self.players - 1)

    @property
    def label(self) -> str:
        table = (
            "heads-up"
            if self.players == 2
            else f"{self.players}-max, one against {self.players - 1}"
        )
        return f"{self.hero} vs {self.villain} ({table})"

    def command(self, hands: int, seed: int) -> str:
        return (
            f"holdem sim --hands {hands} --players {self.players} "
            f"--bots {','.join(self.names)} --seed {seed} --json"
        )


MATCHUPS = (
    Matchup("tag", "random", claim=True),
    Matchup("tag", "caller", claim=True),
    Matchup("mc", "tag", claim=True),
    Matchup("coach", "tag", claim=True),
    Matchup("tag", "random", players=6),
    Matchup("tag", "caller", players=6),
    Matchup("mc", "random"),
    Matchup("mc", "caller"),
    Matchup("coach", "mc"),
)


def row(matchup: Matchup, result: SimResult) -> str:
    hero = result.results[0]  # seat 0 holds the hero
    low, high = hero.ci95
    verdict = "beats" if low > 0 else "loses to" if high < 0 else "not separated from"
    return (
        f"| {matchup.label} | {result.hands:,} | {hero.bb_per_100:+.1f} | "
        f"[{low:+.1f}, {high:+.1f}] | {verdict} | {result.seconds:.0f} |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="only the four claims")
    args = parser.parse_args()
    chosen = [m for m in MATCHUPS if m.claim or not args.quick]
    rows, commands, failed = [], [], []
    against_tag: dict[str, float] = {}
    for matchup in chosen:
        result = simulate(matchup.names, args.hands, seed=args.seed)
        rows.append(row(matchup, result))
        commands.append(matchup.command(args.hands, args.seed))
        if matchup.claim and result.results[0].ci95[0] <= 0:
            failed.append(matchup.label)
        if matchup.villain == "tag" and matchup.players == 2:
            against_tag[matchup.hero] = result.results[0].bb_per_100
        print(rows[-1], file=sys.stderr, flush=True)  # progress while the rest runs
    coach, mc = against_tag.get("coach"), against_tag.get("mc")
    print(
        f"{datetime.now(UTC):%Y-%m-%d}, {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, seed {args.seed}:\n"
    )
    print("| matchup | hands | bb/100 (first bot) | 95% interval | verdict | seconds |")
    print("|---|--:|--:|--:|---|--:|")
    print("\n".join(rows))
    print("\nThe same runs from the command line:\n\n```")
    print("\n".join(commands))
    print("```")
    if coach is not None and mc is not None:
        verdict = "met" if coach >= mc else "NOT MET"
        print(
            f"\ncoach vs tag {coach:+.1f} bb/100, mc vs tag {mc:+.1f}: at least as well: {verdict}"
        )
        if coach < mc:
            failed.append("coach at least as good as mc against tag")
    if failed:
        print(f"\nNOT SHOWN at 95%: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
