"""equity(): exact enumeration against brute force, the API, and errors that say what is wrong."""

import random

import numpy as np
import pytest

from holdem.cards import parse_cards
from holdem.errors import DuplicateCardError, ParseError
from holdem.evaluator import evaluate_batch
from holdem.evaluator.combos import colex_combinations
from holdem.odds import OddsError, Range, RangeParseError, equity
from tests.odds.helpers import brute_force


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AhKh", "QsQd"], "Qh7h2c3d", ""),
        (["AhKh", "QsQd"], "Qh7h2c", ""),
        (["8c7c", "AsAd", "KhQh"], "9c6d2s", ""),
        (["Ts9s", "AcKd", "7h7d", "2c2s"], "8s7c3h4d", "Ah"),
        (["KsKd", "AsKh"], "KcQd2h7s9d", ""),  # river: one board
        (["AhKd", "AKs,QQ:0.5,JTs"], "Qs7h2cTd", ""),
        (["AA,KK:0.25", "QQ+,AKs:0.5"], "Js7h2c3d", "Qd"),
        (["5c4c", "6h6d", "random"], "Ac2d9h8s", ""),
    ],
)
def test_exact_equals_brute_force_with_the_scalar_evaluator(players, board, dead):
    result = equity(players, board, dead or None)
    equities, wins, ties, boards = brute_force(players, board, dead)
    assert result.exact and result.trials is None
    assert result.boards == boards
    assert result.equities == pytest.approx([float(e) for e in equities], abs=1e-12)
    assert result.wins == pytest.approx([float(w) for w in wins], abs=1e-12)
    assert result.ties == pytest.approx([float(t) for t in ties], abs=1e-12)
    assert sum(result.equities) == pytest.approx(1)


def test_aces_against_kings_over_all_1712304_boards():
    result = equity(["AsAh", "KsKh"])
    assert result.exact and result.boards == 1_712_304
    # The same boards through the batch evaluator.
    rest = np.array([c for c in range(52) if c not in parse_cards("AsAhKsKh")], np.uint8)
    boards = rest[colex_combinations(48, 5)]
    mine = evaluate_batch(np.hstack([np.tile(parse_cards("AsAh"), (len(boards), 1)), boards]))
    theirs = evaluate_batch(np.hstack([np.tile(parse_cards("KsKh"), (len(boards), 1)), boards]))
    won, tied = int((mine > theirs).sum()), int((mine == theirs).sum())
    assert result.wins[0] * len(boards) == pytest.approx(won, abs=1e-6)
    assert result.ties[0] * len(boards) == pytest.approx(tied, abs=1e-6)
    assert result.equities[0] == pytest.approx((won + tied / 2) / len(boards), abs=1e-15)
    assert round(result.equities[0], 4) == 0.8264


def test_dead_cards_change_the_answer():
    live = equity(["AhKh", "QsQd"], "Qh7h2c")
    dead = equity(["AhKh", "QsQd"], "Qh7h2c", dead="3h4h5h")
    assert dead.boards == 861 and live.boards == 990  # 42 cards left, not 45
    assert dead.equities[0] < live.equities[0]


def test_players_may_be_cards_ranges_or_text():
    as_text = equity(["AhKh", "QsQd"], "Qh7h2c")
    as_objects = equity([parse_cards("AhKh"), Range.of_hand("QsQd")], parse_cards("Qh7h2c"))
    as_strings = equity([["Ah", "Kh"], "Qs Qd"], ["Qh", "7h", "2c"])
    assert as_text.equities == as_objects.equities == as_strings.equities
    assert [p.hand for p in as_text.players] == ["AhKh", "QsQd"]


def test_ten_players_preflop():
    hands = ["AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h", "8s8h", "7s7h", "6s6h", "5s5h"]
    result = equity(hands)
    assert result.exact and result.boards == 201_376  # comb(32, 5)
    assert sum(result.equities) == pytest.approx(1)
    assert result.equities[0] == max(result.equities)


def test_exact_is_chosen_when_the_work_is_small_and_monte_carlo_otherwise():
    assert equity(["AsAh", "KsKh"]).exact
    big = equity(["QQ+,AKs", "random"], rng=random.Random(1))
    assert not big.exact and big.boards is None and big.trials >= 10_000
    assert max(big.intervals) <= 0.0005
    assert not equity(["AsAh", "KsKh"], trials=50_000, rng=random.Random(2)).exact


def test_to_dict_is_the_json_shape():
    payload = equity(["AsAh", "KsKh"]).to_dict()
    assert set(payload) == {"players", "exact", "boards", "trials"}
    assert payload["players"][0]["hand"] == "AsAh"
    assert set(payload["players"][0]) == {"hand", "equity", "win", "tie"}
    assert payload["boards"] == 1_712_304 and payload["trials"] is None


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: equity(["AsAh"]), OddsError, "2 to 10 players, not 1"),
        (lambda: equity(["random"] * 11), OddsError, "2 to 10 players, not 11"),
        (lambda: equity("AsAh KsKh"), OddsError, "a list of hands or ranges"),
        (lambda: equity(["AsAh", "KsKh"], "Qh7h"), OddsError, "0, 3, 4 or 5 cards"),
        (lambda: equity(["AsAh", "AsKs"]), DuplicateCardError, "As appears twice"),
        (lambda: equity(["AsAh", "KsKh"], "As7h2c"), DuplicateCardError, "As appears twice"),
        (lambda: equity(["AsAh", "KsKh"], dead="Kh"), DuplicateCardError, "Kh appears twice"),
        (lambda: equity(["AsAh", "AA"], "Ad7h2c"), OddsError, "player 2's range 'AA'"),
        (lambda: equity(["AsAh", "QQ+,AKx"]), RangeParseError, "'AKx'"),
        (lambda: equity(["AsAh", ["As", "Kd", "Qh"]]), ParseError, "two hole cards, not 3"),
        (lambda: equity(["AsAh", "KsKh"], trials=0), OddsError, "trials run from 1 to"),
        (lambda: equity(["AsAh", "KsKh"], trials=10**10), OddsError, "about an hour"),
        (lambda: equity(["AsAh", "KsKh"], precision=2), OddsError, "between 0 and 1"),
        (lambda: equity(["random"] * 4, exact=True), OddsError, "more than the"),
        (lambda: equity(["AA", "AA", "AA"], exact=True), OddsError, "no deal"),
    ],
)
def test_errors_say_what_is_wrong(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_progress_is_reported():
    seen = []
    equity(
        ["AhKh", "QQ+,AKs,JTs"], "Qh7h2c", progress=lambda done, total: seen.append((done, total))
    )
    assert seen and seen[-1][0] == seen[-1][1]


def test_no_card_is_used_twice_in_a_deal():
    # Only one combination of AA is left beside the known aces: every deal must use it.
    result = equity(["AsAh", "AA", "KK"], "2c3d4h")
    assert result.exact
    assert result.boards == 6 * 903  # AdAc against each of the six KK: 43 cards left
    assert result.ties[0] == result.ties[1] > 0.9
