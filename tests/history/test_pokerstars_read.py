"""PokerStars hand-history text read into PHH: each quirk of real files, one test each.

Every hand written here is our own, built from the format as PokerStars documents and
writes it; each is checked by replaying what it became through holdem's PHH replay.
"""

import datetime as dt
from decimal import Decimal

import pytest

from holdem.cards import parse_cards
from holdem.history.actions import BetRaise, DealHole, Fold, ShowMuck
from holdem.history.phh import dumps, loads
from tests.history.stars_support import (
    DATA,
    assert_replays_to_collected,
    from_text,
    hand_of,
    hands_of,
    pot_shares,
)

FILES = sorted(path.name for path in DATA.glob("*.txt"))


@pytest.mark.parametrize("name", FILES)
def test_every_test_hand_replays_to_the_collected_amounts_in_its_text(name):
    for hand in hands_of(name):
        assert_replays_to_collected(hand)
        again = loads(dumps(hand))[0]  # and the PHH written reads back the same
        assert again.actions == hand.actions and again.winnings == hand.winnings


def cards(text):
    return tuple(parse_cards(text))


def test_a_cash_hand_in_cents_with_rake_an_uncalled_bet_and_chat():
    hand = hand_of("cash_rake.txt")
    assert hand.chip_unit == Decimal("0.01")
    assert hand.currency == "USD" and hand.currency_symbol == "$"
    # PHH's order: the small blind first, the button last; the player sitting out is not in.
    assert hand.players == ("tiny_t", "~Q~", "dr. no", "José.M", "Big Al")
    assert hand.seats == (3, 4, 6, 1, 2)
    assert hand.starting_stacks == (1810, 5075, 10000, 5000, 6235)
    assert hand.blinds_or_straddles == (25, 50, 0, 0, 0) and hand.min_bet == 50
    assert hand.rake == 46 and hand.winnings == (0, 0, 0, 0, 879)
    assert hand.hand == 210000000001 and hand.table == "Menkar II" and hand.seat_count == 6
    # The chat line says "raises $9" and holds a colon: it is not an action.
    assert [a for a in hand.actions if isinstance(a, BetRaise)] == [
        BetRaise(2, 150),
        BetRaise(2, 225),
        BetRaise(4, 675),
    ]
    assert DealHole(2, cards("9s 9h")) in hand.actions
    assert hand.finishing_stacks == (1785, 4925, 9625, 5000, 6739)  # paid after the rake


def test_the_local_time_its_zone_and_the_eastern_time():
    hand = hand_of("cash_rake.txt")
    assert (hand.time, hand.day, hand.month, hand.year) == (dt.time(21, 14, 3), 12, 6, 2021)
    assert hand.time_zone_abbreviation == "CET" and hand.time_zone == "CET"
    assert hand.extra["_time_et"] == dt.datetime(2021, 6, 12, 15, 14, 3)
    eastern = hand_of("side_pots.txt")  # a clock already in ET has no bracket
    assert eastern.time_zone == "America/New_York" and "_time_et" not in eastern.extra


def test_side_pots_main_and_numbered_and_a_muck_at_the_showdown():
    hand = hand_of("side_pots.txt")
    assert pot_shares(hand) == [3600, 0, 7100, 3200]
    assert hand.winnings == (3600, 0, 6800, 3200) and hand.rake == 300
    # Bo "mucks", but an all-in hand is turned up (R30): shown, its cards never written.
    assert ShowMuck(1, (None, None)) in hand.actions
    assert DealHole(1, (None, None)) in hand.actions


def test_a_zoom_pot_limit_hand_in_euros_with_thousands_and_a_fold_that_shows():
    hand = hand_of("zoom_pl.txt")
    assert hand.variant == "PT" and hand.extra["_zoom"] is True
    assert hand.currency == "EUR" and hand.currency_symbol == "€"
    assert hand.starting_stacks[2] == 125040  # €1,250.40
    # Mr. X-Ray folds showing 8c 2d, the winner shows after everyone folded: both known.
    assert DealHole(1, cards("8c 2d")) in hand.actions
    assert DealHole(2, cards("Ah Kd")) in hand.actions
    assert Fold(1) in hand.actions


def test_fixed_limit_reads_the_bets_from_the_header_and_the_cap_words():
    hand = hand_of("limit.txt")
    assert hand.variant == "FT" and (hand.small_bet, hand.big_bet) == (10, 20)
    assert hand.blinds_or_straddles == (5, 10, 0, 0)
    assert BetRaise(2, 40) in hand.actions  # "... and has reached the $0.40 cap"
    assert DealHole(2, cards("Ac Ad")) in hand.actions  # the hero's mucked hand, from the summary
    assert hand.winnings == (0, 0, 0, 238)


