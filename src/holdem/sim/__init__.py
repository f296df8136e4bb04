"""Bot-against-bot simulation: many hands through the engine, each seat's result measured.

Every hand starts from the same stacks (a cash game where everyone tops up) and the
button moves one seat each hand (hand ``i`` has it at seat ``i % seats``), so each bot
plays every position equally often.

Two paths play the same hands (``chunks``): the compiled kernel when every bot has a
compiled policy (random, caller, tag), ``Hand`` and the bot objects otherwise or when
``history`` is asked for. Each hand's cards and random numbers come from streams keyed
by the seed and the hand's number (``streams``), so both paths, and any split of the
hands over processes (``workers``) or a Ray cluster (``ray``), give the same results.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from holdem.engine import Structure
from holdem.errors import ConfigError
from holdem.sim import spread
from holdem.sim.chunks import (
    BATCHED,
    HISTORY_FILE_HANDS,
    OBJECT,
    Plan,
    Totals,
    batched_path_for,
    make_bots,
)

BATCHED_CHUNK = 20_000  # hands per task on the compiled path
OBJECT_CHUNK = HISTORY_FILE_HANDS  # on the object path: one history file per task
MIN_CHUNK = 100  # hands: below this a task costs more to send than to play


MAX_HANDS = 10_000_000_000  # days of play even on the fast path: a bound on one run


@dataclass(frozen=True)
class SeatResult:
    seat: int
    bot: str
    net: int
    bb_per_100: float
    ci95: tuple[float, float]


@dataclass(frozen=True)
class SimResult:
    hands: int
    seconds: float
    results: tuple[SeatResult, ...]
    path: str = OBJECT
    """``batched`` (the compiled kernel) or ``object`` (``Hand`` and the bot objects)."""
    workers: int = 1
    """Processes that played the hands (1: this one; 0: a Ray cluster)."""

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else float("inf")

    def as_json(self) -> dict[str, object]:
        return {
            "hands": self.hands,
            "seconds": self.seconds,
            "hands_per_second": self.hands_per_second,
            "path": self.path,
            "workers": self.workers,
            "results": [
                {
                    "seat": r.seat + 1,  # seats count from 1, as on screen
                    "bot": r.bot,
                    "net": r.net,
                    "bb_per_100": r.bb_per_100,
                    "ci95": list(r.ci95),
                }
                for r in self.results
            ],
        }


def simulate(
    bot_names: Sequence[str],
    hands: int,
    *,
    structure: Structure | str = Structure.NO_LIMIT,
    stack: int = 200,
    small_blind: int = 1,
    big_blind: int = 2,
    seed: int = 0,
    history: Path | None = None,
    progress: Callable[[int], None] | None = None,
    workers: int = 1,
    ray: str | None = None,
    path: str | None = None,
    notice: Callable[[str], None] | None = None,
) -> SimResult:
    """Play ``hands`` hands of the bots named, one per seat, and measure each seat.

    ``workers``: local processes to spread the hands over (1: this process); ``ray``: a
    Ray cluster's address (``auto``, ``local`` or HOST:PORT) to spread them over instead.
    ``path``: ``batched`` or ``object`` to choose the path (default: batched whenever
    every bot has a compiled policy and no history is written). ``notice``: told about
    slow first steps ("compiling the simulator ...").
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or not 1 <= hands <= MAX_HANDS:
        raise ConfigError(f"simulate 1 to {MAX_HANDS:,} hands, not {hands!r}")
    spread.check_workers(workers)
    if ray is not None:
        spread.check_ray_address(ray)
        if workers != 1:
            raise ConfigError("--workers and --ray are alternatives: give one of them")
        if history is not None:
            raise ConfigError(
                "--history writes files on this machine: it cannot be combined with --ray"
            )
    make_bots(bot_names, seed)  # every name is a bot
    plan = Plan(tuple(bot_names), Structure(structure).value, stack, small_blind, big_blind, seed)
    plan.config()  # a bad configuration is refused here, not in a worker
    chosen = _choose_path(plan, path, history)
    chunk = BATCHED_CHUNK if chosen == BATCHED else OBJECT_CHUNK
    if workers > 1 and history is None:  # smaller chunks when there are few: none idles
        chunk = min(chunk, max(MIN_CHUNK, -(-hands // (spread.IN_FLIGHT * workers))))
    chunks = spread.chunks_of(hands, chunk)
    done = progress or (lambda _: None)
    start = time.perf_counter()
    if chosen == BATCHED:
        _compile(plan, notice)
    if ray is not None:
        totals = spread.on_ray(plan, chosen, chunks, done, ray)
    elif workers > 1:
        totals = spread.on_workers(plan, chosen, chunks, history, done, workers)
    else:
        totals = spread.in_process(plan, chosen, chunks, history, done)
    seconds = time.perf_counter() - start
    results = tuple(
        _seat_result(seat, plan.bots[seat], totals, big_blind) for seat in range(plan.seats)
    )
    return SimResult(hands, seconds, results, chosen, 0 if ray is not None else workers)


def _choose_path(plan: Plan, path: str | None, history: Path | None) -> str:
    available = batched_path_for(plan.bots)
    if path is None:
        return BATCHED if available and history is None else OBJECT
    if path == OBJECT:
        return OBJECT
    if path != BATCHED:
        raise ConfigError(f"the path is {BATCHED!r} or {OBJECT!r}, not {path!r}")
    if not available:
        raise ConfigError("the batched path plays only the bots random, caller and tag")
    if history is not None:
        raise ConfigError("histories are written on the object path only")
    return BATCHED


def _compile(plan: Plan, notice: Callable[[str], None] | None) -> None:
    """Compile the kernel (or load it from numba's cache) here, before any worker needs
    it: forked workers start with it loaded, spawned ones and a cluster on this machine
    load it from the cache instead of each compiling it."""
    from holdem.kernels.hands import bots_kernel_cached
    from holdem.sim.chunks import batched_nets

    if notice is not None and not bots_kernel_cached():
        notice("compiling the simulator (first run only, a minute or two)…")
    batched_nets(plan, 0, 0)


def _seat_result(seat: int, bot: str, totals: Totals, big_blind: int) -> SeatResult:
    n, total, squares = totals.hands, totals.nets[seat], totals.squares[seat]
    mean = total / n / big_blind
    if n > 1:
        variance = (n * squares - total * total) / (n * (n - 1)) / big_blind**2
        half = 1.96 * math.sqrt(max(variance, 0.0) / n)
    else:
        half = float("inf")
    return SeatResult(seat, bot, total, 100 * mean, (100 * (mean - half), 100 * (mean + half)))


__all__ = ["HISTORY_FILE_HANDS", "SeatResult", "SimResult", "make_bots", "simulate"]
