"""Seat draw, balancing and breaking tables (R44)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.errors import ConfigError
from holdem.tournament.seating import (
    after_big_blind,
    balance,
    break_tables,
    draw_seats,
    is_balanced,
    next_to_post,
    players_of,
    rearrange,
    seat_for_newcomer,
)


def ids(n):
    return [f"p{i}" for i in range(1, n + 1)]


@pytest.mark.parametrize(
    ("players", "size", "expected"),
    [
        (9, 9, [9]),
        (10, 9, [5, 5]),
        (19, 9, [7, 6, 6]),
        (27, 9, [9, 9, 9]),
        (28, 9, [7, 7, 7, 7]),
        (21, 10, [7, 7, 7]),
        (2, 9, [2]),
    ],
)
def test_the_draw_uses_as_few_tables_as_needed_with_sizes_within_one(players, size, expected):
    layout = draw_seats(ids(players), size, random.Random(1))
    assert [len(t) for t in layout.values()] == expected
    assert sorted(players_of(layout)) == sorted(ids(players))
    assert all(0 <= seat < size for t in layout.values() for seat in t)


def test_the_draw_is_random_but_seeded():
    a = draw_seats(ids(27), 9, random.Random(5))
    assert a == draw_seats(ids(27), 9, random.Random(5))
    assert a != draw_seats(ids(27), 9, random.Random(6))


@pytest.mark.parametrize("bad", [([], 9), (["a", "a"], 9), (["a", "b"], 11)])
def test_a_bad_draw_is_refused(bad):
    with pytest.raises(ConfigError):
        draw_seats(bad[0], bad[1], random.Random(0))


def test_clockwise_distance_from_the_big_blind():
    assert after_big_blind(4, 3, 9) == 1
    assert after_big_blind(2, 3, 9) == 8
    assert after_big_blind(3, 3, 9) == 9  # the big blind's own seat comes last
    assert after_big_blind(0, None, 9) == 1  # no hand yet: seat 0 first


def test_the_player_next_to_post_the_big_blind_moves():
    table = {0: "a", 2: "b", 5: "c", 7: "d"}
    assert next_to_post(table, 2, 9) == 5
    assert next_to_post(table, 7, 9) == 0


def test_the_newcomer_sits_where_the_big_blind_reaches_first():
    # big blind at seat 2, next player at seat 5: seats 3 and 4 come before, 3 is closer
    table = {0: "a", 2: "b", 5: "c", 7: "d"}
    assert seat_for_newcomer(table, 2, 9) == 3
    # no free seat before the next player: the next gap
    full_after = {0: "a", 2: "b", 3: "c", 4: "d", 5: "e", 7: "f"}
    assert seat_for_newcomer(full_after, 2, 9) == 6


def test_balancing_moves_from_the_largest_to_the_smallest_table():
    layout = {
        1: {s: f"a{s}" for s in range(9)},
        2: {s: f"b{s}" for s in range(7)},
    }
    new, moves = balance(layout, {1: 4, 2: 0}, 9)
    assert len(moves) == 1
    move = moves[0]
    assert (move.player, move.from_table, move.from_seat) == ("a5", 1, 5)  # next big blind
    assert (move.to_table, move.to_seat, move.reason) == (2, 7, "balance")  # first empty
    assert [len(t) for t in new.values()] == [8, 8]
    assert layout[1][5] == "a5"  # the input is untouched


def test_no_move_when_tables_differ_by_one():
    layout = {1: {0: "a", 1: "b", 2: "c"}, 2: {0: "d", 1: "e"}}
    assert balance(layout, {}, 9) == (layout, [])


def test_balancing_repeats_until_within_one():
    layout = {
        1: {s: f"a{s}" for s in range(9)},
        2: {s: f"b{s}" for s in range(9)},
        3: {0: "c0", 1: "c1", 2: "c2", 3: "c3", 4: "c4"},
    }
    new, moves = balance(layout, {}, 9)
    assert len(moves) == 2
    assert sorted(len(t) for t in new.values()) == [7, 8, 8]


def test_the_highest_numbered_table_breaks_when_players_fit_in_fewer():
    layout = {
        1: {s: f"a{s}" for s in range(6)},
        2: {s: f"b{s}" for s in range(6)},
        3: {s: f"c{s}" for s in range(6)},
    }
    new, moves = break_tables(layout, {}, 9)
    assert sorted(new) == [1, 2]
    assert all(m.from_table == 3 and m.reason == "break" for m in moves)
    assert [len(t) for t in new.values()] == [9, 9]


def test_no_break_while_the_players_need_every_table():
    layout = {1: {s: f"a{s}" for s in range(5)}, 2: {s: f"b{s}" for s in range(5)}}
    assert break_tables(layout, {}, 9) == (layout, [])


def test_down_to_the_final_table():
    layout = {1: {0: "a", 1: "b", 2: "c", 3: "d"}, 2: {0: "e", 1: "f", 2: "g"}, 3: {0: "h"}}
    new, moves = rearrange(layout, {1: 3, 2: 1}, 9)
    assert list(new) == [1]
    assert sorted(new[1].values()) == list("abcdefgh")
    assert len(moves) == 4


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=2, max_value=60),
    st.sampled_from([6, 9, 10]),
    st.randoms(use_true_random=False),
)
def test_eliminations_then_rearranging_keep_tables_few_balanced_and_distinct(n, size, rng):
    layout = draw_seats(ids(n), size, rng)
    while len(players_of(layout)) > 1:
        table = rng.choice([t for t in layout if layout[t]])
        seat = rng.choice(list(layout[table]))
        del layout[table][seat]  # a bust
        big_blinds = {t: rng.choice([None, *range(size)]) for t in layout}
        layout, _ = rearrange(layout, big_blinds, size)
        players = players_of(layout)
        assert len(players) == len(set(players))
        assert is_balanced(layout)
        assert len(layout) == max(1, -(-len(players) // size))
