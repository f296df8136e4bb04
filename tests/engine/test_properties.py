"""Invariants of the engine over random hands (hypothesis).

Random tables: 2 to 10 players; No-Limit, Pot-Limit and Fixed-Limit; no ante, uniform
antes, a big-blind ante or a button ante; straddles and button straddles; tiny, uneven
and deep stacks; the house settings (antes or blinds first, full-bet or half-bet, raise
caps, ante trimming, run it more than once, show all hands, now and then PokerKit's
conventions); dealing from a deck or card by card (with some hole cards unknown, as at
a live table); an automatic or a player-driven showdown. Random legal actions drive each
hand to its end, and at every step:

- chips are conserved (the stacks plus the pot make the starting stacks), no stack or
  bet goes negative, and at the end every chip put in is awarded (R20, R23);
- a few refused actions (the wrong player, a check facing a bet, a call with nothing to
  call, a bet or raise not allowed or outside its range, an all-in not allowed, a
  showdown action while betting and the reverse, a deal out of order or of a card
  already in play) raise IllegalActionError (or DealingError) and leave the hand exactly
  as it was (R13; DESIGN: "leaves the state as it was");
- the same configuration, cards and actions give the same events, twice.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from holdem.cards import ALL_CARDS, Card, Deck, parse_cards
from holdem.engine import (
    Action,
    ActionKind,
    AnteKind,
    Hand,
    HandConfig,
    LegalActions,
    Phase,
    ShortAllInRule,
    Structure,
)
from holdem.engine import events as ev
from holdem.errors import DealingError, IllegalActionError
from tests.engine.helpers import state

MAX_STEPS = 400  # far more steps than any hand needs: a hand that runs on is a bug

SETTINGS = settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

Step = tuple[Any, ...]  # ("act", Action) | ("hole", player, cards) | ("board", cards)
Draw = Callable[[st.SearchStrategy[Any]], Any]


@dataclass(frozen=True)
class Table:
    config: HandConfig
    seed: int
    auto_showdown: bool
    explicit: bool
    """Deal card by card (``deal_hole``/``deal_board``) rather than from a ``Deck``."""
    hidden: frozenset[int]
    """Explicit dealing: positions whose hole cards the engine is not told."""

    def new_hand(self) -> tuple[Hand, list[Card]]:
        cards = list(ALL_CARDS)
        random.Random(self.seed).shuffle(cards)
        deck = None if self.explicit else Deck(cards)
        return Hand(self.config, deck, auto_showdown=self.auto_showdown), cards


@st.composite
def tables(draw: Draw) -> Table:
    n = draw(st.integers(2, 10))
    structure = draw(st.sampled_from(list(Structure)))
    bb = draw(st.sampled_from([2, 10, 100]))
    sb = draw(st.sampled_from([bb // 2, bb]))
    ante_kind = draw(st.sampled_from(list(AnteKind)))
    ante = draw(st.integers(1, bb)) if ante_kind != AnteKind.NONE else 0
    straddles: list[int] = []
    if n >= 4:
        straddles = [2 * bb * 2**i for i in range(draw(st.integers(0, min(2, n - 3))))]
    button_straddle = 0
    if n >= 3 and 2 + len(straddles) < n - 1 and draw(st.integers(0, 3)) == 0:
        button_straddle = 2 * bb * 2 ** len(straddles)
    stack = st.one_of(
        st.integers(1, 3 * bb),  # tiny: may not cover the forced bets
        st.integers(1, 40 * bb),
        st.integers(20 * bb, 200 * bb),
    )
    stacks = draw(st.lists(stack, min_size=n, max_size=n))
    explicit = draw(st.booleans())
    rules: dict[str, object] = {
        "antes_before_blinds": draw(st.booleans()),
        "short_all_in_rule": draw(st.sampled_from([None, *ShortAllInRule])),
        "run_count": draw(st.sampled_from([1, 1, 1, 2, 3])),
        "show_all_hands": draw(st.booleans()),
        "full_blind_to_call": draw(st.booleans()),
    }
    if ante_kind != AnteKind.NONE:
        rules["ante_trimming"] = draw(st.sampled_from([None, True, False]))
    if structure == Structure.FIXED_LIMIT:
        rules["raise_cap"] = draw(st.sampled_from([3, 4, None]))
        rules["heads_up_uncapped"] = draw(st.booleans())
    config = HandConfig.create(
        structure,
        stacks,
        small_blind=sb,
        big_blind=bb,
        ante=ante,
        ante_kind=ante_kind,
        straddles=straddles,
        button_straddle=button_straddle,
        **rules,
    )
    if draw(st.integers(0, 5)) == 0:
        config = config.pokerkit_conventions()
    hidden = frozenset(draw(st.sets(st.integers(0, n - 1), max_size=2)) if explicit else ())
    seed = draw(st.integers(0, 2**32 - 1))
    return Table(config, seed, draw(st.booleans()), explicit, hidden)


# -- playing a hand ---------------------------------------------------------------------------


def choose(draw: Draw, legal: LegalActions) -> Action:
    """A random legal betting action."""
    kind = draw(st.sampled_from(legal.kinds))
    if kind in (ActionKind.BET, ActionKind.RAISE):
        bounds = legal.bet if kind == ActionKind.BET else legal.raise_
        assert bounds is not None and bounds.min <= bounds.max
        middle = (bounds.min + bounds.max) // 2
        to = draw(
            st.sampled_from([bounds.min, bounds.max, middle, min(bounds.max, bounds.min + 1)])
        )
        return Action(kind, to)
    return Action(kind)


class Player:
    """Plays one hand to its end with random legal steps, and remembers them."""

    def __init__(self, table: Table, draw: Draw) -> None:
        self.table = table
        self.draw = draw
        self.hand, cards = table.new_hand()
        self.stock = cards  # explicit dealing takes cards from the end
        self.holes: dict[int, tuple[Card, Card]] = {}
        self.steps: list[Step] = []

    def next_step(self) -> Step:
        hand = self.hand
        if hand.phase == Phase.DEALING:
            assert hand.pending_deal is not None
            kind, index = hand.pending_deal
            if kind == "hole":
                real = (self.stock.pop(), self.stock.pop())
                self.holes[index] = real
                return ("hole", index, (None, None) if index in self.table.hidden else real)
            size = 3 if not hand.boards[index] else 1
            return ("board", tuple(self.stock.pop() for _ in range(size)))
        if hand.phase == Phase.SHOWDOWN:
            player = hand.to_act
            assert player is not None
            if hand.tabled(player):  # turned up at the all-in: it cannot be mucked (R30)
                assert hand.legal_actions().kinds == (ActionKind.SHOW,)
            else:
                assert hand.legal_actions().kinds == (ActionKind.SHOW, ActionKind.MUCK)
                if not self.draw(st.booleans()):
                    return ("act", Action.muck())
            known = hand.holes[player]
            return ("act", Action.show(None if known and None not in known else self.holes[player]))
        legal = hand.legal_actions()
        check_legal(hand, legal)
        return ("act", choose(self.draw, legal))

    def play(self, on_step: Callable[[Player], None] = lambda player: None) -> list[Step]:
        on_step(self)
        while not self.hand.is_over:
            assert len(self.steps) < MAX_STEPS, "the hand never ends"
            step = self.next_step()
            apply(self.hand, step)
            self.steps.append(step)
            on_step(self)
        return self.steps


def apply(hand: Hand, step: Step) -> None:
    if step[0] == "act":
        hand.act(step[1])
    elif step[0] == "hole":
        hand.deal_hole(step[1], step[2])
    else:
        hand.deal_board(step[1])


# -- checks -----------------------------------------------------------------------------------


def check_legal(hand: Hand, legal: LegalActions) -> None:
    assert legal.player == hand.to_act
    assert legal.fold and legal.kinds, "a player to act can always fold (R19)"
    total = hand.stacks[legal.player] + hand.bets[legal.player]
    for bounds in (legal.bet, legal.raise_):
        if bounds is not None:
            assert max(hand.bets) < bounds.min <= bounds.max <= total
    if legal.call is not None:
        assert 0 < legal.call <= hand.stacks[legal.player]
    assert legal.check == (legal.call is None)
    if legal.all_in_to is not None:
        # The whole stack, or, when nobody left could call a raise, the call (R18).
        assert legal.all_in_to == total or (
            legal.all_in_to == (legal.call_to or hand.bets[legal.player])
            and legal.raise_ is None
            and legal.bet is None
        )


def check_chips(hand: Hand, total: int) -> None:
    assert all(s >= 0 for s in hand.stacks), hand.stacks
    assert all(b >= 0 for b in hand.bets), hand.bets
    assert all(b <= c for b, c in zip(hand.bets, hand.contributed, strict=True))
    if hand.is_over:
        assert sum(hand.stacks) == total
    else:
        assert sum(hand.stacks) + hand.pot_total == total


def check_result(hand: Hand, total: int) -> None:
    result = hand.result
    assert result is not None
    assert sum(result.final_stacks) == total
    assert result.final_stacks == tuple(hand.stacks)
    assert sum(result.net) == 0
    assert isinstance(hand.events[-1], ev.HandEnded)
    assert hand.events[-1].stacks == result.final_stacks
    awarded = sum(e.amount for e in hand.events if isinstance(e, ev.PotAwarded))
    assert awarded == sum(hand.contributed) + hand.dead_money
    assert sum(p.amount for p in result.pots) == awarded
    for pot in result.pots:
        assert all(chips >= 0 for _, chips in pot.shares)
        assert not hand.config.pots_merged_after_showdown or pot.eligible
        if not hand.config.pots_merged_after_showdown:
            assert set(pot.winners) <= set(pot.eligible), pot


# -- refused actions --------------------------------------------------------------------------


def refused_betting(hand: Hand) -> list[tuple[Action, int | None]]:
    """Betting-round actions the rules refuse now, with the player who tries them."""
    player = hand.to_act
    assert player is not None
    others = [p for p in range(hand.player_count) if p != player]
    legal = hand.legal_actions()
    top = max(hand.bets)
    tries: list[tuple[Action, int | None]] = [
        (Action.fold(), others[0]),
        (Action.check(), others[-1]),
        (Action.show(), None),
        (Action.muck(), None),
        (Action(ActionKind.BET), None),
        (Action(ActionKind.RAISE), None),
    ]
    if not legal.check:
        tries.append((Action.check(), None))
    if legal.call is None:
        tries.append((Action.call(), None))
    if legal.bet is None:
        tries.append((Action.bet(max(top, hand.config.min_bet) * 2 + 1), None))
    if legal.raise_ is None:
        tries.append((Action.raise_to(top + 2 * hand.config.min_bet), None))
    if legal.all_in_to is None:
        tries.append((Action.all_in(), None))
    for kind, bounds in ((ActionKind.BET, legal.bet), (ActionKind.RAISE, legal.raise_)):
        if bounds is not None:
            tries.append((Action(kind, bounds.min - 1), None))
            tries.append((Action(kind, bounds.max + 1), None))
    return tries


def refused_showdown(
    hand: Hand, holes: dict[int, tuple[Card, Card]]
) -> list[tuple[Action, int | None]]:
    """Showdown actions the rules refuse now, with the player who tries them."""
    player = hand.to_act
    assert player is not None
    others = [p for p in range(hand.player_count) if p != player]
    in_play = {c for hole in hand.holes if hole for c in hole if c is not None}
    stranger = next(c for c in ALL_CARDS if c not in in_play and c not in holes.get(player, ()))
    tries: list[tuple[Action, int | None]] = [
        (Action.show(), others[0]),
        (Action.muck(), others[-1]),
        (Action.check(), None),
        (Action.call(), None),
        (Action.fold(), None),
        (Action.bet(10**6), None),
        (Action.show((stranger,)), None),  # one card is never enough (R29)
    ]
    known = hand.holes[player]
    if known is not None and None not in known:
        tries.append((Action.show((known[0], stranger)), None))  # not the cards held
    if hand.tabled(player):
        tries.append((Action.muck(), None))  # a tabled hand cannot be mucked (R29, R30)
    return tries


def refused_deals(hand: Hand, stock: list[Card]) -> list[Callable[[], None]]:
    assert hand.pending_deal is not None
    kind, index = hand.pending_deal
    """Deals (and an action) refused while the dealer is dealing."""
    known = [c for hole in hand.holes if hole for c in hole if c is not None]
    in_play = known[0] if known else None  # a card already dealt
    fresh = stock[-3:]  # the next cards, not in play yet
    tries: list[Callable[[], None]] = [
        lambda: hand.act(Action.check()),
        lambda: hand.deal_board(fresh[:1]) if kind == "hole" else hand.deal_hole(0, fresh[:2]),
    ]
    if kind == "hole":
        other = (index + 1) % hand.player_count
        tries.append(lambda: hand.deal_hole(other, fresh[:2]))
        tries.append(lambda: hand.deal_hole(index, fresh[:1]))
        if in_play is not None:
            tries.append(lambda: hand.deal_hole(index, [in_play, fresh[0]]))
    else:
        size = 3 if not hand.boards[index] else 1
        tries.append(lambda: hand.deal_board(fresh[: 4 - size]))  # the wrong number of cards
        if in_play is not None:
            tries.append(lambda: hand.deal_board([in_play, *fresh[: size - 1]]))
    return tries


# -- the properties ---------------------------------------------------------------------------


@SETTINGS
@given(table=tables(), data=st.data())
def test_chips_are_conserved_and_no_stack_goes_negative(table: Table, data: st.DataObject) -> None:
    total = sum(table.config.starting_stacks)
    player = Player(table, data.draw)
    steps = player.play(lambda p: check_chips(p.hand, total))
    check_result(player.hand, total)
    event(f"players: {table.config.player_count}")
    event(f"steps: {min(len(steps) // 10 * 10, 40)}+")
    event(f"board cards: {len(player.hand.board)}")
    assert player.hand.result is not None
    event(f"pots: {len({p.index for p in player.hand.result.pots})}")


@SETTINGS
@given(table=tables(), data=st.data())
def test_refused_actions_raise_and_change_nothing(table: Table, data: st.DataObject) -> None:
    def try_refused(player: Player) -> None:
        hand = player.hand
        if hand.is_over:
            tries: list[Callable[[], None]] = [
                lambda: hand.act(Action.check()),
                lambda: hand.act(Action.show()),
                lambda: hand.deal_board(player.stock[-1:]),
            ]
        elif hand.phase == Phase.DEALING:
            tries = refused_deals(hand, player.stock)
        else:
            actions = (
                refused_showdown(hand, player.holes)
                if hand.phase == Phase.SHOWDOWN
                else refused_betting(hand)
            )
            tries = [(lambda a=action, p=who: hand.act(a, player=p)) for action, who in actions]
        picks = data.draw(st.lists(st.integers(0, len(tries) - 1), max_size=4, unique=True))
        for index in picks:
            before = state(hand)
            try:
                tries[index]()
            except (IllegalActionError, DealingError) as error:
                assert str(error), "a refusal says why"
            else:
                raise AssertionError(f"refused step {index} was accepted: {hand.events[-3:]}")
            assert state(hand) == before, f"refused step {index} changed the hand"

    player = Player(table, data.draw)
    player.play(try_refused)
    check_result(player.hand, sum(table.config.starting_stacks))


@SETTINGS
@given(table=tables(), data=st.data())
def test_same_config_cards_and_actions_give_the_same_events(
    table: Table, data: st.DataObject
) -> None:
    first = Player(table, data.draw)
    steps = first.play()
    second, _ = table.new_hand()
    for step in steps:
        apply(second, step)
    assert second.is_over
    assert second.events == first.hand.events
    assert second.result == first.hand.result


# -- what the properties found ----------------------------------------------------------------


def test_r46_explicit_dealing_can_deal_a_board_run_twice():
    # All-in on the flop, run twice, the cards dealt by hand (a live table, a history).
    config = HandConfig.create("nl", [1000, 1000], small_blind=5, big_blind=10, run_count=2)
    hand = Hand(config)
    hand.deal_hole(0, parse_cards("AsAh"))
    hand.deal_hole(1, parse_cards("KsKh"))
    hand.act(Action.call())
    hand.act(Action.check())
    hand.deal_board(parse_cards("2c7d9h"))
    hand.act(Action.all_in())
    hand.act(Action.call())
    assert hand.pending_deal == ("board", 0)
    for card in ("3c", "4c", "5c", "6c"):  # turn and river of run 1, then of run 2
        hand.deal_board(parse_cards(card))
    assert hand.is_over
    assert [len(board) for board in hand.boards] == [5, 5]
