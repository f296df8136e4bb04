"""Final-table deals: an ICM chop or a chip chop of the prizes still to be won, exact to
the unit, with a part of the pool left to play for if the players want.

The chip chop gives everyone the smallest prize left, and shares the rest in proportion
to the chips; the ICM chop pays each player their Malmuth-Harville equity. Either way
``left_to_play`` comes off first place before the chop and goes to the winner of what
is still played.

>>> chip_chop([6000, 3000, 1000], [500, 300, 200])
[440, 320, 240]
>>> icm_chop([5000, 5000], [700, 300])
[500, 500]
>>> icm_chop([5000, 5000], [700, 300], left_to_play=100)
[450, 450]
"""

from __future__ import annotations

from collections.abc import Sequence

from holdem.errors import ConfigError
from holdem.tournament.icm import exact_icm
from holdem.tournament.shares import split

__all__ = ["DEAL_KINDS", "chip_chop", "deal", "icm_chop"]

DEAL_KINDS = ("icm", "chips")


def deal(
    kind: str, stacks: Sequence[int], prizes: Sequence[int], left_to_play: int = 0
) -> list[int]:
    """What each player takes now by a ``kind`` deal ("icm" or "chips")."""
    if kind == "icm":
        return icm_chop(stacks, prizes, left_to_play)
    if kind == "chips":
        return chip_chop(stacks, prizes, left_to_play)
    raise ConfigError(f"deal {kind!r}: choose from {', '.join(DEAL_KINDS)}")


def _chopped(stacks: Sequence[int], prizes: Sequence[int], left_to_play: int) -> list[int]:
    """The prizes of the players left (one per player, 0 for unpaid places), first place
    less ``left_to_play``; checks the stacks and the amount."""
    if len(stacks) < 2:
        raise ConfigError("a deal needs two or more players")
    if any(s <= 0 for s in stacks):
        raise ConfigError("every player in a deal must have chips")
    places = [*prizes[: len(stacks)], *[0] * max(0, len(stacks) - len(prizes))]
    if not 0 <= left_to_play <= places[0]:
        raise ConfigError(
            f"{left_to_play} left to play for: must be 0 to first place's {places[0]}"
        )
    places[0] -= left_to_play
    return sorted(places, reverse=True)


def chip_chop(stacks: Sequence[int], prizes: Sequence[int], left_to_play: int = 0) -> list[int]:
    places = _chopped(stacks, prizes, left_to_play)
    floor = places[-1]
    return [floor + part for part in split(sum(places) - floor * len(places), list(stacks))]


def icm_chop(stacks: Sequence[int], prizes: Sequence[int], left_to_play: int = 0) -> list[int]:
    places = _chopped(stacks, prizes, left_to_play)
    return split(sum(places), exact_icm(stacks, places))
