"""The director's desk of the clock: the tournament's entries, rebuys, add-ons, knockouts
and deal, done at the level the clock shows, and what the big screen shows of them.

The clock (``holdem.tournament.clock.Clock``) keeps time; the tournament
(``holdem.tournament.live.Tournament``) keeps players, chips and money. The desk applies
one action with its JSON body to the tournament at the clock's level, then brings the
clock's counts of entrants and players in line with it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from holdem.errors import ConfigError, HoldemError
from holdem.tournament.clock import Clock, ClockError
from holdem.tournament.league import League
from holdem.tournament.live import Tournament
from holdem.tournament.rules import TournamentRules, open_until

__all__ = ["DESK_ACTIONS", "Desk", "default_names", "new_tournament"]

DESK_ACTIONS = ("register", "reentry", "rebuy", "addon", "knockout", "deal", "envelopes")


def default_names(count: int, start: int = 1) -> list[str]:
    return [f"Player {n}" for n in range(start, start + count)]


def new_tournament(rules: TournamentRules, names: list[str], seed: int = 0) -> Tournament:
    tournament = Tournament(rules, seed=seed)
    for name in names:
        tournament.register(name)
    return tournament


class Desk:
    """The tournament beside a clock, and the league it counts for (if any)."""

    def __init__(self, tournament: Tournament, league: League | None = None) -> None:
        self.tournament = tournament
        self.league = league
        self.recorded = False  # the finished tournament is in the league's table

    def _level(self, clock: Clock, now: float) -> tuple[int, bool]:
        """The level and break for the rules' windows; 0 before the clock starts."""
        if not clock.started:
            return 0, False
        view = clock.view(now)
        return view.level, view.on_break

    def act(self, clock: Clock, action: str, body: Mapping[str, Any], now: float) -> Clock:
        """Apply ``action`` with ``body``; the clock with the counts brought in line.

        Raises ClockError with one sentence when the action cannot be done; then nothing
        has changed."""
        t = self.tournament
        level, on_break = self._level(clock, now)
        handlers: dict[str, Callable[[], None]] = {
            "register": lambda: t.register(self._new_name(body), level, on_break),
            "reentry": lambda: t.reenter(_text(body, "name"), level, on_break),
            "rebuy": lambda: t.rebuy(
                _text(body, "name"), level, on_break, stack=self._counted(body)
            ),
            "addon": lambda: t.add_on(_text(body, "name"), level, on_break),
            "knockout": lambda: t.knockout(_text(body, "busted"), _takers(body)),
            "deal": lambda: t.make_deal(
                _text(body, "kind"), _optional_int(body, "left_to_play") or 0, _stacks(body)
            ),
            "envelopes": lambda: t.fill_envelopes(_ints(body, "values")),
        }
        try:
            handlers[action]()
        except HoldemError as error:
            raise ClockError(str(error)) from None
        self._record_in_league()
        return self.sync(clock)

    def _counted(self, body: Mapping[str, Any]) -> int | None:
        """The stack the director counted: the clock cannot know a live player's chips."""
        stack = _optional_int(body, "stack")
        player = self.tournament.players.get(_text(body, "name"))
        rule = self.tournament.rules.rebuy
        if player is None or player.out or rule is None or stack is not None:
            return stack
        if rule.threshold == 0:
            raise ConfigError(f"{player.name} is still playing: rebuys are for busted players")
        raise ConfigError(f"stack: count {player.name}'s chips for the rebuy")

    def add_legacy(self, clock: Clock, now: float) -> Clock:
        """ "+ Player": a late entry under the next free "Player N" name; without a late
        registration window the director may add one at any time, as always."""
        t = self.tournament
        level, on_break = self._level(clock, now)
        if t.rules.late_registration is None:
            level, on_break = 0, False
        try:
            t.register(self._new_name({}), level, on_break)
        except HoldemError as error:
            raise ClockError(str(error)) from None
        return self.sync(clock)

    def bust_legacy(self, clock: Clock) -> Clock:
        """ "Bust": the last player registered still in is out, their chips to the first
        one still in; refused with bounties, which need to know who knocked out whom."""
        t = self.tournament
        if t.rules.bounty is not None:
            raise ClockError("with bounties, use Knockout to say who knocked out whom")
        left = [p.name for p in t.players.values() if not p.out]
        if len(left) <= 1:
            raise ClockError("one player is left: nobody else can bust")
        try:
            t.knockout(left[-1], [left[0]])
        except HoldemError as error:
            raise ClockError(str(error)) from None
        self._record_in_league()
        return self.sync(clock)

    def sync(self, clock: Clock) -> Clock:
        t = self.tournament
        return replace(clock, entrants=max(2, t.entries), players_left=max(1, t.players_left))

    def _new_name(self, body: Mapping[str, Any]) -> str:
        name = body.get("name")
        if isinstance(name, str) and name.strip():
            return name
        number = len(self.tournament.players) + 1
        while f"Player {number}" in self.tournament.players:
            number += 1
        return f"Player {number}"

    def _record_in_league(self) -> None:
        t = self.tournament
        if self.league is None or not t.finished or self.recorded:
            return
        seen: list[str] = []
        for name in t.places():  # a player of several entries counts at their best
            if name not in seen:
                seen.append(name)
        number = len(self.league.events) + 1
        try:
            self.league = self.league.record(
                f"Tournament {number}", buyin=t.rules.buy_in, places=seen
            )
        except ConfigError:
            return  # a formula with no value here: the tournament stands, unscored
        self.recorded = True

    # What the screen shows

    def as_json(self, clock: Clock, now: float) -> dict[str, Any]:
        t, rules = self.tournament, self.tournament.rules
        level, on_break = self._level(clock, now)
        started = level > 0
        return {
            "pool": t.pool,
            "collected": t.collected,
            "fees": t.fees,
            "guarantee": rules.guarantee,
            "payouts": t.prizes(),
            "entries": t.entries,
            "rebuys": t.rebuys,
            "addons": t.addons,
            "reentries": t.reentries,
            "chips_issued": t.chips_issued,
            "average_stack": t.chips_issued // max(1, t.players_left),
            "rules": rules.to_mapping(),
            "rebuys_open": rules.rebuy is not None
            and (not started or open_until(rules.rebuy.until_level, level, on_break)),
            "addon_now": rules.addon is not None and on_break and level == rules.addon.at_break,
            "late_open": rules.late_registration is not None
            and (not started or open_until(rules.late_registration.until_level, level, on_break)),
            "reentry_open": rules.reentry is not None
            and (not started or open_until(rules.reentry.until_level, level, on_break)),
            "bounty": None if rules.bounty is None else rules.bounty.kind,
            "bounty_money": t.bounty_money,
            "bounties_paid": t.bounties_paid(),
            "envelopes_left": len(t.envelopes),
            "envelopes_filled": t.envelopes_filled,
            "mystery_pool": t.mystery_pool,
            "players": [
                {
                    "name": p.name,
                    "out": p.out,
                    "entries": p.entries,
                    "rebuys": p.rebuys,
                    "addon": p.addon,
                    "head": p.head,
                    "pocket": p.pocket,
                }
                for p in t.players.values()
            ],
            "deal": None
            if t.deal is None
            else {
                "kind": t.deal.kind,
                "left_to_play": t.deal.left_to_play,
                "amounts": t.deal.amounts,
            },
            "finished": t.finished,
            "results": [
                {"place": place, "name": name, "prize": prize}
                for place, (name, prize) in enumerate(t.results(), 1)
            ],
            "league": None
            if self.league is None
            else {
                "name": self.league.name,
                "formula": self.league.formula,
                "events": len(self.league.events),
                "standings": [row.as_json() for row in self.league.standings()],
            },
        }


