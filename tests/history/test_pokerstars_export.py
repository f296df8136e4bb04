"""PHH written as PokerStars text: PokerStars' own header, other parsers read it, and
PHH -> text -> PHH gives the same hand."""

import dataclasses
import datetime as dt
import random
import warnings
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem.cards import Deck
from holdem.engine import Action, Hand, HandConfig
from holdem.history.actions import ShowMuck, format_action
from holdem.history.pokerstars import TextStyle
from holdem.history.pokerstars_export import pokerstars_of_history
from holdem.history.record import history_of
from tests.history.stars_support import (
    DATA,
    assert_replays_to_collected,
    from_text,
    hand_of,
    hands_of,
)

GAME = ("variant", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet")
PLAY = ("starting_stacks", "actions", "players", "seats", "finishing_stacks", "chip_unit")
RECORD = ("hand", "table", "seat_count", "currency", "currency_symbol", "time", "day")


def same_hand(a, b, names=GAME + PLAY):
    for name in names:
        if name == "actions":
            assert decisions(a) == decisions(b)
            assert shown(a) <= shown(b)
        else:
            assert getattr(a, name) == getattr(b, name), name


def decisions(history):
    """The actions, a show or muck reduced to its turn: an all-in hand is turned up (R30),
    and PokerStars writes it shown even where holdem's record says the player mucked."""
    return [ShowMuck(a.player) if isinstance(a, ShowMuck) else a for a in history.actions]


def shown(history):
    return {(a.player, a.cards) for a in history.actions if isinstance(a, ShowMuck) and a.cards}


def play(seed, players, structure, ante, unit):
    """One engine hand of random legal decisions, as holdem records it."""
    rng = random.Random(seed)
    big = 2 * unit
    stacks = [rng.randint(10, 300) * unit for _ in range(players)]
    config = HandConfig.create(structure, stacks, small_blind=unit, big_blind=big, ante=ante * unit)
    deck = Deck.shuffled(random.Random(seed)) if hasattr(Deck, "shuffled") else Deck(rng=rng)
    hand = Hand(config, deck)
    while not hand.is_over:
        legal = hand.legal_actions()
        choices = [Action.fold()] if legal.fold else []
        choices += [Action.check()] if legal.check else [Action.call()] if legal.call else []
        for bounds, make in ((legal.bet, Action.bet), (legal.raise_, Action.raise_to)):
            if bounds is not None:
                choices.append(make(rng.randint(bounds.min, bounds.max)))
        hand.act(rng.choice(choices))
    return hand


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 10),
    structure=st.sampled_from(["nl", "pl", "fl"]),
    ante=st.sampled_from([0, 0, 1]),
    cents=st.booleans(),
)
def test_phh_to_text_to_phh_gives_the_same_hand(seed, players, structure, ante, cents):
    hand = play(seed, players, structure, ante, 25 if cents else 1)
    seats = sorted(random.Random(seed).sample(range(1, 11), players))
    money = dict(currency="USD", currency_symbol="$", chip_unit=Decimal("0.01")) if cents else {}
    history = history_of(
        hand,
        players=[f"player {s}.{'é' * (s % 3)}" for s in seats],
        seats=seats,
        hand=seed + 1,
        table="Mira II",
        seat_count=10,
        time=dt.time(20, 5, 1),
        day=3,
        month=2,
        year=2022,
        time_zone_abbreviation="CET",
        **money,
    )
    text = pokerstars_of_history(history)
    back = from_text(text)
    same_hand(history, back, GAME + PLAY + RECORD)
    assert back.winnings is not None
    assert_replays_to_collected(back)
    assert pokerstars_of_history(back) == text  # and the text is a fixed point


def test_the_cash_header_is_pokerstars_own():
    text = pokerstars_of_history(hand_of("cash_rake.txt"))
    assert text.splitlines()[:3] == [
        "PokerStars Hand #210000000001:  Hold'em No Limit ($0.25/$0.50 USD)"
        " - 2021/06/12 21:14:03 CET [2021/06/12 15:14:03 ET]",
        "Table 'Menkar II' 6-max Seat #2 is the button",
        "Seat 1: José.M ($50 in chips)",
    ]
    assert "Big Al collected $8.79 from pot" in text
    assert "Total pot $9.25 | Rake $0.46" in text
    assert "Uncalled bet ($4.50) returned to Big Al" in text


def test_the_tournament_header_is_pokerstars_own():
    first, _ = hands_of("tournament.txt")
    lines = pokerstars_of_history(first).splitlines()
    assert lines[0] == (
        "PokerStars Hand #210000000010: Tournament #3100000000, $10+$1 USD Hold'em No Limit"
        " - Level VIII (100/200) - 2021/06/13 1:02:03 CET [2021/06/12 19:02:03 ET]"
    )
    assert lines[1] == "Table '3100000000 7' 9-max Seat #6 is the button"
    assert "Lou: posts the ante 20 and is all-in" in lines


