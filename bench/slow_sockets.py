"""Another client's `/api/tables` while one address holds thousands of slow sockets.

`holdem serve` runs as a subprocess on a fresh SQLite file, under the open-file limit
given (`--files`, soft and hard, as a small server has). The attacker, from 127.0.0.2,
keeps `--sockets` connections open, each sending a request line and one header and then
nothing, and opens it again `--reopen-seconds` after it is let go of (15, as the classic
slowloris tool does); the bystander, from 127.0.0.1, asks
for `/api/tables` every 50 ms. Printed: the bystander's p50/p95/max and failures,
beside the same with no attack, and how many sockets the attacker held at the end.
Everything stays on 127.0.0.1; the run is bounded by `--seconds`.

    python bench/slow_sockets.py [--sockets 5000] [--seconds 20] [--files 1024]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.support.server import ServerProcess  # noqa: E402

ATTACKER, BYSTANDER = "127.0.0.2", "127.0.0.1"
SLOW_HEAD = b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
ASK = b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


class Limited(ServerProcess):
    def __init__(self, database: str, files: int) -> None:
        super().__init__(database)
        self.files = files

    @property
    def command(self) -> list[str]:
        prlimit = shutil.which("prlimit") or "/usr/bin/prlimit"
        return [prlimit, f"--nofile={self.files}:{self.files}", "--", *super().command]


async def slow_socket(port: int, held: list[int], stop: asyncio.Event, reopen: float) -> None:
    """One attacker's socket, opened again each time the server lets it go."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(ATTACKER, 0)
            )
        except OSError:
            await asyncio.sleep(0.2)
            continue
        writer.write(SLOW_HEAD)
        held[0] += 1
        with contextlib.suppress(OSError):
            read = asyncio.ensure_future(reader.read())
            stopped = asyncio.ensure_future(stop.wait())
            await asyncio.wait({read, stopped}, return_when=asyncio.FIRST_COMPLETED)
            read.cancel()
            stopped.cancel()
        held[0] -= 1
        writer.close()
        await asyncio.sleep(reopen)  # let go of: open it again, later


async def bystander(port: int, seconds: float) -> tuple[list[float], int]:
    times, failed = [], 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.monotonic()
        try:
            async with asyncio.timeout(5):
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(BYSTANDER, 0)
                )
                writer.write(ASK)
                answer = await reader.read()
                writer.close()
            if answer.startswith(b"HTTP/1.1 200"):
                times.append((time.monotonic() - started) * 1000)
            else:
                failed += 1
        except (OSError, TimeoutError):
            failed += 1
        await asyncio.sleep(0.05)
    return times, failed


async def attack(
    port: int, sockets: int, seconds: float, reopen: float
) -> tuple[list[float], int, int]:
    stop, held = asyncio.Event(), [0]
    tasks = [asyncio.create_task(slow_socket(port, held, stop, reopen)) for _ in range(sockets)]
    await asyncio.sleep(2)  # let them connect
    times, failed = await bystander(port, seconds)
    at_end = held[0]
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return times, failed, at_end


def summary(times: list[float], failed: int) -> str:
    if not times:
        return f"no answer ({failed} failed)"
    ordered = sorted(times)
    p50, p95 = ordered[len(ordered) // 2], ordered[int(len(ordered) * 0.95) - 1]
    return f"p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {ordered[-1]:.1f} ms, {failed} failed"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=5000)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--reopen-seconds", type=float, default=15.0,
        help="an attacker's socket let go of is opened again after this (slowloris: 15 s)",
    )  # fmt: skip
    parser.add_argument("--files", type=int, default=1024, help="the server's open-file limit")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < args.sockets + 200:
        sys.exit(f"this needs an open-file limit of {args.sockets + 200}; it is {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, args.sockets + 200), hard))
    with (
        tempfile.TemporaryDirectory() as folder,
        Limited(f"sqlite:///{folder}/cardroom.sqlite3", args.files) as server,
    ):
        quiet = asyncio.run(bystander(server.port, min(args.seconds, 10.0)))
        times, failed, held = asyncio.run(
            attack(server.port, args.sockets, args.seconds, args.reopen_seconds)
        )
        log = server.log_text()
    print(f"server open-file limit {args.files}; {args.sockets} slow sockets from {ATTACKER}, "
          f"each opened again {args.reopen_seconds:g} s after it is let go of")  # fmt: skip
    print(f"  /api/tables, no attack:   {summary(*quiet)}")
    print(f"  /api/tables, under attack: {summary(times, failed)}")
    print(f"  attacker sockets open at the end: {held}")
    print(f"  tracebacks in the server's log: {log.count('Traceback')}; its reports of limits:")
    for line in log.splitlines():
        if "refused since" in line:
            print(f"    {line.strip()}")


if __name__ == "__main__":
    main()
