"""Another table's pings while one player floods the coach switch, beside the same pings
with no flood: the attack that once stalled the whole cardroom for seconds.

`holdem serve` runs as a subprocess on a fresh SQLite file. One seated player opens four
sockets and switches the coach on and off 19 times a second each, on their own turn
(held open); a spectator of a second table, where bots play, pings every 50 ms. Printed:
ping p50/p95/max with and without the flood, their ratio, and the server's CPU (its
coach worker included) over each run.

    python bench/coach_flood.py [--seconds 15]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

from common import cpu_seconds  # bench/common.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.coach_flood import FloodResult, coach_flood  # noqa: E402
from tests.support.server import ServerProcess  # noqa: E402


def server_cpu(pid: int) -> float:
    """The server's CPU and that of its children still running (the coach's worker)."""
    total = cpu_seconds(pid)
    for child in Path(f"/proc/{pid}/task").glob("*/children"):
        for child_pid in child.read_text().split():
            total += cpu_seconds(int(child_pid))
    return total


def run(seconds: float, sockets: int) -> tuple[FloodResult, float]:
    with (
        tempfile.TemporaryDirectory() as folder,
        ServerProcess(f"sqlite:///{folder}/cardroom.sqlite3") as server,
    ):
        assert server.pid is not None
        before = server_cpu(server.pid)
        result = asyncio.run(coach_flood(server.url, server.ws_url, seconds, sockets=sockets))
        return result, server_cpu(server.pid) - before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15.0)
    args = parser.parse_args()
    rows = []
    for name, sockets in (("no flood", 0), ("coach flood, 4 sockets", 4)):
        result, cpu = run(args.seconds, sockets)
        ordered = sorted(result.pings_ms)
        rows.append((name, result, cpu, ordered))
    print(
        "| run | coach switches | answers | distinct simulations | pings | ping p50 ms "
        "| ping p95 ms | ping max ms | server CPU |"
    )
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
    for name, result, cpu, ordered in rows:
        p50 = ordered[len(ordered) // 2]
        print(
            f"| {name} | {result.toggles:,} | {len(result.answers):,} "
            f"| {len({a['equity'] for a in result.answers})} | {len(ordered):,} "
            f"| {p50:.1f} | {result.p95_ms():.1f} | {ordered[-1]:.1f} "
            f"| {cpu:.1f} s in {args.seconds:g} s |"
        )
    quiet, flood = rows[0][1].p95_ms(), rows[1][1].p95_ms()
    verdict = "met" if flood < 100 else "NOT met"
    print(
        f"\nping p95 under the flood: {flood:.1f} ms, {flood / quiet:.2f}x the quiet run "
        f"(target < 100 ms): {verdict}"
    )


if __name__ == "__main__":
    main()
