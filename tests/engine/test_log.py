"""A hand is its event log: the log rebuilds the same hand."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.cards import Deck
from holdem.engine import Action, Hand, HandConfig
from holdem.engine.events import CardBurned
from holdem.engine.log import rebuild


def random_hand(seed: int, structure: str, players: int) -> Hand:
    rng = random.Random(seed)
    stacks = [rng.choice([3, 40, 200, 1000]) for _ in range(players)]
    config = HandConfig.create(
        structure, stacks, small_blind=1, big_blind=2, ante=rng.choice([0, 1])
    )
    hand = Hand(config, Deck.shuffled(rng))
    while not hand.is_over:
        legal = hand.legal_actions()
        bounds = legal.bet or legal.raise_
        roll = rng.random()
        if bounds is not None and roll < 0.3:
            to = rng.randint(bounds.min, bounds.max)
            hand.act(Action.bet(to) if legal.bet else Action.raise_to(to))
        elif legal.check:
            hand.act(Action.check())
        else:
            hand.act(Action.fold() if roll > 0.8 else Action.call())
    return hand


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(["nl", "pl", "fl"]), st.integers(2, 10))
def test_the_log_rebuilds_the_same_hand(seed, structure, players):
    played = random_hand(seed, structure, players)
    again = rebuild(played.config, played.events)
    dealt = [e for e in played.events if not isinstance(e, CardBurned)]  # burns hide their card
    assert again.events == dealt
    assert again.result == played.result
