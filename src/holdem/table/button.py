"""Where the button and the blinds go each hand (R35-R37).

With the dead-button rule (R36) the big blind moves forward exactly one active player
each hand; the small blind is the seat that had the big blind (dead, nobody posts, when
that player is gone), and the button is the seat that had the small blind, even an
empty one. So nobody misses or pays the big blind twice. Heads-up the button posts the
small blind (R6), and going from three players to two, the player who had the big blind
last gets the button (R37), which the same rule gives; without the dead button the
button is placed there on purpose.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Blinds:
    button: int  # a seat; with a dead button it may be empty
    small_blind: int  # the small blind's seat
    small_blind_posts: bool  # False: a dead small blind, nobody posts it
    big_blind: int


def clockwise_after(seat: int, seats: int, candidates: set[int]) -> int:
    """The first candidate seat clockwise after ``seat``."""
    for step in range(1, seats + 1):
        nxt = (seat + step) % seats
        if nxt in candidates:
            return nxt
    raise ValueError("no candidate seat")


def clockwise_before(seat: int, seats: int, candidates: set[int]) -> int:
    """The first candidate seat counter-clockwise before ``seat``."""
    for step in range(1, seats + 1):
        before = (seat - step) % seats
        if before in candidates:
            return before
    raise ValueError("no candidate seat")


def next_blinds(
    previous: Blinds | None, active: list[int], seats: int, *, dead_button: bool
) -> Blinds:
    """The button and blinds of the next hand among the ``active`` seats (2 or more)."""
    players = set(active)
    if len(players) < 2:
        raise ValueError("a hand needs two active players")
    if previous is None:
        button = min(players)
        return _around(button, players, seats)
    if not dead_button:
        if len(players) == 2 and previous.big_blind in players:
            # Heads-up the last big blind takes the button: from three players to two
            # nobody posts the big blind twice in a row (R37).
            return _around(previous.big_blind, players, seats)
        return _around(clockwise_after(previous.button, seats, players), players, seats)
    big = clockwise_after(previous.big_blind, seats, players)
    if len(players) == 2:
        other = next(p for p in players if p != big)
        return Blinds(other, other, True, big)
    small = previous.big_blind
    button = previous.small_blind
    if previous.button == previous.small_blind:
        # Heads-up the button posted the small blind: with a third player the button goes
        # to the player right of the new small blind, not onto a blind (R36).
        button = clockwise_before(small, seats, players - {big})
    return Blinds(button, small, small in players and small != big, big)


def blinds_around(button: int, active: list[int], seats: int) -> Blinds:
    """The blinds of a hand whose button is placed by hand (a host's choice)."""
    players = set(active)
    if len(players) < 2:
        raise ValueError("a hand needs two active players")
    if len(players) == 2 and button not in players:
        button = clockwise_before(button, seats, players)  # heads-up the button is a player
    return _around(button, players, seats)


def _around(button: int, players: set[int], seats: int) -> Blinds:
    if len(players) == 2:
        return Blinds(button, button, True, clockwise_after(button, seats, players))
    small = clockwise_after(button, seats, players)
    return Blinds(button, small, True, clockwise_after(small, seats, players))


def passed_over(previous: Blinds | None, new: Blinds, seats: int) -> list[int]:
    """Seats the big blind went past this hand (their players missed it, R38)."""
    if previous is None:
        return []
    skipped = []
    seat = (previous.big_blind + 1) % seats
    while seat != new.big_blind:
        skipped.append(seat)
        seat = (seat + 1) % seats
    return skipped
