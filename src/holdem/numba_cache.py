"""numba's kernels as a command meets them: whether one was compiled before, so a command
can say when a first run is compiling (seconds to minutes of silence otherwise), and
loading them without a costly look for linear algebra."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import Any


def compiled_before(kernel: Any) -> bool:
    """Whether numba's cache holds a compiled version of ``kernel`` (a ``cache=True``
    dispatcher) for its current source, wherever numba keeps its cache."""
    try:
        return bool(kernel._cache._cache_file._load_index())  # noqa: SLF001 (numba's own)
    except Exception:  # numba's cache layout is its own: when unsure, say nothing
        return True


@contextlib.contextmanager
def without_blas_probe() -> Iterator[None]:
    """Load numba's kernels without its look for a BLAS (for a command's own process).

    The first kernel a process loads makes numba import ``scipy.linalg``, when SciPy is
    installed, to see whether ``np.dot`` can call a BLAS: 0.3 s, a third of what loading a
    replay kernel costs. holdem's kernels use no linear algebra. Inside this block SciPy
    cannot be imported, so numba notes "no BLAS" (its own loops then serve ``np.correlate``
    and the like, and ``np.dot`` still imports SciPy when it is compiled). Once numba has
    looked, or where SciPy is loaded already, the block changes nothing.
    """
    if "scipy" in sys.modules or "numba.np.arraymath" in sys.modules:
        yield
        return
    sys.modules["scipy"] = None  # type: ignore[assignment]  # import raises ImportError
    try:
        yield
    finally:
        if sys.modules.get("scipy", False) is None:
            del sys.modules["scipy"]
