"""What may still happen to a hand once it is over: its players show cards, and the board
that would have come is shown (a rabbit hunt).

Showing after the hand: a player dealt in may turn up the first, the second or both of
their hole cards, until the next hand is dealt. The cards shown become public like cards
shown at a showdown: in every state, in the hand's PHH and text history and in its
shuffle proof. Nothing else of that player's hand is revealed.

The rabbit: after a hand that ended before the river, at a table playing rabbit hunts,
the board cards the dealer would have dealt next (the deck's committed order, skipping
the burns) are shown, marked as not played. They change nothing: not the result, not the
histories' board. They are public cards, so the shuffle proof reveals them with the
board, and everyone can check they are the committed deck's; the burns, like every hole
card not shown, stay closed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from holdem.cards import Card
from holdem.errors import IllegalActionError
from holdem.fairness import ShuffleCommitment
from holdem.history.actions import ShowMuck
from holdem.history.hand import HandHistory

if TYPE_CHECKING:
    from holdem.cardroom.room import Command, Room
    from holdem.table import PlayedHand

Which = Literal["first", "second", "both"]
CARD_INDICES: dict[str, tuple[int, ...]] = {"first": (0,), "second": (1,), "both": (0, 1)}
BOARD_SIZE = 5
STREET_CARDS = ((3, "flop"), (1, "turn"), (1, "river"))  # after a burn each (R3)
SHOWN_HEADING = "*** SUMMARY ***"  # the text history's shows go just before it


@dataclass(frozen=True)
class FinishedHand:
    """A finished hand as the downloads need it."""

    played: PlayedHand
    commitment: ShuffleCommitment
    dealt_at: float
    dealt_to: tuple[str | None, ...]  # the hash of each position's player's token
    shown_after: dict[int, tuple[int, ...]]  # position -> hole cards shown after the hand

    def position_of(self, owner: str | None) -> int | None:
        """The position ``owner`` played in this hand; None if not dealt in."""
        return self.dealt_to.index(owner) if owner is not None and owner in self.dealt_to else None


# -- showing after the hand ---------------------------------------------------------------


def show_command(room: Room, owner: str | None, which: Which) -> Command:
    """The ``show`` command for the client holding ``owner``'s token."""
    played = _last_hand(room)
    position = room.position_in(played.number, owner)
    if position is None:
        raise IllegalActionError(
            f"you were not dealt in hand #{played.number}: there are no cards of yours to show"
        )
    return {"kind": "show", "hand": played.number, "position": position,
            "cards": list(CARD_INDICES[which])}  # fmt: skip


def show(room: Room, c: Command) -> None:
    """Apply a ``show`` command: the cards turn up for everyone, and the hand's stored
    record is written again with them."""
    played = _last_hand(room)
    if c["hand"] != played.number:
        raise IllegalActionError(f"hand #{c['hand']} is no longer the last hand: nothing to show")
    position = c["position"]
    hole = played.hand.holes[position] if 0 <= position < len(played.seat_of) else None
    if hole is None:
        raise IllegalActionError(f"hand #{played.number} has no position {position}")
    up = face_up_indices(room, played, position)
    wanted = tuple(i for i in c["cards"] if i not in up)
    if not wanted:
        already = "your cards are" if len(c["cards"]) > 1 else "that card is"
        raise IllegalActionError(f"{already} already face up: there is nothing more to show")
    room.shown_after[position] = tuple(sorted({*room.shown_after.get(position, ()), *wanted}))
    room.finished = played  # its record is stored again, with the cards shown
    shown = " ".join(str(hole[i]) for i in wanted)
    room.note(f"{played.names[position]} shows {shown}")


def offer(room: Room, owner: str | None) -> list[str]:
    """Which cards ``owner`` may still show of the last hand ("first", "second", "both")."""
    played = _last_hand_or_none(room)
    if played is None or owner is None:
        return []
    position = room.position_in(played.number, owner)
    if position is None:
        return []
    up = face_up_indices(room, played, position)
    return [name for name, indices in CARD_INDICES.items() if not set(indices) <= up]


def face_up_indices(room: Room, played: PlayedHand, position: int) -> set[int]:
    """The hole cards of ``position`` everyone has seen: at the showdown or after it."""
    if _shown_at_showdown(played, position):
        return {0, 1}
    return set(room.shown_after.get(position, ()))


def shown_after(room: Room) -> dict[int, list[str]]:
    """position -> the cards shown after the last hand, for the seats of the state."""
    played = room.table.current
    if played is None or not room.shown_after:
        return {}
    return {
        position: [str(played.hand.holes[position][i]) for i in indices]  # type: ignore[index]
        for position, indices in room.shown_after.items()
    }


