"""The cardroom under load: many six-max tables played through `holdem serve` over WebSockets.

The server is the real one (`holdem serve`, a subprocess with a fresh database); the six
players of every table are WebSocket clients of this script, so every action crosses the
wire, is stored, and comes back as a ``state`` to all six. Server-side bots are not used.
Each player, on a state that offers it a decision, waits the think time, then sends a
random legal action: mostly check or call, some folds, small bets and raises (never
all-in, so stacks of 10,000 big blinds last the whole run; a stack below half asks to top
up between hands, and with no pause between hands the server may refuse: counted as errors).

- latency: from sending ``act`` to the first ``state`` with a higher ``version``, at the
  acting client;
- throughput: hands finished (``hands_played``), actions sent and messages received, per
  second, over the measured window that follows a warm-up.

The load runs in ``--clients`` processes (a quarter of the cores by default), each pinned
to a core of its own; every server process is pinned to the other cores. Both CPU shares
are reported, and a run whose load process was busy (80% of its core) or late (its loop
20 ms behind) is flagged, so a reader can tell which side was the bottleneck. Two runs
by default: 200 tables with bots thinking 0.5 s (the latency target: p99 under 50 ms),
then 20 tables answering at once (full-speed throughput). Giving ``--tables``,
``--think`` or ``--seconds`` makes one run.

    python bench/server.py [--tables N --think S --seconds S] [--quick] [--json]
                           [--database postgresql://USER@HOST/DB | postgresql]
                           [--no-compression] [--profile FILE]
                           [--processes 1,2,4,8 [--spread]] [--clients N]

``--processes 1,2`` runs each load with one cardroom process, then with two on one
PostgreSQL database (a throwaway cluster unless ``--database`` names one; table i is
created at, so run by, process i % N), and prints for each count the most actions a
second kept under the p99 target, its ratio to one process and whether it reached the
expected 0.8 x N; with more than one it then kills the first with SIGKILL and times how long the
next takes to serve each of its tables. ``--spread`` connects seats 4-6 of every table to
another process than the one running it: their latencies (relayed through PostgreSQL's
LISTEN/NOTIFY, there and back) are kept apart, and the difference is the hop's cost.

``--database postgresql://...`` creates a fresh database on that server for each run (and
drops it after); ``--database postgresql`` starts a throwaway PostgreSQL cluster first.
``--profile FILE`` records the server with py-spy during the measured window: the thread
holding the GIL, so where the server's CPU goes (collapsed stacks, one file per run).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import platform
import random
import resource
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Coroutine, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from common import cpu_seconds  # bench/common.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # tests/support starts the server and a throwaway PostgreSQL

from tests.support.server import ServerProcess  # noqa: E402

Json = dict[str, Any]
SEATS = 6
BIG_BLIND = 2
STACK = 10_000 * BIG_BLIND  # deep enough that nobody busts in a run
TOP_UP_BELOW = STACK // 2
RAISE_CAP = 20 * BIG_BLIND  # no raising past this "to" amount: bets stay small
SETUP_CONCURRENCY = 16  # tables being opened at once
# One address opens every table and seat here: the per-address limits would refuse it.
UNLIMITED = ("--tables-per-hour", "100000", "--identities-per-minute", "100000",
             "--max-tables", "100000", "--connections-per-address", "100000",
             "--websockets-per-address", "100000", "--max-websockets", "100000")  # fmt: skip
BOTTLENECK_CPU = 0.8  # of its core: a load process this busy may be what limits the run
BOTTLENECK_LAG_MS = 20.0  # its loop waking this late: the same
SCALING = 0.8  # N processes should serve at least this times N times what one does
LAG_TICK = 0.05  # seconds between the load generator's own loop-lag probes
LATENCY_TARGET_MS = 50.0
TARGET_TABLES = 200
TAKEOVER_PROBE_SECONDS = 0.1  # between looks at the leases, and a probe's tries
TAKEOVER_GIVE_UP_SECONDS = 60.0

# (name, tables, think seconds, measured seconds)
DEFAULT_RUNS = (("latency", 200, 0.5, 60.0), ("throughput", 20, 0.0, 30.0))
QUICK_RUNS = (("latency", 10, 0.5, 10.0), ("throughput", 10, 0.0, 10.0))


def table_options(index: int) -> Json:
    return {
        "name": f"Bench {index}",
        "seats": SEATS,
        "small_blind": BIG_BLIND // 2,
        "big_blind": BIG_BLIND,
        "min_buy_in": 40 * BIG_BLIND,
        "max_buy_in": STACK,
        "seat_approval": False,
        "bots": [],
        "between_hands_seconds": 0,
        "action_seconds": 30,
    }


# -- what is counted ---------------------------------------------------------------------


@dataclass
class Counts:
    """Everything the clients see; only what happens while ``measuring`` is counted."""

    measuring: bool = False
    stopping: bool = False
    messages: int = 0
    received_bytes: int = 0
    actions: int = 0
    top_ups: int = 0
    latencies: list[float] = field(default_factory=list)
    relayed_latencies: list[float] = field(default_factory=list)  # clients of another process
    loop_lags: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)  # counted over the whole run
    disconnects: Counter[str] = field(default_factory=Counter)


def percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# -- one player --------------------------------------------------------------------------


class Player:
    """One WebSocket client sitting in one seat, acting on its own turns."""

    def __init__(
        self, table: BenchTable, seat: int, token: str, think: float, relayed: bool = False
    ) -> None:
        self.table = table
        self.relayed = relayed  # connected to a process that does not run its table
        self.seat = seat
        self.token = token
        self.think = think
        self.counts = table.counts
        self.rng = random.Random(secrets.randbits(64))
        self.ws: ClientConnection | None = None
        self.state: Json = {}
        self.seated = asyncio.Event()
        self.deciding = -1  # the version of the state whose decision is scheduled
        self.acted_on: int | None = None  # the version of the state the pending act answered
        self.sent_at = 0.0
        self.topped_up_at = -1  # hands_played when this seat last asked for chips
        self.acts = 0
        self.reader: asyncio.Task[None] | None = None
        self.tasks: set[asyncio.Task[None]] = set()  # the loop keeps only weak references

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def connect(self, url: str) -> None:
        self.ws = await connect(
            url,
            additional_headers={"Authorization": f"Bearer {self.token}"},
            compression=self.table.compression,
            open_timeout=60,
            max_size=2**22,
        )
        self.reader = asyncio.create_task(self._read())

    async def send(self, **message: Any) -> None:
        assert self.ws is not None
        with contextlib.suppress(ConnectionClosed):  # the reader counts the disconnect
            await self.ws.send(json.dumps({"v": 1, **message}))

    async def _read(self) -> None:
        assert self.ws is not None
        counts = self.counts
        try:
            async for text in self.ws:
                now = time.perf_counter()
                if counts.measuring:
                    counts.messages += 1
                    counts.received_bytes += len(text)
                message = json.loads(text)
                kind = message["type"]
                if kind == "state":
                    self._on_state(message, now)
                elif kind == "error":
                    self._on_error(message)
        except ConnectionClosed:
            pass
        if not counts.stopping:
            code = self.ws.close_code
            reason = self.ws.close_reason or ""
            counts.disconnects[f"{code} {reason}".strip()] += 1

    def _on_state(self, state: Json, now: float) -> None:
        version = state["version"]
        if self.acted_on is not None and version > self.acted_on:
            if self.counts.measuring:
                kept = self.counts.relayed_latencies if self.relayed else self.counts.latencies
                kept.append(now - self.sent_at)
            self.acted_on = None
        self.state = state
        self.table.saw(state)
        if state["you"]["seat"] == self.seat:
            self.seated.set()
        hand = state["hand"]
        if hand is not None and hand["legal"] is not None:
            if version != self.deciding:
                self.deciding = version
                self.spawn(self._act(version, self.think))
        elif hand is None or not state["seats"][self.seat - 1]["dealt"]:
            self._maybe_top_up(state)

    def _on_error(self, message: Json) -> None:
        self.counts.errors[message["message"][:80]] += 1
        ref = message.get("ref") or ""
        if ref.startswith("act-") and self.acted_on is not None:
            # The act was refused (say, the rate limit): try again on the same state.
            version, self.acted_on = self.acted_on, None
            self.spawn(self._act(version, 0.05))

    def _maybe_top_up(self, state: Json) -> None:
        if state["you"]["seat"] != self.seat:
            return  # not seated yet: the seat shows as empty
        stack = state["seats"][self.seat - 1]["stack"]
        played = state["hands_played"]
        if stack < TOP_UP_BELOW and played != self.topped_up_at:
            self.topped_up_at = played
            if self.counts.measuring:
                self.counts.top_ups += 1
            self.spawn(self.send(type="top_up", amount=STACK - stack, ref="top-up"))

    async def _act(self, version: int, delay: float) -> None:
        if delay:
            await asyncio.sleep(delay)
        state = self.state
        if state["version"] != version:
            return  # the table moved on; a newer state decides
        choice = choose(state["hand"]["legal"], self.rng)
        self.acts += 1
        self.acted_on = version
        self.sent_at = time.perf_counter()
        if self.counts.measuring:
            self.counts.actions += 1
        decision = state["hand"]["decision"]
        await self.send(type="act", ref=f"act-{self.acts}", decision=decision, **choice)

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 10)
        for task in [*self.tasks, self.reader]:
            if task is not None:
                task.cancel()
        if self.reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader


def choose(legal: Json, rng: random.Random) -> Json:
    """A random legal action: mostly check or call, some folds, small bets and raises."""
    if legal["show"] or legal["muck"]:
        return {"action": rng.choice([k for k in ("show", "muck") if legal[k]])}
    bounds = legal["bet"] or legal["raise"]
    kind = "bet" if legal["bet"] else "raise"
    r = rng.random()
    if bounds is not None and r < 0.15 and bounds["min"] <= RAISE_CAP:
        top = min(bounds["max"], bounds["min"] + 2 * BIG_BLIND)
        return {"action": kind, "amount": rng.randint(bounds["min"], top)}
    if legal["check"]:
        return {"action": "check"}
    if legal["fold"] and r > 0.88:
        return {"action": "fold"}
    if legal["call"] is not None:
        return {"action": "call"}
    return {"action": "fold" if legal["fold"] else "all-in"}


# -- one table ---------------------------------------------------------------------------


class BenchTable:
    def __init__(self, index: int, counts: Counts, compression: str | None) -> None:
        self.index = index
        self.counts = counts
        self.compression = compression
        self.id = ""
        self.tokens: list[str] = []
        self.players: list[Player] = []
        self.hands_played = 0
        self.version = 0  # the newest state any of its clients saw

    def saw(self, state: Json) -> None:
        self.hands_played = max(self.hands_played, state["hands_played"])
        self.version = max(self.version, state["version"])

    async def create(self, http: httpx.AsyncClient) -> None:
        """Create the table (at the process ``http`` speaks to, which then runs it) and
        get its six players' tokens."""
        created = await http.post("/api/tables", json=table_options(self.index))
        created.raise_for_status()
        self.id = created.json()["id"]
        self.tokens = [created.json()["token"]]
        for _ in range(SEATS - 1):
            answer = await http.post(f"/api/tables/{self.id}/identity")
            answer.raise_for_status()
            self.tokens.append(answer.json()["token"])

    async def open(self, ws_bases: list[str], think: float, relayed: set[int]) -> None:
        """Seat six clients (seat n connected to ``ws_bases[n - 1]``; the seats in
        ``relayed`` are at a process that does not run the table), and start the game."""
        self.players = [
            Player(self, seat, t, think, seat in relayed) for seat, t in enumerate(self.tokens, 1)
        ]
        await asyncio.gather(
            *(
                p.connect(f"{base}/ws/{self.id}")
                for p, base in zip(self.players, ws_bases, strict=True)
            )
        )
        for player in self.players:
            await player.send(type="sit", seat=player.seat, name=f"P{player.seat}", buy_in=STACK)
        await asyncio.wait_for(asyncio.gather(*(p.seated.wait() for p in self.players)), 60)
        await self.players[0].send(type="start")  # seat 1 holds the host's token

    async def close(self) -> None:
        await asyncio.gather(*(p.close() for p in self.players))


