"""Driving hands by hand for bot tests: stacked decks, and a loop that checks every action."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from holdem.bots import BOTS, Bot, PlayerView, view_for
from holdem.cards import ALL_CARDS, Card, Deck, parse_cards
from holdem.engine import Action, ActionKind, Hand, HandConfig, LegalActions


def stacked_deck(holes: Sequence[str], board: str = "") -> Deck:
    """A deck that deals ``holes`` (by position) and then ``board`` (burns in between)."""
    hands = [parse_cards(h) for h in holes]
    flop_turn_river = parse_cards(board)
    used = {c for h in hands for c in h} | set(flop_turn_river)
    spare = iter(c for c in ALL_CARDS if c not in used)
    order = [h[0] for h in hands] + [h[1] for h in hands]
    for street in (flop_turn_river[:3], flop_turn_river[3:4], flop_turn_river[4:5]):
        order += [next(spare), *street]
    return Deck(order + list(spare))


def is_legal(action: Action, legal: LegalActions) -> bool:
    """Whether ``legal`` allows ``action``, amount included."""
    if action.kind not in legal.kinds:
        return False
    if action.kind == ActionKind.BET:
        return legal.bet is not None and action.to in legal.bet
    if action.kind == ActionKind.RAISE:
        return legal.raise_ is not None and action.to in legal.raise_
    return True


Watcher = Callable[[Hand, int, PlayerView, Action], None]


def play(config: HandConfig, bots: Sequence[Bot], deck: Deck, watch: Watcher | None = None) -> Hand:
    """Play one hand, bot ``i`` in position ``i``; every action must be legal."""
    hand = Hand(config, deck)
    while not hand.is_over:
        player = hand.to_act
        assert player is not None
        view, legal = view_for(hand, player), hand.legal_actions()
        action = bots[player].decide(view, legal)
        assert is_legal(action, legal), f"{bots[player].name}: {action} when {legal.describe()}"
        if watch is not None:
            watch(hand, player, view, action)
        hand.act(action)
    return hand


def make(name: str, seed: int = 0) -> Bot:
    return BOTS[name](random.Random(seed))


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))