@pytest.mark.parametrize(
    "name, first_line",
    [
        ("zoom_pl.txt", "PokerStars Zoom Hand #210000000003:  Hold'em Pot Limit (€0.05/€0.10 EUR)"),
        ("limit.txt", "PokerStars Hand #210000000004:  Hold'em Limit ($0.10/$0.20 USD)"),
        ("play_money.txt", "PokerStars Hand #210000000060:  Hold'em No Limit (50/100)"),
    ],
)
def test_zoom_limit_and_play_money_headers(name, first_line):
    text = pokerstars_of_history(hand_of(name))
    assert text.startswith(first_line + " - ")


def test_an_eastern_clock_still_gets_its_bracket():
    text = pokerstars_of_history(hand_of("side_pots.txt"))
    assert text.startswith(
        "PokerStars Hand #210000000002:  Hold'em No Limit ($0.50/$1 USD)"
        " - 2021/06/12 15:20:41 ET [2021/06/12 15:20:41 ET]\n"
    )


def test_side_pots_run_twice_and_cash_outs_are_written_back():
    side = pokerstars_of_history(hand_of("side_pots.txt"))
    assert "Total pot $139 Main pot $32. Side pot-1 $36. Side pot-2 $71. | Rake $3" in side
    twice = pokerstars_of_history(hand_of("run_twice.txt"))
    assert "*** FIRST TURN *** [8c 8d 3h] [Qs]" in twice and "Hand was run twice" in twice
    cash = pokerstars_of_history(hand_of("cash_out.txt"))
    assert "co.a cashed out the hand for $16.14" in cash


@pytest.mark.parametrize("name", sorted(path.name for path in DATA.glob("*.txt")))
def test_every_test_file_goes_to_text_and_back_unchanged(name):
    for hand in hands_of(name):
        assert from_text(pokerstars_of_history(hand)) == hand


def test_money_is_written_as_pokerstars_writes_it():
    style = TextStyle(unit=Decimal("0.01"), symbol="$", currency="USD")
    assert [style.money(n) for n in (5, 50, 100, 150, 123456)] == [
        "$0.05", "$0.50", "$1", "$1.50", "$1234.56"
    ]  # fmt: skip
    assert TextStyle().money(2500) == "2500"


# Other parsers read the text unchanged.

NL_CASES = st.tuples(st.integers(0, 2**32), st.integers(2, 9), st.booleans())


@settings(max_examples=25, deadline=None)
@given(case=NL_CASES)
def test_pokerkit_parses_the_text_into_the_same_hand(case):
    from pokerkit import HandHistory as PokerKitHand

    seed, players, cents = case
    hand = play(seed, players, "nl", 0, 25 if cents else 1)
    money = dict(currency="USD", currency_symbol="$", chip_unit=Decimal("0.01")) if cents else {}
    history = history_of(hand, players=[f"p {i}" for i in range(players)], hand=seed, **money)
    text = pokerstars_of_history(history)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        [parsed] = PokerKitHand.from_pokerstars(
            text, error_status=True, parse_value=lambda v: int(Decimal(v) * (100 if cents else 1))
        )
    assert list(parsed.players) == list(history.players)
    assert list(parsed.starting_stacks) == list(history.starting_stacks)
    ours = [format_action(a) for a in history.actions if not isinstance(a, ShowMuck)]
    theirs = [a for a in parsed.actions if " sm " not in a]
    # PokerKit adds a check for a player nobody else can bet against (R12: we skip it).
    extra = list(theirs)
    for action in ours:
        assert action in extra, action
        del extra[: extra.index(action) + 1]
    assert all(a.endswith(" cc") for a in theirs if a not in ours)
    assert parsed.hand == seed


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 9))
def test_the_poker_package_parses_tournament_text(seed, players):
    from poker.room.pokerstars import PokerStarsHandHistory

    hand = play(seed, players, "nl", 1, 10)
    names = [f"p{i}" for i in range(players)]
    history = history_of(hand, players=names, hand=seed)
    tournament = {"_tournament": 77, "_buy_in": "$10+$1 USD"}
    history = dataclasses.replace(history, extra={**history.extra, **tournament})
    text = pokerstars_of_history(history)
    parsed = PokerStarsHandHistory(text)
    parsed.parse()
    assert parsed.ident == str(seed) and parsed.tournament_ident == "77"
    assert sorted(p.name for p in parsed.players if p.stack) == sorted(names)
    winners = {history.players[p] for p, w in enumerate(back_winnings(text)) if w}
    # Its winners keep the summary's tags ("p1 (button)"): it reads names up to "collected".
    assert all(any(w.split(" (")[0] == name for name in winners) for w in parsed.winners)


def back_winnings(text):
    return from_text(text).winnings