# -- the processes -----------------------------------------------------------------------


def cpu_pressure() -> float | None:
    """Microseconds, machine-wide, that some runnable task waited for a CPU (Linux PSI):
    other work on the machine, and the server's own threads sharing its core."""
    try:
        line = Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except (OSError, IndexError):
        return None
    return float(line.rsplit("total=", 1)[1])


def pin_process(pid: int, cpus: set[int]) -> None:
    """Every thread of ``pid`` onto ``cpus`` (threads started later inherit it)."""
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.sched_setaffinity(int(task.name), cpus)


def raise_open_files() -> int:
    """Six sockets a table, on both sides: lift the soft limit to the hard one (inherited
    by the server)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        wanted = 65_536 if hard == resource.RLIM_INFINITY else hard
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        soft = wanted
    return soft


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[str]:
    from tests.support.postgres import find_bin_dir, start_postgres

    bin_dir = find_bin_dir()
    if bin_dir is None:
        raise SystemExit("--database postgresql: initdb and pg_ctl are not installed")
    with start_postgres(bin_dir) as server:
        yield server.url


@contextlib.asynccontextmanager
async def fresh_database(database: str, workdir: Path) -> AsyncIterator[str]:
    """A database nobody used: a new SQLite file, or a new database on the PostgreSQL
    server ``database`` names (a server restores every stored table when it starts)."""
    if not database.startswith("postgres"):
        yield f"sqlite:///{workdir / 'bench.sqlite3'}"
        return
    import asyncpg
    from sqlalchemy.engine import make_url

    name = f"holdem_bench_{secrets.token_hex(4)}"
    admin = await asyncpg.connect(database)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
        try:
            yield make_url(database).set(database=name).render_as_string(hide_password=False)
        finally:
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    finally:
        await admin.close()


def start_profiler(pid: int, seconds: float, path: Path) -> subprocess.Popen[bytes] | None:
    program = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(program).exists():
        print("--profile: py-spy is not installed (pip install py-spy)", file=sys.stderr)
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen(
        [program, "record", "--pid", str(pid), "--duration", str(int(seconds)), "--rate", "200",
         "--format", "raw", "--output", str(path), "--nonblocking", "--gil"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip


# -- a run -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    name: str
    tables: int
    think: float
    seconds: float
    warmup: float
    database: str
    compression: str | None
    profile: Path | None
    processes: int = 1  # cardroom processes on one PostgreSQL database
    spread: bool = False  # half of each table's clients connected to another process
    clients: int = 1  # load generator processes, each on a core of its own where there are


async def probe_loop_lag(counts: Counts) -> None:
    """How late this process's own event loop wakes: a busy load generator shows here."""
    while True:
        start = time.perf_counter()
        await asyncio.sleep(LAG_TICK)
        if counts.measuring:
            counts.loop_lags.append(time.perf_counter() - start - LAG_TICK)


