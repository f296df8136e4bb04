"""What every benchmark here does the same way: one core, and a note of the machine."""

from __future__ import annotations

import os


def pin_to_one_core() -> int | None:
    """Run on a single CPU so no library gets a second core; return it (None where unsupported)."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = max(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu
