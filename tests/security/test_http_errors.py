"""Input that used to crash a handler (a 500 and a traceback in the log) is refused with
the JSON error docs/protocol.md promises, and any fault left is one JSON sentence.

The crashes: a body that is not UTF-8, a JSON number of more than 4,300 digits (Python's
int() limit), `?table=²` (str.isdigit() takes superscripts, int() does not) and a table
or hand number of 5,000 digits.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import httpx
import pytest
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from holdem.webkit.failures import JsonErrors
from tests.security.threaded_server import serving
from tests.server.client import Cardroom

JSON = {"Content-Type": "application/json"}


def refusal(response: httpx.Response, status: int, *words: str) -> str:
    assert response.status_code == status, response.text
    sentence = str(response.json()["error"])
    for word in words:
        assert word in sentence, sentence
    return sentence


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (b'{"name": "Caf\xe9"}', ("UTF-8",)),
        (b'{"name": "x", "seats": ' + b"9" * 5000 + b"}", ("more than 30 digits",)),
        (b'{"name": "x", "seats": -' + b"9" * 5000 + b"}", ("more than 30 digits",)),
        (b"[" * 16000, ("nested too deeply",)),
        (b'{"name": ', ("one JSON object",)),
    ],
    ids=["latin-1", "huge-number", "huge-negative", "deep-nesting", "cut-short"],
)
def test_a_body_python_cannot_read_is_a_400_sentence(
    cardroom: Cardroom, body: bytes, words: tuple[str, ...]
) -> None:
    before = cardroom.http.get("/api/tables").json()
    refusal(cardroom.http.post("/api/tables", content=body, headers=JSON), 400, *words)
    assert cardroom.http.get("/api/tables").json() == before


@pytest.mark.parametrize(
    "query",
    ["²", "٣", "9" * 5000, "-1", "1.0"],
    ids=["superscript", "arabic", "huge", "neg", "dot"],
)
def test_a_table_number_that_is_not_plain_digits_is_a_404_sentence(
    cardroom: Cardroom, query: str
) -> None:
    table_id, _ = cardroom.create()
    for path in ("hands", "ledger.csv"):
        response = cardroom.http.get(f"/api/tables/{table_id}/{path}", params={"table": query})
        refusal(response, 404, "?table=")


def test_a_hand_number_of_thousands_of_digits_is_a_404_sentence(cardroom: Cardroom) -> None:
    table_id, _ = cardroom.create()
    for kind in ("phh", "txt", "json"):
        response = cardroom.http.get(f"/api/tables/{table_id}/hands/{'9' * 5000}.{kind}")
        refusal(response, 404, "at most 9 digits")
    refusal(cardroom.http.get(f"/api/tables/{table_id}/hands/1.phh"), 404, "no finished hand")


# -- the catch-all -------------------------------------------------------------------------

SECRET_TOKEN = "tok-" + "s3cr3t" * 8


async def crashing(request: Request) -> Response:
    raise RuntimeError(f"a bug that shows what it held: {request.headers['authorization']}")


@pytest.fixture
def crashing_server() -> Iterator[str]:
    """A real server whose one route fails, behind the cardroom's catch-all."""
    app = Starlette(routes=[Route("/boom", crashing)], middleware=[Middleware(JsonErrors)])
    with serving(app) as url:
        yield url


def test_a_fault_is_one_json_sentence_and_logged_without_the_token(
    crashing_server: str, caplog: pytest.LogCaptureFixture
) -> None:
    headers = {"Authorization": f"Bearer {SECRET_TOKEN}", "Cookie": f"holdem_x={SECRET_TOKEN}"}
    with caplog.at_level(logging.ERROR, logger="holdem.server"):
        response = httpx.get(crashing_server + "/boom?key=abc", headers=headers)
    refusal(response, 500, "the server failed on this request")
    assert "Traceback" not in response.text
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "GET /boom failed" in logged and "RuntimeError: a bug" in logged
    assert SECRET_TOKEN not in logged and "key=abc" not in logged