async def run(plan: Plan, server_cpus: set[int] | None, client_cpus: list[int]) -> Json:
    with tempfile.TemporaryDirectory(prefix="holdem-bench-") as work:
        workdir = Path(work)
        async with fresh_database(plan.database, workdir) as database:
            servers = []
            for n in range(plan.processes):
                (workdir / f"p{n}").mkdir()
                servers.append(
                    ServerProcess(
                        database, workdir=workdir / f"p{n}", startup_timeout=60, args=UNLIMITED
                    )
                )
            try:
                for server in servers:
                    await asyncio.to_thread(server.start)
                    assert server.pid is not None
                    if server_cpus:  # every process: none may share the load generator's
                        pin_process(server.pid, server_cpus)
                result = await drive(plan, servers, client_cpus)
            finally:
                for server in servers:
                    await asyncio.to_thread(server.stop)
            log = "".join(server.log_text() for server in servers)
    # A process killed on purpose (the take-over) logs its tables' moves: not problems.
    problems = [line for line in log.splitlines() if "Traceback" in line or "ERROR" in line]
    result["server_log_problems"] = problems[:10]
    result["server_log_problem_count"] = len(problems)
    return result


# -- the load generator: --clients processes, each with its share of the tables -------------

# The phases every load process and the parent pass together (a barrier each).
CREATED, LISTED, OPENED, MEASURED, TAKEN_OVER = range(5)


