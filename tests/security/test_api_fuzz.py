"""The HTTP API, fuzzed against its own OpenAPI document (`/api/openapi.json`).

schemathesis generates requests from the document (valid and invalid: wrong types,
odd strings, missing fields) and sends them to a real `holdem serve`; every answer must
be a status the document lists for that path, with the content it says (a refusal is
`{"error": "<sentence>"}`), and none a 500. Tables of each kind exist first, so that paths
with a table in them reach the handlers and not only the 404.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import positive_data_acceptance

from tests.support.server import ServerProcess

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    database = tmp_path_factory.mktemp("fuzz") / "cardroom.sqlite3"
    unlimited = ["--tables-per-hour", "100000", "--identities-per-minute", "100000"]
    with ServerProcess(f"sqlite:///{database}", args=unlimited) as running:
        for mode in ("cash", "live"):
            httpx.post(running.url + "/api/tables", json={"name": mode, "mode": mode})
        yield running


EXAMPLES = 30  # requests per operation: thirteen operations


def test_every_answer_is_documented_and_none_is_a_fault(server: ServerProcess) -> None:
    api = schemathesis.openapi.from_url(server.url + "/api/openapi.json")
    operations = [result.ok() for result in api.get_all_operations()]
    assert len(operations) == 13

    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))  # fmt: skip
        def fuzz(case: schemathesis.Case) -> None:
            response = case.call()
            where = f"{case.method} {case.formatted_path}"
            assert response.status_code < 500, f"{where}: {response.text[:300]}"
            # The document says a body is an object with a name; what a name may hold
            # (docs/security.md, Names) is more than a schema says: a 400 for one is right.
            case.validate_response(response, excluded_checks=[positive_data_acceptance])
            if response.status_code >= 400:
                sentence = response.json()["error"]
                assert isinstance(sentence, str) and sentence, where

        fuzz()
    assert "Traceback" not in server.log_text()


def test_the_document_is_served_and_lists_the_api(server: ServerProcess) -> None:
    document = httpx.get(server.url + "/api/openapi.json").json()
    assert document["openapi"].startswith("3.")
    assert {"/api/tables", "/api/tables/{table}/identity", "/api/live/{table}/ledger.csv"} <= set(
        document["paths"]
    )
