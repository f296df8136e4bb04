"""The one-pass reading of plain hands (``history._hand_fast``): where it answers, it
gives exactly the hand that reading field by field gives; where that way refuses the
hand, it does not answer, so every error is still worded by ``HandHistory.read_table``.

Hands are compared by ``repr`` as well as ``==``, which sees types (``True`` against 1).
"""

import datetime as dt
import random
from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from holdem.history import _toml_fast
from holdem.history._hand_fast import plain_hand
from holdem.history.errors import PHHError
from holdem.history.hand import HandHistory
from holdem.history.phh import find_files
from tests.corpus import CORPUS, needs_corpus

PLAIN = {
    "variant": "NT",
    "ante_trimming_status": True,
    "antes": [0, 0, 0],
    "blinds_or_straddles": [1, 2, 0],
    "min_bet": 2,
    "starting_stacks": [200, 150, 300],
    "actions": [
        "d dh p1 AsKd", "d dh p2 7c7d", "d dh p3 ????", "p3 f", "p1 cbr 6", "p2 cc",
        "d db Jh7s4s", "p1 cbr 10 # a stab", "p2 f",
    ],
    "hand": 12,
    "players": ["Ann", "Bo", "Cy"],
    "seats": [1, 4, 6],
    "seat_count": 6,
    "table": "Alpha",
    "finishing_stacks": [208, 144, 300],
    "venue": "Home",
    "time": dt.time(20, 15),
    "day": 2,
    "month": 7,
    "year": 2009,
}  # fmt: skip
CENTS = {
    **PLAIN,
    "antes": [0, 0, 0],
    "blinds_or_straddles": [Decimal("0.05"), Decimal("0.10"), 0],
    "min_bet": Decimal("0.10"),
    "starting_stacks": [Decimal("10.00"), Decimal("8.15"), 12],
    "actions": ["d dh p1 AsKd", "d dh p2 7c7d", "d dh p3 ????", "p3 f", "p1 cbr 0.30", "p2 f"],
    "finishing_stacks": [Decimal("10.10"), Decimal("8.05"), 12],
    "winnings": [Decimal("0.20"), 0, 0],
    "rake": 0,
}


def the_long_way(table):
    try:
        return HandHistory.read_table(table)
    except PHHError as error:
        return error


def assert_same(table):
    """The one-pass answer, if any, is the long way's hand; None where that way refuses."""
    expected = the_long_way(table)
    fast = plain_hand(HandHistory, table)
    if isinstance(expected, PHHError):
        assert fast is None, f"accepted a hand the long way refuses: {expected}"
    elif fast is not None:
        # extra is compared as written (below): a NaN kept there equals no other NaN
        assert replace(fast, extra={}) == replace(expected, extra={})
        assert repr(fast) == repr(expected)
        assert {k: type(v) for k, v in vars(fast).items()} == {
            k: type(v) for k, v in vars(expected).items()
        }
    return fast


@pytest.mark.parametrize("table", [PLAIN, CENTS], ids=["chips", "cents"])
def test_a_plain_hand_is_read_in_one_pass_as_the_long_way_reads_it(table):
    fast = assert_same(table)
    assert fast is not None
    assert HandHistory.from_table(table) is not None


def test_a_hand_in_cents_keeps_its_unit():
    hand = plain_hand(HandHistory, CENTS)
    assert hand is not None
    assert hand.chip_unit == Decimal("0.01")
    assert hand.starting_stacks == (1000, 815, 1200)
    assert hand.finishing_stacks == (1010, 805, 1200)


def test_a_hand_with_fields_of_its_own_is_read_in_one_pass():
    # PHH's user-defined fields start with "_": holdem's files all have _holdem_rules.
    table = {**PLAIN, "_holdem_rules": {"raise_cap": 3, "live_posts": []}, "_note": "x"}
    fast = assert_same(table)
    assert fast is not None
    assert fast.extra == {"_holdem_rules": {"raise_cap": 3, "live_posts": ()}, "_note": "x"}
    assert plain_hand(HandHistory, {**PLAIN, "holdem_rules": {}}) is None  # the old name


@needs_corpus
def test_every_corpus_hand_reads_the_same_and_nearly_all_in_one_pass():
    tables = []
    for path in find_files([CORPUS]):
        document = _toml_fast.parse(path.read_text(encoding="utf-8"))
        assert document is not None
        tables += [document] if "variant" in document else list(document.values())
    answered = [assert_same(table) for table in tables]
    assert len(tables) > 10_000
    assert sum(hand is not None for hand in answered) > 0.99 * len(tables)


# Spoilt hands: a plain hand with one field changed, removed or added.

