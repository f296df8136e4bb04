"""What real hand histories contain, read and replayed as PokerKit reads them: unknown and
partly known cards, shows repeated during a runout, no small blind, TOML's other strings
and bare dates, and the folds PokerKit allows when nobody else can bet."""

import datetime as dt
import warnings

import pytest

from holdem.cards import Deck
from holdem.engine import Action, Hand, HandConfig
from holdem.history import dumps, loads
from holdem.history.house_rules import RULES_FIELD
from holdem.history.record import history_of
from holdem.history.replay import replay


def pokerkit_stacks(text):
    """PokerKit's finishing stacks for a hand, or None where it refuses an action."""
    from pokerkit import HandHistory as PokerKitHistory

    history = PokerKitHistory.loads(text)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "There is no reason for this player to fold."
            states = [state for state, _ in history.state_actions]
    except ValueError:
        return None
    return [int(stack) for stack in states[-1].stacks]


def ours(text):
    [hand] = loads(text)
    result = replay(hand)
    return None if result.error is not None else list(result.finishing_stacks or ())


def hand_of(actions, *, stacks="[100, 100, 100]", blinds="[1, 2, 0]", end=""):
    return (
        "variant = 'NT'\nantes = [0, 0, 0]\n"
        f"blinds_or_straddles = {blinds}\nmin_bet = 2\nstarting_stacks = {stacks}\n"
        f"actions = {actions}\n{end}"
    )


TO_RIVER = (
    "'d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 cc', 'p2 f', "
    "'d db Ah9s3s', 'p1 cc', 'p3 cc', 'd db 2s', 'p1 cc', 'p3 cc', 'd db Kd', 'p1 cc', 'p3 cc'"
)


@pytest.mark.parametrize(
    ("shows", "stacks"),
    [
        ("'p1 sm ????', 'p3 sm AcAd'", [94, 98, 108]),  # an unknown hand beats nothing known
        ("'p1 sm Kc??', 'p3 sm 2c2d'", [94, 98, 108]),  # nor does a partly known one
        ("'p1 sm ????', 'p3 sm ????'", [101, 98, 101]),  # two unknown hands split
        ("'p1 sm ????', 'p3 sm'", [108, 98, 94]),  # shown, even unknown, beats a muck
        ("'p1 sm KhQh', 'p3 sm ????'", [108, 98, 94]),
    ],
)
def test_shows_of_unknown_cards_score_as_pokerkit_scores_them(shows, stacks):
    text = hand_of(f"[{TO_RIVER}, {shows}]")
    assert ours(text) == pokerkit_stacks(text) == stacks


@pytest.mark.parametrize(
    ("shows", "stacks"),
    [
        ("'p3 sm', 'p1 sm ????'", [108, 98, 94]),  # the last to show mucks first
        ("'p3 sm AcAd'", [94, 98, 108]),  # p1's unknown hand is never shown
        ("'p1 sm AcAd'", [108, 98, 94]),
        ("", [101, 98, 101]),  # nobody recorded either hand: two unknown hands split
    ],
)
def test_shows_and_mucks_in_any_order_as_pokerkit_takes_them(shows, stacks):
    text = hand_of(f"[{TO_RIVER}{', ' + shows if shows else ''}]")
    assert ours(text) == pokerkit_stacks(text) == stacks


def test_a_folded_player_cannot_show_at_the_showdown():
    [hand] = loads(hand_of(f"[{TO_RIVER}, 'p2 sm 7c2d', 'p1 sm ????', 'p3 sm AcAd']"))
    assert "p2 has folded: only players still in show or muck" in (replay(hand).error or "")


def test_unknown_hole_cards_read_and_write_back():
    text = hand_of(f"[{TO_RIVER}, 'p1 sm ????', 'p3 sm AcAd']")
    [hand] = loads(text)
    assert hand.actions[0].cards == (None, None)
    assert hand.actions[-2].cards == (None, None)
    assert dumps(hand) == text


ALL_IN = "'d dh p1 7h7d', 'd dh p2 ????', 'd dh p3 AcAd', 'p3 cbr 100', 'p1 cc', 'p2 f'"


def test_hands_shown_again_after_each_street_of_the_runout():
    # Sites write the tabled hands again with each street; PokerKit itself refuses the
    # repeats, but they say nothing new: the same hands, the same result.
    shows = "'p1 sm 7h7d', 'p3 sm AcAd'"
    once = f"[{ALL_IN}, {shows}, 'd db Ah9s3s', 'd db 2s', 'd db 7s']"
    assert ours(hand_of(once)) == pokerkit_stacks(hand_of(once)) == [0, 98, 202]
    steps = f"[{ALL_IN}, {shows}, 'd db Ah9s3s', {shows}, 'd db 2s', {shows}, 'd db 7s', {shows}]"
    assert ours(hand_of(steps)) == [0, 98, 202]
    # At the end, in another order than the rules' showing order: still the same hands.
    steps = f"[{ALL_IN}, {shows}, 'd db Ah9s3s', 'd db 2s', 'd db 7s', 'p3 sm AcAd', 'p1 sm 7h7d']"
    assert ours(hand_of(steps)) == [0, 98, 202]


