"""A live table's downloads: its hands as PHH and its ledger as CSV.

Everything at a live table is public (the cards lie on a real table), so these answer
anyone with the link, as the page does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from holdem.cardroom.live_view import live_state
from holdem.server.live_runtime import LiveRuntime
from holdem.table.ledger import text_cell

MAX_NUMBER_DIGITS = 9


def live_routes(runtime_of: Callable[[str], Any]) -> list[Route]:
    """The routes under ``/api/live/<id>``; ``runtime_of`` finds a table by its id."""

    def live_of(request: Request) -> LiveRuntime:
        runtime = runtime_of(request.path_params["table"])
        if not isinstance(runtime, LiveRuntime):
            raise LookupError("this table is not a live table: its hands are under /api/tables")
        return runtime

    async def hands(request: Request) -> Response:
        return JSONResponse(live_state(live_of(request).session)["hands"])

    async def hand_phh(request: Request) -> Response:
        session = live_of(request).session
        text = request.path_params["number"]
        if not (text.isascii() and text.isdigit() and len(text) <= MAX_NUMBER_DIGITS):
            raise LookupError(f"a hand takes a number, not {text[:20]!r}")
        number = int(text)
        for finished in session.finished:
            text = finished.phh() if finished.number == number else None
            if text is not None:
                return PlainTextResponse(
                    text,
                    media_type="application/toml",
                    headers={"content-disposition": f'attachment; filename="hand-{number}.phh"'},
                )
        raise LookupError(f"there is no finished hand {number} at this live table")

    async def ledger(request: Request) -> Response:
        rows = live_state(live_of(request).session)["ledger"]
        lines = ["player,bought,cashed_out,at_table,net"]
        for row in rows:  # a name is a text cell that never runs as a formula
            lines.append(
                f"{text_cell(row['name'])},{row['bought']},{row['cashed_out']},"
                f"{row['stack']},{row['net']}"
            )
        return Response(
            "\n".join(lines) + "\n",
            media_type="text/csv",
            headers={"content-disposition": 'attachment; filename="ledger.csv"'},
        )

    return [
        Route("/api/live/{table}/hands", hands),
        Route("/api/live/{table}/hands/{number}.phh", hand_phh),
        Route("/api/live/{table}/ledger.csv", ledger),
    ]
