"""A whole multi-table tournament of bots through the table and the engine (R44).

Everyone starts with the same stack at tables drawn at random. The tables deal in
rounds, one hand at each table in turn; after every hand the busted players go out
(``ranking``), then tables break and balance (``seating``) and the moves are made at the
tables. Blinds rise by level every ``hands_per_level`` rounds (hands, not minutes: a
simulation has no clock), so every table plays that many hands per level.

The blind levels are this module's own small list (``LEVELS``); the tournament
package's structures are not used yet.

Every hand can be handed, as it ends, to an ``on_hand`` callback with its PHH record
(``holdem tournament sim --history`` writes them to files); the simulation itself writes
nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from holdem.bots import BOTS, Bot, view_for
from holdem.engine import AnteKind
from holdem.errors import ConfigError, HoldemError
from holdem.history.hand import HandHistory
from holdem.history.record import history_of
from holdem.table import PlayedHand, Table, TableSettings
from holdem.tournament.ranking import Bust, Standings
from holdem.tournament.rules import TournamentRules
from holdem.tournament.seating import Layout, Move, draw_seats, rearrange
from holdem.tournament.sim_money import SimMoney

DEFAULT_BOTS = ("tag", "caller", "random")  # cycled over the players; mc is too slow here
MAX_HANDS = 200_000  # a guard: rising blinds end any tournament long before this


@dataclass(frozen=True)
class Level:
    small_blind: int
    big_blind: int
    ante: int = 0  # a big-blind ante (paid by the big blind for the table)

    def describe(self) -> str:
        ante = f" ante {self.ante}" if self.ante else ""
        return f"{self.small_blind}/{self.big_blind}{ante}"


LEVELS = (
    Level(10, 20),
    Level(15, 30),
    Level(25, 50),
    Level(50, 100, 100),
    Level(75, 150, 150),
    Level(100, 200, 200),
    Level(150, 300, 300),
    Level(200, 400, 400),
    Level(300, 600, 600),
    Level(400, 800, 800),
    Level(600, 1200, 1200),
    Level(1000, 2000, 2000),
)


def level_at(levels: Sequence[Level], index: int) -> Level:
    """The level ``index`` (0-based); past the last one every level doubles it."""
    if index < len(levels):
        return levels[index]
    factor = 2 ** (index - len(levels) + 1)
    last = levels[-1]
    return Level(last.small_blind * factor, last.big_blind * factor, last.ante * factor)


@dataclass(frozen=True)
class HandRecord:
    """One hand as it went, for checks: its PHH, and the layout after the moves."""

    number: int
    table: int
    history: HandHistory
    layout: Layout
    chips: int


@dataclass(frozen=True)
class TournamentResult:
    finishing_order: tuple[str, ...]  # first place first
    hands: int
    moves: tuple[Move, ...]
    chips_conserved: bool  # measured after every hand, never assumed
    levels: tuple[Level, ...]  # the levels played
    hands_per_level: int
    bots: dict[str, str]  # player -> bot name
    records: tuple[HandRecord, ...] = field(default=(), repr=False)
    money: dict[str, Any] | None = None  # with rules: entries, rebuys, pool, prizes, bounties

    def as_json(self) -> dict[str, object]:
        return {
            "finishing_order": list(self.finishing_order),
            "hands": self.hands,
            "table_moves": len(self.moves),
            "moves": [move.as_json() for move in self.moves],
            "chips_conserved": self.chips_conserved,
            **({} if self.money is None else {"money": self.money}),
        }


MAX_STACK = 10**15  # the table cap of a tournament with rebuys: none in practice
MAX_PLAYERS = 10_000  # a thousand tables: minutes of play, a bound on one run


def player_ids(count: int) -> list[str]:
    return [f"p{number}" for number in range(1, count + 1)]


def simulate_tournament(
    players: int = 27,
    *,
    stack: int = 1500,
    table_size: int = 9,
    hands_per_level: int = 10,
    seed: int = 0,
    bots: Sequence[str] = DEFAULT_BOTS,
    levels: Sequence[Level] = LEVELS,
    record: bool = False,
    max_hands: int = MAX_HANDS,
    on_hand: Callable[[HandRecord], None] | None = None,
    rules: TournamentRules | None = None,
) -> TournamentResult:
    """Play a tournament to the end; ``record`` keeps every hand's PHH and layout, and
    ``on_hand`` is called with each hand's record as soon as the hand is over. ``rules``
    (rebuys, an add-on, bounties, a fee...) play the money too (``sim_money``); their
    starting chips are ``stack``."""
    _check(players, stack, table_size, hands_per_level, bots, levels)
    if rules is not None and rules.starting_chips != stack:
        rules = replace(rules, starting_chips=stack)
    ids = player_ids(players)
    names = {player: bots[i % len(bots)] for i, player in enumerate(ids)}
    bot_of: dict[str, Bot] = {
        p: BOTS[n](random.Random(f"{seed}-bot-{p}")) for p, n in names.items()
    }
    layout = draw_seats(ids, table_size, random.Random(f"{seed}-draw"))
    money = None if rules is None else SimMoney(rules, ids, seed)
    # rebuys and add-ons bring chips in: no table cap may stop them
    most = players * stack if money is None else MAX_STACK
    base = TableSettings(seats=table_size, min_buy_in=1, max_buy_in=most)
    tables: dict[int, Table] = {}
    for number, seats in layout.items():
        tables[number] = Table(base, rng=random.Random(f"{seed}-table-{number}"))
        for seat, player in seats.items():
            tables[number].sit(seat, player, stack)
            deal_in_now(tables[number], seat)
    standings = Standings(ids)
    total = players * stack
    conserved = True
    moves: list[Move] = []
    records: list[HandRecord] = []
    played_levels: list[Level] = []
    hands = 0
    rounds = 0
    while not standings.finished:
        level = level_at(levels, rounds // hands_per_level)
        if money is not None:
            money.addon_break(list(tables.values()), rounds // hands_per_level + 1)
            total = money.tournament.chips_issued
        if not played_levels or played_levels[-1] != level:
            played_levels.append(level)
        for number in sorted(tables):
            if number not in tables or standings.finished:
                continue  # broken earlier in this round, or the tournament is over
            table = tables[number]
            if len(table.active_seats()) < 2:
                continue
            table.settings = level_settings(base, level)
            played = _play_hand(table, bot_of)
            hands += 1
            if hands > max_hands:
                raise HoldemError(f"the tournament did not end in {max_hands} hands")
            if money is not None:  # knockouts paid and rebuys taken before anyone leaves
                money.after_hand(played, table, rounds // hands_per_level + 1)
                total = money.tournament.chips_issued
            standings.eliminate(take_out_busted(table, played), hand=hands)
            conserved &= sum(t.chips_on_table() for t in tables.values()) == total
            layout, made = rearrange(layout_of(tables), big_blinds_of(tables), table_size)
            _apply(tables, made)
            for gone in set(tables) - set(layout):
                del tables[gone]
            moves.extend(made)
            conserved &= sum(t.chips_on_table() for t in tables.values()) == total
            if record or on_hand is not None:
                level_number = rounds // hands_per_level + 1
                history = _history(played, number, hands, level_number, table_size)
                made_record = HandRecord(hands, number, history, layout, total)
                if record:
                    records.append(made_record)
                if on_hand is not None:
                    on_hand(made_record)
        rounds += 1
    return TournamentResult(
        tuple(standings.finishing_order()),
        hands,
        tuple(moves),
        conserved,
        tuple(played_levels),
        hands_per_level,
        names,
        tuple(records),
        None if money is None else money.as_json(),
    )


def layout_of(tables: dict[int, Table]) -> Layout:
    return {
        number: {seat: s.name for seat, s in enumerate(table.seats) if s is not None}
        for number, table in tables.items()
    }


def big_blinds_of(tables: dict[int, Table]) -> dict[int, int | None]:
    return {n: t.blinds.big_blind if t.blinds else None for n, t in tables.items()}


def _check(
    players: int,
    stack: int,
    table_size: int,
    hands_per_level: int,
    bots: Sequence[str],
    levels: Sequence[Level],
) -> None:
    if not 2 <= players <= MAX_PLAYERS:
        raise ConfigError(f"a tournament of bots has 2 to {MAX_PLAYERS:,} players, not {players}")
    if stack < 1:
        raise ConfigError(f"the starting stack is at least 1 chip, not {stack}")
    if not 2 <= table_size <= 10:  # 9 or 10 in a cardroom; smaller tables for tests
        raise ConfigError(f"a table has 2 to 10 seats, not {table_size}")
    if hands_per_level < 1:
        raise ConfigError(f"a level lasts at least one hand, not {hands_per_level}")
    if not levels:
        raise ConfigError("a tournament needs at least one blind level")
    unknown = [name for name in bots if name not in BOTS]
    if not bots or unknown:
        raise ConfigError(f"unknown bots {unknown}: choose from {', '.join(BOTS)}")


class Blinds(Protocol):
    """A level's forced bets: this module's ``Level`` or a timed ``structure.Level``."""

    @property
    def small_blind(self) -> int: ...
    @property
    def big_blind(self) -> int: ...
    @property
    def ante(self) -> int: ...


def level_settings(base: TableSettings, level: Blinds) -> TableSettings:
    """``base`` with the blinds of ``level`` and its ante, posted by the big blind."""
    return replace(
        base,
        small_blind=level.small_blind,
        big_blind=level.big_blind,
        ante=level.ante,
        ante_kind=AnteKind.BIG_BLIND if level.ante else AnteKind.NONE,
    )


def deal_in_now(table: Table, seat: int) -> None:
    """A tournament player is dealt in at once, owing nothing: the cash-game waiting and
    missed-blind rules (R38) do not apply; ``seating`` chose the seat so that the big
    blind comes to the player as soon as it can."""
    seated = table.seats[seat]
    assert seated is not None
    seated.waiting = seated.owes_big = seated.owes_small = False


def _play_hand(table: Table, bots: dict[str, Bot]) -> PlayedHand:
    hand = table.start_hand()
    played = table.current
    assert played is not None
    while not hand.is_over:
        position = hand.to_act
        assert position is not None
        bot = bots[played.names[position]]
        action = bot.decide(view_for(hand, position), hand.legal_actions())
        table.act(played.seat_of[position], action)
    return played


def take_out_busted(table: Table, played: PlayedHand) -> list[Bust]:
    """The players ``played`` left without chips, who now leave the table (R44 ranks them
    by their stacks at the start of the hand)."""
    starting = played.hand.config.starting_stacks
    busts = []
    for position, seat in enumerate(played.seat_of):
        seated = table.seats[seat]
        if seated is not None and seated.stack == 0:
            busts.append(Bust(seated.name, starting[position], position))
            table.leave(seat)
    return busts


def _apply(tables: dict[int, Table], moves: Sequence[Move]) -> None:
    for move in moves:
        source = tables[move.from_table]
        seated = source.seats[move.from_seat]
        assert seated is not None and seated.name == move.player
        chips = seated.stack
        source.leave(move.from_seat)
        tables[move.to_table].sit(move.to_seat, move.player, chips)
        deal_in_now(tables[move.to_table], move.to_seat)


def _history(
    played: PlayedHand, table: int, number: int, level: int, table_size: int
) -> HandHistory:
    return history_of(
        played.hand,
        players=played.names,
        seats=[seat + 1 for seat in played.seat_of],
        seat_count=table_size,
        hand=number,
        table=table,
        level=level,
    )