def test_a_hand_shown_again_with_other_cards_is_refused():
    shows = "'p1 sm 7h7d', 'p3 sm AcAd'"
    steps = f"[{ALL_IN}, {shows}, 'd db Ah9s3s', 'd db 2s', 'd db 7s', 'p3 sm AcKd']"
    [hand] = loads(hand_of(steps))
    assert "actions[11] 'p3 sm AcKd': p3 shows other cards than they hold" in (
        replay(hand).error or ""
    )


def test_an_unknown_hand_tabled_before_the_runout_is_shown_unknown_at_the_end():
    steps = (
        "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 AcAd', 'p3 cbr 100', 'p1 cc', 'p2 f', "
        "'p1 sm ????', 'p3 sm AcAd', 'd db Ah9s3s', 'd db 2s', 'd db 7s']"
    )
    assert ours(hand_of(steps)) == pokerkit_stacks(hand_of(steps)) == [0, 98, 202]


ALL_IN_THREE = "'d dh p1 AhAd', 'd dh p2 KsKc', 'd dh p3 7h2c', 'p3 cbr 100', 'p1 cc', 'p2 cc'"


def test_a_muck_at_the_all_in_gives_the_hand_up_as_pokerkit_takes_it():
    # PokerKit's showdown comes when the betting ends, before the runout: p1's aces are
    # mucked there, so p1 wins nothing and the kings take both pots.
    shows = "'p3 sm 7h2c', 'p1 sm', 'p2 sm KsKc'"
    steps = f"[{ALL_IN_THREE}, {shows}, 'd db 3c8d9s', 'd db 4h', 'd db Jc']"
    text = hand_of(steps, stacks="[50, 100, 100]")
    assert ours(text) == pokerkit_stacks(text) == [0, 250, 0]


def test_a_muck_that_leaves_one_hand_ends_it_after_the_deal_pokerkit_still_makes():
    steps = "['d dh p1 AhAd', 'd dh p2 ????', 'p2 cbr 40', 'p1 cc', 'p2 sm', 'd db 3c8d9s']"
    text = hand_of(steps, stacks="[30, 40]", blinds="[1, 2]").replace("[0, 0, 0]", "[0, 0]")
    assert ours(text) == pokerkit_stacks(text) == [60, 10]
    more = text.replace("'d db 3c8d9s'", "'d db 3c8d9s', 'd db 4h'")
    [hand] = loads(more)
    assert "'d db 4h': cannot deal board cards" in (replay(hand).error or "")


def test_hole_cards_left_out_are_dealt_face_down_as_pokerkit_deals_them():
    folds = "'p3 cbr 6', 'p1 f', 'p2 cc', 'd db Ah9s3s', 'p2 cc', 'p3 cbr 10', 'p2 f'"
    expected = [99, 94, 107]
    for deals in ("", "'d dh p1 AsKd', "):
        text = hand_of(f"[{deals}{folds}]")
        assert ours(text) == pokerkit_stacks(text) == expected


def test_a_hand_with_no_small_blind():
    folded = hand_of(
        "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f', 'p2 f']",
        blinds="[0, 2, 0]",
    )
    assert ours(folded) == pokerkit_stacks(folded) == [100, 98, 102]
    limped = hand_of(
        "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cc', 'p1 cc', 'p2 cc', "
        "'d db Ah9s3s', 'p1 cc', 'p2 cc', 'p3 cbr 4', 'p1 f', 'p2 f']",
        blinds="[0, 2, 0]",
    )
    assert ours(limped) == pokerkit_stacks(limped) == [98, 98, 104]


BIG_BLIND_LEFT = (
    "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [2, 4, 0]\nmin_bet = 4\n"
    "starting_stacks = [100, 100, 3]\n"
)


def test_the_big_blind_may_fold_when_nobody_else_can_bet():
    # The button calls all-in short, the small blind folds: PokerKit still asks the big
    # blind, who folds (it allows that in cash games); the button wins what it can.
    text = BIG_BLIND_LEFT + (
        "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cc', 'p1 f', 'p2 f']\n"
        "finishing_stacks = [98, 97, 8]\n"
    )
    assert ours(text) == pokerkit_stacks(text) == [98, 97, 8]
    [hand] = loads(text)
    assert replay(hand).match is True


