"""Pots: returning uncalled chips, building the main and side pots, splitting them (R23-R25)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]


def uncalled_excess(bets: Sequence[int]) -> tuple[int, int] | None:
    """The one bet nobody matched: (player, excess over the next largest bet), or None."""
    if not bets:
        return None
    top = max(range(len(bets)), key=lambda i: bets[i])
    second = max((b for i, b in enumerate(bets) if i != top), default=0)
    excess = bets[top] - second
    return (top, excess) if excess > 0 else None


def unmatched(contributions: Sequence[int], in_hand: Sequence[bool]) -> list[int]:
    """Chips nobody still in the hand matched, to go back to their owners (R23).

    Above the largest contribution of a player still in, no one can win a chip: a
    player who folded with more in (say an ante the all-in big blind never matched)
    gets that excess back.

    >>> unmatched([5, 15], [True, False])
    [0, 10]
    """
    top = max(c for c, live in zip(contributions, in_hand, strict=True) if live)
    return [max(0, c - top) for c in contributions]


def build_pots(contributions: Sequence[int], dead: int, in_hand: Sequence[bool]) -> list[Pot]:
    """Main pot first, then side pots, from each player's chips in the pot (R23).

    Layers are cut at every distinct contribution, smallest first; a layer is contested
    by the players still in the hand who put in at least that much. ``dead`` chips (dead
    antes, R7) belong to the main pot, which every player still in contests. Adjacent
    layers contested by the same players are one pot.
    """
    pots: list[Pot] = []

    def add(amount: int, eligible: tuple[int, ...]) -> None:
        if pots and pots[-1].eligible == eligible:
            amount += pots.pop().amount
        if amount:
            pots.append(Pot(amount, eligible))

    add(dead, tuple(i for i, live in enumerate(in_hand) if live))
    previous = 0
    for level in sorted(set(contributions)):
        if level == 0:
            continue
        amount = sum(min(c, level) - min(c, previous) for c in contributions)
        add(amount, tuple(i for i, c in enumerate(contributions) if c >= level and in_hand[i]))
        previous = level
    return pots


def split(amount: int, winners: Sequence[int], one_each: bool = True) -> list[tuple[int, int]]:
    """Equal shares; the odd chips go one each to the winners in order clockwise from the
    button (R25), or with ``one_each`` false all to the first of them (PokerKit's way).

    ``winners`` must be listed clockwise from the button (lowest position first).

    >>> split(35, [0, 4, 7])
    [(0, 12), (4, 12), (7, 11)]
    >>> split(14, [0, 4, 7], one_each=False)
    [(0, 6), (4, 4), (7, 4)]
    """
    share, odd = divmod(amount, len(winners))
    if one_each:
        return [(w, share + (k < odd)) for k, w in enumerate(winners)]
    return [(w, share + (odd if k == 0 else 0)) for k, w in enumerate(winners)]


def split_runs(amount: int, runs: int) -> list[int]:
    """A pot divided between boards when the hand is run more than once; odd chips to the first."""
    share, odd = divmod(amount, runs)
    return [share + (odd if run == 0 else 0) for run in range(runs)]
