"""A field takes only its own JSON type: "100" is no buy-in, true is no seat, 1.0 is no
whole number and "yes" is no switch. Each is refused with a sentence naming the field,
the type it takes and the type sent, and changes nothing; a whole number is still a
number of seconds."""

from __future__ import annotations

import json
from typing import Any

import pytest

from holdem.cardroom.options import TableOptions
from holdem.server.protocol import ProtocolError, parse_message
from tests.server.client import Cardroom

# A valid message of each kind, and for each of its typed fields a wrong JSON value.
MESSAGES: list[tuple[dict[str, Any], str, Any, str]] = [
    ({"type": "sit", "seat": 1, "name": "Ana", "buy_in": 100}, "buy_in", "100",
     "'buy_in' must be a whole number, not a string"),
    ({"type": "sit", "seat": 1, "name": "Ana", "buy_in": 100}, "seat", True,
     "'seat' must be a whole number, not true"),
    ({"type": "sit", "seat": 1, "name": "Ana", "buy_in": 100}, "seat", 1.0,
     "'seat' must be a whole number, not a number with a decimal point (1.0)"),
    ({"type": "sit", "seat": 1, "name": "Ana", "buy_in": 100}, "name", 7,
     "'name' must be a string, not a whole number (7)"),
    ({"type": "coach", "on": True}, "on", "yes", "'on' must be true or false, not a string"),
    ({"type": "coach", "on": True}, "on", 1, "'on' must be true or false, not a whole number (1)"),
    ({"type": "run_twice", "agree": False}, "agree", 0,
     "'agree' must be true or false, not a whole number (0)"),
    ({"type": "top_up", "amount": 50}, "amount", "50", "'amount' must be a whole number"),
    ({"type": "adjust", "seat": 2, "change": -5}, "change", -5.0, "'change' must be a whole"),
    ({"type": "remove", "seat": 2}, "seat", False, "'seat' must be a whole number, not false"),
    ({"type": "add_bot", "kind": "tag", "seat": 2}, "seat", "2", "'seat' must be a whole"),
    ({"type": "watch", "table": 1}, "table", [1], "'table' must be a whole number, not a list"),
    ({"type": "chat", "text": "hi"}, "text", None, "'text' must be a string, not null"),
    ({"type": "approve", "request": "r1"}, "request", 1, "'request' must be a string"),
    ({"type": "ping"}, "ref", 5, "'ref' must be a string, not a whole number (5)"),
]  # fmt: skip


@pytest.mark.parametrize(("message", "field", "wrong", "sentence"), MESSAGES)
def test_every_message_refuses_a_field_of_the_wrong_json_type(
    message: dict[str, Any], field: str, wrong: Any, sentence: str
) -> None:
    parse_message(json.dumps(message))  # as it should be: accepted
    bad = {**message, field: wrong}
    with pytest.raises(ProtocolError) as refusal:
        parse_message(json.dumps(bad))
    assert str(refusal.value).startswith(f"{message['type']}: {sentence}")


@pytest.mark.parametrize("version", [True, 1.0, "1"])
def test_the_protocol_version_is_the_number_one(version: Any) -> None:
    with pytest.raises(ProtocolError, match="is not spoken here: use 1"):
        parse_message(json.dumps({"v": version, "type": "ping"}))


def test_a_mistyped_sit_is_refused_over_the_wire_and_takes_no_seat(cardroom: Cardroom) -> None:
    table_id, _ = cardroom.create(seat_approval=False)
    ana = cardroom.player(table_id, cardroom.identity(table_id))
    version = ana.next("state")["version"]
    mistyped: list[tuple[dict[str, Any], str]] = [
        ({"seat": 1, "buy_in": "100"}, "sit: 'buy_in' must be a whole number, not a string"),
        ({"seat": True, "buy_in": 100}, "sit: 'seat' must be a whole number, not true"),
        ({"seat": 1.0, "buy_in": 100}, "sit: 'seat' must be a whole number, not a number with"),
    ]
    for fields, sentence in mistyped:
        ana.send(type="sit", name="Ana", **fields)
        assert ana.error().startswith(sentence)
    ana.send(type="coach", on="yes")
    assert ana.error() == "coach: 'on' must be true or false, not a string"
    ana.send(type="ping")
    ana.next("pong")
    ana.drain()
    assert ana.state["version"] == version and ana.state["you"]["seat"] is None
    ana.send(type="sit", seat=1, name="Ana", buy_in=100)  # typed right: it sits
    ana.until(lambda s: s["you"]["seat"] == 1)


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        # In the lobby form's words: the field's label, what it takes, what came.
        ({"seats": "6"}, "The number of seats must be a whole number, not a string."),
        ({"straddles": 1}, "Straddles allowed must be true or false, not a whole number (1)."),
        ({"small_blind": 1.0}, "The small blind must be a whole number, not a number with"),
        ({"seat_approval": "false"}, "Approving players must be true or false, not a string."),
        ({"action_seconds": "30"}, "The action timer must be a number, not a string."),
        ({"action_seconds": True}, "The action timer must be a number, not true."),
        ({"bots": "tag"}, "The bots must be a list, not a string."),
    ],
)
def test_table_options_of_the_wrong_json_type_are_refused(
    cardroom: Cardroom, options: dict[str, Any], sentence: str
) -> None:
    assert sentence in options_refused(cardroom, {"name": "Friday", **options})


def options_refused(cardroom: Cardroom, options: dict[str, Any]) -> str:
    """Ask for a table with ``options``, which must be refused: the refusal's sentence,
    once it is checked that no table was made."""
    response = cardroom.http.post("/api/tables", json=options)
    assert response.status_code == 400
    assert cardroom.http.get("/api/tables").json() == []
    return str(response.json()["error"])


def test_whole_seconds_are_still_seconds(cardroom: Cardroom) -> None:
    options: dict[str, Any] = {
        "action_seconds": 30, "time_bank_seconds": 60, "bot_think_seconds": 0,
        "between_hands_seconds": 3, "mode": "sng", "level_minutes": 10,
    }  # fmt: skip
    table_id, _ = cardroom.create(**options)
    state = cardroom.player(table_id, None).next("state")
    assert state["table"]["action_seconds"] == 30.0
    assert TableOptions(name="x", **options).level_minutes == 10.0


def test_a_refused_message_echoes_its_ref_even_when_it_cannot_be_read(cardroom: Cardroom) -> None:
    table_id, _ = cardroom.create()
    player = cardroom.player(table_id, None)
    player.ws.send(json.dumps({"v": 1, "type": "sit", "seat": "1", "ref": "mine"}))
    refused = player.next("error")
    assert refused["ref"] == "mine" and "'seat'" in refused["message"]
    player.ws.send(json.dumps({"v": 1, "type": "dance", "ref": "x" * 65}))
    assert player.next("error")["ref"] is None  # a ref too long to be one is not echoed
