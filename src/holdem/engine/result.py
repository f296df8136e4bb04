"""What a finished hand comes to: each pot and who won it why, the hands shown, the stacks."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from holdem.cards import Card
from holdem.engine import events

if TYPE_CHECKING:
    from holdem.engine.hand import Hand
    from holdem.engine.showdown import Award


@dataclass(frozen=True)
class PotResult:
    index: int  # 0 is the main pot
    amount: int
    eligible: tuple[int, ...]
    shares: tuple[tuple[int, int], ...]  # (player, chips)
    run: int
    reason: str

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(player for player, _ in self.shares)


@dataclass(frozen=True)
class ShownHand:
    player: int
    cards: tuple[Card, ...]
    description: str


@dataclass(frozen=True)
class HandResult:
    pots: tuple[PotResult, ...]
    shown: tuple[ShownHand, ...]
    mucked: tuple[int, ...]
    boards: tuple[tuple[Card, ...], ...]
    starting_stacks: tuple[int, ...]
    final_stacks: tuple[int, ...]

    @property
    def collected(self) -> tuple[int, ...]:
        """Chips each player took from the pots (uncalled chips given back are not counted)."""
        taken = [0] * len(self.starting_stacks)
        for pot in self.pots:
            for player, chips in pot.shares:
                taken[player] += chips
        return tuple(taken)

    @property
    def net(self) -> tuple[int, ...]:
        """Chips won (positive) or lost by each player."""
        return tuple(f - s for f, s in zip(self.final_stacks, self.starting_stacks, strict=True))


def build_result(hand: Hand, awards: list[Award]) -> HandResult:
    pots = tuple(
        PotResult(index, sum(c for _, c in shares), pot.eligible, shares, run, why)
        for index, pot, shares, run, why in awards
    )
    shown = tuple(
        ShownHand(e.player, e.cards, e.description)
        for e in hand.events
        if isinstance(e, events.CardsShown)
    )
    mucked = tuple(e.player for e in hand.events if isinstance(e, events.CardsMucked))
    return HandResult(
        pots=pots,
        shown=shown,
        mucked=mucked,
        boards=tuple(tuple(board) for board in hand.boards),
        starting_stacks=hand.config.starting_stacks,
        final_stacks=tuple(hand.stacks),
    )
