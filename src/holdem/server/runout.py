"""Each hand's equity while an all-in is run out: what the table sees, street by street.

Once the hands are turned up at an all-in (the ``HandsExposed`` event), the equity of each
of them on the board dealt so far is public knowledge: it is computed exactly from the
exposed hands and the board alone (folded and burned cards are unknown to the table, so
they are not dead cards). Exact enumeration costs about 10-16 ms before the flop (2-10
hands, 200k-1.7M boards) and well under a millisecond from the flop on, so it is computed
in place, once per hand and street (the room's view cache keeps it). With run it twice,
the equity is of the first board, while it is being dealt.
"""

from __future__ import annotations

from typing import Any

from holdem.engine.events import HandsExposed
from holdem.odds import equity
from holdem.table import PlayedHand

EQUITY_DIGITS = 4  # 62.15%: enough for the page, and states stay small


def exposed_hands(played: PlayedHand) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(position, hole cards) of the hands turned up at an all-in; empty if none were."""
    event = next((e for e in played.hand.events if isinstance(e, HandsExposed)), None)
    return event.hands if event is not None else ()


def runout_key(played: PlayedHand) -> tuple[object, ...] | None:
    """All the equity depends on: the exposed hands, their seats and the first board so far,
    while the hands are up and that board is not complete; None when there is no equity to
    show. (Not the hand's number: a voided hand's number is dealt again.)"""
    hands = exposed_hands(played)
    if played.hand.is_over or len(played.hand.board) >= 5 or len(hands) < 2:
        return None
    return hands, tuple(played.seat_of), tuple(played.hand.board)


def runout_equity(played: PlayedHand) -> list[dict[str, Any]]:
    """[{"seat", "equity"}] of each exposed hand on the first board dealt so far, by seat."""
    hands = exposed_hands(played)
    result = equity(
        ["".join(str(card) for card in hole) for _, hole in hands],
        [int(card) for card in played.hand.board],
        exact=True,
    )
    shares = [
        {"seat": played.seat_of[position] + 1, "equity": round(share, EQUITY_DIGITS)}
        for (position, _), share in zip(hands, result.equities, strict=True)
    ]
    return sorted(shares, key=lambda share: share["seat"])