def test_the_big_blind_may_check_instead_and_the_hand_runs_out():
    text = BIG_BLIND_LEFT + (
        "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cc', 'p1 f', 'p2 cc', "
        "'d db 2c3c4c', 'd db 5d', 'd db 9h', 'p2 sm ????', 'p3 sm ????']\n"
    )
    assert ours(text) == pokerkit_stacks(text) == [98, 101, 4]


@pytest.mark.parametrize(
    "actions",
    [
        # The turn is taken once: a check then a fold is a second turn nobody gives.
        "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cc', 'p1 f', 'p2 cc', 'p2 f']",
        # Once the flop is out, the preflop round is over for PokerKit too.
        "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cc', 'p1 f', 'd db 2c3c4c', 'p2 f']",
        # A bet with nobody left to call it.
        "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cc', 'p1 f', 'p2 cbr 8']",
    ],
)
def test_no_turn_beyond_the_one_pokerkit_gives(actions):
    text = BIG_BLIND_LEFT + f"actions = {actions}\n"
    assert ours(text) is None and pokerkit_stacks(text) is None


def test_a_big_blind_that_cannot_lose_more_is_not_asked():
    # Heads-up, the small blind's whole stack is less than the big blind: PokerKit gives
    # the big blind no turn at all, so its fold is refused.
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [10, 20]\nmin_bet = 20\n"
        "starting_stacks = [100, 15]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'p2 cc', 'p1 f']\n"
    )
    assert ours(text) is None and pokerkit_stacks(text) is None
    [hand] = loads(text)
    assert "no player is to act" in (replay(hand).error or "")


def test_a_fold_when_a_check_is_free():
    text = hand_of(
        "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cc', 'p1 cc', 'p2 f', "
        "'d db Ah9s3s', 'p1 f']"
    )
    assert ours(text) == pokerkit_stacks(text) == [98, 98, 104]


def test_toml_multi_line_strings_and_bare_dates_and_times_are_kept():
    text = hand_of(
        "['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 f']",
        end=(
            'event = """Friday\nnight game"""\n'
            "venue = '''Bob's \"place\"'''\n"
            "time = 12:30:00\n"
            "day = 2009-07-01\n"
            "_when = 2009-07-01T12:30:00-05:00\n"
            "_site = { name = 'x', share = 0.05 }\n"
            "_notes = '''\nfirst line\nsecond'''\n"
        ),
    )
    [hand] = loads(text)
    assert hand.event == "Friday\nnight game" and hand.venue == 'Bob\'s "place"'
    assert hand.time == dt.time(12, 30)
    # PHH's day is an integer: a bare date written there is kept as written, in extra.
    assert hand.day is None and hand.extra["day"] == dt.date(2009, 7, 1)
    assert "\nday = 2009-07-01\n" in dumps(hand)
    zone = dt.timezone(dt.timedelta(hours=-5))
    assert hand.extra["_when"] == dt.datetime(2009, 7, 1, 12, 30, tzinfo=zone)
    assert hand.extra["_site"] == {"name": "x", "share": 0.05}
    assert hand.extra["_notes"] == "first line\nsecond"
    assert loads(dumps(hand)) == [hand]
    assert ours(text) == pokerkit_stacks(text) == [99, 101, 100]


def test_time_may_be_a_date_time():
    [hand] = loads(hand_of("[]", end="time = 2009-07-01T12:30:00\n"))
    assert hand.time == dt.datetime(2009, 7, 1, 12, 30)
    assert "time = 2009-07-01T12:30:00\n" in dumps(hand)


def played_hand():
    config = HandConfig.create("nl", [100, 100], small_blind=1, big_blind=2)
    hand = Hand(config, Deck())
    hand.act(Action.fold())
    return hand


def test_house_rules_are_a_user_defined_field_with_an_underscore():
    history = history_of(played_hand())
    written = dumps(history)
    assert RULES_FIELD == "_holdem_rules" and "\n_holdem_rules = {" in written
    assert "\nholdem_rules" not in written


def test_the_old_name_of_the_house_rules_is_still_read():
    history = history_of(played_hand())
    old = dumps(history).replace("_holdem_rules = ", "holdem_rules = ")
    [again] = loads(old)
    assert "holdem_rules" in again.extra
    result = replay(again)
    assert result.ok and result.finishing_stacks == (101, 99)
    # ...and the rules it holds are honoured: a bad one is refused, whatever the name.
    broken = old.replace("raise_cap = ", "raise_limit = ")
    assert "unknown keys ['raise_limit']" in (replay(loads(broken)[0]).error or "")
