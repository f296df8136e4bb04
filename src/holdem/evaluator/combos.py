"""Every k-card combination as an array, for exhaustive enumeration (boards, hands).

Combinations come in colexicographic order, so the combinations of ``range(m)`` are the
first ``comb(m, k)`` rows of those of ``range(n)`` for any ``m <= n``: one table serves
every smaller pool.
"""

from __future__ import annotations

from math import comb

import numba
import numpy as np


@numba.njit(cache=True, nogil=True)
def _fill_colex(out):  # type: ignore[no-untyped-def]
    k = out.shape[1]
    current = np.arange(k)
    for row in range(out.shape[0]):
        out[row, :] = current
        # Next in colex order: bump the lowest position that can move, reset those below it.
        i = 0
        while i < k - 1 and current[i] + 1 == current[i + 1]:
            current[i] = i
            i += 1
        current[i] += 1


def colex_combinations(n: int, k: int) -> np.ndarray:
    """All ``comb(n, k)`` k-subsets of ``range(n)`` (n <= 256), one per row, ascending within a row.

    >>> colex_combinations(4, 2).tolist()
    [[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
    """
    if not 0 < k <= n <= 256:
        raise ValueError(f"need 0 < k <= n <= 256, got n={n}, k={k}")
    out = np.empty((comb(n, k), k), dtype=np.uint8)
    _fill_colex(out)
    return out
