"""Whether numba has compiled a kernel before, so a command can say when a first run is
compiling (seconds to minutes of silence otherwise)."""

from __future__ import annotations

from typing import Any


def compiled_before(kernel: Any) -> bool:
    """Whether numba's cache holds a compiled version of ``kernel`` (a ``cache=True``
    dispatcher) for its current source, wherever numba keeps its cache."""
    try:
        return bool(kernel._cache._cache_file._load_index())
    except Exception:  # numba's cache layout is its own: when unsure, say nothing
        return True
