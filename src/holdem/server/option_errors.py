"""What was wrong with a host's table options, in the words of the lobby's form.

``describe`` (protocol.py) speaks of fields, for programs; a person filling the form reads
"The big blind is at least 1, not 0." instead of "'big_blind': input should be ...".
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from holdem.server.protocol import BOUND_WORDS, EXPECTED, json_kind

LABELS = {
    "name": "The table name",
    "structure": "The game",
    "small_blind": "The small blind",
    "big_blind": "The big blind",
    "ante": "The ante",
    "ante_kind": "The kind of ante",
    "straddles": "Straddles allowed",
    "run_it_twice": "Run it twice allowed",
    "min_buy_in": "The minimum buy-in",
    "max_buy_in": "The maximum buy-in",
    "seats": "The number of seats",
    "action_seconds": "The action timer",
    "time_bank_seconds": "The time bank",
    "seat_approval": "Approving players",
    "bots": "The bots",
    "bot_think_seconds": "The bots' thinking time",
    "between_hands_seconds": "The pause between hands",
    "mode": "The kind of game",
    "max_players": "The number of players",
    "starting_stack": "The starting stack",
    "structure_preset": "The blind structure",
    "level_minutes": "A level's length",
    "prize_per_player": "The prize per player",
    "rebuys": "The last rebuy level",
    "addon": "The add-on level",
    "bounty": "The bounty",
    "bomb_pots": "Bomb pots",
    "bomb_pot_ante": "The bomb pot's ante",
    "seven_deuce_bounty": "The 7-2 bounty",
    "rabbit_hunt": "Rabbit hunt",
}


def options_problem(error: ValidationError) -> str:
    """The first problem with the options, as one sentence for the host."""
    first = error.errors()[0]
    fields = [part for part in first["loc"] if isinstance(part, str)]
    field = fields[0] if fields else None
    return _sentence(_problem(first, field))


def label(field: str) -> str:
    return LABELS.get(field, "The " + field.replace("_", " "))


def _problem(error: ErrorDetails, field: str | None) -> str:
    kind, given, context = error["type"], error["input"], error.get("ctx", {})
    if field is None or kind == "value_error":  # a rule's own sentence (table settings)
        return str(context.get("error", error["msg"]))
    if kind == "extra_forbidden":
        return f"{field!r} is not a table option"
    if kind == "missing":
        return f"{label(field)} is missing"
    if kind in EXPECTED:
        return f"{label(field)} must be {EXPECTED[kind]}, not {json_kind(given)}"
    if kind in BOUND_WORDS:
        key, words = BOUND_WORDS[kind]
        return f"{label(field)} is {words} {_amount(field, context[key])}, not {given}"
    if kind == "too_long":
        return f"{label(field)}: at most {context.get('max_length')} of them, not {len(given)}"
    if kind == "literal_error":
        return f"{label(field)} must be one of {context.get('expected')}, not {given!r}"
    return f"{label(field)}: {error['msg'][0].lower()}{error['msg'][1:]}"


def _amount(field: str, limit: Any) -> str:
    unit = " seconds" if field.endswith("_seconds") else " minutes" if "minutes" in field else ""
    return f"{limit}{unit}"


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
