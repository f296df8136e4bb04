"""Eliminations and the finishing order of a tournament (R44).

A player with no chips is out. Players are ranked by the order they went out: the
later, the higher. Players busted in the same hand are ranked by their stacks at the
start of that hand, the bigger stack finishing higher; on exactly equal starting stacks
(a house choice here, where TDA would split the places) the player in the earlier
position of that hand finishes higher (position 0 is dealt first: the small blind, or
heads-up the big blind).

>>> standings = Standings(["a", "b", "c", "d"])
>>> standings.eliminate([Bust("b", 100, 2), Bust("c", 300, 1)])
['b', 'c']
>>> standings.eliminate([Bust("d", 50, 0)])
['d']
>>> standings.finishing_order()
['a', 'd', 'c', 'b']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from holdem.errors import ConfigError


@dataclass(frozen=True)
class Bust:
    player: str
    starting_stack: int  # the player's stack at the start of the hand they went out in
    position: int  # the player's position in that hand


def same_hand_order(busts: Iterable[Bust]) -> list[Bust]:
    """Players out in one hand, the one who finishes lowest first."""
    return sorted(busts, key=lambda b: (b.starting_stack, -b.position))


class Standings:
    """Who is still in, and who went out in which order."""

    def __init__(self, players: Sequence[str]) -> None:
        if len(set(players)) != len(players):
            raise ConfigError("every player needs a distinct id")
        self.remaining: set[str] = set(players)
        self.out: list[str] = []  # first out first
        self.out_in_hand: dict[str, int] = {}  # player -> the number of the hand they went out in
        self._hands = 0

    @property
    def hands_counted(self) -> int:
        """The hands counted so far: it numbers the next (kept by a snapshot)."""
        return self._hands

    def restore_hands_counted(self, hands: int) -> None:
        """Put back the count ``hands_counted`` gave, when a snapshot is restored."""
        self._hands = hands

    def eliminate(self, busts: Sequence[Bust], hand: int | None = None) -> list[str]:
        """Record the players busted in one hand; returns them, lowest finisher first."""
        self._hands += 1
        for bust in busts:
            if bust.player not in self.remaining:
                raise ConfigError(f"{bust.player!r} is not in the tournament")
        ordered = [b.player for b in same_hand_order(busts)]
        if ordered and len(ordered) == len(self.remaining):
            raise ConfigError("a hand cannot bust every remaining player")
        for player in ordered:
            self.remaining.discard(player)
            self.out.append(player)
            self.out_in_hand[player] = self._hands if hand is None else hand
        return ordered

    @property
    def finished(self) -> bool:
        return len(self.remaining) == 1

    def finishing_order(self) -> list[str]:
        """First place first; the tournament must be over (one player left)."""
        if not self.finished:
            raise ConfigError(f"{len(self.remaining)} players are still in: no winner yet")
        return [*self.remaining, *reversed(self.out)]

    def place_of(self, player: str) -> int:
        """1 for the winner; a player still in (tournament not over) has no place yet."""
        if player in self.remaining:
            if not self.finished:
                raise ConfigError(f"{player!r} is still playing")
            return 1
        return len(self.remaining) + len(self.out) - self.out.index(player)
