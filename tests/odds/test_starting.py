"""The 169 starting hands: counts and frequencies (R47), groups (R48), equity against random."""

from fractions import Fraction

import pytest

from holdem.odds import STARTING_HANDS, Group, class_of, frequencies, group_of, starting_hand
from holdem.odds.ranges import all_combos
from holdem.odds.vs_random import cache_path, equity_vs_random


def test_r47_1326_combinations_in_169_classes():
    assert len(STARTING_HANDS) == 169 == len({h.label for h in STARTING_HANDS})
    kinds = [h.kind for h in STARTING_HANDS]
    assert (kinds.count("pair"), kinds.count("suited"), kinds.count("offsuit")) == (13, 78, 78)
    assert sum(len(h.combos) for h in STARTING_HANDS) == 1326
    by_class = {}
    for a, b in all_combos():
        by_class.setdefault(class_of(a, b), []).append((a, b))
    assert {h: len(c) for h, c in by_class.items()} == {h: len(h.combos) for h in STARTING_HANDS}
    assert {len(h.combos) for h in STARTING_HANDS if h.kind == "pair"} == {6}
    assert {len(h.combos) for h in STARTING_HANDS if h.kind == "suited"} == {4}
    assert {len(h.combos) for h in STARTING_HANDS if h.kind == "offsuit"} == {12}


def test_r47_frequencies_are_exact():
    f = frequencies()
    assert (f.combinations, f.classes) == (1326, 169)
    assert f.pair == Fraction(1, 17)  # a pocket pair once in 17 hands
    assert f.aces == Fraction(1, 221)  # aces once in 221
    assert f.suited == Fraction(4, 17)  # suited about once in four (1 in 4.25)
    assert round(1 / f.suited) == 4
    assert f.pair + f.suited + f.offsuit == 1


def test_the_chart_places_each_class_once():
    cells = {h.grid for h in STARTING_HANDS}
    assert len(cells) == 169
    assert starting_hand("AA").grid == (0, 0)
    assert starting_hand("AKs").grid == (0, 1)
    assert starting_hand("AKo").grid == (1, 0)
    assert starting_hand("22").grid == (12, 12)


def test_r48_groups():
    def members(group):
        return {h.label for h in STARTING_HANDS if group_of(h) is group}

    assert members(Group.PREMIUM) == {"AA", "KK", "QQ", "AKs", "AKo"}
    assert members(Group.STRONG) == {"JJ", "TT", "AQs", "AQo", "AJs", "KQs"}
    speculative = members(Group.SPECULATIVE)
    assert {"22", "33", "44", "55", "66", "77", "88", "99", "87s", "98s"} <= speculative
    assert all(label.endswith("s") or label[0] == label[1] for label in speculative)
    assert {"93o", "J4o", "Q2o"} <= members(Group.WEAK)
    assert group_of("AJo") is Group.OTHER


def test_r48_groups_are_ordered_by_equity_against_a_random_hand(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDEM_CACHE_DIR", str(tmp_path))
    table = equity_vs_random(precision=0.01)
    by_group = {
        g: [table[h.label].equity for h in STARTING_HANDS if group_of(h) is g] for g in Group
    }

    # Equity against one random hand is only a rough guide (big pairs beat AK there),
    # but the groups still come in order on average and never overlap with the weak hands.
    def mean(group):
        return sum(by_group[group]) / len(by_group[group])

    assert mean(Group.PREMIUM) > mean(Group.STRONG) > mean(Group.SPECULATIVE) > mean(Group.WEAK)
    assert min(by_group[Group.STRONG]) > max(by_group[Group.WEAK])


def test_equity_against_a_random_hand_is_computed_once_and_cached(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDEM_CACHE_DIR", str(tmp_path))
    seen = []
    table = equity_vs_random(precision=0.02, progress=lambda done, total: seen.append(done))
    assert seen[-1] == 169
    assert list(table) == [h.label for h in STARTING_HANDS]
    assert cache_path(0.02).parent == tmp_path and cache_path(0.02).exists()
    # The known figures, within the table's own interval (and a little more for safety).
    for label, known in {"AA": 0.852, "KK": 0.824, "AKs": 0.670, "72o": 0.346}.items():
        assert table[label].equity == pytest.approx(known, abs=2 * table[label].interval + 0.002)
    seen.clear()
    assert equity_vs_random(precision=0.02, progress=lambda done, total: seen.append(done)) == table
    assert seen == []  # read back, not computed


def test_an_unreadable_cache_is_computed_again(tmp_path, monkeypatch):
    monkeypatch.setenv("HOLDEM_CACHE_DIR", str(tmp_path))
    cache_path(0.05).write_text("{not json")
    table = equity_vs_random(precision=0.05)
    assert len(table) == 169
