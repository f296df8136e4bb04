"""The messages a client sends over its WebSocket (docs/protocol.md), validated here.

``parse_message`` turns raw text into one of the models below or raises
``ProtocolError`` with a sentence saying what was wrong and what is allowed.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic_core import ErrorDetails

from holdem.cardroom.options import BotKind
from holdem.errors import HoldemError
from holdem.server.json_depth import MAX_DEPTH, too_deep
from holdem.table.names import chat_text, player_name

VERSION = 1
MAX_MESSAGE_BYTES = 4096
MAX_REF = 64  # characters of a message's "ref"


class ProtocolError(HoldemError, ValueError):
    """A message the server cannot read: not JSON, an unknown type, a bad field."""

    ref: str | None = None  # the message's own ref, when it had a readable one


# Normalised and checked (holdem.table.names); the length counts after normalising.
PlayerName = Annotated[str, AfterValidator(player_name)]
ChatText = Annotated[str, AfterValidator(chat_text)]
BOUND_WORDS = {  # a number out of bounds: (the limit in pydantic's context, its words)
    "greater_than_equal": ("ge", "at least"),
    "greater_than": ("gt", "more than"),
    "less_than_equal": ("le", "at most"),
    "less_than": ("lt", "less than"),
}
# What a field of each JSON type is called in a refusal ("must be a whole number").
EXPECTED = {
    "int_type": "a whole number",
    "float_type": "a number",
    "bool_type": "true or false",
    "string_type": "a string",
    "list_type": "a list",
}


class Message(BaseModel):
    # Strict: a field takes only its own JSON type ("100" is not 100, 1 is not true).
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    v: Literal[1] = 1
    ref: str | None = Field(None, max_length=MAX_REF)


class Sit(Message):
    type: Literal["sit"]
    seat: int = Field(ge=1, le=10)
    name: PlayerName
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


class PreAction(Message):
    """A decision chosen before one's turn, made by the server when the turn comes
    (pre_actions.py); ``action`` null clears it. ``amount``: the bet a ``call`` answers."""

    type: Literal["pre_action"]
    action: Literal["checkfold", "call", "callany"] | None
    amount: int | None = Field(None, ge=0)


class TopUp(Message):
    type: Literal["top_up"]
    amount: int = Field(ge=1)


class RunTwice(Message):
    type: Literal["run_twice"]
    agree: bool


class Chat(Message):
    type: Literal["chat"]
    text: ChatText


# The reactions a seated player may send, shown for a moment at their seat.
Emote = Literal["heart", "laugh", "wow", "sad", "angry", "cool"]


class React(Message):
    type: Literal["react"]
    emote: Emote


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
    ban: bool = False  # and never let the removed player ask for a seat again


class Straddle(Message):
    type: Literal["straddle"]
    on: bool = True  # false takes back a straddle offered for the next hand


class PauseAfterHand(Message):
    type: Literal["pause_after_hand"]
    on: bool  # false cancels a pause still waiting for the hand to end


class ShowCards(Message):
    """After a hand: turn up the first, the second or both of one's hole cards."""

    type: Literal["show_cards"]
    cards: Literal["first", "second", "both"]


class BombPot(Message):
    type: Literal["call_bomb_pot"]  # the host calls one for the next hand


class Blinds(Message):
    """The host's blinds and antes from the next hand."""

    type: Literal["set_blinds"]
    small_blind: int = Field(ge=0, le=1_000_000)
    big_blind: int = Field(ge=1, le=1_000_000)
    ante: int = Field(0, ge=0, le=1_000_000)
    ante_kind: Literal["none", "uniform", "big-blind", "button"] = "none"


class AddBot(Message):
    type: Literal["add_bot"]
    kind: BotKind
    seat: int | None = Field(None, ge=1, le=10)  # a tournament's bot registers: no seat


class Register(Message):
    type: Literal["register"]
    name: PlayerName


class Watch(Message):
    type: Literal["watch"]
    table: int = Field(ge=0, le=1000)


class Simple(Message):
    """Messages with nothing but their type."""

    type: Literal[
        "leave",
        "sit_out",
        "sit_in",
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
    | PreAction
    | TopUp
    | RunTwice
    | Chat
    | Coach
    | React
    | RequestAnswer
    | Adjust
    | Remove
    | Straddle
    | PauseAfterHand
    | ShowCards
    | BombPot
    | Blinds
    | AddBot
    | Register
    | Watch
    | Simple,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
# Who may send what: anyone, a seated player, the host.
OPEN_TYPES = ("sit", "chat", "coach", "ping", "register", "unregister", "watch", "show_cards")
SEAT_TYPES = (
    "leave", "sit_out", "sit_in", "top_up", "run_twice", "straddle", "act", "react",
    "pre_action",
)  # fmt: skip
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
    "pause_after_hand",
    "call_bomb_pot",
    "set_blinds",
)
TYPES = OPEN_TYPES + SEAT_TYPES + HOST_TYPES


def parse_message(text: str | bytes) -> ClientMessage:
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"a message is at most {MAX_MESSAGE_BYTES} bytes")
    if too_deep(text):
        raise ProtocolError(f"a message nests at most {MAX_DEPTH} arrays and objects deep")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise ProtocolError('a message is one JSON object, e.g. {"v": 1, "type": "ping"}') from None
    if not isinstance(data, dict):
        raise ProtocolError('a message is a JSON object with a "type"')
    try:
        return _validated(data)
    except ProtocolError as error:
        ref = data.get("ref")  # echoed in the error, as for any other refusal
        error.ref = ref if isinstance(ref, str) and len(ref) <= MAX_REF else None
        raise


def _validated(data: dict[str, object]) -> ClientMessage:
    kind = data.get("type")
    if kind not in TYPES:
        raise ProtocolError(f"unknown message type {kind!r}: the types are {', '.join(TYPES)}")
    version = data.get("v", VERSION)
    if type(version) is not int or version != VERSION:  # true is not 1, nor is 1.0
        raise ProtocolError(f"protocol version {data.get('v')!r} is not spoken here: use {VERSION}")
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as error:
        raise ProtocolError(f"{kind}: {describe(error)}") from None


def describe(error: ValidationError) -> str:
    """The first problem of a validation error, as a sentence about the field."""
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"] if part not in TYPES)
    kind = first["type"]
    if kind == "extra_forbidden":
        return f"{where!r} is not a field of this message"
    if kind == "missing":
        return f"{where!r} is missing"
    if kind in EXPECTED:
        return f"{where!r} must be {EXPECTED[kind]}, not {json_kind(first['input'])}"
    if kind in BOUND_WORDS and where:
        key, words = BOUND_WORDS[kind]
        return f"{where!r} is {words} {first.get('ctx', {}).get(key)}, not {first['input']}"
    problem = _problem(first)
    return f"{where!r}: {problem[0].lower()}{problem[1:]}" if where else problem


def _problem(error: ErrorDetails) -> str:
    """A validator's own sentence as it wrote it; pydantic's otherwise."""
    if error["type"] == "value_error":
        return str(error.get("ctx", {}).get("error", error["msg"]))
    return error["msg"]


def json_kind(value: object) -> str:
    """What ``value`` was in the JSON sent: "a string", "true", "a whole number (3)"..."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, float):
        return f"a number with a decimal point ({value!r})"
    if isinstance(value, int):
        return f"a whole number ({value})"
    kinds: dict[type, str] = {str: "a string", list: "a list", dict: "an object"}
    return kinds.get(type(value), type(value).__name__)
