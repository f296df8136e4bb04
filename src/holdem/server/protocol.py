"""The messages a client sends over its WebSocket (docs/protocol.md), validated here.

``parse_message`` turns raw text into one of the models below or raises
``ProtocolError`` with a sentence saying what was wrong and what is allowed.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from holdem.errors import HoldemError
from holdem.server.options import BotKind

VERSION = 1
MAX_MESSAGE_BYTES = 4096


class ProtocolError(HoldemError, ValueError):
    """A message the server cannot read: not JSON, an unknown type, a bad field."""


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    v: Literal[1] = 1
    ref: str | None = Field(None, max_length=64)


class Sit(Message):
    type: Literal["sit"]
    seat: int = Field(ge=1, le=10)
    name: str = Field(min_length=1, max_length=24)
    buy_in: int = Field(ge=1)


class Act(Message):
    type: Literal["act"]
    action: Literal["fold", "check", "call", "bet", "raise", "all-in", "show", "muck"]
    amount: int | None = Field(None, ge=1)
    # The decision it answers: the state's ``hand.decision``, or the ``version`` of the
    # state it was chosen on. A repeated or stale act is refused instead of being applied
    # to the next decision (a double click, two tabs).
    decision: str | None = Field(None, max_length=32)
    version: int | None = Field(None, ge=0)


class TopUp(Message):
    type: Literal["top_up"]
    amount: int = Field(ge=1)


class RunTwice(Message):
    type: Literal["run_twice"]
    agree: bool


class Chat(Message):
    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=300)


class Coach(Message):
    type: Literal["coach"]
    on: bool


class RequestAnswer(Message):
    type: Literal["approve", "refuse"]
    request: str = Field(max_length=64)


class Adjust(Message):
    type: Literal["adjust"]
    seat: int = Field(ge=1, le=10)
    change: int


class Remove(Message):
    type: Literal["remove"]
    seat: int = Field(ge=1, le=10)


class AddBot(Message):
    type: Literal["add_bot"]
    kind: BotKind
    seat: int | None = Field(None, ge=1, le=10)  # a tournament's bot registers: no seat


class Register(Message):
    type: Literal["register"]
    name: str = Field(min_length=1, max_length=24)


class Watch(Message):
    type: Literal["watch"]
    table: int = Field(ge=0, le=1000)


class Simple(Message):
    """Messages with nothing but their type."""

    type: Literal[
        "leave",
        "sit_out",
        "sit_in",
        "straddle",
        "start",
        "pause",
        "resume",
        "end",
        "void",
        "ping",
        "unregister",
    ]


ClientMessage = Annotated[
    Sit
    | Act
    | TopUp
    | RunTwice
    | Chat
    | Coach
    | RequestAnswer
    | Adjust
    | Remove
    | AddBot
    | Register
    | Watch
    | Simple,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
# Who may send what: anyone, a seated player, the host.
OPEN_TYPES = ("sit", "chat", "coach", "ping", "register", "unregister", "watch")
SEAT_TYPES = ("leave", "sit_out", "sit_in", "top_up", "run_twice", "straddle", "act")
HOST_TYPES = (
    "start",
    "pause",
    "resume",
    "end",
    "approve",
    "refuse",
    "adjust",
    "remove",
    "void",
    "add_bot",
)
TYPES = OPEN_TYPES + SEAT_TYPES + HOST_TYPES


def parse_message(text: str | bytes) -> ClientMessage:
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise ProtocolError('a message is one JSON object, e.g. {"v": 1, "type": "ping"}') from None
    if not isinstance(data, dict):
        raise ProtocolError('a message is a JSON object with a "type"')
    kind = data.get("type")
    if kind not in TYPES:
        raise ProtocolError(f"unknown message type {kind!r}: the types are {', '.join(TYPES)}")
    if data.get("v", VERSION) != VERSION:
        raise ProtocolError(f"protocol version {data.get('v')!r} is not spoken here: use {VERSION}")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as error:
        raise ProtocolError(f"{kind}: {describe(error)}") from None


def describe(error: ValidationError) -> str:
    """The first problem of a validation error, as a sentence about the field."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"] if part not in TYPES)
    problem = first["msg"]
    if first["type"] == "extra_forbidden":
        return f"{where!r} is not a field of this message"
    if first["type"] == "missing":
        return f"{where!r} is missing"
    return f"{where!r}: {problem[0].lower()}{problem[1:]}" if where else problem
