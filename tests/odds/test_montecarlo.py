"""Monte Carlo: within its stated interval of the exact answer, its stopping rule, and eval7."""

import random
from math import comb

import eval7
import numpy as np
import pytest

from holdem.cards import ALL_CARDS, parse_cards
from holdem.odds import OddsError, draw, equity
from holdem.odds.kernels import fill_random

# eval7 parses ranges with a pyparsing API that warns of its own deprecation.
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning:eval7")


CASES = [
    (["AsAh", "KsKh"], None),  # known hands: the outcome-table sampler
    (["AsAh", "KsKh", "7c2d"], None),
    (["AhKh", "QsQd"], "Qh7h2c"),  # a flush draw: many boards scored in full
    (["AhKh", "QsQd", "JcTc"], "Qh7h2c3c"),
    (["AhKd", "QQ+,AKs"], None),  # a range: the dealing sampler
    (["QQ+,AKs:0.5", "JJ-99,AQs"], "Js7h2c"),
]


@pytest.mark.parametrize(("players", "board"), CASES)
def test_monte_carlo_falls_within_its_interval_of_the_exact_answer(players, board):
    exact = equity(players, board, exact=True)
    inside, runs = 0, 0
    for seed in range(20):
        sampled = equity(players, board, trials=20_000, rng=random.Random(seed))
        assert not sampled.exact and sampled.trials == 20_000 and sampled.boards is None
        for got, want, half in zip(
            sampled.equities, exact.equities, sampled.intervals, strict=True
        ):
            assert abs(got - want) <= 2 * half  # a 4-sigma miss would be a bug, not chance
            inside += abs(got - want) <= half
            runs += 1
    assert inside >= 0.85 * runs  # a 95% interval holds the truth 95% of the time


def test_the_stopping_rule_reaches_the_precision_asked_for():
    result = equity(["AhKd", "QQ+,AKs"], precision=0.002, rng=random.Random(7))
    assert max(result.intervals) <= 0.002
    # About (1.96 sd / 0.002)^2 trials: no more than a doubling of chunks beyond.
    assert 100_000 < result.trials < 1_000_000
    assert result.equities[0] == pytest.approx(equity(["AhKd", "QQ+,AKs"]).equities[0], abs=0.004)


def test_a_seeded_run_repeats_and_another_seed_differs():
    def run(seed):
        return equity(["AsAh", "KsKh"], trials=100_000, rng=random.Random(seed)).equities

    assert run(1) == run(1)
    assert run(1) != run(2)


def test_agrees_with_eval7_monte_carlo():
    hero = [eval7.Card("As"), eval7.Card("Ah")]
    theirs = eval7.py_hand_vs_range_monte_carlo(hero, eval7.HandRange("QQ+,AKs"), [], 1_000_000)
    ours = equity(["AsAh", "QQ+,AKs"], exact=True).equities[0]
    assert ours == pytest.approx(theirs, abs=0.003)


@pytest.mark.parametrize("seed", range(5))
def test_agrees_with_eval7_exact_on_river_boards(seed):
    rng = random.Random(seed)
    cards = rng.sample([str(c) for c in ALL_CARDS], 7)
    hero, board = cards[:2], cards[2:]
    villain = "QQ+,AKs,T9s,98s,A5o,K9s-K6s"
    theirs = eval7.py_hand_vs_range_exact(
        [eval7.Card(c) for c in hero], eval7.HandRange(villain), [eval7.Card(c) for c in board]
    )
    assert equity(["".join(hero), villain], "".join(board)).equities[0] == pytest.approx(theirs)


@pytest.mark.parametrize("to_come", [1, 2, 5])
def test_boards_are_drawn_uniformly(to_come):
    # Cards 0..8 with keys 1, 2, 4, ...: a board's key is the set of cards drawn.
    m, draws = 9, 100_000
    live = np.arange(m, dtype=np.int64)
    deck = draw.deck(live, np.array([1 << i for i in range(52)], np.int64))
    randoms = np.empty(draws, np.uint64)
    fill_random(randoms, np.uint64(12345))
    drawn = [draw.draw(x, to_come, deck) for x in randoms]
    assert all(key == cards for key, cards, counts in drawn if counts)
    keys = np.array([key for key, _, counts in drawn if counts])
    if to_come == 5:  # two pairs and a card: the draw counts when all five differ
        assert 0.31 < len(keys) / draws < 0.34  # (21 / 36) * (5 / 9) = 0.324
    else:
        assert len(keys) == draws
    subsets, times = np.unique(keys, return_counts=True)
    assert all(bin(k).count("1") == to_come for k in subsets.tolist())
    assert len(subsets) == comb(m, to_come)
    expected = len(keys) / comb(m, to_come)
    chi2 = float(((times - expected) ** 2 / expected).sum())
    assert chi2 < comb(m, to_come) + 6 * comb(m, to_come) ** 0.5 + 10  # p far below 1e-6


def test_known_hands_with_ten_players():
    hands = ["AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h", "8s8h", "7s7h", "6s6h", "5s5h"]
    exact = equity(hands)
    sampled = equity(hands, trials=200_000, rng=random.Random(3))
    for got, want, half in zip(sampled.equities, exact.equities, sampled.intervals, strict=True):
        assert abs(got - want) <= 2 * half


def test_card_removal_in_sampled_deals():
    # AA against AA: of the 36 pairs of combinations only the 6 that share no ace are deals.
    result = equity(["AA", "AA"], trials=50_000, rng=random.Random(4))
    exact = equity(["AA", "AA"], exact=True)
    assert exact.boards == 6 * comb(48, 5)
    assert result.equities[0] == pytest.approx(0.5, abs=0.01)
    assert result.ties[0] == pytest.approx(exact.ties[0], abs=2 * result.intervals[0])
    # With an ace on the board, no two players can both hold aces.
    with pytest.raises(OddsError, match="no deal"):
        equity(["AA", "AA"], board=parse_cards("Ad7h2c"), exact=True)
    with pytest.raises(OddsError, match="almost no deal"):
        equity(["AA", "AA"], board=parse_cards("Ad7h2c"), trials=1000)


def test_a_range_left_with_one_combination_is_a_known_hand():
    # With AsAh known and an ace on the board, "AA" is only AdAc: its cards leave the deck.
    exact = equity(["AsAh", "AA", "KK"], "2c3d4h")
    sampled = equity(["AsAh", "AA", "KK"], "2c3d4h", trials=100_000, rng=random.Random(5))
    for got, want, half in zip(sampled.equities, exact.equities, sampled.intervals, strict=True):
        assert abs(got - want) <= 2 * half
    assert sampled.ties[0] == pytest.approx(exact.ties[0], abs=0.01)
