"""The tight-aggressive bot's starting hands: R48's groups, opened up by position.

R48 names the premium, strong and speculative hands and the weak ones to avoid; a
beginner's chart widens the rest by position: the later a player acts, the fewer
players can wake up behind with a better hand, so the more hands are worth a raise.

>>> from holdem.odds import starting_hand
>>> [playable(starting_hand(h), Seat.EARLY) for h in ("TT", "55", "A5s")]
[True, False, False]
>>> [playable(starting_hand(h), Seat.LATE) for h in ("55", "A5s", "KTo", "93o")]
[True, True, True, False]
"""

from __future__ import annotations

from enum import IntEnum

from holdem.bots.base import PlayerView
from holdem.odds import Group, StartingHand, group_of

TEN, JACK, KING, ACE = 8, 9, 11, 12
SEVEN, FIVE = 5, 3


class Seat(IntEnum):
    """Where a player sits for the preflop decision, earliest to act first."""

    EARLY = 0
    MIDDLE = 1
    LATE = 2  # cutoff and button, and the small blind when everyone folded to it
    BLINDS = 3  # the big blind, or a blind facing action


def seat_of(view: PlayerView, unopened: bool) -> Seat:
    """The seat category of ``view``'s player (``unopened``: nobody has raised yet)."""
    behind = view.seats_from_button
    if view.players == 2:
        return Seat.LATE if behind == 0 else Seat.BLINDS
    if behind == view.players - 1:  # the small blind
        return Seat.LATE if unopened else Seat.BLINDS
    if behind == view.players - 2:
        return Seat.BLINDS
    if behind <= 1:
        return Seat.LATE
    return Seat.MIDDLE if behind == 2 else Seat.EARLY


def playable(hand: StartingHand, seat: Seat) -> bool:
    """Whether the chart opens ``hand`` from ``seat`` (the blinds play as the cutoff)."""
    group = group_of(hand)
    if group in (Group.PREMIUM, Group.STRONG):
        return True
    if group == Group.WEAK:
        return False  # R48: avoid weak unconnected offsuit hands
    if seat == Seat.EARLY:
        return hand.high == hand.low and hand.high >= SEVEN
    if seat == Seat.MIDDLE:
        return group == Group.SPECULATIVE or _middle_extra(hand)
    return group == Group.SPECULATIVE or _middle_extra(hand) or _late_extra(hand)


def _middle_extra(hand: StartingHand) -> bool:
    """Broadway hands and big suited aces: AJo, KQo, ATs, KJs, QJs ..."""
    return hand.low >= (TEN if hand.suited else JACK)


def _late_extra(hand: StartingHand) -> bool:
    """Late position adds suited aces and kings, suited gappers and offsuit broadways."""
    if hand.suited:
        gap = hand.high - hand.low
        return hand.high >= KING or (gap <= 2 and hand.low >= FIVE)
    return hand.low >= TEN or (hand.high == ACE and hand.low >= SEVEN)


def is_premium(hand: StartingHand) -> bool:
    return group_of(hand) == Group.PREMIUM


def is_strong(hand: StartingHand) -> bool:
    return group_of(hand) == Group.STRONG


def is_speculative(hand: StartingHand) -> bool:
    return group_of(hand) == Group.SPECULATIVE
