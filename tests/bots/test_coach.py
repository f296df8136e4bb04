"""The coach's advice on concrete spots, the beginner mistakes it names, and the bot that
always takes its advice, legal at every decision."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem.bots import BOTS, view_for
from holdem.bots.coach import Advice, CoachBot, advise, kind_of
from holdem.bots.mistakes import board_danger, mistakes, mistakes_by_kind
from holdem.bots.opponents import CHECK_CAP, narrowed, street_move
from holdem.bots.reading import actions
from holdem.bots.sampling import weighted
from holdem.cards import Deck
from holdem.engine import Action, Hand, HandConfig
from tests.bots.helpers import cards, is_legal, make, play, stacked_deck

FOLD, CALL, CHECK = Action.fold(), Action.call(), Action.check()


def spot(holes: Sequence[str], board: str, script: Sequence[Action]) -> tuple[Hand, Advice]:
    """The coach's advice to the player to act after ``script`` (100-big-blind stacks)."""
    config = HandConfig.create("nl", [200] * len(holes), small_blind=1, big_blind=2)
    hand = Hand(config, stacked_deck(holes, board))
    for action in script:
        hand.act(action)
    player = hand.to_act
    assert player is not None
    return hand, advise(view_for(hand, player), hand.legal_actions(), np.random.default_rng(7))


def facing_a_tag_raise() -> tuple[Hand, Advice]:
    """Six-handed: the tight-aggressive bot raises under the gun (AKs), the hijack folds,
    and the player in the cutoff holds Q6o."""
    holes = ["2c3d", "4h5s", "AsKd", "7c2h", "Qs6d", "8d3c"]
    config = HandConfig.create("nl", [200] * 6, small_blind=1, big_blind=2)
    hand = Hand(config, stacked_deck(holes))
    raised = make("tag").decide(view_for(hand, 2), hand.legal_actions())
    assert raised.kind == "raise"
    hand.act(raised)
    hand.act(FOLD)
    return hand, advise(view_for(hand, 4), hand.legal_actions(), np.random.default_rng(7))


def test_q6o_facing_a_tag_raise_is_a_fold_and_the_advice_says_why():
    _, advice = facing_a_tag_raise()
    assert advice.best.kind == "fold" and advice.words == "Fold"
    # The assumption: the raiser's range, in words and in the usual notation.
    assert "under the gun: a raiser's range, about 26% of hands (22+, A2s+" in advice.assumption
    assert "any two cards" in advice.assumption  # the players still to act
    # Pot odds against equity: calling 6 into 9 needs 6 / 15 = 40%.
    assert advice.break_even == 0.4
    assert advice.equity < advice.break_even
    assert "a call needs 40% (call 6 to win 9)" in advice.reason
    assert f"about {100 * advice.equity:.0f}% equity against their ranges" in advice.reason
    assert "Q6o is a weak hand" in advice.reason and "the cutoff" in advice.reason
    # The alternatives' values, in big blinds: folding is worth 0, the others less.
    assert advice.values.startswith("fold: 0 · call 6: -")
    assert [c.kind for c in advice.choices] == ["fold", "call", "raise"]
    assert all(c.ev < 0 for c in advice.choices[1:])
    assert advice.starting == "Q6o, a weak hand (unconnected offsuit: one to avoid)"


def test_aces_are_raised_and_a_good_price_is_called():
    _, aces = spot(["2c3d", "4h5s", "AsAd", "7c2h", "Qs6d", "8d3c"], "", [])
    assert aces.best.kind == "raise" and aces.words == "Raise to 5"
    assert "They fold about" in aces.reason
    # Heads-up, the big blind holds a flush draw and two overcards facing a small bet.
    _, draw = spot(["AhKh", "9c9s"], "Qh7h2c", [Action.raise_to(5), CALL, CHECK, Action.bet(3)])
    assert draw.best.kind in ("call", "raise")
    assert draw.break_even is not None and draw.equity > draw.break_even
    assert "in the big blind" in draw.reason and "out of position" in draw.reason


def test_calling_without_the_odds_and_a_weak_hand_out_of_position_are_named():
    _, advice = facing_a_tag_raise()
    said = mistakes(advice, "call")
    assert any("Calling 6 needed 40% equity" in s for s in said)
    assert any("Q6o is one of the weak unconnected hands" in s for s in said)
    assert mistakes(advice, "fold") == ()  # the coach's own advice is never a mistake
    # Under the gun, KJo: not weak, but a hand the chart folds from early position.
    _, early = spot(["2c3d", "4h5s", "KdJc", "7c2h", "Qs6d", "8d3c"], "", [])
    assert early.best.kind == "fold"
    (sentence,) = mistakes(early, "raise")
    assert sentence.startswith("KJo is a hand the beginner's chart folds from early position")


