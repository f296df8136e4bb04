"""Where a simulation's chunks run: this process, local worker processes, or a Ray cluster.

Every chunk is played by ``chunks.chunk_totals`` wherever it runs and comes back as exact
integer totals, so the merged result does not depend on how many processes took part or
in which order they finished. Ray is imported only when a cluster is asked for: the core
needs none of it.
"""

from __future__ import annotations

import logging
import os
import re
import socket
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from holdem.errors import ConfigError, HoldemError
from holdem.sim.chunks import Plan, Totals, chunk_totals

MAX_WORKERS = max(8, os.cpu_count() or 1)
PROBE_SECONDS = 5
RAY_ADDRESS = re.compile(r"(auto|local|(ray://)?[A-Za-z0-9.\-]+:\d{1,5})")

Chunk = tuple[int, int]  # (first hand, hands)
Task = TypeVar("Task")
IN_FLIGHT = 2  # tasks queued per process: one running, one ready to start
Progress = Callable[[int], None]


def chunks_of(hands: int, size: int) -> Iterator[Chunk]:
    """The chunks of a run, made as they are needed (a long run has millions)."""
    return ((first, min(size, hands - first)) for first in range(0, hands, size))


def check_workers(workers: int) -> None:
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise ConfigError(
            f"--workers is a whole number of processes from 1 to {MAX_WORKERS}, not {workers!r}"
        )


def check_ray_address(address: str) -> None:
    if not isinstance(address, str) or not RAY_ADDRESS.fullmatch(address):
        raise ConfigError(
            f"--ray {address!r} is not a Ray address: give auto (the cluster this machine "
            "belongs to), local (a new one on this machine) or HOST:PORT of the head node"
        )


def in_process(
    plan: Plan, path: str, chunks: Iterable[Chunk], history: Path | None, progress: Progress
) -> Totals:
    played = ((count, chunk_totals(plan, path, first, count, history)) for first, count in chunks)
    return _merge(played, progress)


def on_workers(
    plan: Plan,
    path: str,
    chunks: Iterable[Chunk],
    history: Path | None,
    progress: Progress,
    workers: int,
) -> Totals:
    """Local processes. On Linux they are forked, so they start with this process's
    modules and compiled kernel already loaded; elsewhere they are spawned and load
    them (from numba's cache, filled by this process first)."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    context = multiprocessing.get_context("fork" if sys.platform == "linux" else "spawn")

    def finish(tasks: list[Future[Totals]]) -> tuple[Future[Totals], Totals]:
        done = next(iter(wait(tasks, return_when=FIRST_COMPLETED).done))
        return done, done.result()

    try:
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:

            def submit(first: int, count: int) -> Future[Totals]:
                return pool.submit(chunk_totals, plan, path, first, count, history)

            return _merge(_bounded(chunks, submit, finish, IN_FLIGHT * workers), progress)
    except BrokenProcessPool:
        raise HoldemError(
            "a worker process stopped before its hands were played (out of memory?): "
            "try fewer --workers"
        ) from None


def on_ray(
    plan: Plan, path: str, chunks: Iterable[Chunk], progress: Progress, address: str
) -> Totals:
    """A Ray cluster: each chunk a task, wherever the cluster puts it."""
    if address not in ("auto", "local"):
        _refuse_unreachable(address, address.removeprefix("ray://"))  # before Ray's import
    try:
        import ray
    except ImportError:
        raise ConfigError(
            "--ray needs Ray, which is not installed here: pip install 'holdem[cluster]'"
        ) from None

    started_here = not ray.is_initialized()
    if started_here:
        if address == "auto":
            _refuse_unreachable(address, None)
        try:
            with _stderr_silenced():  # Ray's own C++ log lines while it connects or fails
                ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError, OSError) as error:
            reason = _first_line(error)
            raise ConfigError(f"cannot reach the Ray cluster at {address!r}: {reason}") from None
    try:
        task = ray.remote(chunk_totals)

        def submit(first: int, count: int) -> Any:
            return task.remote(plan, path, first, count)

        def finish(tasks: list[Any]) -> tuple[Any, Totals]:
            done = ray.wait(tasks, num_returns=1)[0][0]
            return done, ray.get(done)

        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call]
        return _merge(_bounded(chunks, submit, finish, IN_FLIGHT * cpus), progress)
    finally:
        if started_here:
            ray.shutdown()


def _refuse_unreachable(address: str, head: str | None) -> None:
    """Fail in seconds when nothing answers at the head node (HOST:PORT; None: the one
    ``auto`` finds from ``RAY_ADDRESS`` or the cluster started last on this machine):
    Ray itself would retry for minutes."""
    if head is None:
        from ray._private.services import canonicalize_bootstrap_address_or_die

        try:
            head = str(canonicalize_bootstrap_address_or_die("auto"))
        except ConnectionError:
            raise ConfigError(
                "--ray auto found no Ray cluster on this machine: start one (ray start "
                "--head), or give the head node's HOST:PORT (or set RAY_ADDRESS)"
            ) from None
    try:
        host, _, port = head.rpartition(":")
        socket.create_connection((host, int(port)), timeout=PROBE_SECONDS).close()
    except (ConnectionError, OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise ConfigError(
            f"cannot reach the Ray cluster at {address!r}: {_first_line(Exception(reason))}"
        ) from None


@contextmanager
def _stderr_silenced() -> Iterator[None]:
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as sink:
            os.dup2(sink.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _bounded(
    chunks: Iterable[Chunk],
    submit: Callable[[int, int], Task],
    finish: Callable[[list[Task]], tuple[Task, Totals]],
    limit: int,
) -> Iterator[tuple[int, Totals]]:
    """(hands, totals) of each chunk as its task finishes, with at most ``limit`` tasks
    submitted and not yet finished: the queue stays short however long the run."""
    pending: dict[Task, int] = {}
    for first, count in chunks:
        pending[submit(first, count)] = count
        if len(pending) >= limit:
            task, totals = finish(list(pending))
            yield pending.pop(task), totals
    while pending:
        task, totals = finish(list(pending))
        yield pending.pop(task), totals


def _merge(results: Iterator[tuple[int, Totals]], progress: Progress) -> Totals:
    total: Totals | None = None
    done = 0
    for count, totals in results:
        total = totals if total is None else total + totals
        done += count
        progress(done)
    assert total is not None
    return total


def _first_line(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0].rstrip(".")
