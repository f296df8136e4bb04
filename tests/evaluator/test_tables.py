"""The evaluator's lookup tables: unique rank sums, the perfect hash, the disk cache."""

import itertools

import numpy as np
import pytest

from holdem.evaluator import tables


def test_rank_keys_give_every_multiset_of_up_to_seven_ranks_its_own_sum():
    sums = set()
    total = 0
    for size in range(8):
        for ranks in itertools.combinations_with_replacement(range(13), size):
            if max((ranks.count(r) for r in set(ranks)), default=0) > 4:
                continue
            sums.add(sum(tables.RANK_KEYS[r] for r in ranks))
            total += 1
    assert len(sums) == total
    # Seven aces' worth of the largest key still leaves the high bits to the suit counters.
    assert 7 * max(tables.RANK_KEYS) < 1 << tables.SUIT_SHIFT


def test_perfect_hash_places_every_rank_sum_in_its_own_slot():
    built = tables.build()
    sums = built.rank_sums.astype(np.int64)
    slots = built.row_offsets[sums >> tables.ROW_SHIFT] + (sums & tables.COLUMN_MASK)
    assert len(built.rank_sums) == 6175 + 18395 + 49205  # rank multisets of 5, 6 and 7 cards
    assert slots.min() >= 0
    assert len(np.unique(slots)) == len(slots)
    assert (built.hashed[slots] == built.rank_values).all()


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDEM_CACHE_DIR", str(tmp_path))
    return tmp_path


def _same(a: tables.Tables, b: tables.Tables) -> bool:
    return all(
        np.array_equal(getattr(a, f), getattr(b, f)) for f in tables.Tables.__dataclass_fields__
    )


def test_tables_are_built_once_then_loaded_from_the_cache(cache_dir):
    assert not tables.cache_path().exists()
    first = tables.load()
    assert tables.cache_path().exists()
    assert tables.cache_path().parent == cache_dir
    assert _same(tables.load(), first)


def test_a_corrupt_cache_file_is_rebuilt(cache_dir):
    good = tables.load()
    tables.cache_path().write_bytes(b"not a numpy archive")
    assert _same(tables.load(), good)
    assert _same(tables.load(), good)  # and the rebuilt file is readable again