ODD_VALUES = [
    -1, 0, 1, 11, 2**63, True, False, 1.5, float("inf"), Decimal("inf"), Decimal("NaN"),
    Decimal("2.5"), Decimal("2.000"), Decimal("-0.01"), Decimal("1e-9"), Decimal("1E+2"),
    Decimal("0.0000001"), Decimal("-1.50"), "", "NT", "FT", "PT",
    "NS", "p1 f", [], [0], [1, 2], [0, 0, 0], [1, 1, 1], [5, -1, 3], [True, 1, 1], [1.0, 2, 3],
    ["a", "b", "c"], ["a", 1, "c"], [[1], [2], [3]], [Decimal("1.5"), 2, 3], {"a": 1},
    dt.date(2009, 7, 1), dt.datetime(2009, 7, 1, 12), dt.time(1, 2),
    [Decimal("inf"), 100, 100], [200, 150, 300, 10],
]  # fmt: skip
ODD_ACTIONS = [
    "p4 f", "p0 f", "p1 cbr 0", "p1 cbr -5", "p1 cbr 2.5", "p1 cbr 2.50", "d db", "d dh p1 AsAs",
    "d dh p1 Xx", "p1 sm", "p1 sm AsKd", "p1 sm -", "p1 pb", "# a note", "", "p1 cbr 1e3",
    "p12 cc", "d dh p3 As", 7, None, ["p1 f"], "p1 cbr 6.0", "p2 cbr 7.000",
]  # fmt: skip
FIELDS = [*PLAIN, "small_bet", "big_bet", "winnings", "rake", "time_limit", "_own", "bring_in"]


@pytest.mark.parametrize("base", [PLAIN, CENTS], ids=["chips", "cents"])
def test_every_field_spoilt_every_way_is_read_as_the_long_way_reads_it(base):
    for name in FIELDS:
        for value in [*ODD_VALUES, "REMOVE"]:
            table = {k: v for k, v in base.items() if k != name}
            if value != "REMOVE":
                table[name] = value
            assert_same(table)


@pytest.mark.parametrize("base", [PLAIN, CENTS], ids=["chips", "cents"])
def test_every_odd_action_anywhere_is_read_as_the_long_way_reads_it(base):
    for text in ODD_ACTIONS:
        for place in range(len(base["actions"]) + 1):
            actions = list(base["actions"])
            actions.insert(place, text)
            assert_same({**base, "actions": actions})


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    base=st.sampled_from([PLAIN, CENTS]),
    changes=st.lists(
        st.tuples(st.sampled_from(FIELDS), st.sampled_from([*ODD_VALUES, "REMOVE"])),
        max_size=3,
    ),
    action=st.one_of(st.none(), st.tuples(st.integers(0, 9), st.sampled_from(ODD_ACTIONS))),
)
def test_a_hand_spoilt_in_several_ways_is_read_as_the_long_way_reads_it_or_left_to_it(
    base, changes, action
):
    table = dict(base)
    for name, value in changes:
        if value == "REMOVE":
            table.pop(name, None)
        else:
            table[name] = value
    if action is not None and isinstance(table.get("actions"), list):
        place, text = action
        actions = list(table["actions"])
        actions.insert(min(place, len(actions)), text)
        table["actions"] = actions
    assert_same(table)


def test_random_play_of_any_shape_reads_the_same():
    """Hands of two to ten players, each variant, odd and even stacks."""
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(2, 10)
        variant = rng.choice(["NT", "PT", "FT"])
        table = {
            "variant": variant,
            "antes": [rng.choice([0, 1]) for _ in range(n)],
            "blinds_or_straddles": [1, 2, *[0] * (n - 2)],
            "starting_stacks": [rng.randint(1, 500) for _ in range(n)],
            "actions": [f"p{rng.randint(1, n)} {rng.choice(['f', 'cc', 'cbr 8'])}"],
        }
        if variant == "FT":
            table |= {"small_bet": 2, "big_bet": 4}
        else:
            table["min_bet"] = 2
        assert assert_same(table) is not None


def test_clearing_the_caches_forgets_what_reading_remembered_and_changes_nothing():
    from holdem.history import _hand_fast, actions, clear_caches
    from holdem.history.phh import loads

    text = "[1]\n" + "".join(
        f"{key} = {value}\n"
        for key, value in {
            "variant": "'NT'",
            "antes": "[0, 0]",
            "blinds_or_straddles": "[0.50, 1]",
            "min_bet": "1",
            "starting_stacks": "[200.30, 81.60]",
            "actions": "['d dh p1 AsKd', 'd dh p2 ????', 'p2 cbr 3.00', 'p1 f']",
        }.items()
    )
    first = loads(text)
    assert _hand_fast._PARSED and actions._CARDS_READ
    clear_caches()
    assert not _hand_fast._PARSED and not actions._CARDS_READ
    assert loads(text) == first
