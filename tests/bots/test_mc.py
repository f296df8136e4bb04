"""The Monte Carlo bot: its sampler, its reading of opponents, and its choices."""

from __future__ import annotations

import numpy as np
import pytest

from holdem.bots import view_for
from holdem.bots.opponents import continuing, narrowed, preflop_label
from holdem.bots.preflop_equity import preflop_equity
from holdem.bots.reading import Acted
from holdem.bots.sampling import equity, weighted
from holdem.engine import Action, ActionKind, Hand, HandConfig
from holdem.odds import equity as exact_equity
from tests.bots.helpers import cards, make, stacked_deck


@pytest.mark.parametrize(
    ("hole", "board", "ranges"),
    [
        ("AsAh", "", ["KsKh"]),
        ("7h7d", "Ks8c2d", ["22+,A2s+,K8s+,ATo+"]),
        ("AhKh", "QhJh2c", ["QQ+,AK", "random"]),
    ],
)
def test_the_sampler_agrees_with_the_odds_package(hole, board, ranges):
    h, b = cards(hole), cards(board)
    opponents = [weighted(r).without([*h, *b]) for r in ranges]
    found = equity(h, b, opponents, 4000, np.random.default_rng(1))
    expected = exact_equity([hole, *ranges], board=board or None).equities[0]
    assert found == pytest.approx(expected, abs=0.03)


def test_preflop_table_is_the_same_in_any_order():
    assert preflop_equity("AKs", ("open", "any")) == preflop_equity("AKs", ("any", "open"))
    assert preflop_equity("AA", ("any",)) > 0.8 > preflop_equity("72o", ("any",)) + 0.3


def test_preflop_labels_follow_the_last_action():
    history = [
        Acted(0, 2, "call", 2, False),  # a limp
        Acted(0, 3, "raise", 6, False),
        Acted(0, 0, "call", 6, False),
        Acted(0, 1, "raise", 20, False),
        Acted(0, 2, "fold", 2, False),
        Acted(0, 3, "call", 20, False),
    ]
    labels = [preflop_label(history, p) for p in range(4)]
    assert labels == ["call", "3bet", "any", "call3"]


def test_a_bet_narrows_a_range_to_its_stronger_hands():
    board = cards("Kh9c4d")
    r = weighted("random").without(board)
    after = narrowed(r, board, 0.5, 0.25)
    weight = dict(zip(map(tuple, r.combos.tolist()), after.weights, strict=True))
    set_of_kings = tuple(sorted(cards("KsKd"), reverse=True))
    seven_deuce = tuple(sorted(cards("7s2c"), reverse=True))
    assert weight[set_of_kings] == 1.0
    assert weight[seven_deuce] == 0.25
    assert after.total == pytest.approx(r.total * (0.5 + 0.5 * 0.25), rel=0.1)


def test_pairs_and_draws_go_on_and_air_folds():
    board = cards("Kh9h4d")
    r = weighted("AhQh,Kc2c,QsTc,8s7s,3s2s")
    goes_on = dict(zip(map(tuple, r.combos.tolist()), continuing(r, board).tolist(), strict=True))
    # A flush draw, a pair of kings, a gutshot go on; no pair and no draw folds.
    for hand, expected in [("AhQh", True), ("Kc2c", True), ("QsTc", True), ("8s7s", False)]:
        assert goes_on[tuple(sorted(cards(hand), reverse=True))] is expected
    assert goes_on[tuple(sorted(cards("3s2s"), reverse=True))] is False


def heads_up(holes: list[str], stacks: int = 200) -> Hand:
    config = HandConfig.create("nl", [stacks, stacks], small_blind=1, big_blind=2)
    return Hand(config, stacked_deck(holes, "Kh9c4d2s7h"))


def decide(hand: Hand, seed: int = 0) -> Action:
    player = hand.to_act
    assert player is not None
    return make("mc", seed).decide(view_for(hand, player), hand.legal_actions())


def test_mc_raises_aces_and_folds_trash_to_an_all_in():
    assert decide(heads_up(["QcJd", "AsAh"])).kind == ActionKind.RAISE
    hand = heads_up(["7c2d", "AsAh"])
    hand.act(Action.all_in())  # the button shoves; seven-deuce in the big blind folds
    assert decide(hand) == Action.fold()


def test_mc_value_bets_a_set():
    hand = heads_up(["9s9d", "QcJd"])
    hand.act(Action.call())
    hand.act(Action.check())
    assert decide(hand).kind == ActionKind.BET  # the big blind acts first after the flop


def test_mc_folds_six_high_to_a_pot_sized_bet_on_the_river():
    hand = heads_up(["6s5d", "QcJd"])
    for action in ["call"] + ["check"] * 6:
        hand.act(Action(ActionKind(action)))
    hand.act(Action.bet(4))
    assert decide(hand) == Action.fold()
