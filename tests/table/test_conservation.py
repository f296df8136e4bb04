"""The table never creates or loses a chip, whatever players do between and during hands."""

import contextlib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.engine import Action, Structure
from holdem.errors import IllegalActionError
from holdem.table import NewPlayerRule, Table, TableSettings

NAMES = [f"p{i}" for i in range(12)]


def random_action(hand, rng):
    legal = hand.legal_actions()
    bounds = legal.bet or legal.raise_
    roll = rng.random()
    if bounds is not None and roll < 0.25:
        to = rng.randint(bounds.min, bounds.max)
        return Action.bet(to) if legal.bet else Action.raise_to(to)
    if legal.check:
        return Action.check()
    return Action.fold() if roll > 0.75 else Action.call()


def run_session(seed: int, hands: int, structure: Structure, rule: NewPlayerRule, dead: bool):
    rng = random.Random(seed)
    t = Table(
        TableSettings(
            seats=rng.randint(2, 10), structure=structure, new_players=rule, dead_button=dead,
            straddles=True, run_it_twice=rng.random() < 0.3, seven_deuce_bounty=rng.choice([0, 5]),
            min_buy_in=20, max_buy_in=300, ante=rng.choice([0, 0, 1]),
        ),
        rng=rng,
    )  # fmt: skip
    bought = adjusted = 0
    names = iter(NAMES * 100)
    played = 0
    for _ in range(hands * 3):
        if played >= hands:
            break
        # Between hands: people come, go, sit out, come back, top up; the host adjusts.
        for _ in range(rng.randint(0, 2)):
            seat = rng.randrange(len(t.seats))
            player = t.seats[seat]
            roll = rng.random()
            try:
                if player is None and roll < 0.6:
                    amount = rng.randint(20, 300)
                    t.sit(seat, f"{next(names)}-{seat}-{played}", amount)
                    bought += amount
                elif player is not None and roll < 0.2:
                    before = cashed_out(t)
                    stack = player.stack
                    t.leave(seat)
                    assert cashed_out(t) - before == stack  # the ledger has the whole stack
                elif player is not None and roll < 0.4:
                    t.sit_out(seat)
                elif player is not None and roll < 0.6:
                    t.sit_in(seat)
                elif player is not None and roll < 0.8:
                    amount = rng.randint(1, 100)
                    t.top_up(seat, amount)
                    bought += amount
                elif player is not None:
                    change = rng.randint(-player.stack, 20)
                    t.adjust(seat, change)
                    adjusted += change
            except IllegalActionError:
                pass  # refused: nothing changed
            assert t.chips_on_table() + cashed_out(t) == bought + adjusted
        if rng.random() < 0.1:
            with contextlib.suppress(IllegalActionError):
                t.straddle(rng.randrange(len(t.seats)))
        if rng.random() < 0.05:
            t.bomb_pot(rng.randint(1, 5))
        try:
            hand = t.start_hand()
        except IllegalActionError:
            continue
        while not hand.is_over:
            if rng.random() < 0.02:  # someone leaves mid-hand: they go once it is over
                seat = rng.choice(t.current.seat_of)
                player = t.seats[seat]
                if player is not None and not player.leaving:
                    t.leave(seat)
            t.act(t.seat_to_act, random_action(hand, rng))
            assert t.chips_on_table() + cashed_out(t) == bought + adjusted
        played += 1
        for s in t.seats:
            assert s is None or s.stack >= 0
    return played


def cashed_out(t: Table) -> int:
    return sum(e.amount for e in t.ledger.entries if e.kind == "cash-out")


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 10**6),
    st.sampled_from(list(Structure)),
    st.sampled_from(list(NewPlayerRule)),
    st.booleans(),
)
def test_no_chip_is_created_or_lost_over_thousands_of_hands(seed, structure, rule, dead):
    assert run_session(seed, 120, structure, rule, dead) > 0
