"""The showdown: who shows first, who may muck, and who wins each pot (R24-R30)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from holdem.engine import events
from holdem.engine.actions import Action, ActionKind
from holdem.engine.config import OddChips
from holdem.engine.pots import Pot, build_pots, split, split_runs
from holdem.errors import IllegalActionError
from holdem.evaluator import HandValue, evaluate
from holdem.evaluator.comparison import reason

if TYPE_CHECKING:
    from holdem.cards import Card
    from holdem.engine.hand import Hand

Award = tuple[int, Pot, tuple[tuple[int, int], ...], int, str]
"""(pot index, pot, (player, chips) shares, run, reason)."""

UNREAD = HandValue((0, ()))
"""The value of a hand shown face up that no record says (a hand history's ``sm ????``):
below every real hand, so it wins a pot only against other such hands, which split it."""


class Showdown:
    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.pots = build_pots(hand.contributed, hand.dead_money, hand.in_hand)
        self.order = self._showing_order()
        self.values: dict[int, list[HandValue]] = {}  # per run
        self.mucked: list[int] = []
        self._position = 0

    def _showing_order(self) -> list[int]:
        """The river's last bettor first, else the first player after the button (R28)."""
        hand = self.hand
        n = hand.player_count
        start = hand.round.last_aggressor if hand.round.street == 3 else None
        first = start if start is not None else 0
        return [(first + k) % n for k in range(n) if not hand.folded[(first + k) % n]]

    @property
    def next_player(self) -> int | None:
        return self.order[self._position] if self._position < len(self.order) else None

    def act(self, action: Action) -> None:
        player = self.next_player
        assert player is not None
        if action.kind == ActionKind.SHOW:
            self._show(player, action.cards)
        elif action.kind == ActionKind.MUCK:
            if self.hand.tabled(player):
                raise IllegalActionError(
                    f"player {player + 1}'s hand was turned face up at the all-in: cards "
                    "speak, so a tabled hand cannot be mucked; show it (R29, R30)"
                )
            self._muck(player)
        else:
            raise IllegalActionError(
                f"at the showdown you can show or muck, not {action.kind.value}"
            )

    def resolve_automatically(self) -> None:
        """Show every hand that can still win or tie a pot; muck the rest (unless all are shown).
        An unknown hand stops it: only its owner can show it (or ``Action.show(())``, a hand
        shown whose cards nobody recorded)."""
        while (player := self.next_player) is not None:
            hole = self.hand.holes[player]
            if hole is None or None in hole:
                return  # an unknown hand: its owner must show it (explicit dealing)
            must_show = (
                self.hand.config.show_all_hands
                or self.hand.all_in(player)
                or self.hand.tabled(player)
            )
            if must_show or self._could_win(player):
                self._show(player, None)
            else:
                self._muck(player)

    def _value(self, player: int, hole: tuple[Card, ...]) -> list[HandValue]:
        return [evaluate([*hole, *board]) for board in self.hand.boards]

    def _could_win(self, player: int) -> bool:
        hole = self.hand.holes[player]
        assert hole is not None
        mine = self._value(player, tuple(c for c in hole if c is not None))
        for pot in self.pots:
            if player not in pot.eligible:
                continue
            rivals = [self.values[p] for p in pot.eligible if p in self.values]
            for run, value in enumerate(mine):
                if all(value >= rival[run] for rival in rivals):
                    return True
        return False

    def _show(self, player: int, cards: tuple[Card, ...] | None) -> None:
        hand = self.hand
        hole = hand.holes[player]
        known = hole is not None and None not in hole
        if cards is not None and known and set(cards) != set(hole or ()):
            raise IllegalActionError(f"player {player + 1} holds other cards than those shown")
        if not known and cards == ():
            self._show_unread(player)
            return
        if not known:
            if cards is None or len(cards) != 2:
                raise IllegalActionError(
                    f"player {player + 1}'s cards are unknown: show both cards"
                )
            hand.check_new_cards(list(cards))
            hand.holes[player] = tuple(cards)
        shown = tuple(c for c in (hand.holes[player] or ()) if c is not None)
        self.values[player] = self._value(player, shown)
        description = self.values[player][0].describe()
        hand.events.append(events.CardsShown(player, shown, description))
        self._position += 1

    def _show_unread(self, player: int) -> None:
        # Shown, but the cards are unknown: the hand keeps its claim and beats nothing.
        self.values[player] = [UNREAD] * len(self.hand.boards)
        self.hand.events.append(events.CardsShown(player, (), "cards not known"))
        self._position += 1

    def _muck(self, player: int) -> None:
        self.mucked.append(player)
        self.hand.events.append(events.CardsMucked(player))
        self._position += 1

    def award(self) -> list[Award]:
        """Side pots first, the main pot last (R24); each run of the board separately."""
        awards: list[Award] = []
        runs = len(self.hand.boards)
        if self.hand.config.pots_merged_after_showdown:
            self.pots = self._pots_among_winners()
        for index in reversed(range(len(self.pots))):
            pot = self.pots[index]
            for run, amount in enumerate(split_runs(pot.amount, runs)):
                if amount:
                    shares, why = self._winners(pot, run, amount)
                    awards.append((index, pot, shares, run, why))
        return awards

    def _pots_among_winners(self) -> list[Pot]:
        hand = self.hand
        winning: set[int] = set()
        for pot in self.pots:
            for run in range(len(hand.boards)):
                shares, _ = self._winners(pot, run, pot.amount)
                winning.update(player for player, _ in shares)
        claimants = [p in winning for p in range(hand.player_count)]
        return build_pots(hand.contributed, hand.dead_money, claimants)

    @property
    def _one_each(self) -> bool:
        return self.hand.config.odd_chips == OddChips.ONE_EACH

    def _winners(self, pot: Pot, run: int, amount: int) -> tuple[tuple[tuple[int, int], ...], str]:
        showing = [p for p in pot.eligible if p in self.values]
        if not showing:
            # Everyone eligible mucked: the last of them to give up the pot keeps it.
            last = max(pot.eligible, key=self.mucked.index)
            return ((last, amount),), "every other player mucked"
        if len(showing) == 1:
            return ((showing[0], amount),), "the only hand shown for this pot"
        values = [self.values[p][run] for p in showing]
        best = max(values)
        winners = [p for p, v in zip(showing, values, strict=True) if v == best]
        if best == UNREAD:
            return tuple(
                split(amount, sorted(winners), self._one_each)
            ), "split: no hand shown is known"
        read = [(p, v) for p, v in zip(showing, values, strict=True) if v != UNREAD]
        if len(read) == 1:
            return ((read[0][0], amount),), "the only hand shown that is known"
        board = self.hand.boards[run]
        known = [v for _, v in read]
        why = reason(board, known, [[p for p, _ in read].index(w) for w in winners])
        return tuple(split(amount, sorted(winners), self._one_each)), why
