"""The terminal coach: its advice box on spots whose answers are known (R48, R49), and
what it says in the game after the player acts."""

import random
from io import StringIO

from rich.console import Console

from holdem.bots import view_for
from holdem.cards import parse_cards
from holdem.engine import Action, Hand, HandConfig
from holdem.terminal.coach import advise, after_lines, hands_ahead, panel
from tests.bots.helpers import make, stacked_deck
from tests.terminal.test_session import ScriptedScreen, calling_station, play


def heads_up(holes: list[str], board: str, script: list[Action]) -> Hand:
    config = HandConfig.create("nl", [200, 200], small_blind=1, big_blind=2)
    hand = Hand(config, stacked_deck(holes, board))
    for action in script:
        hand.act(action)
    return hand


def shown(renderable: object, width: int = 80, height: int = 50) -> str:
    """What ``renderable`` prints in a ``width`` x ``height`` terminal, without colours."""
    out = StringIO()
    Console(file=out, width=width, height=height, color_system=None).print(renderable)
    return out.getvalue()


def words_of(drawn: str) -> str:
    """The words of drawn text, whatever the wrapping and the box around them."""
    return " ".join(drawn.replace("│", " ").split())


def words(renderable: object) -> str:
    """The words ``renderable`` shows, whatever the wrapping and the box around them."""
    return words_of(shown(renderable))


def test_a_flush_draw_with_two_overcards_has_15_outs_and_the_price_to_call():
    # The big blind calls a raise to 5 and checks; the button bets 10 into 10.
    script = [Action.raise_to(5), Action.call(), Action.check(), Action.bet(10)]
    hand = heads_up(["AhKh", "9c9s"], "Qh7h2c", script)
    coaching = advise(hand, random.Random(1))
    assert coaching.outs is not None
    assert len(coaching.outs.cards) == 15  # 9 hearts, 3 aces, 3 kings
    assert coaching.outs.rule == 0.6  # 15 x 4%
    assert 0.54 < coaching.outs.hit < 0.55
    advice = coaching.advice
    # Calling 10 into 20 (the bet included): the pot will be 30, so 33% breaks even.
    assert advice.break_even == 10 / 30
    assert advice.equity > advice.break_even and advice.best.kind in ("call", "raise")
    text = words(panel(coaching))
    assert "Outs" in text and "15:" in text and "rule of 4" in text
    assert "a raiser's range" in text and "narrowed because they bet the flop" in text


def test_q6o_facing_a_tag_raise_the_box_says_fold_and_why():
    holes = ["2c3d", "4h5s", "AsKd", "7c2h", "Qs6d", "8d3c"]
    config = HandConfig.create("nl", [200] * 6, small_blind=1, big_blind=2)
    hand = Hand(config, stacked_deck(holes))
    hand.act(make("tag").decide(view_for(hand, 2), hand.legal_actions()))  # raises to 6
    hand.act(Action.fold())
    coaching = advise(hand, random.Random(1))
    text = words(panel(coaching))  # the words, whatever the wrapping
    assert "Advice Fold: You have about" in text
    assert "a call needs 40% (call 6 to win 9): not enough" in text
    assert "Values fold: 0 · call 6: -" in text
    assert "under the gun: a raiser's range, about 26% of hands (22+, A2s+" in text
    assert "Q6o is a weak hand" in text and "the beginner's chart folds it" in text
    # Calling anyway is named, kindly, after the action.
    lines = [line.plain for line in after_lines(coaching, Action.call())]
    assert any(line.startswith("coach: Calling 6 needed 40% equity") for line in lines)
    assert after_lines(coaching, Action.fold()) == []


def test_in_an_80x24_terminal_the_box_wraps_at_word_boundaries_and_cuts_nothing():
    script = [Action.raise_to(5), Action.call(), Action.check(), Action.bet(10)]
    coaching = advise(heads_up(["AhKh", "9c9s"], "Qh7h2c", script), random.Random(1))
    drawn = shown(panel(coaching), height=24)
    lines = drawn.splitlines()
    assert all(len(line) <= 80 for line in lines) and "…" not in drawn
    assert "the button: a raiser's range (26%), then bet the flop: 13%" in words_of(drawn)
    why = " ".join(coaching.advice.reasons[1:])
    assert " ".join(why.split()) in words_of(drawn)  # every word whole, none cut
    assert len(shown(panel(coaching), height=40).splitlines()) > len(lines)


def test_the_nuts_need_no_outs_and_a_free_check_has_no_pot_odds():
    assert hands_ahead(parse_cards("AhKh"), parse_cards("QhJhTh")) == []
    script = [Action.call(), Action.check(), Action.check(), Action.check()]
    hand = heads_up(["9c9s", "AhKh"], "QhJhTh2c", [*script, Action.check()])
    coaching = advise(hand)
    assert coaching.outs is not None and coaching.outs.best
    assert coaching.advice.break_even is None
    assert coaching.advice.equity == 1.0
    assert coaching.advice.best.kind == "bet"
    assert "none needed" in shown(panel(coaching))


def test_the_game_shows_the_advice_and_names_a_mistake_after_the_player_acts(tmp_path):
    # A person who calls everything: the coach's box at each decision, and sooner or
    # later "coach: Calling ... needed ..." in the log after a call without the odds.
    game = play(tmp_path, calling_station(8), coach=True)
    screen = game.screen
    assert isinstance(screen, ScriptedScreen)
    out = screen.out.getvalue()
    assert "Advice" in out and "Ranges" in out and "Values" in out
    assert "coach: Calling" in out and "equity" in out
    assert "against 3 random hands" not in out  # the old coach's assumption is gone
