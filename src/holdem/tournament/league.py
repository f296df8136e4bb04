"""A season: the tournaments of a league, points by a formula, standings with tie-breaks.

Ties are broken by, in turn: more wins, the better best finish, more events played, and
the name only to list the rows (players equal on all of it share the rank).

>>> league = League("Friday club", "field")
>>> league = league.record("Week 1", buyin=20, places=["Ann", "Bob", "Cat"])
>>> league = league.record("Week 2", buyin=20, places=["Bob", "Ann", "Cat"])
>>> [(row.rank, row.name, str(row.points)) for row in league.standings()]
[(1, 'Ann', '5.00'), (1, 'Bob', '5.00'), (3, 'Cat', '2.00')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from holdem.errors import ConfigError
from holdem.tournament.formula import Formula, formula_named

__all__ = ["League", "LeagueEvent", "Standing"]

MAX_EVENTS = 1000


@dataclass(frozen=True)
class LeagueEvent:
    name: str
    buyin: int
    places: tuple[str, ...]  # first place first; a player may appear once


@dataclass(frozen=True)
class Standing:
    rank: int
    name: str
    points: Decimal
    events: int
    wins: int
    best: int

    def as_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "name": self.name,
            "points": str(self.points),
            "events": self.events,
            "wins": self.wins,
            "best": self.best,
        }


@dataclass(frozen=True)
class League:
    name: str
    formula: str = "field"  # a standard formula's name or a custom expression
    events: tuple[LeagueEvent, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip() or len(self.name) > 60:
            raise ConfigError("a league needs a name of 1 to 60 characters")
        formula_named(self.formula)  # refuses a formula that does not parse

    @property
    def parsed(self) -> Formula:
        return formula_named(self.formula)

    def record(self, name: str, *, buyin: int, places: Sequence[str]) -> League:
        """The league with one more tournament, its players from first place down."""
        if len(places) < 2:
            raise ConfigError("a league tournament needs at least 2 players")
        if len(set(places)) != len(places):
            raise ConfigError("a player is listed twice in the places")
        if len(self.events) >= MAX_EVENTS:
            raise ConfigError(f"a league keeps at most {MAX_EVENTS} tournaments")
        event = LeagueEvent(name, buyin, tuple(places))
        for place in range(1, len(places) + 1):  # every place must score before it is kept
            self.parsed.points(entrants=len(places), place=place, buyin=buyin)
        return replace(self, events=(*self.events, event))

    def standings(self) -> list[Standing]:
        formula = self.parsed
        totals: dict[str, list[Any]] = {}  # name -> [points, events, wins, best]
        for event in self.events:
            entrants = len(event.places)
            for place, player in enumerate(event.places, 1):
                row = totals.setdefault(player, [Decimal(0), 0, 0, place])
                row[0] += formula.points(entrants=entrants, place=place, buyin=event.buyin)
                row[1] += 1
                row[2] += place == 1
                row[3] = min(row[3], place)

        def key(item: tuple[str, list[Any]]) -> tuple[Any, ...]:
            points, events, wins, best = item[1]
            return (-points, -wins, best, -events)

        rows = sorted(totals.items(), key=lambda item: (key(item), item[0]))
        standings: list[Standing] = []
        for index, (player, (points, events, wins, best)) in enumerate(rows):
            tied = index and key(rows[index - 1]) == key(rows[index])
            rank = standings[-1].rank if tied else index + 1
            standings.append(Standing(rank, player, points, events, wins, best))
        return standings

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "formula": self.formula,
            "events": [
                {"name": e.name, "buyin": e.buyin, "places": list(e.places)} for e in self.events
            ],
        }

    @classmethod
    def from_json(cls, data: object) -> League:
        if not isinstance(data, dict):
            raise ConfigError("saved league: expected an object")
        league = cls(str(data.get("name", "")), str(data.get("formula", "field")))
        events = data.get("events", [])
        if not isinstance(events, list):
            raise ConfigError("saved league: events: expected a list")
        for raw in events:
            if not isinstance(raw, dict) or not isinstance(raw.get("places"), list):
                raise ConfigError("saved league: an event without its places")
            buyin = raw.get("buyin", 0)
            if not isinstance(buyin, int):
                raise ConfigError("saved league: an event's buyin must be a whole number")
            league = league.record(
                str(raw.get("name", "")), buyin=buyin, places=[str(p) for p in raw["places"]]
            )
        return league
