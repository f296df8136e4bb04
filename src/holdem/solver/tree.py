"""The game tree of a hold'em spot: the betting of each street from the spot's sizes,
a chance node for each card still to come, and the payoffs of every ending.

Amounts are chips, written as the total a player has put in on the current street
(``bet 120``, ``raise 300``, ``allin 900``). Payoffs count the pot at the start as
shared: a player's payoff is what it takes from the pot less what it put in during the
spot, so both payoffs add up to the starting pot (less the rake).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from holdem.cards import ALL_CARDS, format_cards
from holdem.odds.ranges import Combo
from holdem.solver.game import (
    ChanceNode,
    FoldNode,
    Hands,
    Node,
    PlayerNode,
    ShowdownNode,
    VectorGame,
    flatten,
)
from holdem.solver.spot import STREETS, Size, Spot


@dataclass(frozen=True)
class Meta:
    """What a node knows of the hand: the street, the board, what each player has put
    in since the spot began (this street's bets included) and the pot now."""

    street: int
    board: tuple[int, ...]
    put: tuple[float, float]
    street_bets: tuple[float, float]
    pot: float


class _Builder:
    def __init__(self, spot: Spot) -> None:
        self.spot = spot
        self.out = set(spot.board_cards) | set(spot.dead_cards)
        self.boards: dict[tuple[int, ...], int] = {}

    def street(self, board: tuple[int, ...], put: tuple[float, float], aggressor: int) -> Node:
        """The betting of a street that starts with ``put`` already in."""
        return self.bets(board, put, (0.0, 0.0), 0, 0.0, aggressor, checked=False)

    def bets(
        self,
        board: tuple[int, ...],
        put: tuple[float, float],
        street_bets: tuple[float, float],
        actor: int,
        last_raise: float,
        aggressor: int,
        *,
        checked: bool,
    ) -> Node:
        spot = self.spot
        street = len(board) - 3
        opp = 1 - actor
        pot = spot.pot + put[0] + put[1] + street_bets[0] + street_bets[1]
        left = spot.stack - put[actor] - street_bets[actor]
        facing = street_bets[opp] - street_bets[actor]
        meta = Meta(
            street, board, (put[0] + street_bets[0], put[1] + street_bets[1]), street_bets, pot
        )
        names: list[str] = []
        kids: list[Node] = []
        if facing <= 0:
            names.append("check")
            if checked or actor == 1:
                kids.append(self.next_street(board, meta.put, aggressor=-1))
            else:
                kids.append(self.bets(board, put, street_bets, opp, 0.0, aggressor, checked=True))
            sizes = spot.sizes_for(actor, STREETS[street])
            chosen = sizes.bet
            if actor == 0 and aggressor == 1 and sizes.donk is not None:
                chosen = sizes.donk
            amounts = self.amounts(chosen, board, pot, left, 0.0, 0.0, 0.0, bet=True)
            word = "bet"
        else:
            names.append("fold")
            kids.append(self.fold(actor, meta.put, spot.pot + meta.put[0] + meta.put[1]))
            called = (street_bets[opp], street_bets[opp])
            names.append("call")
            everyone_in = spot.stack - put[opp] - street_bets[opp] <= 0 or left - facing <= 0
            after = (put[0] + called[0], put[1] + called[1])
            kids.append(
                self.runout(board, after)
                if everyone_in
                else self.next_street(board, after, aggressor=opp)
            )
            amounts = []
            if left > facing and spot.stack - put[opp] - street_bets[opp] > 0:
                sizes = spot.sizes_for(actor, STREETS[street])
                amounts = self.amounts(
                    sizes.raise_,
                    board,
                    pot,
                    left,
                    street_bets[actor],
                    street_bets[opp],
                    last_raise,
                    bet=False,
                )
            word = "raise"
        for total in amounts:
            added = total - street_bets[actor]
            name = f"{'allin' if added >= left else word} {_chips(total)}"
            if name in names:
                continue
            new_bets = (total, street_bets[1]) if actor == 0 else (street_bets[0], total)
            raise_by = total - street_bets[opp]
            names.append(name)
            kids.append(
                self.bets(
                    board, put, new_bets, opp, max(raise_by, last_raise), actor, checked=checked
                )
            )
        return PlayerNode(actor, names, kids, meta)

    def amounts(
        self,
        sizes: tuple[Size, ...],
        board: tuple[int, ...],
        pot: float,
        left: float,
        mine: float,
        theirs: float,
        last_raise: float,
        *,
        bet: bool,
    ) -> list[float]:
        """The street totals the sizes come to, after the thresholds, smallest first."""
        t = self.spot.thresholds
        facing = theirs - mine
        base = pot + facing  # the pot once the bet faced is called
        streets_left = 3 - (len(board) - 3)
        allin = mine + left
        found: set[float] = set()
        for size in sizes:
            if size.kind == "allin":
                total = allin
            elif size.kind == "pot":
                total = theirs + size.value * base
            elif size.kind == "times":
                total = theirs * size.value
            else:  # geometric: equal fractions of the pot put the stacks in by the river
                behind = left - facing
                f = ((1 + 2 * behind / base) ** (1 / streets_left) - 1) / 2 if base > 0 else 1.0
                total = theirs + f * base
            least = theirs + max(last_raise, facing, 1.0)
            total = max(round(total), least)
            after_call = allin - total
            if total >= allin or after_call <= t["force_allin_threshold"] * (
                base + 2 * (total - theirs)
            ):
                total = allin
            found.add(total)
        if allin not in found and (allin - theirs) <= t["add_allin_threshold"] * base and sizes:
            found.add(allin)
        kept: list[float] = []
        for total in sorted(found, reverse=True):  # the larger of two close sizes stays
            if kept and (kept[-1] - total) / base <= t["merging_threshold"]:
                continue
            kept.append(total)
        return sorted(kept)

    def fold(self, folder: int, put: tuple[float, float], total: float) -> FoldNode:
        take = total - self.rake(total)
        payoff = [0.0, 0.0]
        payoff[1 - folder] = take - put[1 - folder]
        payoff[folder] = -put[folder]
        return FoldNode((payoff[0], payoff[1]))

    def rake(self, total: float) -> float:
        return min(self.spot.rake_rate * total, self.spot.rake_cap)

    def next_street(self, board: tuple[int, ...], put: tuple[float, float], aggressor: int) -> Node:
        if len(board) == 5:
            return self.showdown(board, put)
        return self.deal(board, lambda b: self.street(b, put, aggressor))

    def runout(self, board: tuple[int, ...], put: tuple[float, float]) -> Node:
        if len(board) == 5:
            return self.showdown(board, put)
        return self.deal(board, lambda b: self.runout(b, put))

    def deal(self, board: tuple[int, ...], then: object) -> ChanceNode:
        left = [c for c in range(52) if c not in self.out and c not in board]
        kids = [then((*board, c)) for c in left]  # type: ignore[operator]
        # both players hold two cards: every compatible pair sees len(left) - 4 cards
        meta = Meta(len(board) - 3, board, (0.0, 0.0), (0.0, 0.0), 0.0)
        return ChanceNode(left, kids, 1.0 / (len(left) - 4), meta)

    def showdown(self, board: tuple[int, ...], put: tuple[float, float]) -> ShowdownNode:
        key = tuple(sorted(board))
        index = self.boards.setdefault(key, len(self.boards))
        total = self.spot.pot + put[0] + put[1]
        take = total - self.rake(total)
        return ShowdownNode(
            index,
            win=(take - put[0], take - put[1]),
            lose=(-put[0], -put[1]),
            tie=(take / 2 - put[0], take / 2 - put[1]),
        )


def _chips(amount: float) -> str:
    return str(int(amount)) if float(amount).is_integer() else f"{amount:g}"


def build(spot: Spot) -> VectorGame:
    """The spot's tree, hands and showdown strengths as a ``VectorGame``."""
    from holdem.evaluator import evaluate_batch

    builder = _Builder(spot)
    board = tuple(int(c) for c in spot.board_cards)
    root = builder.street(board, (0.0, 0.0), aggressor=-1)
    hands = tuple(_hands(r) for r in spot.ranges)
    boards = sorted(builder.boards, key=builder.boards.__getitem__)
    strengths = []
    for h in hands:
        out = np.zeros((max(len(boards), 1), len(h.weights)), np.int32)
        for b, cards in enumerate(boards):
            rows = np.empty((len(h.weights), 7), np.int64)
            rows[:, :5] = cards
            rows[:, 5:] = h.cards
            clash = np.array([c[0] in cards or c[1] in cards for c in h.cards.tolist()])
            rows[clash, 5:] = [c for c in range(52) if c not in cards][:2]  # any legal cards
            values = evaluate_batch(rows)
            values[clash] = 0
            out[b] = values
        strengths.append(out)
    game = flatten(root, 52, (hands[0], hands[1]), (strengths[0], strengths[1]))
    for n in np.flatnonzero(game.dealt >= 0):
        game.labels[n] = card_name(int(game.dealt[n]))
    game.board_index = {cards: i for i, cards in enumerate(boards)}
    return game


def _hands(weighted: list[tuple[Combo, float]]) -> Hands:
    cards = np.array([[int(a), int(b)] for (a, b), _ in weighted], np.int32)
    weights = np.array([w for _, w in weighted], np.float64)
    labels = [format_cards(c) for c, _ in weighted]
    return Hands(cards, weights, labels)


def card_name(code: int) -> str:
    return str(ALL_CARDS[code])
