"""A blind structure built from the field: players, starting stack, chip set, duration (R44).

The first big blind is about 1% of the stack and the last about the chips in play / 20
(two players left with about ten big blinds each); blinds rise geometrically between,
rounded to values the chips in play can pay; breaks colour up chips no later level needs.
"""

from __future__ import annotations

import math

from holdem.errors import ConfigError
from holdem.tournament.structure import Break, Item, Level, Structure, big_blind_ante_level

__all__ = ["generate"]


MAX_HOURS = 48  # a two-day event; longer plans are several structures
MAX_LEVEL_MINUTES = 240
DEFAULT_LEVEL_MINUTES = 20
MIN_LEVELS = 5  # fewer and the blinds jump from the first level to the last
MIN_RISE = 1.2  # the slowest rise per level worth a level of its own

_NICE_TENTHS = (10, 12, 15, 16, 20, 25, 30, 40, 50, 60, 80)


def _nice_values(low: float, high: float, unit: int) -> list[int]:
    """Whole round blind values (1, 1.2, 1.5, 1.6, 2, 2.5, 3, 4, 5, 6, 8 × 10^k) in
    [low, high] that are multiples of ``unit``, smallest first."""
    values: list[int] = []
    scale = 1
    while True:
        for tenths in _NICE_TENTHS:
            if tenths * scale % 10:
                continue
            value = tenths * scale // 10
            if value > high:
                return values
            if value >= low and value % unit == 0 and value not in values:
                values.append(value)
        scale *= 10


def _small_blind(target: float, previous: int, chips: tuple[int, ...]) -> int:
    """The small blind of the round big blind nearest ``2 * target`` (in ratio), payable
    with the chip the small blind is played with (the largest chip at most a quarter of it);
    the next round value up when that would not rise above ``previous``."""
    unit = max([c for c in chips if c <= target / 4] or [chips[0]])
    big = 2 * target
    candidates = _nice_values(1, max(big, previous, unit) * 4, 2 * unit)
    rising = [v for v in candidates if v > 2 * previous] or [(previous // unit + 1) * unit * 2]
    nearest = min(candidates or rising, key=lambda v: abs(math.log(v / big)))
    return (nearest if nearest > 2 * previous else rising[0]) // 2


def _color_ups(later: list[Level], chips: list[int]) -> tuple[int, ...]:
    """Chips (smallest first, never the largest) that no later level needs."""
    removed: list[int] = []
    while len(chips) > 1:
        smallest, next_chip = chips[0], chips[1]
        amounts = [a for level in later for a in (level.small_blind, level.big_blind, level.ante)]
        if any(a % next_chip for a in amounts if a):
            break
        removed.append(smallest)
        chips.pop(0)
    return tuple(removed)


def generate(
    players: int,
    starting_stack: int,
    chip_set: tuple[int, ...] = (25, 100, 500, 1000),
    hours: float = 3.0,
    level_minutes: int | None = None,
    break_minutes: int = 10,
    break_every_hours: float = 2.0,
) -> Structure:
    """A structure for ``hours`` of play: blinds start near 1% of the stack and rise
    geometrically to a last big blind of about a twentieth of all chips in play (two players
    left with 10 big blinds each), rounded to values the chips in play can pay; the big
    blind antes from the third of the way in; breaks every ``break_every_hours`` colour up
    the chips no later level needs.

    >>> s = generate(8, 5000, hours=3)
    >>> [level.big_blind for level in s.blind_levels]
    [50, 100, 150, 200, 300, 500, 800, 1200, 2000]
    >>> [item.color_up for item in s.levels if isinstance(item, Break)]
    [(25,)]
    """
    if players < 2:
        raise ConfigError(f"{players} players: a tournament needs at least 2")
    if starting_stack < 1:
        raise ConfigError(f"starting stack {starting_stack}: must be at least 1")
    if not 0 < hours <= MAX_HOURS:
        raise ConfigError(
            f"{hours:g} hours: plan a tournament of more than 0 and at most {MAX_HOURS} hours"
        )
    if level_minutes is None:  # 20 minutes, shorter when a short plan needs the levels
        level_minutes = max(1, min(DEFAULT_LEVEL_MINUTES, int(hours * 60 // MIN_LEVELS)))
    if not 1 <= level_minutes <= MAX_LEVEL_MINUTES:
        raise ConfigError(
            f"{level_minutes}-minute levels: a level lasts 1 to {MAX_LEVEL_MINUTES} minutes"
        )
    chips = tuple(sorted(set(chip_set)))
    if not chips or chips[0] < 1:
        raise ConfigError(f"chip set {list(chip_set)}: give chip values of 1 or more")
    if starting_stack % chips[0]:
        raise ConfigError(
            f"starting stack {starting_stack} is not a multiple of the smallest chip {chips[0]}"
        )
    count = round(hours * 60 / level_minutes)
    if count < MIN_LEVELS:
        raise ConfigError(
            f"{hours:g} hours of {level_minutes}-minute levels is {count} levels: blinds would "
            f"jump; a structure needs at least {MIN_LEVELS} (shorter --level-minutes or more "
            "--hours)"
        )
    first = _small_blind(max(starting_stack / 200, chips[0]), 0, chips)
    last_target = max(players * starting_stack / 40, first * 2.0)
    ratio = (last_target / first) ** (1 / (count - 1))
    if ratio < MIN_RISE:
        # More levels than the blinds need to reach their last size: rising slower than
        # this would crawl, so the structure ends sooner and says so in its length.
        count = max(MIN_LEVELS, math.ceil(math.log(last_target / first) / math.log(MIN_RISE)) + 1)
        ratio = max((last_target / first) ** (1 / (count - 1)), 1.0)
    smalls = [first]
    for i in range(1, count):
        if len(smalls) >= MIN_LEVELS and smalls[-1] >= last_target:
            break  # rounding up reached the last size early: no level beyond it
        smalls.append(_small_blind(first * ratio**i, smalls[-1], chips))
    count = len(smalls)
    ante_from = count // 3
    levels = [
        big_blind_ante_level(sb, 2 * sb, level_minutes)
        if i >= ante_from
        else Level(sb, 2 * sb, 0, False, level_minutes)
        for i, sb in enumerate(smalls)
    ]
    per_break = max(1, round(break_every_hours * 60 / level_minutes))
    in_play = list(chips)
    items: list[Item] = []
    for i, level in enumerate(levels):
        items.append(level)
        if (i + 1) % per_break == 0 and i + 1 < len(levels):
            removed = _color_ups(levels[i + 1 :], in_play)
            items.append(Break(break_minutes, removed or None))
    name = f"{players} players, {starting_stack:,} chips, {hours:g} hours"
    return Structure(name=name, starting_stack=starting_stack, levels=tuple(items))