def test_one_pair_on_a_four_flush_board_is_overrated():
    # Top pair, top kicker, no heart, facing bets on every street of a four-heart board.
    script = [Action.raise_to(5), CALL, CHECK, Action.bet(8), CALL, CHECK, Action.bet(30)]
    _, advice = spot(["AcJd", "9h9s"], "Jh8h4hTh2c", script)
    assert advice.best.kind == "fold"
    said = mistakes(advice, "call")
    assert said[0] == (
        "One pair is easy to overrate on a board with four hearts: straights and flushes "
        "beat it there, so it is worth less than it looks."
    )
    assert board_danger(cards("9c8d7s6h")) == "a board with four connected cards"
    assert board_danger(cards("Ac5d4s3h")) == "a board with four connected cards"  # the wheel
    assert board_danger(cards("Kc8d3s2h")) is None


def test_a_bluff_after_only_checking_and_calling_tells_no_story():
    # The big blind calls a raise, checks and calls the flop, checks the turn through,
    # and on the river holds seven high.
    script = [Action.raise_to(5), CALL, CHECK, Action.bet(5), CALL, CHECK, CHECK]
    _, advice = spot(["7c2d", "AsKs"], "QhJs4d8c3h", script)
    assert advice.best.kind == "check"
    by_kind = mistakes_by_kind(advice)
    assert set(by_kind) == {"bet"}  # only what the player may do, and only mistakes
    assert by_kind["bet"][0].startswith("A bluff after only checking and calling tells no story")


def test_an_all_in_is_read_as_the_call_bet_or_raise_it_is():
    hand, _ = facing_a_tag_raise()
    view = view_for(hand, 4)
    assert kind_of(Action.all_in(), view) == "raise"
    assert kind_of(FOLD, view) == "fold"


def test_the_coach_bot_is_registered_and_plays_the_advice():
    assert BOTS["coach"] is CoachBot
    hand, _ = facing_a_tag_raise()
    assert make("coach").decide(view_for(hand, 4), hand.legal_actions()) == FOLD


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    structure=st.sampled_from(["nl", "pl", "fl"]),
    stacks=st.lists(st.integers(1, 500), min_size=2, max_size=9),
    seed=st.integers(0, 2**32 - 1),
    opponent=st.sampled_from(["random", "caller", "tag", "mc"]),
)
def test_the_coach_bot_is_legal_in_every_spot(structure, stacks, seed, opponent):
    # ``play`` asserts that every action is legal: short, uneven stacks reach the corners
    # (blinds all-in, calls for less, raises that cannot reopen the betting).
    config = HandConfig.create(structure, stacks, small_blind=1, big_blind=2)
    bots = [make("coach" if p % 2 == 0 else opponent, seed + p) for p in range(len(stacks))]

    def advice_is_legal(hand: Hand, player: int, view, action: Action) -> None:
        if (
            bots[player].name == "coach"
            and len(view.hole) == 2
            and action.kind
            not in (
                "show",
                "muck",
            )
        ):
            advice = advise(view, hand.legal_actions(), np.random.default_rng(seed))
            assert all(is_legal(c.action, hand.legal_actions()) for c in advice.choices)
            assert advice.words and advice.reason and advice.values

    hand = play(config, bots, Deck.shuffled(random.Random(seed)), advice_is_legal)
    assert sum(hand.stacks) == sum(stacks)


def test_a_check_caps_the_range_the_coach_assumes():
    board = cards("Kh9c4d")
    r = weighted("random").without(board)
    after = narrowed(r, board, *CHECK_CAP, strongest=True)
    weight = dict(zip(map(tuple, r.combos.tolist()), after.weights, strict=True))
    assert weight[tuple(sorted(cards("KsKd"), reverse=True))] == 0.4  # a set: usually bet
    assert weight[tuple(sorted(cards("7s2c"), reverse=True))] == 1.0
    # Heads-up, the button raised and checked the flop behind: the coach says so.
    script = [Action.raise_to(5), CALL, CHECK, CHECK]
    _, advice = spot(["7c2d", "AsQs"], "Kh9c4d8c", script)
    assert advice.view.street == 2
    assert "narrowed because they checked the flop" in advice.assumption
    history = actions(advice.view)
    assert street_move(history, 1, 1) is None  # the mc bot does not read checks
    assert street_move(history, 1, 1, checks=True) == "check"
