"""A tournament in the cardroom: its clock, its standings and its prizes, shared by its
table (a sit & go, which starts when every seat is taken) or its tables (a multi-table
tournament, see multi_table.py). The blinds rise on the clock, and players go out (R44)
until one holds every chip.

The structure's levels follow one another, each for its minutes (or for ``level_minutes``
when the table sets one), with its breaks between them: no hand is dealt during a break.
Time paused by the host does not count. The prize pool is free chips: ``prize_per_player``
for each entrant, paid by the payout table of ``holdem.tournament.payouts``.

A sit & go with rebuys, an add-on or bounties keeps its money in a live ``Tournament``
(``money``): a busted bot rebuys while rebuys are open, every bot still in takes the
add-on at its break, and each knockout's bounty goes to who won the pots (``sim_money``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from holdem.cardroom.options import TableOptions
from holdem.tournament.clock import Clock
from holdem.tournament.live import Tournament, TournamentError
from holdem.tournament.payouts import payouts
from holdem.tournament.ranking import Bust, Standings
from holdem.tournament.rules import AddonRule, BountyRule, RebuyRule, TournamentRules
from holdem.tournament.sim_money import takers_of, whole_weights
from holdem.tournament.structure import Level, Structure, preset

if TYPE_CHECKING:
    from holdem.table import PlayedHand, Table


@dataclass(frozen=True)
class Position:
    """Where the schedule stands: the level in force (during a break, the one after it),
    the seconds left in that level or break, and whether it is a break."""

    level: int
    seconds_left: float
    on_break: bool


@dataclass
class OnlineTournament:
    structure: Structure
    levels: tuple[Level, ...]
    level_seconds: tuple[float, ...]
    break_seconds: dict[int, float]  # level index -> the break that follows it
    prize_per_player: int
    kind: str  # "sng" or "mtt"
    entrants: list[str] = field(default_factory=list)
    standings: Standings | None = None
    clock: Clock | None = None  # from the start: time played, pauses excluded
    _prizes: tuple[int, list[int]] | None = None  # (field size, its prizes)
    rules: TournamentRules | None = None  # a sit & go's rebuys, add-on and bounties
    money: Tournament | None = None

    @classmethod
    def create(cls, options: TableOptions) -> OnlineTournament:
        """The structure's levels and breaks; with ``level_minutes`` every level lasts that
        long and each break keeps its length relative to the level before it."""
        structure = preset(options.structure_preset)
        minutes = options.level_minutes
        level_seconds: list[float] = []
        break_seconds: dict[int, float] = {}
        level: Level | None = None
        for item in structure.levels:
            if isinstance(item, Level):
                level = item
                level_seconds.append(60.0 * (minutes if minutes is not None else item.minutes))
            elif level is not None:  # a structure starts with a level
                scale = minutes / level.minutes if minutes is not None else 1.0
                break_seconds[len(level_seconds) - 1] = 60.0 * item.minutes * scale
        made = cls(
            structure, structure.blind_levels, tuple(level_seconds), break_seconds,
            options.prize_per_player, options.mode,
        )  # fmt: skip
        made.rules = _rules(options)
        return made

    # -- the clock --------------------------------------------------------------------------

    def start(self, names: list[str], at: float) -> None:
        self.entrants = list(names)
        self.standings = Standings(names)
        self.clock = Clock.create(self.structure, len(names)).start(at)
        if self.rules is not None:
            self.money = Tournament(self.rules)
            for name in names:
                self.money.register(name)

    def pause(self, at: float) -> None:
        assert self.clock is not None
        self.clock = self.clock.pause(at)

    def resume(self, at: float) -> None:
        assert self.clock is not None
        self.clock = self.clock.resume(at)

    def elapsed(self, now: float) -> float:
        return self.clock.played(now) if self.clock is not None else 0.0

    def position(self, now: float) -> Position:
        """The schedule at ``now``; the last level goes on once it runs out."""
        left = self.elapsed(now)
        last = len(self.levels) - 1
        for index, seconds in enumerate(self.level_seconds):
            if left < seconds or index == last:
                return Position(index, seconds - left, on_break=False)
            left -= seconds
            pause = self.break_seconds.get(index)
            if pause is not None:
                if left < pause:
                    return Position(index + 1, pause - left, on_break=True)
                left -= pause
        raise AssertionError("unreachable: the last level returns")

    def level_index(self, now: float) -> int:
        """The level whose blinds the next hand is dealt at."""
        return self.position(now).level

    def level_ends(self, now: float) -> float | None:
        """When the current level ends (wall time); None when it is the last, the clock is
        stopped, or it is a break."""
        at = self.position(now)
        if at.on_break or at.level == len(self.levels) - 1 or self._stopped:
            return None
        return now + at.seconds_left

    def break_ends(self, now: float) -> float | None:
        """When the break in progress ends (wall time), or None when none is."""
        at = self.position(now)
        if not at.on_break or self._stopped:
            return None
        return now + at.seconds_left

    @property
    def _stopped(self) -> bool:
        return self.clock is None or self.clock.paused

    # -- players going out --------------------------------------------------------------------

    def knockouts(self, played: PlayedHand, table: Table, bots: set[str], now: float) -> None:
        """Before the busted leave: bounties to who won their chips, and a busted bot's
        rebuy while rebuys are open (a bot always takes it)."""
        money = self.money
        if money is None:
            return
        level = self.level_index(now) + 1
        starting = played.hand.config.starting_stacks
        busted = sorted(
            (starting[position], position, played.names[position])
            for position, seat in enumerate(played.seat_of)
            if (seated := table.seats[seat]) is not None and seated.stack == 0
        )
        for _, position, name in busted:
            takers = takers_of(played, position)
            if not takers or name not in money.players:
                continue
            rebuys = money.rules.rebuy is not None and name in bots  # a bot always rebuys
            try:
                money.knockout(name, whole_weights(takers), level if rebuys else None)
            except TournamentError:
                try:  # the rebuy is closed or spent: a plain knockout
                    money.knockout(name, whole_weights(takers))
                except TournamentError:
                    continue  # the money cannot follow this hand: play goes on regardless
                continue
            if rebuys and money.rules.rebuy is not None:
                table.adjust(played.seat_of[position], money.rules.rebuy.chips)  # no table cap

    def addon_break(self, table: Table, bots: set[str], now: float) -> None:
        """At the add-on break (no hand is dealt in it: after the first hand past it),
        every bot still in takes the add-on."""
        money = self.money
        rule = None if money is None else money.rules.addon
        if money is None or rule is None or self.level_index(now) < rule.at_break:
            return
        for seat, seated in enumerate(table.seats):
            if seated is None or seated.name not in bots or seated.stack == 0:
                continue
            player = money.players.get(seated.name)
            if player is None or player.addon:
                continue
            money.add_on(seated.name, rule.at_break, on_break=True)
            table.adjust(seat, rule.chips)

    def eliminate(self, busts: list[Bust], hand: int) -> list[str]:
        assert self.standings is not None
        return self.standings.eliminate(busts, hand=hand)

    @property
    def over(self) -> bool:
        return self.standings is not None and self.standings.finished

    def prizes(self) -> list[int]:
        """The prize of each paid place (the table is worked out once per field size)."""
        if self.money is not None:
            return self.money.prizes()
        field = len(self.entrants)
        if field < 2:
            return []
        if self._prizes is None or self._prizes[0] != field:
            self._prizes = (field, payouts(self.prize_per_player * field, field))
        return self._prizes[1]

    def view(self, now: float, chips: int) -> dict[str, Any]:
        index = self.level_index(now)
        level = self.levels[index]
        after = self.levels[index + 1] if index + 1 < len(self.levels) else None
        ends = self.level_ends(now)
        resumes = self.break_ends(now)
        prizes = self.prizes()
        left = len(self.standings.remaining) if self.standings is not None else 0
        finishing = []
        if self.standings is not None:
            out = self.standings.finishing_order() if self.over else self.standings.out
            for name in out:
                place = self.standings.place_of(name)
                prize = prizes[place - 1] if place <= len(prizes) else 0
                finishing.append({"place": place, "name": name, "prize": prize})
        return {
            "kind": self.kind,
            "level": index + 1,
            "small_blind": level.small_blind,
            "big_blind": level.big_blind,
            "ante": level.ante,
            "ante_kind": "big-blind" if level.ante else "none",
            "level_ends": int(ends * 1000) if ends is not None else None,
            "on_break": resumes is not None,
            "break_ends": int(resumes * 1000) if resumes is not None else None,
            "next": _blinds(after) if after is not None else None,
            "entrants": len(self.entrants),
            "players_left": left,
            "average_stack": chips // left if left else 0,
            "prize_per_player": self.prize_per_player,
            "prize_pool": self.prize_per_player * len(self.entrants)
            if self.money is None
            else self.money.pool,
            "money": None if self.money is None else _money(self.money),
            "payouts": [{"place": i + 1, "prize": p} for i, p in enumerate(prizes)],
            "finishing": sorted(finishing, key=lambda row: row["place"]),
        }


def _rules(options: TableOptions) -> TournamentRules | None:
    if options.rebuys is None and options.addon is None and options.bounty == "none":
        return None
    price, stack = options.prize_per_player, options.starting_stack
    return TournamentRules(
        buy_in=price, starting_chips=stack,
        rebuy=None if options.rebuys is None else RebuyRule(options.rebuys, price, stack),
        addon=None if options.addon is None else AddonRule(options.addon, price, stack),
        bounty=None if options.bounty == "none"
        else BountyRule(options.bounty, max(1, price // 2)),
    )  # fmt: skip


def _money(money: Tournament) -> dict[str, Any]:
    return {
        "rebuys": money.rebuys,
        "addons": money.addons,
        "bounty_money": money.bounty_money,
        "heads": {p.name: p.head for p in money.players.values() if not p.out},
        "bounties_won": {p.name: p.pocket for p in money.players.values() if p.pocket},
    }


def _blinds(level: Level) -> dict[str, int]:
    return {"small_blind": level.small_blind, "big_blind": level.big_blind, "ante": level.ante}
