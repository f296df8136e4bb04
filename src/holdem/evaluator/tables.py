"""Lookup tables of the evaluator: built once, then loaded from the user cache directory.

How a hand of 5 to 7 cards becomes a strength with a handful of additions and two loads:

- Every card has a 64-bit *key*: a rank key in the low 32 bits and a suit counter in
  bits 32..47 (four bits per suit). The key of a hand is ``HAND_START`` plus the sum of
  its cards' keys.
- The rank keys are chosen so that any multiset of up to seven ranks (at most four of
  each) has its own sum: the low 32 bits of a hand's key name its ranks exactly.
- Each suit counter starts at 3, so a suit holding five or more cards sets bit 3 of its
  counter: ``key & FLUSH_FLAGS`` detects a flush without a branch per card.
- A flush is valued by ``flush_table[mask]`` over the 13-bit mask of that suit's ranks.
  Anything else by the rank sum: a dict for Python, and for the numba kernel a perfect
  hash (row displacement) of the sums into a small table that fits in cache.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

# Found by a greedy search (each key the smallest that keeps every sum of up to seven
# ranks, at most four of a kind, distinct); tests/evaluator/test_tables.py re-checks it.
RANK_KEYS = (1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520)
SUIT_SHIFT = 32
RANK_MASK = (1 << SUIT_SHIFT) - 1
HAND_START = 0x3333 << SUIT_SHIFT
FLUSH_FLAGS = 0x8888 << SUIT_SHIFT

CARD_KEYS: tuple[int, ...] = tuple(
    RANK_KEYS[code >> 2] + (1 << (SUIT_SHIFT + 4 * (code & 3))) for code in range(52)
)

# Rows of the perfect hash: a rank sum's high bits pick a row, its low bits a column.
ROW_SHIFT = 9
COLUMN_MASK = (1 << ROW_SHIFT) - 1

TABLES_VERSION = 1


@dataclass(frozen=True)
class Tables:
    flush: np.ndarray  # uint16[8192]: strength of the best flush in a rank mask (0: not a flush)
    rank_sums: np.ndarray  # uint32: every rank sum of 5, 6 or 7 cards, ascending
    rank_values: np.ndarray  # uint16: strength of the best non-flush hand of each rank sum
    row_offsets: np.ndarray  # int32: where each row of the perfect hash starts in ``hashed``
    hashed: np.ndarray  # uint16: strengths placed by the perfect hash


def _rank_multisets(sizes: range) -> list[list[int]]:
    """Every list of 13 rank counts (each 0..4) whose total is in ``sizes``."""
    found: list[list[int]] = []
    counts = [0] * 13

    def fill(rank: int, left: int) -> None:
        if rank == 13:
            if sum(counts) in sizes:
                found.append(counts.copy())
            return
        for n in range(min(4, left) + 1):
            counts[rank] = n
            fill(rank + 1, left - n)
        counts[rank] = 0

    fill(0, sizes.stop - 1)
    return found


def _strength(counts: list[int], flush_mask: int | None = None) -> int:
    # Only building needs the hand classes: loading the cached tables skips their import.
    from holdem.evaluator.classes import STRENGTH, best_class

    return STRENGTH[best_class(counts, flush_mask=flush_mask)]


def _flush_strengths() -> list[int]:
    values = [0] * 8192
    for mask in range(8192):
        if mask.bit_count() >= 5:
            values[mask] = _strength([], flush_mask=mask)
    return values


def _row_displacement(keys: list[int], values: list[int]) -> tuple[list[int], list[int]]:
    """Place every key at ``offsets[key >> ROW_SHIFT] + (key & COLUMN_MASK)`` without collisions.

    Rows are placed fullest first, each at the lowest offset where all its columns are
    free (Tarjan and Yao's first-fit decreasing), which packs the table densely. Offsets
    are searched a window at a time with numpy: the AND of the free flags shifted by
    each column is true where the whole row fits.
    """
    import numpy as np

    rows: dict[int, list[int]] = {}
    for index, key in enumerate(keys):
        rows.setdefault(key >> ROW_SHIFT, []).append(index)
    offsets = [0] * ((max(keys) >> ROW_SHIFT) + 1)
    window = 16 * (COLUMN_MASK + 1)
    # Room for a table four times sparser than the keys, which first-fit never needs.
    free = np.ones(4 * len(keys) + window + 2 * (COLUMN_MASK + 1), dtype=bool)
    placed = np.zeros(len(free), dtype=np.int64)
    first_free = 0
    by_size = sorted(rows.items(), key=lambda item: -len(item[1]))
    singles = [(row, members[0]) for row, members in by_size if len(members) == 1]
    for row, members in by_size[: len(by_size) - len(singles)]:
        cols = np.array([keys[i] & COLUMN_MASK for i in members])
        start = first_free - int(cols.min())  # an offset may be negative: only slots must be >= 0
        while True:
            base = start + cols  # slot of each column at offset ``start``
            fits = np.logical_and.reduce([free[b : b + window] for b in base])
            if fits.any():
                offset = start + int(fits.argmax())
                break
            start += window
        offsets[row] = offset
        free[offset + cols] = False
        placed[offset + cols] = [values[i] for i in members]
        first_free = int(free.argmax())
    # A row of one key fits in any hole: fill the holes in order.
    holes = np.flatnonzero(free)[: len(singles)]
    for (row, member), hole in zip(singles, holes.tolist(), strict=True):
        offsets[row] = hole - (keys[member] & COLUMN_MASK)
        free[hole] = False
        placed[hole] = values[member]
    used = int(np.flatnonzero(~free).max()) + 1
    return offsets, placed[:used].tolist()


def build() -> Tables:
    import numpy as np

    multisets = _rank_multisets(range(5, 8))
    sums = [sum(n * key for n, key in zip(counts, RANK_KEYS, strict=True)) for counts in multisets]
    if len(set(sums)) != len(sums):
        raise AssertionError("RANK_KEYS give two rank multisets the same sum")
    order = sorted(range(len(sums)), key=sums.__getitem__)
    rank_sums = [sums[i] for i in order]
    rank_values = [_strength(multisets[i]) for i in order]
    offsets, hashed = _row_displacement(rank_sums, rank_values)
    return Tables(
        flush=np.array(_flush_strengths(), dtype=np.uint16),
        rank_sums=np.array(rank_sums, dtype=np.uint32),
        rank_values=np.array(rank_values, dtype=np.uint16),
        row_offsets=np.array(offsets, dtype=np.int32),
        hashed=np.array(hashed, dtype=np.uint16),
    )


def cache_path() -> Path:
    """Where the tables are kept: $HOLDEM_CACHE_DIR, or the user cache directory."""
    root = os.environ.get("HOLDEM_CACHE_DIR")
    if root is None:
        from platformdirs import user_cache_dir

        root = user_cache_dir("holdem")
    return Path(root) / f"evaluator-tables-v{TABLES_VERSION}.npz"


def load() -> Tables:
    """The tables from the cache, building and saving them first if they are not there.

    A cache file that cannot be read is rebuilt; a cache directory that cannot be
    written only costs the build on the next start.
    """
    import numpy as np

    path = cache_path()
    try:
        with np.load(path) as stored:
            return Tables(**{name: stored[name] for name in Tables.__dataclass_fields__})
    except (OSError, KeyError, ValueError):
        pass
    tables = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(partial, **tables.__dict__)
        partial.replace(path)
    except OSError:
        pass
    return tables


@cache
def kernel_arrays() -> tuple[np.ndarray, ...]:
    """(card keys, flush table, row offsets, hashed strengths): the tables as every compiled
    kernel takes them, loaded once a process."""
    import numpy as np

    loaded = load()
    card_keys = np.array(CARD_KEYS, dtype=np.int64)
    return card_keys, loaded.flush, loaded.row_offsets, loaded.hashed
