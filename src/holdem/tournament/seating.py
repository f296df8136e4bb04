"""Tournament seating: the seat draw, balancing tables and breaking them (R44).

A pure model: a ``Layout`` maps table number (1, 2, ...) to seat (0-based) to player id.
Every function returns a new layout and the ``Move`` list that turns the old into the new;
the caller (a simulation, a tournament director's screen) applies the moves to its tables.

Which player moves, and where (TDA practice, made exact here):

- Balancing: when the largest and smallest tables differ by two or more players, one
  player moves from the largest table (ties: the lowest-numbered) to the smallest (ties:
  the lowest-numbered), again until no two tables differ by more than one.
- The player who moves is the one who would post the big blind next at the big table:
  the first occupied seat clockwise after that table's last big blind.
- The seat taken is the empty seat at the short table that is "closest to the same
  position relative to the big blind": the empty seat with the fewest players between
  the short table's last big blind and it, clockwise (so the player posts the big blind
  there as soon as possible and rides free for as few hands as possible); ties go to
  the seat fewer seats after the big blind. The big blind's own seat, if empty, counts
  as the farthest seat (the big blind has just passed it).
- A table that has not played yet has no big blind: it counts from just before seat 0.
- Breaking: when the remaining players fit in fewer tables, the highest-numbered
  tables break (all that can at once, highest first); their players,
  next-to-post-the-big-blind first, go one by one to the remaining table with the fewest
  players (ties: the lowest-numbered), seated by the same rule.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from holdem.errors import ConfigError

Layout = dict[int, dict[int, str]]
"""Table number -> seat -> player id."""

BigBlinds = Mapping[int, int | None]
"""Table number -> the seat of its last big blind (None: no hand played yet)."""


@dataclass(frozen=True)
class Move:
    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str  # "balance" or "break"

    def as_json(self) -> dict[str, object]:
        """Seats counted from 1, as ``describe`` and the screens count them."""
        return {
            "player": self.player,
            "from_table": self.from_table,
            "from_seat": self.from_seat + 1,
            "to_table": self.to_table,
            "to_seat": self.to_seat + 1,
            "reason": self.reason,
        }

    def describe(self) -> str:
        return (
            f"{self.player}: table {self.from_table} seat {self.from_seat + 1} -> "
            f"table {self.to_table} seat {self.to_seat + 1} ({self.reason})"
        )


def tables_needed(players: int, table_size: int) -> int:
    return max(1, math.ceil(players / table_size))


def draw_seats(players: Sequence[str], table_size: int, rng: random.Random) -> Layout:
    """A random seat draw: as few tables as needed, sizes differing by at most one."""
    if not 2 <= table_size <= 10:
        raise ConfigError(f"a tournament table has 2 to 10 seats, not {table_size}")
    if len(players) < 2:
        raise ConfigError(f"a tournament needs two players or more, not {len(players)}")
    if len(set(players)) != len(players):
        raise ConfigError("every player in the draw needs a distinct id")
    order = list(players)
    rng.shuffle(order)
    count = tables_needed(len(order), table_size)
    base, extra = divmod(len(order), count)
    layout: Layout = {}
    for number in range(1, count + 1):
        size = base + (1 if number <= extra else 0)
        seats = sorted(rng.sample(range(table_size), size))  # the empty seats fall anywhere
        layout[number] = {seat: order.pop() for seat in seats}
    return layout


def players_of(layout: Layout) -> list[str]:
    return [player for table in layout.values() for player in table.values()]


def after_big_blind(seat: int, big_blind: int | None, table_size: int) -> int:
    """Seats clockwise from the big blind to ``seat`` (1..table_size; the big blind's own
    seat is table_size: the blind has just passed it)."""
    start = -1 if big_blind is None else big_blind
    return (seat - start - 1) % table_size + 1


def next_to_post(table: Mapping[int, str], big_blind: int | None, table_size: int) -> int:
    """The occupied seat that would post the big blind next."""
    if not table:
        raise ValueError("an empty table has nobody to move")
    return min(table, key=lambda seat: after_big_blind(seat, big_blind, table_size))


def seat_for_newcomer(table: Mapping[int, str], big_blind: int | None, table_size: int) -> int:
    """The empty seat closest after the big blind (see the module's rule)."""
    empty = [seat for seat in range(table_size) if seat not in table]
    if not empty:
        raise ValueError("the table is full")

    def key(seat: int) -> tuple[int, int]:
        distance = after_big_blind(seat, big_blind, table_size)
        between = sum(1 for s in table if after_big_blind(s, big_blind, table_size) < distance)
        return between, distance

    return min(empty, key=key)


def _move(
    layout: Layout,
    source: int,
    target: int,
    big_blinds: BigBlinds,
    table_size: int,
    reason: str,
) -> Move:
    seat = next_to_post(layout[source], big_blinds.get(source), table_size)
    player = layout[source].pop(seat)
    to_seat = seat_for_newcomer(layout[target], big_blinds.get(target), table_size)
    layout[target][to_seat] = player
    return Move(player, source, seat, target, to_seat, reason)


def _copy(layout: Layout) -> Layout:
    return {number: dict(table) for number, table in layout.items()}


def balance(layout: Layout, big_blinds: BigBlinds, table_size: int) -> tuple[Layout, list[Move]]:
    """Move players until no two tables differ by more than one player."""
    layout = _copy(layout)
    moves: list[Move] = []
    while len(layout) > 1:
        largest = min(layout, key=lambda n: (-len(layout[n]), n))
        smallest = min(layout, key=lambda n: (len(layout[n]), n))
        if len(layout[largest]) - len(layout[smallest]) < 2:
            break
        moves.append(_move(layout, largest, smallest, big_blinds, table_size, "balance"))
    return layout, moves


def break_tables(
    layout: Layout, big_blinds: BigBlinds, table_size: int
) -> tuple[Layout, list[Move]]:
    """Break the highest-numbered tables while the players fit in fewer tables.

    Tables break all at once down to the number needed, so no player is moved to a
    table that breaks in the same step.
    """
    layout = _copy(layout)
    moves: list[Move] = []
    keep = sorted(layout)[: tables_needed(len(players_of(layout)), table_size)]
    for broken in sorted(set(layout) - set(keep), reverse=True):
        while layout[broken]:
            target = min(keep, key=lambda n: (len(layout[n]), n))
            moves.append(_move(layout, broken, target, big_blinds, table_size, "break"))
        del layout[broken]
    return layout, moves


def rearrange(layout: Layout, big_blinds: BigBlinds, table_size: int) -> tuple[Layout, list[Move]]:
    """After eliminations: break what can be broken, then balance."""
    layout, broken = break_tables(layout, big_blinds, table_size)
    layout, balanced = balance(layout, big_blinds, table_size)
    return layout, broken + balanced


def is_balanced(layout: Layout) -> bool:
    sizes = [len(table) for table in layout.values()]
    return not sizes or max(sizes) - min(sizes) <= 1
