"""Chip sets: how many chips of each value each player starts with, and the case (R45).

>>> plan = distribute(8, 5000)
>>> plan.per_player, plan.chips_per_player, plan.total_chips, plan.case
({25: 8, 100: 8, 500: 4, 1000: 2}, 22, 176, 500)
"""

from __future__ import annotations

from dataclasses import dataclass

from holdem.errors import ConfigError

__all__ = ["CASE_SIZES", "DEFAULT_CHIP_SET", "ChipPlan", "case_for", "distribute"]

DEFAULT_CHIP_SET = (25, 100, 500, 1000)
CASE_SIZES = (100, 200, 300, 500, 650, 750, 1000)
"""Standard poker chip cases, by the number of chips they hold."""

TARGET_CHIPS = (20, 25)
"""R45: allow 20 to 25 chips per player."""


@dataclass(frozen=True)
class ChipPlan:
    """Each player's starting chips by value, the totals, and the case that holds them.

    ``case`` is None when no single standard case is big enough.
    """

    players: int
    stack: int
    per_player: dict[int, int]
    chips_per_player: int
    total_chips: int
    case: int | None

    def as_json(self) -> dict[str, object]:
        return {
            "per_player": {str(value): n for value, n in self.per_player.items()},
            "chips_per_player": self.chips_per_player,
            "total_chips": self.total_chips,
            "case": self.case,
        }


def case_for(players: int, chips_per_player: int) -> int | None:
    """The smallest standard case for a game: room for 25 chips a player (the top of the
    R45 range, or more if each starts with more), doubled for the bank's colour-ups and
    spares. Reproduces R45: a 300-chip case serves up to 6 players, 500 up to 10.

    >>> case_for(6, 22), case_for(7, 22), case_for(10, 22), case_for(11, 22)
    (300, 500, 500, 650)
    """
    needed = players * 2 * max(chips_per_player, TARGET_CHIPS[1])
    return next((size for size in CASE_SIZES if size >= needed), None)


SEATS_PER_TABLE = 10
"""A table seats up to 10; above that a new table opens (R44)."""
MAX_PLAYERS = 1000
"""The most players the chip guide plans for: 100 full tables."""


def tables_for(players: int) -> int:
    """How many tables ``players`` need, 10 seats each (R44)."""
    return -(-players // SEATS_PER_TABLE)


def distribute(players: int, stack: int, chip_set: tuple[int, ...] = DEFAULT_CHIP_SET) -> ChipPlan:
    """Split ``stack`` into chips for each of ``players``.

    Among the ways to make the stack, prefers (in order): 20-25 chips (R45); every value
    used (but one worth more than half the stack), at least as many chips of each value as
    of the next one up, and enough of each value to change the next one up; then as much
    of the stack as possible in the larger chips.
    """
    if not 1 <= players <= MAX_PLAYERS:
        raise ConfigError(
            f"{players:,} players: the chip guide plans for 1 to {MAX_PLAYERS:,} players "
            f"({MAX_PLAYERS // SEATS_PER_TABLE} tables of {SEATS_PER_TABLE})"
        )
    if stack < 1:
        raise ConfigError(f"stack {stack}: must be at least 1")
    chips = tuple(sorted(set(chip_set)))
    if not chips or chips[0] < 1:
        raise ConfigError(f"chip set {list(chip_set)}: give chip values of 1 or more")
    counts = _search(stack, chips)
    if counts is None:
        values = ", ".join(str(c) for c in chips)
        raise ConfigError(f"a stack of {stack} cannot be made from chips of {values}")
    per_player = {value: n for value, n in zip(chips, counts, strict=True) if n}
    each = sum(counts)
    return ChipPlan(
        players=players,
        stack=stack,
        per_player=per_player,
        chips_per_player=each,
        total_chips=each * players,
        case=case_for(players, each),
    )


def _score(counts: tuple[int, ...], chips: tuple[int, ...], stack: int) -> tuple[int, ...]:
    n = sum(counts)
    low, high = TARGET_CHIPS
    off_target = max(0, low - n, n - high)
    # A value too big to be worth a chip (more than half the stack) may go unused.
    unused = sum(1 for c, k in zip(chips, counts, strict=True) if k == 0 and c * 2 <= stack)
    pairs = [(counts[i], counts[i + 1], i) for i in range(len(chips) - 1)]
    growing = sum(1 for small, big, _ in pairs if small and big and small < big)
    short_change = sum(
        1 for small, big, i in pairs if small and big and small * chips[i] < chips[i + 1]
    )
    big_first = tuple(-k * c for c, k in zip(reversed(chips), reversed(counts), strict=True))
    return (off_target, unused + growing + short_change, *big_first)


def _search(stack: int, chips: tuple[int, ...]) -> tuple[int, ...] | None:
    """The best-scoring split within a few chips of the target (or of the fewest possible)."""
    fewest = _fewest(stack, chips)
    if fewest is None:
        return None
    budget = max(TARGET_CHIPS[1], sum(fewest)) + 5
    best: tuple[int, ...] = fewest
    best_score = _score(fewest, chips, stack)
    values = list(reversed(chips))

    def search(i: int, left: int, used: int, picked: list[int]) -> None:
        nonlocal best, best_score
        value = values[i]
        if i == len(values) - 1:
            if left % value == 0 and used + left // value <= budget:
                counts = tuple(reversed([*picked, left // value]))
                score = _score(counts, chips, stack)
                if score < best_score:
                    best, best_score = counts, score
            return
        k = 0
        while k * value <= left and used + k <= budget:
            rest = left - k * value
            # What is left must fit in the chips still allowed, at the next value at most.
            if rest <= (budget - used - k) * values[i + 1]:
                search(i + 1, rest, used + k, [*picked, k])
            k += 1

    search(0, stack, 0, [])
    return best


def _fewest(stack: int, chips: tuple[int, ...]) -> tuple[int, ...] | None:
    """The split with the fewest chips (a coin-change table), or None if there is none."""
    if stack > 10_000_000:
        raise ConfigError(f"stack {stack}: too large to split into chips")
    inf = stack + 1
    best = [0] + [inf] * stack
    last = [0] * (stack + 1)
    for amount in range(1, stack + 1):
        for value in chips:
            if value <= amount and best[amount - value] + 1 < best[amount]:
                best[amount] = best[amount - value] + 1
                last[amount] = value
    if best[stack] >= inf:
        return None
    counts = dict.fromkeys(chips, 0)
    amount = stack
    while amount:
        counts[last[amount]] += 1
        amount -= last[amount]
    return tuple(counts[c] for c in chips)
