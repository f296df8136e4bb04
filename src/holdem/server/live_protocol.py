"""The messages a live table's page sends, checked at the edge (docs/live.md).

``{"v": 1, "type": "live", "command": {"kind": "act", ...}}`` carries one command of the
session (cardroom/live_session.py); ``{"v": 1, "type": "ping"}`` is answered ``pong``.
Every field is typed strictly and bounded, so a hostile message costs little and is
refused with one sentence before it reaches the rules.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from holdem.errors import HoldemError
from holdem.server.json_depth import MAX_DEPTH, too_deep
from holdem.server.protocol import MAX_MESSAGE_BYTES, MAX_REF

Chips = Annotated[int, Field(ge=0, le=100_000_000)]
Seat = Annotated[int, Field(ge=1, le=10)]
CardText = Annotated[str, Field(min_length=2, max_length=3)]
ActionKind = Literal["fold", "check", "call", "bet", "raise", "all-in"]


class LiveProtocolError(HoldemError):
    def __init__(self, message: str, ref: str | None = None) -> None:
        super().__init__(message)
        self.ref = ref


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SeatPlayer(_Strict):
    kind: Literal["seat"]
    seat: Seat
    name: Annotated[str, Field(max_length=100)]
    buy_in: Chips


class Rebuy(_Strict):
    kind: Literal["rebuy"]
    seat: Seat
    amount: Chips


class SeatOnly(_Strict):
    kind: Literal["cash_out", "sit_out", "sit_in", "button"]
    seat: Seat


class Owes(_Strict):
    """The host sets what a player posts before the deal, with the reason (R38)."""

    kind: Literal["owes"]
    seat: Seat
    post: Literal["none", "big", "small", "both", "wait"]
    reason: Annotated[str, Field(max_length=200)]


class Setup(_Strict):
    kind: Literal["setup"]
    structure: Literal["nl", "pl", "fl"] = "nl"
    small_blind: Chips
    big_blind: Chips
    ante: Chips = 0
    ante_kind: Literal["none", "uniform", "big-blind", "button"] = "none"


class LinkClock(_Strict):
    kind: Literal["clock"]
    linked: bool
    url: Annotated[str, Field(max_length=200)] | None = None  # the clock's page


class Deal(_Strict):
    kind: Literal["deal"]
    straddle: bool = False


class Act(_Strict):
    kind: Literal["act"]
    seat: Seat
    action: ActionKind
    amount: Chips | None = None


class Board(_Strict):
    kind: Literal["board"]
    cards: Annotated[list[CardText], Field(min_length=1, max_length=3)]


class Show(_Strict):
    kind: Literal["show"]
    seat: Seat
    cards: Annotated[list[CardText], Field(min_length=2, max_length=2)]


class Muck(_Strict):
    kind: Literal["muck"]
    seat: Seat


class Winners(_Strict):
    kind: Literal["winners"]
    pots: Annotated[list[Annotated[list[Seat], Field(max_length=10)]], Field(max_length=10)]


class Irregularity(_Strict):
    kind: Literal["irregularity"]
    what: Literal[
        "misdeal", "exposed_card", "extra_card", "premature", "flop_too_many",
        "face_up_in_deck", "out_of_turn",
        "string_bet", "oversized_chip", "verbal", "void",
    ]  # fmt: skip
    seat: Seat | None = None
    card_number: Literal[1, 2] | None = None
    card: CardText | None = None
    cards: Annotated[list[CardText], Field(max_length=8)] | None = None
    action: ActionKind | None = None
    amount: Chips | None = None
    chip: Chips | None = None
    count: Annotated[int, Field(ge=1, le=52)] | None = None
    raise_said: bool = False


class Undo(_Strict):
    kind: Literal["undo"]


Command = Annotated[
    SeatPlayer | Rebuy | SeatOnly | Owes | Setup | LinkClock | Deal | Act | Board | Show | Muck
    | Winners | Irregularity | Undo,
    Field(discriminator="kind"),
]  # fmt: skip
_COMMAND: TypeAdapter[Any] = TypeAdapter(Command)
NEEDS_SEAT = ("exposed_card", "out_of_turn", "string_bet", "oversized_chip", "verbal")


def parse(text: str) -> tuple[str, dict[str, Any] | None, str | None]:
    """(type, the command as the session takes it or None for a ping, the ref)."""
    if len(text) > MAX_MESSAGE_BYTES:
        raise LiveProtocolError(f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    if too_deep(text):
        raise LiveProtocolError(f"a message nests at most {MAX_DEPTH} arrays and objects deep")
    try:
        data = json.loads(text)
    except ValueError:
        raise LiveProtocolError(
            'a message is one JSON object, e.g. {"v": 1, "type": "ping"}'
        ) from None
    if not isinstance(data, dict):
        raise LiveProtocolError('a message is a JSON object with a "type"')
    ref = data.get("ref")
    ref = ref if isinstance(ref, str) and len(ref) <= MAX_REF else None
    kind = data.get("type")
    if kind == "ping":
        return "ping", None, ref
    if kind != "live":
        raise LiveProtocolError(
            f"unknown message type {kind!r}: a live table takes live and ping", ref
        )
    if data.get("v", 1) != 1 or type(data.get("v", 1)) is not int:
        raise LiveProtocolError("protocol version is 1", ref)
    try:
        command = _COMMAND.validate_python(data.get("command"))
    except ValidationError as invalid:
        raise LiveProtocolError(_sentence(invalid), ref) from None
    body = command.model_dump(exclude_none=True)
    if body["kind"] == "irregularity" and body["what"] in NEEDS_SEAT and "seat" not in body:
        raise LiveProtocolError(f"say whose {body['what'].replace('_', ' ')} it is: a seat", ref)
    return "live", body, ref


def _sentence(invalid: ValidationError) -> str:
    problem = invalid.errors()[0]
    where = ".".join(str(part) for part in problem["loc"] if not isinstance(part, int)) or "command"
    if problem["type"] == "union_tag_invalid" or problem["type"] == "union_tag_not_found":
        return (
            "a command needs a kind: seat, rebuy, cash_out, sit_out, sit_in, button, owes, setup, "
            "clock, deal, act, board, show, muck, winners, irregularity or undo"
        )
    return f"{where}: {problem['msg'].lower()}"