def _shown_at_showdown(played: PlayedHand, position: int) -> bool:
    result = played.hand.result
    return result is not None and any(h.player == position for h in result.shown)


def _last_hand(room: Room) -> PlayedHand:
    played = _last_hand_or_none(room)
    if played is not None:
        return played
    if room.table.current is None:
        raise IllegalActionError("no hand has been played yet: there are no cards to show")
    if room.hand_in_progress:
        raise IllegalActionError("a hand is being played: cards are shown once it is over")
    number = room.table.current.number
    raise IllegalActionError(f"hand #{number} was voided: there is nothing to show")


def _last_hand_or_none(room: Room) -> PlayedHand | None:
    """The hand just played, if it ended with a result and the next is not dealt yet
    (asked for every client's state: no exception on the way)."""
    played = room.table.current
    if played is None or not played.hand.is_over or played.hand.result is None:
        return None
    return played


# -- the stored record and the downloads -------------------------------------------------


def shows_to_json(room: Room) -> list[list[Any]]:
    return [[position, list(indices)] for position, indices in sorted(room.shown_after.items())]


def shows_from_json(data: list[list[Any]] | None) -> dict[int, tuple[int, ...]]:
    return {int(position): tuple(indices) for position, indices in data or ()}


def _shown_cards(finished: FinishedHand) -> list[tuple[int, tuple[Card | None, ...]]]:
    """(position, its hole cards with ``None`` for a card left face down)."""
    shows = []
    for position, indices in sorted(finished.shown_after.items()):
        hole = finished.played.hand.holes[position]
        assert hole is not None
        shows.append((position, tuple(c if i in indices else None for i, c in enumerate(hole))))
    return shows


def shown_after_hand(finished: FinishedHand) -> list[tuple[int, list[str]]]:
    """(position, the cards it showed after the hand), for the replayer's last step."""
    return [
        (position, [str(c) for c in cards if c is not None])
        for position, cards in _shown_cards(finished)
    ]


def with_shows_phh(record: HandHistory, finished: FinishedHand) -> HandHistory:
    """The PHH record with the cards shown after the hand as its last actions."""
    extra = tuple(ShowMuck(position, cards) for position, cards in _shown_cards(finished))
    return replace(record, actions=(*record.actions, *extra)) if extra else record


def with_shows_text(text: str, finished: FinishedHand) -> str:
    """The text history with a ``shows`` line for each card shown after the hand."""
    names = finished.played.names
    lines = [
        f"{names[position]}: shows [{' '.join(str(c) for c in cards if c is not None)}]"
        for position, cards in _shown_cards(finished)
    ]
    if not lines:
        return text
    before, heading, after = text.partition(SHOWN_HEADING)
    return before + "\n".join(lines) + "\n" + heading + after


def public_after(finished: FinishedHand, rabbit_hunt: bool) -> list[Card]:
    """The cards made public after the hand: shown ones, and the rabbit's if played."""
    shown = [c for _, cards in _shown_cards(finished) for c in cards if c is not None]
    return shown + (rabbit_cards(finished.played) if rabbit_hunt else [])


# -- the rabbit ----------------------------------------------------------------------------


def rabbit_cards(played: PlayedHand) -> list[Card]:
    """The board cards that would have come after a hand that ended before the river: the
    next cards of the deck, a burn before each street. None for a finished board, a
    voided hand or one run more than once (that is dealt to the end anyway)."""
    hand = played.hand
    if hand.result is None or hand.deck is None or len(hand.boards) != 1:
        return []
    have = len(hand.boards[0])
    if have >= BOARD_SIZE:
        return []
    rest = iter(hand.deck.remaining)
    rabbit: list[Card] = []
    dealt = 0
    for count, _ in STREET_CARDS:
        dealt += count
        if dealt <= have:
            continue
        next(rest)  # the burn stays face down
        rabbit.extend(next(rest) for _ in range(count))
    return rabbit


def rabbit_view(room: Room, played: PlayedHand | None) -> dict[str, Any] | None:
    """The state's ``rabbit``: the last hand's unplayed board, at a rabbit-hunting table."""
    if played is None or not room.options.rabbit_hunt:
        return None
    rabbit = rabbit_cards(played)
    if not rabbit:
        return None
    board = [str(c) for c in played.hand.boards[0]]
    return {"hand": played.number, "board": board, "cards": [str(c) for c in rabbit]}
