"""The exact preflop all-in equity table: each class pair over every board, card removal exact."""

from math import comb

import numpy as np
import pytest

from holdem.odds import equity, starting_hand
from holdem.solver.preflop_build import board_shapes
from holdem.solver.preflop_matchups import BOARDS_PER_PAIR, LABELS, matchups


@pytest.fixture(scope="module")
def table():
    return matchups()  # computed once (about two minutes), then read from the user cache


def test_board_shapes_cover_every_board_once():
    boards, weights = board_shapes()
    assert len(boards) == 134_459  # 5-card boards up to a change of suits
    assert weights.sum() == comb(52, 5)
    assert set(np.unique(weights)) <= {4, 6, 12, 24}


def test_entries_agree_with_the_exact_range_odds(table):
    # holdem.odds enumerates every board for every pair of combinations: a second path.
    for first, second in (("AKs", "QJs"), ("T9s", "88"), ("A5o", "KQs")):
        exact = equity([first, second], exact=True).equities[0]
        assert table.equity_of(first, second) == pytest.approx(exact, abs=1e-12)


def test_known_values(table):
    assert table.equity_of("AA", "KK") == pytest.approx(0.8195, abs=5e-5)  # the famous 82/18
    assert table.equity_of("AKo", "QQ") == pytest.approx(0.4324, abs=5e-5)  # the coin flip
    assert table.equity_of("72o", "AA") == pytest.approx(0.1180, abs=5e-5)
    assert table.equity_of("AKo", "AKo") == 0.5


def test_counts_are_consistent(table):
    win, tie = table.win(), table.tie()
    assert np.all(table.ties >= 0)
    meet = table.pairs > 0
    assert np.allclose((win + win.T + tie)[meet], 1.0)
    assert np.array_equal(table.pairs, table.pairs.T)
    assert table.pairs.sum() == 1326 * 1225
    # AKs against AKo: the suited combination keeps 3 aces and 3 kings, 6 offsuit pairs.
    i, j = LABELS.index("AKs"), LABELS.index("AKo")
    assert table.pairs[i, j] == 4 * 6
    assert table.wins[i, j] + table.wins[j, i] + table.ties[i, j] == 24 * BOARDS_PER_PAIR
    assert len(starting_hand("AKs").combos) * 6 == table.pairs[i, j]
