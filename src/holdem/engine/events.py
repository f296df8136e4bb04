"""Everything that happens in a hand, as an ordered log of events.

Each event says who may see it: ``audience`` is None for everyone, or the one player
(position) it belongs to. ``redacted()`` gives the version everyone else may see. Hand
histories, the web protocol and replays are views of this one log.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from holdem.cards import Card


@dataclass(frozen=True)
class Event:
    @property
    def audience(self) -> int | None:
        return None

    def visible_to(self, player: int | None) -> bool:
        """Whether ``player`` (None: a spectator) may see this event as it is."""
        return self.audience is None or self.audience == player

    def redacted(self) -> Event:
        return self


@dataclass(frozen=True)
class AntePosted(Event):
    player: int
    amount: int
    all_in: bool


@dataclass(frozen=True)
class BlindPosted(Event):
    player: int
    amount: int
    all_in: bool
    dead: bool = False  # a missed blind paid as dead money: it does not count as a bet


@dataclass(frozen=True)
class HoleCardsDealt(Event):
    """Private to the player; others see that two cards were dealt (``cards`` None)."""

    player: int
    cards: tuple[Card, ...] | None
    count: int = 2

    @property
    def audience(self) -> int | None:
        return self.player if self.cards is not None else None

    def redacted(self) -> Event:
        return replace(self, cards=None)


@dataclass(frozen=True)
class CardBurned(Event):
    """A card taken out of play face down (R3); nobody sees which."""


@dataclass(frozen=True)
class BoardDealt(Event):
    street: int  # 1 flop, 2 turn, 3 river
    cards: tuple[Card, ...]
    run: int = 0  # which board, when the hand is run more than once


@dataclass(frozen=True)
class PlayerActed(Event):
    """A betting decision. ``to`` is the player's total bet this round after it."""

    player: int
    action: str  # fold, check, call, bet, raise
    to: int
    added: int  # chips moved from the stack by this action
    all_in: bool
    # An all-in nobody left could call (R18, E4): recorded as made; what nobody matched
    # comes back as an uncalled bet when the round ends (R23). PHH, which has no such
    # raise, writes it as the call it comes to.
    uncallable: bool = False


@dataclass(frozen=True)
class BettingRoundEnded(Event):
    street: int
    pot: int


@dataclass(frozen=True)
class UncalledBetReturned(Event):
    player: int
    amount: int


@dataclass(frozen=True)
class HandsExposed(Event):
    """All-in with no more betting possible: every hand still in is turned up (R30)."""

    hands: tuple[tuple[int, tuple[Card, ...]], ...]


@dataclass(frozen=True)
class CardsShown(Event):
    player: int
    cards: tuple[Card, ...]
    description: str


@dataclass(frozen=True)
class CardsMucked(Event):
    player: int


@dataclass(frozen=True)
class PotAwarded(Event):
    pot: int  # 0 is the main pot
    amount: int
    shares: tuple[tuple[int, int], ...]  # (player, chips)
    run: int
    reason: str


@dataclass(frozen=True)
class HandEnded(Event):
    stacks: tuple[int, ...]


@dataclass(frozen=True)
class HandVoided(Event):
    """The host voided the hand: every chip goes back (R42)."""

    reason: str
    stacks: tuple[int, ...]


@dataclass(frozen=True)
class Misdealt(Event):
    """A misdeal (R39): forced bets come back and the same button deals again."""

    reason: str
    stacks: tuple[int, ...]


@dataclass(frozen=True)
class CardExposed(Event):
    """A card seen by accident during the deal (R39) or a premature board card (R40, R41)."""

    card: Card
    what: str


@dataclass(frozen=True)
class ExtraCardsDealt(Event):
    """The dealer gave a player cards beyond the deal (R39): one becomes the first burn,
    two or more are a misdeal. Nobody saw them, so the cards are not named."""

    player: int
    count: int


@dataclass(frozen=True)
class BoardReturned(Event):
    """Board cards taken back into the deck (a flop with too many cards, R40): the board
    of that run is as it was before ``cards`` were dealt; a new street follows."""

    street: int
    cards: tuple[Card, ...]
    run: int = 0


AnyEvent = (
    AntePosted
    | BlindPosted
    | HoleCardsDealt
    | CardBurned
    | BoardDealt
    | PlayerActed
    | BettingRoundEnded
    | UncalledBetReturned
    | HandsExposed
    | CardsShown
    | CardsMucked
    | PotAwarded
    | HandEnded
    | HandVoided
    | Misdealt
    | CardExposed
    | ExtraCardsDealt
    | BoardReturned
)
"""Every kind of event a hand records. A reader that ``match``-es over it ends with
``assert_never``, so a new kind is a type error wherever it is not handled
(``tests/engine/test_events.py`` checks that every subclass of ``Event`` is here)."""