def test_a_tournament_with_antes_an_all_in_ante_and_players_out_of_the_hand():
    first, second = hands_of("tournament.txt")
    assert first.extra["_tournament"] == 3100000000 and first.extra["_buy_in"] == "$10+$1 USD"
    assert first.level == 8 and first.event == "Tournament #3100000000"
    assert first.currency is None  # tournament chips are not money
    # Ned sits out but posts and folds; Oz is out of hand: not in it.
    assert first.players == ("Ned", "Kim", "Lou", "Max P.")
    assert first.antes == (25, 25, 20, 25) and first.ante_trimming_status is True
    assert pot_shares(first) == [0, 8545, 0, 0]
    # The next hand: heads-up, the big blind is p1 and the button posts the small blind.
    assert second.players == ("Max P.", "Kim")
    assert second.blinds_or_straddles == (100, 200)
    assert second.winnings == (0, 9600)


def test_a_returning_player_posts_small_and_big_blinds_and_a_new_one_posts_the_big():
    hand = hand_of("new_players.txt")
    rules = hand.extra["_holdem_rules"]
    position = hand.players.index
    assert rules["live_posts"][position("returning")] == 10
    assert rules["dead_blinds"][position("returning")] == 5
    assert rules["live_posts"][position("newbie")] == 10
    # Nobody who only joins, leaves, times out or is removed is in the hand.
    assert set(hand.players) == {"p.one", "p two", "p-three", "four4", "returning", "newbie"}
    assert pot_shares(hand)[position("newbie")] == 100 and hand.rake == 4


def test_a_straddle_is_a_third_blind():
    hand = hand_of("straddle.txt")
    assert hand.players == ("s4", "s5", "s1", "s3")
    assert hand.blinds_or_straddles == (100, 200, 400, 0)


def test_run_it_twice_deals_both_boards_and_pays_each_half():
    hand = hand_of("run_twice.txt")
    assert hand.extra["_holdem_rules"]["run_count"] == 2
    assert pot_shares(hand) == [4000, 4000]
    assert hand.winnings == (3900, 3900) and hand.rake == 200


def test_an_all_in_cash_out_is_kept_and_the_pot_still_replays():
    hand = hand_of("cash_out.txt")
    assert hand.extra["_cashed_out"] == (0, 0, 1614)
    assert hand.winnings == (0, 0, 0)
    assert hand.finishing_stacks is None and hand.rake is None  # not a result of the pots
    assert hand.extra["_finishing_stacks"] == (995, 200, 1614)  # co.c gets 2 back
    assert hand.extra["_rake"] == 95


def test_play_money_with_thousands_separators_counts_whole_chips():
    hand = hand_of("play_money.txt")
    assert hand.chip_unit == 1 and hand.currency is None
    assert hand.extra["_play_money"] is True
    assert hand.starting_stacks == (2500, 7500, 10000)
    assert hand.winnings == (0, 0, 250)


HEADS_UP = """\
{header}
Table 'T' 2-max Seat #1 is the button
Seat 1: a ({sign}10 in chips)
Seat 2: b ({sign}10 in chips)
a: posts small blind {sign}1
b: posts big blind {sign}2
*** HOLE CARDS ***
a: folds
Uncalled bet ({sign}1) returned to b
b collected {sign}2 from pot
*** SUMMARY ***
Total pot {sign}2 | Rake {sign}0
"""


WHEN = " - 2020/01/01 1:00:00 ET"
HEADERS = [
    ("PokerStars Game #27738502010: Hold'em No Limit ($1/$2)" + WHEN, "$", 27738502010),
    ("PokerStars Hand #5:  Hold'em No Limit ($1/$2 USD)" + WHEN, "$", 5),
    ("PokerStars Home Game Hand #7: {Friday Club}  Hold'em No Limit ($1/$2)" + WHEN, "$", 7),
    ("PokerStars Hand #8:  Mixed NLH/PLO (Hold'em No Limit, $1/$2 USD)" + WHEN, "$", 8),
    (
        "PokerStars Hand #9: Hold'em No Limit (£1/£2 GBP)"
        " - 2020/01/01 1:00:00 WET [2019/12/31 20:00:00 ET]",
        "£",
        9,
    ),
    (
        "PokerStars Hand #11: Tournament #12, Freeroll  Hold'em No Limit - Level XIV (1/2)" + WHEN,
        "",
        11,
    ),
    (
        "PokerStars Hand #13: Tournament #14, 100+10 FPP Hold'em No Limit"
        " - Match Round I, Level I (1/2)" + WHEN,
        "",
        13,
    ),
]


@pytest.mark.parametrize("header, sign, number", HEADERS)
def test_headers_of_every_kind(header, sign, number):
    hand = from_text(HEADS_UP.format(header=header, sign=sign))
    assert hand.hand == number
    assert hand.players == ("b", "a")  # heads-up: p1 is the big blind
    assert hand.winnings == (hand.starting_stacks[0] // 5, 0)
    assert_replays_to_collected(hand)


def test_a_level_in_roman_numerals():
    header = HEADERS[5][0]
    assert from_text(HEADS_UP.format(header=header, sign="")).level == 14
