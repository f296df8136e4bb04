"""A bot sees only what its seat may see: never another player's hole cards."""

from __future__ import annotations

import dataclasses
import random
import types
from collections.abc import Iterator
from typing import ClassVar

import pytest

from holdem.bots import BOTS, PlayerView, view_for, visible_events
from holdem.cards import Card, Deck
from holdem.engine import Action, Hand, HandConfig, LegalActions
from holdem.engine.events import BoardDealt, HoleCardsDealt, PlayerActed
from holdem.sim import simulate
from tests.bots.helpers import make, play

_LEAVES = (str, bytes, int, float, bool, type(None), type, types.ModuleType)


def reachable(root: object) -> Iterator[object]:
    """Every object reachable from ``root`` through fields, ``__dict__``, slots, public
    attributes and properties, and the items of containers."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, _LEAVES) or callable(obj):
            continue
        if isinstance(obj, dict):
            stack += [*obj.keys(), *obj.values()]
        elif isinstance(obj, (tuple, list, set, frozenset)):
            stack += list(obj)
        if dataclasses.is_dataclass(obj):
            stack += [getattr(obj, f.name) for f in dataclasses.fields(obj)]
        stack += list(getattr(obj, "__dict__", {}).values())
        for cls in type(obj).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if hasattr(obj, slot):
                    stack.append(getattr(obj, slot))
        for name in dir(obj):
            if not name.startswith("__"):
                try:
                    value = getattr(obj, name)
                except Exception:
                    continue
                if not callable(value):
                    stack.append(value)


def assert_sees_only_its_own(hand: Hand, player: int, view: PlayerView) -> None:
    found = list(reachable(view))
    assert not any(isinstance(o, (Hand, Deck, random.Random, HandConfig)) for o in found)
    seen_cards = {o for o in found if isinstance(o, Card)}
    own = {c for c in hand.holes[player] or () if c is not None}
    assert own <= seen_cards  # the walk does reach the cards in the view
    others = {
        c for p, hole in enumerate(hand.holes) if p != player for c in hole or () if c is not None
    }
    assert not seen_cards & others
    assert seen_cards <= own | set(hand.board)


@pytest.mark.parametrize("players", [2, 3, 6, 9])
def test_no_view_reaches_another_players_hole_cards(players):
    rng = random.Random(players)
    config = HandConfig.create("nl", [200] * players, small_blind=1, big_blind=2)
    names = list(BOTS)
    checked = 0

    def watch(hand: Hand, player: int, view: PlayerView, action: Action) -> None:
        nonlocal checked
        assert_sees_only_its_own(hand, player, view)
        checked += 1

    for number in range(12):
        bots = [make(names[(number + p) % len(names)], seed=p) for p in range(players)]
        play(config, bots, Deck.shuffled(rng), watch)
    assert checked > 30


def test_the_view_redacts_the_others_hole_cards_and_keeps_the_public_log():
    config = HandConfig.create("nl", [200] * 3, small_blind=1, big_blind=2)
    hand = Hand(config, Deck.shuffled(random.Random(1)))
    hand.act(Action.raise_to(6))
    view = view_for(hand, 0)
    dealt = [e for e in view.events if isinstance(e, HoleCardsDealt)]
    assert [e.cards is None for e in dealt] == [False, True, True]
    assert dealt[0].cards == view.hole == hand.holes[0]
    assert [e for e in view.events if isinstance(e, PlayerActed)] == [
        e for e in hand.events if isinstance(e, PlayerActed)
    ]
    assert len(view.events) == len(hand.events)
    assert (view.players, view.button, view.seats_from_button, view.to_call) == (3, 2, 2, 5)
    assert view.opponents_in_hand == (1, 2)


def test_positions_heads_up_and_six_handed():
    heads_up = Hand(HandConfig.create("nl", [200] * 2, small_blind=1, big_blind=2), Deck())
    # Heads-up the button (position 1) posts the small blind and acts first preflop (R6).
    view = view_for(heads_up, heads_up.to_act or 0)
    assert (view.player, view.button, view.seats_from_button, view.to_call) == (1, 1, 0, 1)
    six = Hand(HandConfig.create("nl", [200] * 6, small_blind=1, big_blind=2), Deck())
    view = view_for(six, 2)  # under the gun
    assert (view.seats_from_button, view.big_blind, view.pot, view.bets) == (
        3, 2, 3, (1, 2, 0, 0, 0, 0),
    )  # fmt: skip


def test_private_events_that_stay_private_when_redacted_are_left_out():
    @dataclasses.dataclass(frozen=True)
    class Whisper(HoleCardsDealt):
        @property
        def audience(self) -> int | None:
            return self.player  # private even once redacted

    secret = Whisper(1, None)
    board = BoardDealt(1, ())
    assert visible_events([secret, board], 0) == (board,)
    assert visible_events([secret, board], 1) == (secret, board)


def test_the_view_is_a_frozen_copy():
    hand = Hand(HandConfig.create("nl", [200] * 2, small_blind=1, big_blind=2), Deck())
    view = view_for(hand, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.stacks = (0, 0)  # type: ignore[misc]
    hand.act(Action.call())
    assert view.bets == (2, 1)  # the hand moved on; the view did not


class SnoopBot:
    """Looks everywhere it can reach through its view for cards that are not its own."""

    name = "snoop"
    found: ClassVar[list[Card]] = []
    decisions: ClassVar[int] = 0

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        attempts = [vars(view), view.__dict__, getattr(view, "hand", None)]
        attempts += [getattr(view, "_hand", None), getattr(view, "__wrapped__", None)]
        public = set(view.hole) | set(view.board)
        for attempt in attempts:
            SnoopBot.found += [
                o for o in reachable(attempt) if isinstance(o, Card) and o not in public
            ]
        SnoopBot.decisions += 1
        return Action.check() if legal.check else Action.call()


def test_a_snooping_bot_finds_no_other_cards(monkeypatch):
    monkeypatch.setitem(BOTS, "snoop", SnoopBot)
    monkeypatch.setattr(SnoopBot, "found", [])
    monkeypatch.setattr(SnoopBot, "decisions", 0)
    simulate(["snoop", "tag", "snoop", "mc"], 60, seed=4)
    assert SnoopBot.decisions > 100
    assert SnoopBot.found == []