def _text(body: Mapping[str, Any], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{key}: expected a player's name")
    return value


def _optional_int(body: Mapping[str, Any], key: str) -> int | None:
    value = body.get(key)
    if value is None or value == "":
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ConfigError(f"{key}: expected a whole number of 0 or more, got {value!r}")
    return value


def _ints(body: Mapping[str, Any], key: str) -> list[int]:
    values = body.get(key)
    if not isinstance(values, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in values
    ):
        raise ConfigError(f"{key}: expected a list of whole numbers")
    return values


def _takers(body: Mapping[str, Any]) -> list[tuple[str, int]]:
    raw = body.get("by")
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list) or not raw:
        raise ConfigError("by: name who knocked the player out (one or more players)")
    takers: list[tuple[str, int]] = []
    for item in raw:
        if isinstance(item, str):
            takers.append((item, 1))
        elif (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], str)
            and isinstance(item[1], int)
        ):
            takers.append((item[0], item[1]))
        else:
            raise ConfigError("by: each entry is a name or a [name, share] pair")
    return takers


def _stacks(body: Mapping[str, Any]) -> dict[str, int]:
    raw = body.get("stacks")
    if not isinstance(raw, dict) or not all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
        for k, v in raw.items()
    ):
        raise ConfigError("stacks: count the chips of each player left, by name")
    return raw
