"""Hands real tables deal now and then: no small blind, a dead button, a split pot."""

from decimal import Decimal

import pytest

from holdem.history.pokerstars_read import StarsError
from tests.history.stars_support import assert_replays_to_collected, from_text, pot_shares

NO_SMALL_BLIND = """\
PokerStars Hand #220000000001:  Hold'em No Limit ($0.10/$0.25 USD) - 2021/07/01 12:00:00 ET
Table 'Ara' 6-max Seat #1 is the button
Seat 1: n1 ($25 in chips)
Seat 3: n3 ($25 in chips)
Seat 4: n4 ($25 in chips)
n3: posts big blind $0.25
*** HOLE CARDS ***
n4: calls $0.25
n1: raises $0.75 to $1
n3: folds
n4: calls $0.75
*** FLOP *** [4c 5c 6c]
n4: checks
n1: bets $1.50
n4: folds
Uncalled bet ($1.50) returned to n1
n1 collected $2.15 from pot
n1: doesn't show hand
*** SUMMARY ***
Total pot $2.25 | Rake $0.10
Board [4c 5c 6c]
Seat 1: n1 (button) collected ($2.15)
Seat 3: n3 (big blind) folded before Flop
Seat 4: n4 folded on the Flop
"""

SPLIT = """\
PokerStars Hand #220000000002:  Hold'em No Limit ($0.01/$0.02 USD) - 2021/07/01 12:01:00 ET
Table 'Bee' 6-max Seat #2 is the button
Seat 1: sp1 ($2 in chips)
Seat 2: sp2 ($2 in chips)
Seat 3: sp3 ($2 in chips)
sp3: posts small blind $0.01
sp1: posts big blind $0.02
*** HOLE CARDS ***
sp2: calls $0.02
sp3: folds
sp1: checks
*** FLOP *** [As Ks Qs]
sp1: checks
sp2: checks
*** TURN *** [As Ks Qs] [Js]
sp1: checks
sp2: checks
*** RIVER *** [As Ks Qs Js] [Ts]
sp1: checks
sp2: checks
*** SHOW DOWN ***
sp1: shows [2c 3d] (a Royal Flush)
sp2: shows [4h 5h] (a Royal Flush)
sp1 collected $0.03 from pot
sp2 collected $0.02 from pot
*** SUMMARY ***
Total pot $0.05 | Rake $0
Board [As Ks Qs Js Ts]
Seat 1: sp1 (big blind) showed [2c 3d] and won ($0.03) with a Royal Flush
Seat 2: sp2 (button) showed [4h 5h] and won ($0.02) with a Royal Flush
Seat 3: sp3 (small blind) folded before Flop
"""


def test_a_hand_with_only_a_big_blind():
    hand = from_text(NO_SMALL_BLIND)
    assert hand.players == ("n3", "n4", "n1")
    assert hand.blinds_or_straddles == (25, 0, 0)
    assert_replays_to_collected(hand)


def test_a_dead_button_on_an_empty_seat():
    text = NO_SMALL_BLIND.replace("Seat #1 is the button", "Seat #2 is the button")
    text = text.replace("n3: posts big blind", "n3: posts small blind $0.10\nn4: posts big blind")
    text = text.replace("n4: calls $0.25\nn1: raises $0.75 to $1\nn3: folds\nn4: calls $0.75",
                        "n1: raises $0.75 to $1\nn3: folds\nn4: calls $0.75")  # fmt: skip
    text = text.replace("Total pot $2.25 | Rake $0.10", "Total pot $2.10 | Rake $0.10")
    text = text.replace("$2.15", "$2")
    hand = from_text(text)
    assert hand.players == ("n3", "n4", "n1")  # the empty button seat: n1 acts last
    assert hand.blinds_or_straddles == (10, 25, 0)
    assert_replays_to_collected(hand)


def test_a_split_pot_gives_the_odd_chip_to_the_first_winner_after_the_button():
    hand = from_text(SPLIT)
    assert hand.players == ("sp3", "sp1", "sp2")
    assert pot_shares(hand) == [0, 3, 2] == list(hand.winnings)


def test_a_name_that_starts_with_another_players_name_and_a_colon():
    text = SPLIT.replace("sp2", "sp1: Jr")  # "sp1: Jr: checks" is sp1: Jr's, not sp1's
    hand = from_text(text)
    assert hand.players == ("sp3", "sp1", "sp1: Jr")
    assert pot_shares(hand) == [0, 3, 2] == list(hand.winnings)


def test_every_take_of_the_house_beside_the_rake_counts_as_rake():
    text = NO_SMALL_BLIND.replace(
        "Total pot $2.25 | Rake $0.10", "Total pot $2.25 | Rake $0.08 | Jackpot $0.02"
    )
    hand = from_text(text)
    assert hand.rake == 10
    assert_replays_to_collected(hand)


def test_any_currency_sign_before_the_amounts():
    text = NO_SMALL_BLIND.replace("$", "₹").replace("USD", "INR")
    hand = from_text(text)
    assert (hand.currency, hand.currency_symbol, hand.chip_unit) == ("INR", "₹", Decimal("0.01"))
    assert_replays_to_collected(hand)


def test_cards_in_two_hands_are_reported():
    with pytest.raises(StarsError, match=r"sp2's cards: .*2c"):
        from_text(SPLIT.replace("[4h 5h]", "[2c 5h]"))  # sp1 shows 2c too
    with pytest.raises(StarsError, match=r"line 22: .* other cards than those shown"):
        from_text(SPLIT.replace("sp2: shows [4h 5h]", "sp2: shows [4h 6h]"))


def test_a_refused_action_is_said_of_the_player_who_took_it():
    # The engine speaks to the player to act ("you cannot check"); the import speaks of
    # the player the text names.
    with pytest.raises(StarsError, match=r"line 11: n4 cannot check: .*, 75 to call"):
        from_text(NO_SMALL_BLIND.replace("n4: calls $0.75", "n4: checks"))
