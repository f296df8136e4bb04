"""PHH action notation: every form reads to a value and writes back to its string."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from holdem.cards import Card
from holdem.errors import ParseError
from holdem.history.actions import (
    BetRaise,
    CheckCall,
    DealBoard,
    DealHole,
    Fold,
    NoOp,
    ShowMuck,
    acting_player,
    format_action,
    parse_action,
)
from holdem.history.errors import PHHError
from holdem.history.units import MAX_PLACES, to_units, unit_of_places

C = Card.parse


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("d dh p3 AsKd", DealHole(2, (C("As"), C("Kd")))),
        ("d dh p2 ????", DealHole(1, (None, None))),
        ("d dh p1 As??", DealHole(0, (C("As"), None))),
        ("d db Jc3d5c", DealBoard((C("Jc"), C("3d"), C("5c")))),
        ("d db 4h", DealBoard((C("4h"),))),
        ("p2 f", Fold(1)),
        ("p2 cc", CheckCall(1)),
        ("p2 cbr 500", BetRaise(1, 500)),
        ("p10 cbr 1067100", BetRaise(9, 1067100)),
        ("p2 sm AsKd", ShowMuck(1, (C("As"), C("Kd")))),
        ("p2 sm", ShowMuck(1)),
        ("p2 sm -", ShowMuck(1, shown_dealt=True)),
        ("p2 cc # tanks", CheckCall(1, comment="tanks")),
        ("d dh p2 ???? # Antonius", DealHole(1, (None, None), comment="Antonius")),
        ("p1 sm - # shows # twice", ShowMuck(0, shown_dealt=True, comment="shows # twice")),
        ("# Pre-flop", NoOp(comment="Pre-flop")),
        ("p2 f #", Fold(1, comment="")),
        ("", NoOp()),
    ],
)
def test_each_form_reads_and_writes_back_exactly(text, action):
    assert parse_action(text) == action
    assert format_action(action) == text
    assert str(format_action(parse_action(format_action(action)))) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("  p2   cbr  500  ", "p2 cbr 500"),
        ("p2 cc #tanks", "p2 cc # tanks"),
        ("p02 f", "p2 f"),
        ("p2 cbr 0500", "p2 cbr 500"),
        ("   ", ""),
    ],
)
def test_spacing_is_free_and_written_canonically(text, canonical):
    assert format_action(parse_action(text)) == canonical


def test_a_comment_keeps_its_spacing():
    action = parse_action("p1 cc #  two spaces ")
    assert action.comment == " two spaces "
    assert parse_action(format_action(action)) == action


def test_players_are_zero_based_and_the_board_has_none():
    assert acting_player(parse_action("p1 f")) == 0
    assert acting_player(parse_action("d dh p6 AsKd")) == 5
    assert acting_player(parse_action("d db AsKdQh")) is None
    assert acting_player(parse_action("# hi")) is None


def test_show_muck_kinds():
    assert parse_action("p1 sm").mucked
    assert not parse_action("p1 sm -").mucked
    assert not parse_action("p1 sm AsKd").mucked


_PLAYER_VERBS = (
    "a player's actions are f (fold), cc (check or call), cbr AMOUNT (bet or raise to) "
    "and sm [CARDS|-] (show or muck)"
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("p2 xx", f"unknown player action 'xx': {_PLAYER_VERBS}"),
        ("p2 sd", f"'sd' (stand pat or discard) is for draw games, not Hold'em: {_PLAYER_VERBS}"),
        (
            "p2 sd AsKd",
            f"'sd' (stand pat or discard) is for draw games, not Hold'em: {_PLAYER_VERBS}",
        ),
        ("p1 pb", f"'pb' (bring-in) is for stud games, not Hold'em: {_PLAYER_VERBS}"),
        ("p2", f"no action after 'p2': {_PLAYER_VERBS}"),
        (
            "d xx",
            "unknown dealer action 'xx': the dealer's actions are dh pN CARDS (deal hole cards) "
            "and db CARDS (deal board cards)",
        ),
        ("d dh AsKd", "write the deal of hole cards as 'd dh pN CARDS', not 'd dh AsKd'"),
        ("d db", "write the deal of board cards as 'd db CARDS', not 'd db'"),
        ("x3 f", "'x3' is not an actor: write d for the dealer or p1, p2, ... for a player"),
        ("P1 f", "'P1' is not an actor: write d for the dealer or p1, p2, ... for a player"),
        ("p0 f", "'p0' is not a player: players are numbered from p1"),
        ("p1 f now", "'f' takes nothing after it, but 'now' follows"),
        ("p1 cbr", "'cbr' takes one amount, the total to bet or raise to: 'p2 cbr 500'"),
        (
            "p1 cbr 2.5",
            "cbr 2.5: 2.5 is finer than the hand's unit of 1: its amounts are whole numbers",
        ),
        ("p1 cbr -5", "'-5' is not an amount: write the total as a number, like 500 or 3.25"),
        ("p1 cbr 1e3", "'1e3' is not an amount: write the total as a number, like 500 or 3.25"),
        ("p1 cbr 0", "the amount to bet or raise to must be positive, not 0"),
        ("p1 sm As Kd", "'sm' takes one card string or '-', not 'As Kd'"),
        (
            "d db AsKx",
            "'Kx' in 'AsKx' is not a card: write a rank (23456789TJQKA) then a suit (cdhs), "
            "like As or Td, or ?? for an unknown card",
        ),
        (
            "d dh p1 10sKd",
            "'10' in '10sKd' is not a card: write a rank (23456789TJQKA) then a suit (cdhs), "
            "like As or Td, or ?? for an unknown card",
        ),
        (
            "d db AsK",
            "'K' in 'AsK' is not a card: write a rank (23456789TJQKA) then a suit (cdhs), "
            "like As or Td, or ?? for an unknown card",
        ),
        ("d db AsKdAs", "As appears twice in 'AsKdAs': every card is distinct"),
    ],
)
def test_errors_say_what_is_wrong_and_what_is_allowed(text, message):
    with pytest.raises(PHHError) as caught:
        parse_action(text)
    assert str(caught.value) == message
    assert isinstance(caught.value, ParseError)


def test_unknown_cards_may_repeat():
    assert parse_action("d dh p1 ????").cards == (None, None)


def test_actions_are_hashable_values():
    assert len({parse_action("p1 f"), parse_action("p1  f"), Fold(0)}) == 1
    assert Fold(0) != Fold(0, comment="")


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda: DealHole(0, ()),
            "no cards: an action that deals or shows cards names at least one",
        ),
        (lambda: DealBoard(()), "no cards: an action that deals or shows cards names at least one"),
        (
            lambda: ShowMuck(0, ()),
            "no cards: an action that deals or shows cards names at least one",
        ),
        (
            lambda: ShowMuck(0, (C("As"),), shown_dealt=True),
            "show either cards or, with shown_dealt, the cards dealt: not both",
        ),
        (lambda: BetRaise(0, 0), "the amount to bet or raise to must be positive, not 0"),
    ],
)
def test_actions_built_in_code_must_write_back_to_themselves(build, message):
    with pytest.raises(PHHError) as caught:
        build()
    assert str(caught.value) == message


@given(
    whole=st.integers(min_value=0, max_value=10**32),
    fraction=st.one_of(st.none(), st.text("0123456789", min_size=1, max_size=10)),
    places=st.integers(min_value=1, max_value=MAX_PLACES),
)
def test_a_bet_reads_from_its_text_as_decimal_arithmetic_reads_it(whole, fraction, places):
    """Bets in a unit finer than a chip are counted from their digits; every one, and
    every refusal, is as counting the Decimal of the text would give."""
    word = str(whole) if fraction is None else f"{whole}.{fraction}"
    unit = unit_of_places(places)
    try:
        expected: int | None = to_units(Decimal(word), unit)
    except PHHError:
        expected = None
    if expected is not None and expected <= 0:
        expected = None
    try:
        got: int | None = parse_action(f"p1 cbr {word}", unit).to  # type: ignore[union-attr]
    except PHHError:
        got = None
    assert got == expected
