"""The house rules of a table: stakes, buy-ins, and the home-game customs it allows."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from holdem.engine import AnteKind, Structure
from holdem.engine.config import MAX_PLAYERS, MIN_PLAYERS
from holdem.engine.rake import RakeRule
from holdem.errors import ConfigError


class NewPlayerRule(StrEnum):
    """What a new or returning player does before being dealt in (R38)."""

    POST = "post"  # post a big blind at once and play the next hand
    WAIT = "wait"  # wait until the big blind reaches the seat


@dataclass(frozen=True)
class TableSettings:
    structure: Structure = Structure.NO_LIMIT
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    ante_kind: AnteKind = AnteKind.NONE
    seats: int = 9
    min_buy_in: int = 40
    max_buy_in: int = 200
    dead_button: bool = True  # R36
    new_players: NewPlayerRule = NewPlayerRule.WAIT  # R38
    straddles: bool = False  # R9, R46: the player after the big blind may straddle
    run_it_twice: bool = False  # R46: boards run twice when all-in before the river
    seven_deuce_bounty: int = 0  # R46: winning a pot with 7-2 collects this from everyone
    raise_cap: int | None = 3  # Fixed-Limit
    paced_runouts: bool = False  # all-in: each street waits for deal_runout() (a cardroom's pause)
    rake: RakeRule | None = None  # the house's rake of each hand's pots (None: no rake)

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.seats <= MAX_PLAYERS:
            raise ConfigError(f"a table has {MIN_PLAYERS} to {MAX_PLAYERS} seats, not {self.seats}")
        if not 0 <= self.small_blind <= self.big_blind or self.big_blind < 1:
            raise ConfigError(
                f"blinds {self.small_blind}/{self.big_blind}: the big blind is at least 1 and "
                "at least the small blind"
            )
        if not 0 < self.min_buy_in <= self.max_buy_in:
            raise ConfigError(
                f"buy-in {self.min_buy_in} to {self.max_buy_in}: the minimum must be positive "
                "and no more than the maximum"
            )
        if self.ante < 0 or self.seven_deuce_bounty < 0:
            raise ConfigError("antes and the 7-2 bounty are 0 or more chips")
