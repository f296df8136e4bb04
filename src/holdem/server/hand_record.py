"""A hand as JSON: enough to play it again, card for card, from its configuration, its
deck and its decisions. A finished hand's record is stored with the command that ended it
(the ``hands`` table), so the downloads of every hand come from the store, and a room
keeps only its last hand in memory; snapshots use the same form for the hand in play.
"""

from __future__ import annotations

from typing import Any

from holdem.cardroom.after_hand import FinishedHand, shows_from_json, shows_to_json
from holdem.cardroom.room import Room
from holdem.cards import Card, Deck
from holdem.engine import Action, ActionKind, Hand, HandConfig
from holdem.engine.events import HandVoided
from holdem.engine.rake import RakeTaken
from holdem.fairness import ShuffleCommitment
from holdem.server.codec import from_json, to_json
from holdem.server.store import HandRow
from holdem.table import Bounty, PlayedHand
from holdem.table.button import Blinds
from holdem.table.table import RUNOUT


def hand_to_json(played: PlayedHand, commitment: ShuffleCommitment) -> dict[str, Any]:
    voided = next((e.reason for e in played.hand.events if isinstance(e, HandVoided)), None)
    return {
        "number": played.number,
        "config": to_json(played.hand.config),
        "order": [int(card) for card in commitment.order],
        "salts": [salt.hex() for salt in commitment.salts],
        "actions": to_json(played.actions),
        "voided": voided,
        "seat_of": played.seat_of,
        "names": played.names,
        "blinds": to_json(played.blinds),
        "bounty": to_json(played.bounty),
        "rake": to_json(played.rake),
    }


def hand_from_json(data: dict[str, Any]) -> tuple[PlayedHand, ShuffleCommitment]:
    """The hand played again from its record, and its deck's commitment."""
    commitment = ShuffleCommitment(
        order=tuple(Card(code) for code in data["order"]),
        salts=tuple(bytes.fromhex(salt) for salt in data["salts"]),
    )
    hand = Hand(from_json(HandConfig, data["config"]), Deck(commitment.order))
    actions = from_json(list[tuple[str, int | None]], data["actions"])
    for kind, to in actions:
        if kind == RUNOUT:
            hand.deal_runout()
        else:
            hand.act(Action(ActionKind(kind), to))
    if data["voided"] is not None:
        hand.void(data["voided"])
    played = PlayedHand(
        data["number"], hand, list(data["seat_of"]), from_json(Blinds, data["blinds"]),
        from_json(Bounty | None, data["bounty"]), list(data["names"]), actions,
    )  # fmt: skip
    played.rake = from_json(RakeTaken | None, data.get("rake"))  # older records have none
    return played, commitment


def finished_from_json(data: dict[str, Any]) -> FinishedHand:
    played, commitment = hand_from_json(data)
    shown = shows_from_json(data.get("shown_after"))  # older records have none
    return FinishedHand(played, commitment, data["dealt_at"], tuple(data["dealt_to"]), shown)


def take_finished(room: Room) -> HandRow | None:
    """The record of the hand the room's last command ended, if it ended one."""
    played, room.finished = room.finished, None
    if played is None:
        return None
    commitment = room.deals[played.number]
    record = hand_to_json(played, commitment)
    record["dealt_at"] = room.dealt_at[played.number]
    record["dealt_to"] = list(room.dealt_to[played.number])
    record["shown_after"] = shows_to_json(room)
    return HandRow(room.number or 0, played.number, commitment.commitment, record)
