"""The cardroom's HTTP API as an OpenAPI 3.0 document, served at ``/api/openapi.json``.

Written by hand beside the routes in app.py and live_routes.py (the WebSocket protocol
is docs/protocol.md's). Every refusal is ``{"error": "<one sentence>"}`` with one of the
statuses listed for its path; the test suite fuzzes the API against this document.
"""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]

ERROR: Json = {
    "type": "object",
    "required": ["error"],
    "properties": {"error": {"type": "string"}},
}
TABLE_ID: Json = {"name": "table", "in": "path", "required": True, "schema": {"type": "string"}}
NUMBER: Json = {"name": "number", "in": "path", "required": True, "schema": {"type": "string"}}
SUB_TABLE: Json = {
    "name": "table",
    "in": "query",
    "required": False,
    "description": "a tournament's table, by its number",
    "schema": {"type": "string"},
}


def _refusals(*statuses: int) -> Json:
    reasons = {
        400: "a request the cardroom does not take, said in a sentence",
        403: "a write from another site's page",
        404: "no such table or hand",
        408: "the request's head and body did not arrive in time",
        413: "a body over 16,384 bytes",
        415: "a body that is not JSON",
        429: "a limit reached: the sentence says which, Retry-After when to try again",
    }
    return {
        str(status): {
            "description": reasons[status],
            "content": {"application/json": {"schema": ERROR}},
        }
        for status in statuses
    }


def _json(description: str, schema: Json) -> Json:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _text(description: str, media: str) -> Json:
    return {"description": description, "content": {media: {"schema": {"type": "string"}}}}


def _get(summary: str, ok: Json, *statuses: int, parameters: tuple[Json, ...] = ()) -> Json:
    return {
        "get": {
            "summary": summary,
            "parameters": list(parameters),
            "responses": {"200": ok, **_refusals(400, *statuses)},
        }
    }


def document() -> Json:
    """The OpenAPI document of the cardroom's JSON API and downloads."""
    rows = {"type": "array", "items": {"type": "object"}}
    created = {
        "type": "object",
        "required": ["id", "url", "token"],
        "properties": {"id": {"type": "string"}, "url": {"type": "string"},
                       "token": {"type": "string"}},
    }  # fmt: skip
    token = {"type": "object", "required": ["token"], "properties": {"token": {"type": "string"}}}
    table = (TABLE_ID,)
    sub = (TABLE_ID, SUB_TABLE)
    hand = (TABLE_ID, NUMBER, SUB_TABLE)
    paths: Json = {
        "/api/tables": {
            **_get("Every table of the cardroom, as the lobby lists them", _json("tables", rows)),
            "post": {
                "summary": "Create a table; the answer carries the host's token",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "description": "the table options (docs/protocol.md)",
                                "required": ["name"],
                                "properties": {"name": {"type": "string"}},
                            }
                        }
                    },
                },
                "responses": {
                    "201": _json("the new table", created),
                    **_refusals(400, 403, 413, 415, 429),
                },
            },
        },
        "/api/tables/{table}/identity": {
            "post": {
                "summary": "A new identity (a token) at this table",
                "parameters": [TABLE_ID],
                "responses": {
                    "200": _json("the token, also set as a cookie", token),
                    **_refusals(400, 403, 404, 413, 415, 429),
                },
            }
        },
        "/api/tables/{table}/hands": _get(
            "The table's finished hands, newest first",
            _json("hands", {"type": "object"}),
            404,
            parameters=(
                *sub,
                {"name": "before", "in": "query", "required": False, "schema": {"type": "string"}},
            ),
        ),
        "/api/tables/{table}/hands/{number}.phh": _get(
            "One hand as PHH", _text("the hand", "application/toml"), 404, parameters=hand
        ),
        "/api/tables/{table}/hands/{number}.txt": _get(
            "One hand as a text history", _text("the hand", "text/plain"), 404, parameters=hand
        ),
        "/api/tables/{table}/hands/{number}.json": _get(
            "One hand's proof: the deck's commitment and its key",
            _json("the proof", {"type": "object"}),
            404,
            parameters=hand,
        ),
        "/api/tables/{table}/hands/{number}/replay": _get(
            "One hand, step by step", _json("the steps", {"type": "object"}), 404, parameters=hand
        ),
        "/api/tables/{table}/ledger.csv": _get(
            "The table's ledger", _text("the ledger", "text/csv"), 404, parameters=sub
        ),
        "/api/tables/{table}/stats": _get(
            "Statistics of the players seated", _json("rows", rows), 404, parameters=sub
        ),
        "/api/live/{table}/hands": _get(
            "A live table's hands", _json("hands", rows), 404, parameters=table
        ),
        "/api/live/{table}/hands/{number}.phh": _get(
            "One hand of a live table as PHH",
            _text("the hand", "application/toml"),
            404,
            parameters=(TABLE_ID, NUMBER),
        ),
        "/api/live/{table}/ledger.csv": _get(
            "A live table's ledger", _text("the ledger", "text/csv"), 404, parameters=table
        ),
    }
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "holdem cardroom",
            "version": "1",
            "description": "The HTTP API of `holdem serve`. Play itself is the WebSocket "
            "/ws/{table} (docs/protocol.md). Every refusal is one sentence: "
            '{"error": "..."}.',
        },
        "paths": paths,
    }
