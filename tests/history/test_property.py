"""Generated hands round-trip: whatever a HandHistory holds, write -> read gives it back."""

import datetime as dt
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.cards import ALL_CARDS
from holdem.history.actions import BetRaise, CheckCall, DealBoard, DealHole, Fold, NoOp, ShowMuck
from holdem.history.hand import KNOWN_FIELDS
from holdem.history.phh import HandHistory, dumps, dumps_many, loads

texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
comments = st.none() | texts
chips = st.integers(0, 2**40)
positive = st.integers(1, 2**40)
amounts = st.integers(0, 2**40) | st.floats(min_value=0, allow_nan=False)
# Results as amounts: up to the readers' bound of 30 digits, or unknown (inf).
results = st.integers(0, 2**40) | st.floats(min_value=0, max_value=1e15) | st.just(float("inf"))
# A result finer than the unit: a Decimal count of units with a fraction (a half chip).
fine_amounts = st.decimals(min_value=0, max_value=10**12, places=2, allow_nan=False)
units = st.sampled_from([Decimal(1), Decimal("0.1"), Decimal("0.01"), Decimal("1e-8")])


@st.composite
def card_strings(draw, min_size=1, max_size=5):
    cards = draw(
        st.lists(st.sampled_from(ALL_CARDS), min_size=min_size, max_size=max_size, unique=True)
    )
    unknown = draw(st.lists(st.booleans(), min_size=len(cards), max_size=len(cards)))
    return tuple(None if hide else card for card, hide in zip(cards, unknown, strict=True))


def actions(n):
    players = st.integers(0, n - 1)
    return st.one_of(
        st.builds(DealHole, players, card_strings(), comment=comments),
        st.builds(DealBoard, card_strings(), comment=comments),
        st.builds(Fold, players, comment=comments),
        st.builds(CheckCall, players, comment=comments),
        st.builds(BetRaise, players, positive, comment=comments),
        st.builds(ShowMuck, players, card_strings(), comment=comments),
        st.builds(ShowMuck, players, comment=comments),
        st.builds(ShowMuck, players, shown_dealt=st.just(True), comment=comments),
        st.builds(NoOp, comment=comments),
    )


toml_scalars = st.one_of(
    texts,
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False),
    st.dates(),
    st.times(),
    st.datetimes(),
    st.datetimes(
        timezones=st.sampled_from([dt.UTC, dt.timezone(dt.timedelta(hours=-5, minutes=-30))])
    ),
)
toml_values = st.recursive(
    toml_scalars,
    lambda inner: (
        st.lists(inner, max_size=3).map(tuple) | st.dictionaries(texts, inner, max_size=3)
    ),
    max_leaves=8,
)
extra_keys = texts.filter(lambda key: key not in KNOWN_FIELDS and key != "bring_in")


def maybe(strategy):
    return st.none() | strategy


@st.composite
def hands(draw):
    n = draw(st.integers(2, 10))
    variant = draw(st.sampled_from(["NT", "FT", "PT"]))

    def per_player(values):
        return st.lists(values, min_size=n, max_size=n).map(tuple)

    fixed = variant == "FT"
    return HandHistory(
        variant=variant,
        antes=draw(per_player(chips)),
        blinds_or_straddles=draw(per_player(chips)),
        min_bet=None if fixed else draw(positive),
        small_bet=draw(positive) if fixed else None,
        big_bet=draw(positive) if fixed else None,
        starting_stacks=draw(per_player(maybe(positive))),
        actions=tuple(draw(st.lists(actions(n), max_size=12))),
        ante_trimming_status=draw(maybe(st.booleans())),
        author=draw(maybe(texts)),
        event=draw(maybe(texts)),
        city=draw(maybe(texts)),
        time=draw(maybe(st.times() | st.datetimes())),
        time_zone=draw(maybe(st.sampled_from(["America/Toronto", "UTC"]))),
        day=draw(maybe(st.integers(1, 31))),
        month=draw(maybe(st.integers(1, 12))),
        year=draw(maybe(st.integers(0, 9999))),
        hand=draw(maybe(st.integers(0, 10**9) | texts)),
        level=draw(maybe(st.integers(0, 99))),
        seats=draw(maybe(per_player(st.integers(0, 10)))),
        seat_count=draw(maybe(st.integers(0, 10))),
        table=draw(maybe(st.integers(0, 999) | texts)),
        players=draw(maybe(per_player(texts))),
        finishing_stacks=draw(maybe(per_player(results | fine_amounts))),
        winnings=draw(maybe(per_player(results | fine_amounts))),
        rake=draw(maybe(results | fine_amounts)),
        currency=draw(maybe(st.sampled_from(["USD", "EUR"]))),
        time_limit=draw(maybe(amounts)),
        time_banks=draw(maybe(per_player(amounts))),
        extra=draw(st.dictionaries(extra_keys, toml_values, max_size=3)),
        chip_unit=draw(units),
    )


@settings(max_examples=300, deadline=None)
@given(hands())
def test_a_hand_round_trips(hand):
    # Whatever its unit: a hand in cents writes 200.30 and reads back 20030 units of 0.01.
    [again] = loads(dumps(hand))
    assert again == hand
    assert again.chip_unit == hand.chip_unit


@settings(max_examples=50, deadline=None)
@given(st.lists(hands(), max_size=4))
def test_many_hands_round_trip(many):
    assert loads(dumps_many(many), multi=True) == many
