"""What every benchmark here does the same way: one core, and a note of the machine."""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def pin_to_one_core() -> int | None:
    """Run on a single CPU so no library gets a second core; return it (None where unsupported)."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far, from /proc (psutil is not a dependency)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def time_once(run: Callable[[], Any]) -> float:
    """Seconds one call of ``run`` takes, with the cyclic GC off: its pauses would land on
    whichever library happens to be running."""
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        run()
        return time.perf_counter() - start
    finally:
        gc.enable()
