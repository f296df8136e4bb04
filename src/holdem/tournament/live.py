"""A tournament's entries, chips and money as play goes on, shared by the live clock and
the online cardroom: buy-ins, late registration, re-entries, rebuys, the add-on,
knockouts with their bounties, a final-table deal, and the prizes at the end.

Every change is an event (a small JSON object) checked in full before anything moves,
so a refused change leaves the tournament as it was; the saved form is the rules and
the list of events, and reading it plays them again. Money and chips are whole units,
and at every step they add up:

- the prize money collected is every price paid less the house fees;
- the bounty money is on the heads, in the pockets, or in the mystery envelopes;
- the chips on the stacks are the chips issued (starting stacks, rebuys and add-ons).

Who finishes where: the winner first, then the entries in reverse order of their busts;
players busting in the same hand place by the chips they started it with.

>>> from holdem.tournament.rules import BountyRule, TournamentRules
>>> t = Tournament(TournamentRules(buy_in=20, bounty=BountyRule("pko", 10)))
>>> for name in ("Ann", "Bob", "Cat"):
...     t.register(name)
>>> t.knockout("Cat", ["Ann"])
>>> t.players["Ann"].pocket, t.players["Ann"].head
(5, 15)
>>> t.knockout("Bob", ["Ann"])
>>> t.finished, t.places(), t.payouts()
(True, ['Ann', 'Bob', 'Cat'], {'Ann': 60})
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from holdem.errors import HoldemError
from holdem.tournament.deal import deal
from holdem.tournament.payouts import PayoutTable
from holdem.tournament.prizes import prizes
from holdem.tournament.rules import RebuyRule, TournamentRules, open_until
from holdem.tournament.shares import split

__all__ = ["MAX_NAME", "Player", "Pot", "Tournament", "TournamentError"]

STATE_VERSION = 1
MAX_NAME = 40


class TournamentError(HoldemError, ValueError):
    """A change the rules or the state do not allow now; nothing was changed."""


@dataclass
class Player:
    name: str
    stack: int
    head: int = 0  # the bounty on this player's head
    pocket: int = 0  # bounties won
    entries: int = 1
    rebuys: int = 0
    addon: bool = False
    out: bool = False


@dataclass(frozen=True)
class Pot:
    """One pot of a hand: what each player put in, and who won it (odd chips go to the
    first winner listed: the one the dealer's rules pay first)."""

    contributions: Mapping[str, int]
    winners: Sequence[str]


@dataclass
class Deal:
    kind: str
    left_to_play: int
    amounts: dict[str, int]  # what each player in the deal takes
    prizes: list[int]  # the prize of every place when the deal was made


@dataclass
class Tournament:
    """One tournament. ``seed`` fixes the order the mystery envelopes are drawn in."""

    rules: TournamentRules
    seed: int = 0
    table: PayoutTable | None = None
    players: dict[str, Player] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    entries: int = 0
    rebuys: int = 0
    addons: int = 0
    reentries: int = 0
    collected: int = 0  # prize money: every price less the fees
    fees: int = 0
    bounty_money: int = 0
    mystery_pool: int = 0  # mystery bounty money not yet put in envelopes
    envelopes: list[int] = field(default_factory=list)  # not yet drawn
    envelopes_filled: bool = False
    chips_issued: int = 0
    busts: list[str] = field(default_factory=list)  # one name per ended entry, in order
    deal: Deal | None = None
    finished: bool = False
    draws: int = 0

    # Counting

    @property
    def players_left(self) -> int:
        return sum(not p.out for p in self.players.values())

    @property
    def pool(self) -> int:
        """The prize pool: the money collected, or the guarantee when that is more."""
        return max(self.collected, self.rules.guarantee)

    @property
    def chips_in_play(self) -> int:
        return sum(p.stack for p in self.players.values())

    def prizes(self) -> list[int]:
        """Every paid place's prize for the entries so far (the deal's, once one is made)."""
        if self.deal is not None:
            return list(self.deal.prizes)
        r = self.rules
        return prizes(
            self.collected, self.entries, guarantee=r.guarantee, seat=r.satellite_seat,
            table=self.table,
        )  # fmt: skip

    def places(self) -> list[str]:
        """Who finished where so far, first place first (known places only until the end)."""
        left = [p.name for p in self.players.values() if not p.out]
        return [*left, *reversed(self.busts)] if self.finished else list(reversed(self.busts))

    def results(self) -> list[tuple[str, int]]:
        """At the end: each place's player and prize money, first place first (a player of
        several entries appears once per entry)."""
        if not self.finished:
            return []
        table = self.prizes()
        rows = []
        for place, name in enumerate(self.places()):
            amount = table[place] if place < len(table) else 0
            if self.deal is not None and place < len(self.deal.amounts):
                # the players of the deal are paid by it, and the winner what was left
                amount = self.deal.amounts[name] + (self.deal.left_to_play if place == 0 else 0)
            rows.append((name, amount))
        return rows

    def payouts(self) -> dict[str, int]:
        """At the end: each player's prize money (several entries of one player add up)."""
        paid: dict[str, int] = {}
        for name, amount in self.results():
            if amount:
                paid[name] = paid.get(name, 0) + amount
        return paid

    def bounties_paid(self) -> int:
        return sum(p.pocket for p in self.players.values())

    def heads(self) -> int:
        return sum(p.head for p in self.players.values())

    # Entering

    def register(self, name: str, level: int = 0, on_break: bool = False) -> None:
        """A new player with the starting stack: before the start (level 0), or later
        while late registration is open."""
        name = _name(name)
        if name in self.players:
            raise TournamentError(f"{name} is registered already: pick another name")
        self._open_for_entries()
        late = self.rules.late_registration
        if level > 0 and (late is None or not open_until(late.until_level, level, on_break)):
            raise TournamentError(
                "late registration is closed"
                + ("" if late is None else f": it ran until the end of level {late.until_level}")
            )
        self._record("register", name=name, level=level, on_break=on_break)
        self.players[name] = Player(name, stack=0)
        self._buy_entry(self.players[name])

    def reenter(self, name: str, level: int, on_break: bool = False) -> None:
        """A busted player enters again: a new entry with the starting stack."""
        player = self._player(name)
        window = self.rules.reentry
        if window is None:
            raise TournamentError("this tournament has no re-entry")
        _check_open("re-entry", window.until_level, level, on_break)
        if not player.out:
            raise TournamentError(f"{name} is still playing: only a busted player re-enters")
        self._open_for_entries()
        self._record("reenter", name=name, level=level, on_break=on_break)
        self.reentries += 1
        player.entries += 1
        player.out = False
        self._buy_entry(player)

    def rebuy(
        self, name: str, level: int, on_break: bool = False, stack: int | None = None
    ) -> None:
        """A rebuy: while open, for a stack at or below the threshold (``stack``: the one
        the director counted at a live table; by default the stack kept here)."""
        player = self._player(name)
        rule = self._rebuy_allowed(player, level, on_break, stack)
        self._record("rebuy", name=name, level=level, on_break=on_break, stack=stack)
        self._take_rebuy(player, rule)

    def _rebuy_allowed(
        self, player: Player, level: int, on_break: bool, stack: int | None, busting: bool = False
    ) -> RebuyRule:
        """The rebuy rule when ``player`` may rebuy now (``busting``: as they bust)."""
        rule = self.rules.rebuy
        if rule is None:
            raise TournamentError("this tournament has no rebuys")
        _check_open("rebuys", rule.until_level, level, on_break)
        name = player.name
        if rule.max_per_player is not None and player.rebuys >= rule.max_per_player:
            raise TournamentError(f"{name} has had the {rule.max_per_player} rebuys allowed")
        out = player.out or busting
        counted = 0 if out else (player.stack if stack is None else stack)
        if counted > rule.threshold:
            raise TournamentError(
                f"{name} has {counted} chips: rebuys are for "
                + ("busted players" if rule.threshold == 0 else f"{rule.threshold} chips or fewer")
            )
        self._open_for_entries(self.rules.head() if out else 0)
        return rule

    def _take_rebuy(self, player: Player, rule: RebuyRule) -> None:
        if player.out:  # the entry goes on: its bust is no finish
            del self.busts[len(self.busts) - 1 - self.busts[::-1].index(player.name)]
            player.out = False
            self._buy_head(player)
        self.rebuys += 1
        player.rebuys += 1
        self._collect(rule.cost)
        self._issue(player, rule.chips)

    def add_on(self, name: str, level: int, on_break: bool = True) -> None:
        """The add-on: once per player, at the break after the add-on level."""
        player = self._player(name)
        rule = self.rules.addon
        if rule is None:
            raise TournamentError("this tournament has no add-on")
        if not (on_break and level == rule.at_break):
            raise TournamentError(f"the add-on is taken at the break after level {rule.at_break}")
        if player.addon:
            raise TournamentError(f"{name} has taken the add-on already: one per player")
        if player.out:
            raise TournamentError(f"{name} is out: the add-on is for players still in")
        self._open_for_entries(0)
        self._record("addon", name=name, level=level, on_break=on_break)
        self.addons += 1
        player.addon = True
        self._collect(rule.cost)
        self._issue(player, rule.chips)

    # Knockouts

    def knockout(
        self,
        busted: str,
        takers: Sequence[str] | Sequence[tuple[str, int]],
        rebuy_level: int | None = None,
    ) -> None:
        """``busted`` is out, knocked out by ``takers`` (names, or (name, share) pairs when
        several split the pots that did it); its chips and bounty go to them by share.
        ``rebuy_level``: the player rebuys at once at that level (a bot's rule), in the
        same change, so that the bust before a rebuy cannot end the tournament."""
        player = self._player(busted)
        weights = _weights(takers)
        if player.out:
            raise TournamentError(f"{busted} is out already")
        for name in weights:
            if self._player(name).out or name == busted:
                raise TournamentError(f"{name} cannot knock {busted} out: {name} is not playing")
        self._not_over()
        rule = None
        if rebuy_level is not None:
            rule = self._rebuy_allowed(player, rebuy_level, False, None, busting=True)
        self._record(
            "knockout",
            busted=busted,
            takers=[[n, w] for n, w in weights.items()],
            **({} if rebuy_level is None else {"rebuy_level": rebuy_level}),
        )
        names = list(weights)
        for name, chips in zip(names, split(player.stack, list(weights.values())), strict=True):
            self.players[name].stack += chips
        player.stack = 0
        self._bust([(player, weights)], final=rule is None)
        if rule is not None:
            self._take_rebuy(player, rule)

    def hand(self, pots: Sequence[Pot]) -> list[str]:
        """Settle a hand's pots; who ends it with no chips is out, each bounty split over
        the pots its player lost in proportion to the chips put in each (a pot split
        between winners shares its part equally). Returns who busted."""
        self._not_over()
        paid_in: dict[str, int] = {}
        for index, pot in enumerate(pots):
            if not pot.winners or any(w not in pot.contributions for w in pot.winners):
                raise TournamentError(f"pot {index + 1}: its winners must have put chips in it")
            if len(set(pot.winners)) != len(pot.winners):
                raise TournamentError(f"pot {index + 1}: a winner is listed twice")
            most = max(pot.contributions.values())
            if any(pot.contributions[w] != most for w in pot.winners):
                # a pot is built in layers: whoever can win it put in as much as anyone
                raise TournamentError(f"pot {index + 1}: a winner put in less than the most")
            for name, chips in pot.contributions.items():
                if self._player(name).out:
                    raise TournamentError(f"pot {index + 1}: {name} is not playing")
                if chips <= 0:
                    raise TournamentError(
                        f"pot {index + 1}: {name} put in {chips}: must be more than 0"
                    )
                paid_in[name] = paid_in.get(name, 0) + chips
        for name, chips in paid_in.items():
            if chips > self.players[name].stack:
                raise TournamentError(f"{name} put in {chips} but has {self.players[name].stack}")
        self._record("hand", pots=[
            {"contributions": dict(p.contributions), "winners": list(p.winners)} for p in pots
        ])  # fmt: skip
        before = {name: self.players[name].stack for name in paid_in}
        for name, chips in paid_in.items():
            self.players[name].stack -= chips
        for pot in pots:
            parts = split(sum(pot.contributions.values()), [1] * len(pot.winners))
            for name, chips in zip(pot.winners, parts, strict=True):
                self.players[name].stack += chips
        busted = sorted(
            (name for name in paid_in if self.players[name].stack == 0),
            key=lambda name: before[name],
        )
        out = []
        for name in busted:
            weights: dict[str, Fraction] = {}
            for pot in pots:
                put = pot.contributions.get(name, 0)
                for winner in pot.winners:
                    if put:
                        weights[winner] = weights.get(winner, 0) + Fraction(put, len(pot.winners))
            out.append((self.players[name], weights))
        self._bust(out)
        return busted

    def fill_envelopes(self, values: Sequence[int]) -> None:
        """The mystery bounties: envelopes the director fills with all the bounty money;
        no head can be bought after."""
        bounty = self.rules.bounty
        if bounty is None or bounty.kind != "mystery":
            raise TournamentError("mystery envelopes are for a mystery bounty tournament")
        if self.envelopes_filled:
            raise TournamentError("the envelopes are filled already")
        if not values or any(not isinstance(v, int) or v < 0 for v in values):
            raise TournamentError("envelopes: give one or more amounts of 0 or more")
        if sum(values) != self.mystery_pool:
            raise TournamentError(
                f"the envelopes hold {sum(values)} but the bounty money is {self.mystery_pool}: "
                "they must hold all of it"
            )
        self._record("envelopes", values=list(values))
        self.envelopes = list(values)
        self.mystery_pool = 0
        self.envelopes_filled = True

    # The deal

    def make_deal(
        self, kind: str, left_to_play: int = 0, stacks: Mapping[str, int] | None = None
    ) -> None:
        """The players left share the prizes still to win by ``kind`` ("icm" or "chips"),
        keeping ``left_to_play`` for the winner; play goes on for it. ``stacks``: the
        chips counted at a live table (they must add up to the chips in play)."""
        self._not_over()
        if self.deal is not None:
            raise TournamentError("a deal is made already")
        left = [p for p in self.players.values() if not p.out]
        counted = {p.name: p.stack for p in left} if stacks is None else dict(stacks)
        if set(counted) != {p.name for p in left}:
            raise TournamentError(
                "the deal needs the stack of every player left: " + ", ".join(p.name for p in left)
            )
        if sum(counted.values()) != self.chips_in_play:
            raise TournamentError(
                f"the stacks add up to {sum(counted.values())} but {self.chips_in_play} chips "
                "are in play: count them again"
            )
        table = self.prizes()
        try:
            amounts = deal(kind, list(counted.values()), table[: len(left)], left_to_play)
        except HoldemError as error:
            raise TournamentError(str(error)) from None
        self._record("deal", kind=kind, left_to_play=left_to_play, stacks=stacks)
        for name, chips in counted.items():
            self.players[name].stack = chips
        self.deal = Deal(kind, left_to_play, dict(zip(counted, amounts, strict=True)), table)

    # Saving

    def to_json(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "rules": self.rules.to_mapping(),
            "seed": self.seed,
            "events": list(self.events),
        }

    @classmethod
    def from_json(cls, data: object, table: PayoutTable | None = None) -> Tournament:
        """A tournament saved by ``to_json``, its events played again."""
        if not isinstance(data, dict) or data.get("version") != STATE_VERSION:
            raise TournamentError(f"saved tournament: expected version {STATE_VERSION}")
        try:
            rules = TournamentRules.from_mapping(data.get("rules", {}), "saved tournament rules")
        except HoldemError as error:
            raise TournamentError(str(error)) from None
        seed = data.get("seed", 0)
        events = data.get("events", [])
        if not isinstance(seed, int) or not isinstance(events, list):
            raise TournamentError("saved tournament: seed or events of the wrong type")
        tournament = cls(rules, seed=seed, table=table)
        for index, event in enumerate(events):
            try:
                tournament.apply(event)
            except (HoldemError, TypeError, KeyError, AttributeError) as error:
                raise TournamentError(f"saved tournament: event {index + 1}: {error}") from None
        return tournament

    def apply(self, event: Mapping[str, Any]) -> None:
        """Play one saved event (the dict ``events`` holds)."""
        do = event.get("do")
        args = {k: v for k, v in event.items() if k != "do"}
        if do == "register":
            self.register(**args)
        elif do == "reenter":
            self.reenter(**args)
        elif do == "rebuy":
            self.rebuy(**args)
        elif do == "addon":
            self.add_on(**args)
        elif do == "knockout":
            self.knockout(
                args["busted"], [(n, w) for n, w in args["takers"]], args.get("rebuy_level")
            )
        elif do == "hand":
            self.hand([Pot(p["contributions"], p["winners"]) for p in args["pots"]])
        elif do == "envelopes":
            self.fill_envelopes(args["values"])
        elif do == "deal":
            self.make_deal(**args)
        else:
            raise TournamentError(f"unknown event {do!r}")

    # Inner steps

    def _record(self, do: str, **args: Any) -> None:
        self.events.append({"do": do, **args})

    def _player(self, name: str) -> Player:
        player = self.players.get(name)
        if player is None:
            raise TournamentError(f"no player named {name!r}")
        return player

    def _not_over(self) -> None:
        if self.finished:
            raise TournamentError("the tournament is over")

    def _open_for_entries(self, head: int | None = None) -> None:
        self._not_over()
        if self.deal is not None:
            raise TournamentError("a deal is made: no more entries, rebuys or add-ons")
        bounty = self.rules.bounty
        buys_head = self.rules.head() if head is None else head
        if buys_head and bounty is not None and bounty.kind == "mystery" and self.envelopes_filled:
            raise TournamentError("the mystery envelopes are filled: no more heads can be bought")

    def _buy_entry(self, player: Player) -> None:
        self.entries += 1
        self._collect(self.rules.buy_in)
        self._buy_head(player)
        self._issue(player, self.rules.starting_chips)

    def _buy_head(self, player: Player) -> None:
        amount = self.rules.head()
        self.bounty_money += amount
        bounty = self.rules.bounty
        if bounty is not None and bounty.kind == "mystery":
            self.mystery_pool += amount
        else:
            player.head += amount

    def _collect(self, price: int) -> None:
        self.fees += self.rules.fee
        self.collected += price - self.rules.fee

    def _issue(self, player: Player, chips: int) -> None:
        player.stack += chips
        self.chips_issued += chips

    def _bust(
        self, knocked: Sequence[tuple[Player, Mapping[str, Any]]], final: bool = True
    ) -> None:
        """Players out, each with the shares of who took their chips: bounties paid,
        places taken, and the end when one player is left."""
        bounty = self.rules.bounty
        for player, weights in knocked:
            left_before = self.players_left
            player.out = True
            self.busts.append(player.name)
            names = list(weights)
            if bounty is None or not names:
                continue
            if bounty.kind == "mystery":
                if not self.envelopes or left_before > bounty.final_table:
                    continue
                drawn = random.Random(f"{self.seed}:{self.draws}").randrange(len(self.envelopes))
                self.draws += 1
                won = self.envelopes.pop(drawn)
                for name, amount in zip(names, split(won, list(weights.values())), strict=True):
                    self.players[name].pocket += amount
                continue
            head, player.head = player.head, 0
            for name, amount in zip(names, split(head, list(weights.values())), strict=True):
                taker = self.players[name]
                if bounty.kind == "pko":  # half now, half onto the taker's own head
                    taker.head += amount // 2
                    taker.pocket += amount - amount // 2
                else:
                    taker.pocket += amount
        if final and self.players_left == 1 and self.entries > 1:
            self.finished = True
            winner = next(p for p in self.players.values() if not p.out)
            winner.pocket += winner.head + sum(self.envelopes) + self.mystery_pool
            winner.head, self.envelopes, self.mystery_pool = 0, [], 0


def _check_open(what: str, until_level: int, level: int, on_break: bool) -> None:
    if not open_until(until_level, level, on_break):
        raise TournamentError(f"{what} closed at the end of level {until_level}")


def _name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise TournamentError("a player needs a name")
    name = " ".join(name.split())
    if len(name) > MAX_NAME or not name.isprintable():
        raise TournamentError(f"a player's name is at most {MAX_NAME} printable characters")
    return name


def _weights(takers: Sequence[str] | Sequence[tuple[str, int]]) -> dict[str, int]:
    weights: dict[str, int] = {}
    for taker in takers:
        name, weight = (taker, 1) if isinstance(taker, str) else taker
        if not isinstance(weight, int) or isinstance(weight, bool) or weight < 1:
            raise TournamentError(f"{name}'s share {weight!r}: must be a whole number of 1 or more")
        if name in weights:
            raise TournamentError(f"{name} is named twice among who knocked the player out")
        weights[name] = weight
    if not weights:
        raise TournamentError("name who knocked the player out")
    return weights
