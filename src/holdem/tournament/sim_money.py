"""The money of a simulated tournament: the live ``Tournament`` beside the bots' tables.

The tables hold the real chips; the tournament keeps the entries, rebuys, add-ons,
bounties and the prizes. After every hand the bots follow one rule: a busted player
rebuys whenever a rebuy is open to them (and a player at or under the threshold tops
up), and at the add-on break everyone still in takes it. Who knocked a busted player out
comes from the hand's awards: each pot the player lost, in proportion to the chips they
had in it, shared among that pot's winners as they were paid.

A simulation has no clock: level N is the Nth run of ``hands_per_level`` rounds, and
the add-on is taken at the first hand after its level, as if at the break.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from holdem.engine import events
from holdem.errors import ConfigError
from holdem.table import PlayedHand, Table
from holdem.tournament.live import Tournament, TournamentError
from holdem.tournament.rules import TournamentRules

__all__ = ["SimMoney", "takers_of", "whole_weights"]


def takers_of(played: PlayedHand, position: int) -> dict[str, Fraction]:
    """Who won the chips ``position`` lost in the hand, each with their share of them."""
    hand = played.hand
    contributions = hand.contributed
    in_hand = hand.in_hand
    # The pots as the engine built them (``engine.pots.build_pots``), with the part of
    # each that came from ``position``.
    parts: list[tuple[tuple[int, ...], int]] = []  # (eligible, chips from position)
    amounts: list[int] = []

    def add(amount: int, mine: int, eligible: tuple[int, ...]) -> None:
        if parts and parts[-1][0] == eligible:
            amount += amounts.pop()
            mine += parts.pop()[1]
        if amount:
            parts.append((eligible, mine))
            amounts.append(amount)

    add(hand.dead_money, 0, tuple(i for i, live in enumerate(in_hand) if live))
    previous = 0
    own = contributions[position]
    for level in sorted(set(contributions)):
        if level == 0:
            continue
        amount = sum(min(c, level) - min(c, previous) for c in contributions)
        eligible = tuple(i for i, c in enumerate(contributions) if c >= level and in_hand[i])
        add(amount, min(own, level) - min(own, previous), eligible)
        previous = level
    paid: dict[int, dict[int, int]] = {}  # pot -> winner position -> chips
    for event in hand.events:
        if isinstance(event, events.PotAwarded):
            for winner, chips in event.shares:
                won = paid.setdefault(event.pot, {})
                won[winner] = won.get(winner, 0) + chips
    takers: dict[str, Fraction] = {}
    for index, (_, mine) in enumerate(parts):
        won = paid.get(index, {})
        total = sum(won.values())
        for winner, chips in won.items():
            if mine and chips and winner != position:
                name = played.names[winner]
                takers[name] = takers.get(name, Fraction(0)) + Fraction(mine * chips, total)
    return takers


class SimMoney:
    """The tournament of a simulation, fed hand by hand."""

    def __init__(self, rules: TournamentRules, players: Sequence[str], seed: int) -> None:
        bounty = rules.bounty
        if bounty is not None and bounty.kind == "mystery":
            raise ConfigError("a simulation plays fixed or pko bounties, not mystery ones")
        if rules.reentry is not None or rules.late_registration is not None:
            raise ConfigError(
                "a simulation seats everyone at the start: re-entry and late registration "
                "are for the clock and the cardroom"
            )
        self.tournament = Tournament(rules, seed=seed)
        for name in players:
            self.tournament.register(name)
        self.addon_taken = False

    def after_hand(self, played: PlayedHand, table: Table, level: int) -> list[str]:
        """Pay the knockouts of the hand, let the busted rebuy; returns who is out."""
        t = self.tournament
        starting = played.hand.config.starting_stacks
        busted = [
            (starting[position], position, played.names[position])
            for position, seat in enumerate(played.seat_of)
            if (seated := table.seats[seat]) is not None and seated.stack == 0
        ]
        out = []
        for _, position, name in sorted(busted):  # the shorter stack places lower
            takers = takers_of(played, position)
            if not takers:
                raise ConfigError(f"{name} busted without losing a pot")  # never: a check
            t.knockout(name, whole_weights(takers))
            if not self._rebuy(name, level, table, 0):
                out.append(name)
        rule = t.rules.rebuy
        if rule is not None and rule.threshold > 0:
            for seat, seated in enumerate(table.seats):
                if seated is not None and 0 < seated.stack <= rule.threshold:
                    self._rebuy(seated.name, level, table, seated.stack, seat)
        return out

    def _rebuy(
        self, name: str, level: int, table: Table, stack: int, seat: int | None = None
    ) -> bool:
        rule = self.tournament.rules.rebuy
        if rule is None:
            return False
        try:
            self.tournament.rebuy(name, level, stack=stack)
        except TournamentError:
            return False
        where = seat if seat is not None else _seat_of(table, name)
        table.top_up(where, rule.chips)
        return True

    def addon_break(self, tables: Sequence[Table], level: int) -> None:
        """At the first hand after the add-on level: everyone still in takes it."""
        rule = self.tournament.rules.addon
        if rule is None or self.addon_taken or level <= rule.at_break:
            return
        self.addon_taken = True
        for table in tables:
            for seat, seated in enumerate(table.seats):
                if seated is not None:
                    self.tournament.add_on(seated.name, rule.at_break, on_break=True)
                    table.top_up(seat, rule.chips)

    def as_json(self) -> dict[str, Any]:
        t = self.tournament
        return {
            "entries": t.entries,
            "rebuys": t.rebuys,
            "addons": t.addons,
            "fees": t.fees,
            "pool": t.pool,
            "prizes": t.prizes(),
            "payouts": t.payouts(),
            "bounty_money": t.bounty_money,
            "bounties": {p.name: p.pocket for p in t.players.values() if p.pocket},
            "chips_issued": t.chips_issued,
            "money_accounted": sum(t.payouts().values()) + t.bounties_paid()
            == t.pool + t.bounty_money,
        }


def _seat_of(table: Table, name: str) -> int:
    for seat, seated in enumerate(table.seats):
        if seated is not None and seated.name == name:
            return seat
    raise ConfigError(f"{name} is not seated")


def whole_weights(takers: dict[str, Fraction]) -> list[tuple[str, int]]:
    """Shares as whole weights in the same proportions (the model splits by weights)."""
    from math import lcm

    scale = lcm(*(share.denominator for share in takers.values()))
    return [(name, int(share * scale)) for name, share in takers.items()]