@dataclass(frozen=True)
class Share:
    """What one load process is told: its tables and where the servers are."""

    plan: Plan
    http_bases: list[str]
    ws_bases: list[str]
    indices: list[int]  # the tables it plays (i % clients == its number)
    cpu: int | None


def load_process(share: Share, barrier: Any, results: Any) -> None:
    """A load process: plays its tables, and puts its counts on ``results``."""
    if share.cpu is not None:
        os.sched_setaffinity(0, {share.cpu})
    asyncio.run(play_share(share, barrier, results))


async def play_share(share: Share, barrier: Any, results: Any) -> None:
    plan, counts = share.plan, Counts()

    async def phase() -> None:  # every load process and the parent, together
        await asyncio.to_thread(barrier.wait)

    tables = [BenchTable(i, counts, plan.compression) for i in share.indices]
    limit = asyncio.Semaphore(SETUP_CONCURRENCY)
    lag = asyncio.create_task(probe_loop_lag(counts))
    count = len(share.ws_bases)
    relayed = {4, 5, 6} if plan.spread and count > 1 else set()
    https = [httpx.AsyncClient(base_url=b, timeout=60, trust_env=False) for b in share.http_bases]
    try:
        # Table i is created at (so run by) process i % N; with --spread, seats 4-6 of it
        # connect to the next process, which relays them.
        async def create_one(table: BenchTable) -> None:
            async with limit:
                await table.create(https[table.index % count])

        async def open_one(table: BenchTable) -> None:
            home, other = table.index % count, (table.index + 1) % count
            bases = [share.ws_bases[other if s in relayed else home] for s in range(1, SEATS + 1)]
            async with limit:
                await table.open(bases, plan.think, relayed)

        await asyncio.gather(*(create_one(t) for t in tables))
        await phase()  # CREATED: the parent waits for every lobby to list every table
        await phase()  # LISTED
        await asyncio.gather(*(open_one(t) for t in tables))
    finally:
        for http in https:
            await http.aclose()
    await phase()  # OPENED: the warm-up and the window start together everywhere
    # The load generator's own collector stays out of the window: a full collection of
    # 1,200 connections' objects stops this loop for 100 ms or more, which would show up as
    # server latency. Acting and parsing make little cyclic garbage in a minute.
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        await asyncio.sleep(plan.warmup)
        hands_before = [t.hands_played for t in tables]
        versions_before = [t.version for t in tables]
        client_cpu = time.process_time()
        counts.measuring = True
        await asyncio.sleep(plan.seconds)
        counts.measuring = False
        client_cpu = (time.process_time() - client_cpu) / plan.seconds
        counts.stopping = True  # a process killed for the take-over cuts clients off
        results.put({
            "hands": sum(t.hands_played - b for t, b in zip(tables, hands_before, strict=True)),
            # A table that changed nothing in the whole window is stuck (a hand at 0.5 s a
            # decision can take longer than a short window, so hands are not the test).
            "stalled": sum(
                1 for t, b in zip(tables, versions_before, strict=True) if t.version == b
            ),
            "tables": {t.index: t.id for t in tables},
            "client_cpu": client_cpu,
            "counts": counts,
        })  # fmt: skip
        await phase()  # MEASURED
        await phase()  # TAKEN_OVER
    finally:
        gc.enable()
        gc.unfreeze()
        lag.cancel()
        batch = SETUP_CONCURRENCY * 4  # closing handshakes, a few at a time
        for start in range(0, len(tables), batch):
            await asyncio.gather(*(t.close() for t in tables[start : start + batch]))


