"""What a host chooses when creating a table: validated at the edge, turned into settings."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from holdem.bots import BOTS
from holdem.engine import AnteKind, Structure
from holdem.engine.rake import RakeRule
from holdem.errors import ConfigError
from holdem.table import TableSettings
from holdem.table.names import player_name
from holdem.table.settings import NewPlayerRule

BotKind = Literal["random", "caller", "tag", "mc"]
MAX_ENTRANTS = 100
MAX_TABLE_NAME_LENGTH = 40
MAX_RAKE_PERCENT = 10  # cardrooms rake 2.5% to 10%; more is not a game friends would play


def table_name(text: str) -> str:
    return player_name(text, "a table name", MAX_TABLE_NAME_LENGTH)


class TableOptions(BaseModel):
    # Strict, like the WebSocket messages: JSON's types as sent ("6" is not a number of
    # seats); a whole number is still a number of seconds.
    model_config = ConfigDict(extra="forbid", strict=True)

    name: Annotated[str, AfterValidator(table_name)]
    structure: Literal["nl", "pl", "fl"] = "nl"
    small_blind: int = Field(1, ge=0, le=1_000_000)
    big_blind: int = Field(2, ge=1, le=1_000_000)
    ante: int = Field(0, ge=0, le=1_000_000)
    ante_kind: Literal["none", "uniform", "big-blind", "button"] = "none"
    straddles: bool = False
    dead_button: bool = True  # R36: the big blind moves exactly one seat each hand
    # R38: a new player, or one back from missing blinds, posts at once or waits for the
    # big blind to reach the seat.
    new_players: Literal["post", "wait"] = "wait"
    run_it_twice: bool = False
    # Home-game customs of a cash table (R46): the host calls a bomb pot of this ante for
    # a hand; winning a pot with 7-2 collects the bounty from everyone dealt in; after a
    # hand that ended early the board that would have come is shown.
    bomb_pots: bool = False
    bomb_pot_ante: int = Field(0, ge=0, le=1_000_000)
    seven_deuce_bounty: int = Field(0, ge=0, le=1_000_000)
    rabbit_hunt: bool = False
    # The house's rake of a cash table (engine/rake.py): a percentage of each pot, up to
    # a cap (None: none), nothing from a hand that ends before the flop unless turned off.
    rake_percent: float = Field(0, ge=0, le=MAX_RAKE_PERCENT)
    rake_cap: int | None = Field(None, ge=0, le=1_000_000)
    rake_no_flop_no_drop: bool = True
    min_buy_in: int = Field(40, ge=1, le=100_000_000)
    max_buy_in: int = Field(200, ge=1, le=100_000_000)
    seats: int = Field(6, ge=2, le=10)
    action_seconds: float = Field(30.0, ge=0.05, le=600)
    time_bank_seconds: float = Field(60.0, ge=0, le=3600)
    seat_approval: bool = True
    bots: list[BotKind] = Field(default_factory=list, max_length=MAX_ENTRANTS - 1)
    bot_think_seconds: float = Field(1.0, ge=0, le=30)
    between_hands_seconds: float = Field(3.0, ge=0, le=60)
    # The pause before each street of an all-in runout; 0 deals the rest of the board at once.
    runout_seconds: float = Field(1.2, ge=0, le=10)
    # A sit & go (one table, it starts when every seat is taken) or a multi-table
    # tournament (players register; the draw seats them at tables of ``seats``).
    # A live table (cardroom/live_session.py): real cards dealt by hand, the app keeps
    # the chips; its seats and stacks are set up on its page.
    mode: Literal["cash", "sng", "mtt", "live"] = "cash"
    max_players: int = Field(18, ge=2, le=MAX_ENTRANTS)  # a multi-table tournament's field
    starting_stack: int = Field(1500, ge=1, le=100_000_000)
    structure_preset: Literal["home"] = "home"
    level_minutes: float | None = Field(None, gt=0, le=120)
    prize_per_player: int = Field(100, ge=0, le=100_000_000)
    # A sit & go's extras (holdem.tournament.rules): rebuys until the end of a level, one
    # add-on at the break after a level, a bounty on every head (half the prize per player).
    rebuys: int | None = Field(None, ge=1, le=100)
    addon: int | None = Field(None, ge=1, le=100)
    bounty: Literal["none", "fixed", "pko"] = "none"

    @model_validator(mode="after")
    def _consistent(self) -> TableOptions:
        if self.multi_table and len(self.bots) >= self.max_players:
            raise ValueError(
                f"{len(self.bots)} bots leave no place free in a field of {self.max_players}"
            )
        if not self.multi_table and len(self.bots) >= self.seats:
            raise ValueError(
                f"{len(self.bots)} bots leave no seat free at a {self.seats}-seat table"
            )
        unknown = [b for b in self.bots if b not in BOTS]
        if unknown:
            raise ValueError(
                f"there is no bot called {unknown[0]!r}: choose from {', '.join(BOTS)}"
            )
        if self.live and self.bots:
            raise ValueError("a live table has no bots: its players sit at a real table")
        extras = self.rebuys is not None or self.addon is not None or self.bounty != "none"
        if extras and not self.sit_and_go:
            raise ValueError("rebuys, the add-on and bounties are for a sit & go")
        if self.rake_percent and self.mode != "cash":
            raise ValueError("only a cash table rakes: a tournament's fee is part of its buy-in")
        if self.bomb_pots and self.bomb_pot_ante < 1:
            raise ValueError("a bomb pot needs an ante of at least 1 chip: set the bomb pot's ante")
        self.settings()  # the table's own checks, with their sentences
        return self

    @property
    def sit_and_go(self) -> bool:
        return self.mode == "sng"

    @property
    def multi_table(self) -> bool:
        return self.mode == "mtt"

    @property
    def live(self) -> bool:
        return self.mode == "live"

    @property
    def tournament(self) -> bool:
        return self.mode in ("sng", "mtt")

    @property
    def buy_in_range(self) -> tuple[int, int]:
        """A sit & go's players all start with the same stack; a multi-table tournament's
        player moving table brings any stack up to every chip in play."""
        if self.sit_and_go:
            return self.starting_stack, self.starting_stack
        if self.multi_table:
            return 1, self.starting_stack * self.max_players
        return self.min_buy_in, self.max_buy_in

    @property
    def rake_rule(self) -> RakeRule | None:
        if not self.rake_percent:
            return None
        percent = Decimal(str(self.rake_percent))  # 4.5 is 4.5 percent exactly
        return RakeRule(percent, self.rake_cap, self.rake_no_flop_no_drop)

    def settings(self) -> TableSettings:
        """The table's settings; a sit & go's blinds and antes come from its clock."""
        low, high = self.buy_in_range
        try:
            return TableSettings(
                structure=Structure(self.structure),
                small_blind=self.small_blind,
                big_blind=self.big_blind,
                ante=self.ante,
                ante_kind=AnteKind(self.ante_kind),
                seats=self.seats,
                min_buy_in=low,
                max_buy_in=high,
                new_players=NewPlayerRule(self.new_players),
                dead_button=self.dead_button,
                straddles=self.straddles,
                run_it_twice=self.run_it_twice,
                seven_deuce_bounty=self.seven_deuce_bounty,
                paced_runouts=self.runout_seconds > 0,
                rake=self.rake_rule,
            )
        except ConfigError as error:
            raise ValueError(str(error)) from None
