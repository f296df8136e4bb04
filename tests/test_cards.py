"""Cards, their notation, and the deck (R1, R3, R4)."""

import random
import secrets

import pytest

from holdem.cards import ALL_CARDS, Card, Deck, format_cards, parse_cards
from holdem.errors import DeckError, InvalidCardsError, ParseError


def test_codes_are_rank_times_four_plus_suit():
    assert Card.parse("2c") == 0
    assert Card.parse("2d") == 1
    assert Card.parse("3c") == 4
    assert Card.parse("As") == 51
    assert Card.parse("Td") == 8 * 4 + 1
    assert (Card.parse("Kh").rank, Card.parse("Kh").suit) == (11, 2)


@pytest.mark.parametrize("text", ["Td", "10d", "T♦", "10♦", "td", "TD", "T♢"])
def test_every_spelling_of_a_card(text):
    assert Card.parse(text) == Card.parse("Td")


def test_str_and_pretty_forms():
    card = Card.parse("A♠")
    assert str(card) == "As"
    assert card.pretty == "A♠"
    assert repr(card) == "Card('As')"
    assert format_cards(parse_cards("AsKd"), pretty=True, sep=" ") == "A♠ K♦"


def test_every_card_round_trips_through_text():
    for card in ALL_CARDS:
        assert Card.parse(str(card)) == card
        assert Card.parse(card.pretty) == card


def test_parse_cards_with_and_without_spaces():
    assert parse_cards("AsKd Qh") == [Card.parse("As"), Card.parse("Kd"), Card.parse("Qh")]
    assert parse_cards("AsKdQh") == parse_cards("As Kd Qh") == parse_cards("As,Kd,Qh")
    assert parse_cards("10s10d") == parse_cards("TsTd")
    assert parse_cards(["As", "Kd"]) == parse_cards([51, 45])
    assert parse_cards("") == []


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Ax", "'x' is not a suit"),
        ("1s", "'1' is not a rank"),
        ("As K", "the suit is missing"),
        ("Zz", "'Z' is not a rank"),
    ],
)
def test_parse_errors_say_what_is_wrong(text, words):
    with pytest.raises(ParseError, match=words):
        parse_cards(text)


def test_duplicates_are_refused_where_cards_must_be_distinct():
    with pytest.raises(ParseError, match="As appears twice") as error:
        parse_cards("As Kd As")
    assert isinstance(error.value, InvalidCardsError)
    assert len(parse_cards("As As", distinct=False)) == 2


def test_card_codes_out_of_range():
    with pytest.raises(InvalidCardsError, match=r"0\.\.51"):
        Card(52)
    with pytest.raises(InvalidCardsError):
        parse_cards([-1])


def test_r1_a_deck_is_52_distinct_cards():
    deck = Deck()
    assert len(deck) == 52
    assert sorted(deck.remaining) == list(ALL_CARDS)


def test_r3_deal_and_burn():
    deck = Deck()
    hole = deck.deal(2)
    burn = deck.burn()
    flop = deck.deal(3)
    assert hole == parse_cards("2c2d")
    assert burn == Card.parse("2h")
    assert flop == parse_cards("2s3c3d")
    assert deck.burned == [burn]
    assert deck.dealt == hole + flop
    assert len(deck) == 46


def test_r4_unseeded_shuffle_uses_the_secure_generator(monkeypatch):
    used = []

    class Recording(secrets.SystemRandom):
        def randrange(self, *args):
            used.append(True)
            return super().randrange(*args)

    monkeypatch.setattr(secrets, "SystemRandom", Recording)
    deck = Deck.shuffled()
    deck.deal(2)
    assert used == [True, True]  # each card is drawn by the secure generator as it is dealt
    assert sorted(deck.dealt + deck.remaining) == list(ALL_CARDS)


def test_r4_seeded_shuffle_is_reproducible():
    first = Deck.shuffled(random.Random(7)).remaining
    second = Deck.shuffled(random.Random(7)).remaining
    assert first == second
    assert first != Deck().remaining


def test_stacked_deck_deals_in_the_given_order():
    order = parse_cards("AsKsQsJsTs")
    deck = Deck([*order, *[c for c in ALL_CARDS if c not in order]])
    assert deck.deal(5) == order


def test_remove_dead_cards():
    deck = Deck.shuffled(random.Random(1))
    dead = parse_cards("AsAh")
    deck.remove(dead)
    assert len(deck) == 50
    assert not set(dead) & set(deck.remaining)
    with pytest.raises(DeckError, match="not in the undealt cards"):
        deck.remove(dead)


def test_dealing_past_the_end_is_refused_and_changes_nothing():
    deck = Deck()
    deck.deal(50)
    with pytest.raises(DeckError, match="2 remain"):
        deck.deal(3)
    assert len(deck) == 2


def test_a_stacked_deck_must_not_repeat_a_card():
    with pytest.raises(InvalidCardsError):
        Deck([0, 0, 1])