async def drive(plan: Plan, servers: list[ServerProcess], client_cpus: list[int]) -> Json:
    """Start ``plan.clients`` load processes, pass the phases with them, and sum up."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")  # not a fork of this running loop
    barrier, results = context.Barrier(plan.clients + 1), context.Queue()
    workers = [
        context.Process(
            target=load_process,
            args=(
                Share(
                    plan,
                    [s.url for s in servers],
                    [s.ws_url for s in servers],
                    list(range(k, plan.tables, plan.clients)),
                    client_cpus[k % len(client_cpus)] if client_cpus else None,
                ),
                barrier,
                results,
            ),
        )
        for k in range(plan.clients)
    ]

    async def phase() -> None:
        await asyncio.to_thread(barrier.wait, 600)

    for worker in workers:
        worker.start()
    try:
        setup_started = time.perf_counter()
        await phase()  # CREATED
        if len(servers) > 1:
            https = [
                httpx.AsyncClient(base_url=s.url, timeout=60, trust_env=False) for s in servers
            ]
            try:
                await every_process_lists(https, plan.tables)
            finally:
                for http in https:
                    await http.aclose()
        await phase()  # LISTED
        await phase()  # OPENED
        setup = time.perf_counter() - setup_started
        pids = [s.pid for s in servers if s.pid is not None]
        await asyncio.sleep(plan.warmup)
        server_cpu = sum(cpu_seconds(pid) for pid in pids)
        pressure = cpu_pressure()
        profiler = None
        if plan.profile is not None:
            profiler = start_profiler(pids[0], plan.seconds, plan.profile)
        started = time.perf_counter()
        await asyncio.sleep(plan.seconds)
        wall = time.perf_counter() - started
        server_cpu = sum(cpu_seconds(pid) for pid in pids) - server_cpu
        pressure_after = cpu_pressure()
        load = os.getloadavg()[0]
        await phase()  # MEASURED
        shares = [await asyncio.to_thread(results.get, True, 600) for _ in workers]
        if profiler is not None:
            await asyncio.to_thread(profiler.wait, 60)
        victims = {
            i: table_id for share in shares for i, table_id in share["tables"].items()
            if i % len(servers) == 0
        }  # fmt: skip
        takeover = await take_over_time(servers, victims) if len(servers) > 1 else None
        await phase()  # TAKEN_OVER: the load processes close their clients
    finally:
        for worker in workers:
            await asyncio.to_thread(worker.join, 120)
            if worker.is_alive():
                worker.kill()
    waited = None
    if pressure is not None and pressure_after is not None:
        waited = (pressure_after - pressure) / 1e6 / wall
    return summed(plan, shares, wall, setup, server_cpu, waited, load, takeover)


def summed(
    plan: Plan,
    shares: list[Json],
    wall: float,
    setup: float,
    server_cpu: float,
    waited: float | None,
    load: float,
    takeover: Json | None,
) -> Json:
    """One result from the load processes' counts."""
    counts = Counts()
    for share in shares:
        part: Counts = share["counts"]
        counts.messages += part.messages
        counts.received_bytes += part.received_bytes
        counts.actions += part.actions
        counts.top_ups += part.top_ups
        counts.latencies += part.latencies
        counts.relayed_latencies += part.relayed_latencies
        counts.loop_lags += part.loop_lags
        counts.errors.update(part.errors)
        counts.disconnects.update(part.disconnects)
    hands = sum(share["hands"] for share in shares)

    def ms(value: float | None) -> float | None:
        return None if value is None else round(value * 1000, 2)

    client_cpus = [share["client_cpu"] for share in shares]
    return {
        "run": plan.name,
        "processes": plan.processes,
        "clients": plan.clients,
        "spread": plan.spread and plan.processes > 1,
        "tables": plan.tables,
        "connections": plan.tables * SEATS,
        "think_seconds": plan.think,
        "warmup_seconds": plan.warmup,
        "seconds": round(wall, 2),
        "setup_seconds": round(setup, 2),
        "hands": hands,
        "hands_per_second": round(hands / wall, 1),
        "actions_per_second": round(counts.actions / wall, 1),
        "messages_per_second": round(counts.messages / wall, 1),
        "received_mb_per_second": round(counts.received_bytes / wall / 1e6, 2),
        "mean_message_bytes": round(counts.received_bytes / max(1, counts.messages)),
        "latencies": len(counts.latencies),
        "latency_p50_ms": ms(percentile(counts.latencies, 0.50)),
        "latency_p99_ms": ms(percentile(counts.latencies, 0.99)),
        "latency_max_ms": ms(max(counts.latencies, default=None)),
        "relayed_latencies": len(counts.relayed_latencies),
        "relayed_p50_ms": ms(percentile(counts.relayed_latencies, 0.50)),
        "relayed_p99_ms": ms(percentile(counts.relayed_latencies, 0.99)),
        "takeover": takeover,
        "server_cpu": round(server_cpu / wall, 3),  # of one core
        # CPU per action moves less than the rates when other work shares the machine
        "server_cpu_ms_per_action": round(server_cpu * 1000 / max(1, counts.actions), 2),
        "client_cpu": round(max(client_cpus), 3),  # of one core: the busiest load process
        "client_loop_lag_p99_ms": ms(percentile(counts.loop_lags, 0.99)),
        "cpu_pressure": None if waited is None else round(waited, 3),
        "load_average": round(load, 2),
        "stalled_tables": sum(share["stalled"] for share in shares),
        "top_ups": counts.top_ups,
        "errors": dict(counts.errors),
        "disconnects": dict(counts.disconnects),
    }


async def every_process_lists(https: list[httpx.AsyncClient], tables: int) -> None:
    """Wait until every process's lobby lists every table (each publishes its own within
    a second or two): a relayed client needs its process to know the table."""
    deadline = time.perf_counter() + 60
    for http in https:
        while len((await http.get("/api/tables")).json()) < tables:
            if time.perf_counter() > deadline:
                raise SystemExit(f"{http.base_url} does not list all {tables} tables")
            await asyncio.sleep(0.2)


async def take_over_time(servers: list[ServerProcess], tables: dict[int, str]) -> Json:
    """Kill the first process with SIGKILL in the middle of play, and time how long until
    the next one serves each table the dead one ran: once the survivor holds a table's
    lease (read from the database, so no storm of sockets loads it meanwhile), a new
    socket to it must get the state."""
    import asyncpg

    victims = list(tables.values())  # the tables the first process runs
    survivor = servers[1]
    mine = f"holdem_{survivor.pid}_"  # its processes' names start with their pid
    db = await asyncpg.connect(survivor.database)
    killed = time.perf_counter()
    await asyncio.to_thread(servers[0].kill)

    async def served(table_id: str) -> float:
        while time.perf_counter() - killed < TAKEOVER_GIVE_UP_SECONDS:
            with contextlib.suppress(ConnectionClosed, OSError, TimeoutError):
                async with connect(f"{survivor.ws_url}/ws/{table_id}", open_timeout=10) as ws:
                    async for text in ws:
                        if json.loads(text)["type"] == "state":
                            return time.perf_counter() - killed
            await asyncio.sleep(TAKEOVER_PROBE_SECONDS)
        return float("inf")

    probes: dict[str, asyncio.Task[float]] = {}
    try:
        while len(probes) < len(victims):
            if time.perf_counter() - killed > TAKEOVER_GIVE_UP_SECONDS:
                break
            rows = await db.fetch(
                "SELECT table_id FROM leases WHERE table_id = ANY($1::text[]) "
                "AND starts_with(owner, $2)",
                list(victims),
                mine,
            )
            for (table_id,) in rows:
                if table_id not in probes:
                    probes[table_id] = asyncio.create_task(served(table_id))
            await asyncio.sleep(TAKEOVER_PROBE_SECONDS)
        times = sorted(await asyncio.gather(*probes.values()))
    finally:
        await db.close()
    times += [float("inf")] * (len(victims) - len(times))
    return {
        "tables": len(victims),
        "median_s": round(times[len(times) // 2], 2) if times else None,
        "max_s": round(times[-1], 2) if times else None,
    }


# -- the report --------------------------------------------------------------------------


def machine_note(backend: str) -> str:
    model = "unknown CPU"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return (
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {model} ({os.cpu_count()} vCPU, "
        f"{platform.machine()}), Python {platform.python_version()}, uvicorn "
        f"{version('uvicorn')}, websockets {version('websockets')}, {backend}"
    )


def show(value: float | None, unit: str = "") -> str:
    return "-" if value is None else f"{value:,.1f}{unit}"


def table_rows(results: list[Json]) -> list[str]:
    rows = [
        "| run | processes | tables (sockets) | think | hands/s | actions/s | messages/s | MB/s "
        "| p50 ms | p99 ms | max ms | relayed p50 / p99 ms | server CPU | server CPU/action "
        "| client CPU |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for r in results:
        relayed = (
            f"{show(r['relayed_p50_ms'])} / {show(r['relayed_p99_ms'])}"
            if r["relayed_latencies"]
            else "-"
        )
        rows.append(
            f"| {r['run']} | {r['processes']} | {r['tables']} ({r['connections']:,}) "
            f"| {r['think_seconds']:g} s "
            f"| {show(r['hands_per_second'])} | {show(r['actions_per_second'])} "
            f"| {show(r['messages_per_second'])} | {r['received_mb_per_second']:.2f} "
            f"| {show(r['latency_p50_ms'])} | {show(r['latency_p99_ms'])} "
            f"| {show(r['latency_max_ms'])} | {relayed} | {r['server_cpu']:.0%} "
            f"| {r['server_cpu_ms_per_action']:.1f} ms | {r['client_cpu']:.0%} |"
        )
    return rows


def verdicts(results: list[Json]) -> list[str]:
    lines = []
    for r in results:
        if r["think_seconds"] > 0 and r["tables"] >= TARGET_TABLES:
            p99 = r["latency_p99_ms"]
            met = p99 is not None and p99 < LATENCY_TARGET_MS
            over = "" if met or p99 is None else f", {p99 / LATENCY_TARGET_MS:.1f}x the target"
            lines.append(
                f"{r['tables']} tables, {r['think_seconds']:g} s think: p99 {show(p99)} ms "
                f"(target < {LATENCY_TARGET_MS:g} ms): {'met' if met else 'NOT met'}{over}"
            )
    return lines


def within_target(r: Json) -> bool:
    worst = max(r["latency_p99_ms"] or 0.0, r["relayed_p99_ms"] or 0.0)
    return r["latency_p99_ms"] is not None and worst < LATENCY_TARGET_MS


def cluster_lines(results: list[Json]) -> list[str]:
    """Per process count, the most actions a second any run kept under the p99 target;
    the ratio of each count to one process; the hop and the take-over."""
    best: dict[int, float] = {}
    for r in results:
        if within_target(r):
            best[r["processes"]] = max(best.get(r["processes"], 0.0), r["actions_per_second"])
    counts = sorted({r["processes"] for r in results})
    if counts == [1]:
        return []
    lines = []
    for n in counts:
        ratio = f" ({best[n] / best[1]:.2f}x one process)" if n in best and best.get(1) else ""
        found = show(best.get(n))
        expected = ""
        if n > 1 and best.get(1):
            wanted = SCALING * n * best[1]
            met = best.get(n, 0.0) >= wanted
            expected = f"; expected >= {SCALING:g} x {n} x one = {wanted:,.0f}: " + (
                "met" if met else "NOT met"
            )
        lines.append(
            f"{n} process(es): {found} actions/s at p99 < {LATENCY_TARGET_MS:g} ms{ratio}{expected}"
        )
    for r in results:
        if r["relayed_latencies"] and r["latency_p50_ms"] is not None:
            hop = r["relayed_p50_ms"] - r["latency_p50_ms"]
            lines.append(
                f"{r['run']}, {r['processes']} processes: a relayed client's act-to-state takes "
                f"{hop:+.1f} ms at p50 over a local one's (two notifications: there and back)"
            )
        if r["takeover"]:
            t = r["takeover"]
            lines.append(
                f"{r['run']}, {r['processes']} processes: after a kill -9, the survivor served all "
                f"{t['tables']} tables of the dead one within {show(t['max_s'])} s "
                f"(median {show(t['median_s'])} s)"
            )
    return lines


def bottlenecks(results: list[Json]) -> list[str]:
    """A warning for each run whose load generator may have been what limited it."""
    lines = []
    for r in results:
        lag = r["client_loop_lag_p99_ms"] or 0.0
        pressure = r["cpu_pressure"] or 0.0
        if r["client_cpu"] < BOTTLENECK_CPU and lag >= BOTTLENECK_LAG_MS and pressure > 0.5:
            lines.append(
                f"warning: {r['run']}, {r['processes']} process(es): the machine was "
                f"oversubscribed (CPU pressure {pressure:.0%}, load average "
                f"{r['load_average']:g}): the load processes waited for a CPU (loop lag p99 "
                f"{lag:.0f} ms at {r['client_cpu']:.0%} of a core), so did the servers; these "
                "figures are the machine's, not the cardroom's"
            )
        elif r["client_cpu"] >= BOTTLENECK_CPU or lag >= BOTTLENECK_LAG_MS:
            lines.append(
                f"warning: {r['run']}, {r['processes']} process(es): the load generator was "
                f"the bottleneck (its busiest process at {r['client_cpu']:.0%} of a core, loop "
                f"lag p99 {lag:.0f} ms): these figures measure it, not the servers; give "
                "more --clients"
            )
    return lines


def health(r: Json) -> str:
    parts = [
        f"{r['run']}: {r['hands']:,} hands in {r['seconds']:g} s after {r['warmup_seconds']:g} s "
        f"of warm-up (setup {r['setup_seconds']:g} s)",
        f"{r['latencies']:,} latencies",
        f"mean state {r['mean_message_bytes']:,} bytes",
        f"client loop lag p99 {show(r['client_loop_lag_p99_ms'])} ms",
        f"load average {r['load_average']:g}",
        "CPU pressure "
        + ("-" if r["cpu_pressure"] is None else f"{r['cpu_pressure']:.0%}")
        + " (time some task waited for a CPU)",
        f"stalled tables {r['stalled_tables']}",
        f"top-ups {r['top_ups']}",
        f"errors {sum(r['errors'].values())}",
        f"disconnects {sum(r['disconnects'].values())}",
        f"server log problems {r['server_log_problem_count']}",
    ]
    extra = [f"  error x{n}: {text}" for text, n in r["errors"].items()]
    extra += [f"  disconnect x{n}: {why}" for why, n in r["disconnects"].items()]
    extra += [f"  server log: {line}" for line in r["server_log_problems"]]
    return "; ".join(parts) + "".join("\n" + line for line in extra)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", help="tables (a comma list: one run each, e.g. 100,200)")
    parser.add_argument("--think", type=float, help="seconds a player waits before acting")
    parser.add_argument("--seconds", type=float, help="length of the measured window")
    parser.add_argument("--warmup", type=float, help="seconds played before measuring")
    parser.add_argument(
        "--database",
        default="sqlite",
        help="sqlite, postgresql or a URL (with --processes over 1: postgresql by default)",
    )
    parser.add_argument("--no-compression", action="store_true", help="no permessage-deflate")
    parser.add_argument("--profile", type=Path, help="py-spy record the server into FILE")
    parser.add_argument("--quick", action="store_true", help="10 tables, 10 s a run")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--processes",
        default="1",
        help="cardroom processes on one PostgreSQL database (a comma list: each run for each, "
        "e.g. 1,2); more than one also times a take-over after a kill",
    )
    parser.add_argument(
        "--spread", action="store_true", help="seats 4-6 connect to another process (relayed)"
    )
    parser.add_argument(
        "--clients",
        type=int,
        help="load generator processes, a core each (default: a quarter of the cores, at "
        "least 1); the servers get the other cores",
    )
    args = parser.parse_args()
    try:
        counts = [int(n) for n in args.processes.split(",")]
        table_counts = [int(n) for n in args.tables.split(",")] if args.tables else [20]
    except ValueError:
        parser.error("--processes and --tables take numbers, or lists of them: 1,2")
    if min(counts) < 1 or min(table_counts) < 1:
        parser.error("--processes and --tables take numbers of at least 1")
    if max(counts) > 1 and args.database == "sqlite":
        args.database = "postgresql"  # several processes share one PostgreSQL: a throwaway

    if args.tables is not None or args.think is not None or args.seconds is not None:
        runs: tuple[tuple[str, int, float, float], ...] = tuple(
            (f"custom-{n}", n, args.think or 0.0, args.seconds or 30.0) for n in table_counts
        )
    else:
        runs = QUICK_RUNS if args.quick else DEFAULT_RUNS
    warmup = args.warmup if args.warmup is not None else 2.0 if args.quick else 5.0

    open_files = raise_open_files()
    if open_files < max(r[1] for r in runs) * SEATS * 2 + 100:
        print(f"warning: only {open_files} open files allowed", file=sys.stderr)
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    clients = args.clients or max(1, len(cpus) // 4)
    if clients < 1:
        parser.error("--clients takes a number of at least 1")
    # The load processes take the last cores, the servers every other one; with too few
    # cores for both, nobody is pinned and the report says so.
    client_cpus = cpus[-clients:] if len(cpus) > clients else []
    server_cpus = set(cpus) - set(client_cpus) if client_cpus else None
    if server_cpus is not None and len(server_cpus) < max(counts):
        print(
            f"warning: {max(counts)} server processes share {len(server_cpus)} core(s): "
            "they cannot scale past the cores they have",
            file=sys.stderr,
        )

    if args.database not in ("sqlite", "postgresql") and not args.database.startswith("postgres"):
        parser.error(
            "--database: sqlite (a fresh file, the default), postgresql (a throwaway cluster) "
            "or a postgresql:// URL"
        )
    with contextlib.ExitStack() as stack:
        database = args.database
        backend = "SQLite"
        if database == "postgresql":
            database = stack.enter_context(throwaway_postgres())
            backend = "PostgreSQL (a throwaway cluster: fsync and synchronous_commit off)"
        elif database.startswith("postgres"):
            backend = "PostgreSQL"
        results = []
        for processes in counts:
            for name, tables, think, seconds in runs:
                profile = None
                if args.profile is not None:
                    stem = f"{args.profile.stem}-{name}-{processes}p"
                    profile = args.profile.with_name(f"{stem}{args.profile.suffix}")
                plan = Plan(
                    name, tables, think, seconds, warmup, database,
                    None if args.no_compression else "deflate", profile, processes, args.spread,
                    clients,
                )  # fmt: skip
                result = asyncio.run(run(plan, server_cpus, client_cpus))
                results.append(result)
                print(health(result), file=sys.stderr, flush=True)  # progress meanwhile

    note = machine_note(backend)
    if args.json:
        print(json.dumps({"machine": note, "runs": results}, indent=2))
        return 0
    deflate = "off" if args.no_compression else "on"
    print(
        f"{note}; every server process pinned to CPU {sorted(server_cpus or [])}, "
        f"{clients} load process(es) to CPU {client_cpus or 'any'}; "
        f"permessage-deflate {deflate}:\n"
    )
    print("\n".join(table_rows(results)))
    lines = verdicts(results) + cluster_lines(results) + bottlenecks(results)
    if lines:
        print("\n" + "\n".join(lines))
    print()
    for result in results:
        print(health(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
