"""The cardroom's ASGI application: pages, the JSON API, downloads and the WebSocket."""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator, Collection
from importlib.resources import files
from pathlib import Path

from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from holdem.cardroom.options import TableOptions
from holdem.cardroom.room import Room
from holdem.errors import HoldemError
from holdem.server import downloads, openapi
from holdem.server.bodies import MAX_BODY_BYTES, BodyError, read_json
from holdem.server.cluster.relay import RemoteTable
from holdem.server.connection_limits import Census, ConnectionLimits
from holdem.server.creation_limits import Limits, RateLimit, Refused
from holdem.server.live_clock import ClockLinks
from holdem.server.live_routes import live_routes
from holdem.server.option_errors import options_problem
from holdem.server.protocol import MAX_MESSAGE_BYTES
from holdem.server.runtime import Client, TableRuntime
from holdem.server.shelved import ArchivedTable
from holdem.server.store import Store
from holdem.server.tables import AnyRuntime, Cardroom
from holdem.server.tokens import TokenSigner
from holdem.server.tournament_runtime import TournamentRuntime
from holdem.webkit.auth import owner_of, set_identity, token_hash
from holdem.webkit.failures import JsonErrors
from holdem.webkit.hosts import LOOPBACK_NAMES, AllowedHosts
from holdem.webkit.http_guard import SameOriginWrites, from_another_site
from holdem.webkit.refusals import error, refuse

WEB = Path(str(files("holdem") / "web"))
MAX_NUMBER_DIGITS = 9  # a table or hand number in a path or a query
SEND_SECONDS = 15.0  # one message waiting this long to go out: the client stopped reading
CLOSE_SECONDS = 5.0  # for the close frame to a client too far behind
OPEN_STATUSES = ("waiting", "running", "paused")


def create_app(
    database: str,
    *,
    tune_gc: bool = False,
    allowed_hosts: Collection[str] = LOOPBACK_NAMES,
    limits: Limits = Limits(),  # noqa: B008 - frozen, so one shared default is safe
    connection_limits: ConnectionLimits = ConnectionLimits(),  # noqa: B008 - frozen too
    clock_urls: Collection[str] = (),
) -> Starlette:
    """The cardroom on ``database``, answering to the host names ``allowed_hosts`` within
    ``limits`` and ``connection_limits``; a live table may link to the clocks at
    ``clock_urls``; ``tune_gc`` is for a server process of its own."""
    cardroom = Cardroom(Store(database), clocks=ClockLinks(clock_urls))
    websockets = Census(
        "WebSockets", connection_limits.websockets_per_address, connection_limits.max_websockets
    )
    signer: list[TokenSigner] = []  # the cardroom's, once its database is open
    new_identities = RateLimit("new identities", limits.identities_per_minute, 60.0)
    new_tables = RateLimit("new tables", limits.tables_per_hour, 3600.0)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await cardroom.open()
        signer.append(await TokenSigner.of(cardroom.store))
        if tune_gc:
            # The restored tables live as long as the server: keep the collector off them,
            # and collect young objects less often (a full pass stalls every table).
            gc.collect()
            gc.freeze()
            gc.set_threshold(20_000, 50, 100)
        try:
            yield
        finally:
            await cardroom.close()

    def runtime_of(table_id: str) -> AnyRuntime:
        runtime = cardroom.tables.get(table_id)
        if runtime is None:
            raise LookupError(f"there is no table {table_id!r}: the lobby at / lists the tables")
        return runtime

    def identity_of(connection: HTTPConnection, table_id: str) -> str | None:
        """The hash of the identity a request carries: a token this cardroom issued, or
        one a table already knows (issued before tokens were signed); else None."""
        runtime = cardroom.tables.get(table_id)

        def trusted(token: str) -> bool:
            return signer[0].issued(token) or holds_a_place(runtime, token_hash(token))

        return owner_of(connection, table_id, trusted)

    def new_identity(request: Request) -> str:
        new_identities.take(request.client.host if request.client else None)
        return signer[0].issue()

    async def lobby(request: Request) -> Response:
        return FileResponse(WEB / "index.html")

    async def table_page(request: Request) -> Response:
        table_id = request.path_params["table"]
        await cardroom.find(table_id)  # also a table another process created a moment ago
        try:
            runtime_of(table_id)
        except LookupError as missing:
            return PlainTextResponse(str(missing), status_code=404)
        # by the lobby row, which a process that does not hold the table knows too
        live = cardroom.tables[table_id].summary().get("mode") == "live"
        page = "live.html" if live else "table.html"
        response = FileResponse(WEB / page)
        if identity_of(request, table_id) is None:
            set_identity(response, table_id, new_identity(request))
        return response

    async def list_tables(request: Request) -> Response:
        return JSONResponse(cardroom.summaries())

    async def create_table(request: Request) -> Response:
        data = await read_json(request, "the table options")
        try:
            options = TableOptions.model_validate(data)
        except ValidationError as invalid:
            return error(options_problem(invalid))
        in_play = sum(1 for row in cardroom.summaries() if row.get("status") in OPEN_STATUSES)
        if in_play >= limits.max_tables:
            raise Refused(
                f"the cardroom has {limits.max_tables} tables in play, its limit: try again "
                "when one of them ends",
                600,
            )
        new_tables.take(request.client.host if request.client else None)
        table_id, token = await cardroom.create(options, signer[0].issue())
        response = JSONResponse(
            {"id": table_id, "url": f"/t/{table_id}", "token": token}, status_code=201
        )
        set_identity(response, table_id, token)
        return response

    async def identity(request: Request) -> Response:
        table_id = request.path_params["table"]
        await cardroom.find(table_id)
        runtime_of(table_id)
        token = new_identity(request)
        response = JSONResponse({"token": token})
        set_identity(response, table_id, token)
        return response

    async def room_of(request: Request) -> Room:
        """The table asked for; a tournament's tables are told apart by ``?table=n``."""
        await cardroom.find(request.path_params["table"])
        runtime = runtime_of(request.path_params["table"])
        if isinstance(runtime, RemoteTable):
            await runtime.load()  # run by another process: as the store has it now
        number = request.query_params.get("table")
        try:
            return runtime.room_at(None if number is None else number_in(number, "?table="))
        except HoldemError as missing:
            raise LookupError(str(missing)) from None

    async def hands(request: Request) -> Response:
        before = request.query_params.get("before")  # pages back through a long table
        room = await room_of(request)
        return JSONResponse(await downloads.hand_list(cardroom.store, room, before))

    async def hand_file(request: Request) -> Response:
        table_id = request.path_params["table"]
        room = await room_of(request)
        number = number_in(request.path_params["number"], "a hand")
        kind = request.path_params["kind"]
        owner = identity_of(request, table_id)  # sees its own cards in the hands it played
        if kind == "phh":
            text = await downloads.phh(cardroom.store, room, number, owner)
            return PlainTextResponse(text, media_type="application/toml")
        if kind == "txt":
            text = await downloads.text_history(cardroom.store, room, number, owner)
            return PlainTextResponse(text)
        if kind == "json":
            return JSONResponse(await downloads.proof(cardroom.store, room, number))
        return error(f"hands download as .phh, .txt or .json, not .{kind}", 404)

    async def hand_replay(request: Request) -> Response:
        room = await room_of(request)
        number = number_in(request.path_params["number"], "a hand")
        owner = identity_of(request, request.path_params["table"])  # its own cards only
        return JSONResponse(await downloads.replay_steps(cardroom.store, room, number, owner))

    async def table_stats(request: Request) -> Response:
        room = await room_of(request)  # counted as hands end: nothing is read again here
        seated = [(n + 1, seat.name) for n, seat in enumerate(room.table.seats) if seat]
        return JSONResponse(room.stats.rows(seated))

    async def ledger(request: Request) -> Response:
        table = (await room_of(request)).table
        return Response(
            table.ledger.csv(table.stacks_by_name()),
            media_type="text/csv",
            headers={"content-disposition": 'attachment; filename="ledger.csv"'},
        )

    async def play(websocket: WebSocket) -> None:
        table_id = websocket.path_params["table"]
        runtime = await cardroom.find(table_id)
        if runtime is None:
            await websocket.close(code=4404, reason="no such table")
            return
        if from_another_site(websocket):  # its page must not play with this browser's cookie
            await websocket.close(code=4403, reason="connect from this server's own pages")
            return
        address = websocket.client.host if websocket.client else None
        too_many = websockets.admit(address)
        if too_many is not None:  # refused before the handshake: the page says why
            await refuse(websocket.scope, websocket.receive, websocket.send, 429, too_many)
            return
        try:
            await _play(websocket, runtime, identity_of(websocket, table_id))
        finally:
            websockets.release(address)

    async def not_found(request: Request, exc: Exception) -> Response:
        return error(str(exc), 404)

    async def refused(request: Request, exc: Exception) -> Response:
        return error(str(exc), 404 if isinstance(exc, downloads.NoSuchHand) else 400)

    async def unreadable(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, BodyError)
        return error(str(exc), exc.status)

    async def too_many(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        return error(str(exc), 429, {"Retry-After": str(exc.retry_after)})

    async def api_document(request: Request) -> Response:
        return JSONResponse(openapi.document())

    async def favicon(request: Request) -> Response:
        return FileResponse(WEB / "favicon.svg", media_type="image/svg+xml")

    hand_path = "/api/tables/{table}/hands/{number}.{kind}"
    return Starlette(
        routes=[
            Route("/", lobby),
            Route("/t/{table}", table_page),
            Route("/api/openapi.json", api_document, methods=["GET"]),
            Route("/api/tables", list_tables, methods=["GET"]),
            Route("/api/tables", create_table, methods=["POST"]),
            Route("/api/tables/{table}/identity", identity, methods=["POST"]),
            Route("/api/tables/{table}/hands", hands),
            Route(hand_path, hand_file),
            Route("/api/tables/{table}/hands/{number}/replay", hand_replay),
            Route("/api/tables/{table}/ledger.csv", ledger),
            Route("/api/tables/{table}/stats", table_stats),
            *live_routes(runtime_of),
            WebSocketRoute("/ws/{table}", play),
            # Browsers ask for /favicon.ico by themselves (a page without its <link>).
            Route("/favicon.ico", favicon),
            Mount("/static", StaticFiles(directory=WEB), name="static"),
        ],
        middleware=[
            Middleware(JsonErrors),
            Middleware(
                AllowedHosts,
                names=allowed_hosts,
                advice="start the cardroom with --allowed-host {name} to allow it",
            ),
            Middleware(SameOriginWrites, max_body=MAX_BODY_BYTES),
        ],
        exception_handlers={
            LookupError: not_found,
            HoldemError: refused,
            BodyError: unreadable,
            Refused: too_many,
        },
        lifespan=lifespan,
    )


def holds_a_place(runtime: AnyRuntime | None, owner: str) -> bool:
    """Whether ``owner`` is the host of the table, has a seat or asked for one there, or
    is registered in its tournament."""
    if isinstance(runtime, ArchivedTable):
        return runtime.knows(owner)  # the identities it held when it was put away
    if isinstance(runtime, TournamentRuntime):
        multi = runtime.multi
        return owner == multi.host or multi.entrant_of(owner) is not None
    if isinstance(runtime, TableRuntime):
        room = runtime.room
        return (
            owner == room.host
            or owner in room.owners.values()
            or any(request.owner == owner for request in room.requests.values())
        )
    return False


def number_in(text: str, where: str) -> int:
    """A table or hand number as written in a path or a query: ASCII digits only (Python's
    int() also takes "²" and "٣"), and few enough to be a number the cardroom has."""
    if not (text.isascii() and text.isdigit()):
        raise LookupError(f"{where} takes a number, not {text[:20]!r}")
    if len(text) > MAX_NUMBER_DIGITS:
        raise LookupError(f"{where} takes a number of at most {MAX_NUMBER_DIGITS} digits")
    return int(text)


async def _play(websocket: WebSocket, runtime: AnyRuntime, owner: str | None) -> None:
    """Accept the client, and serve it until it leaves or falls too far behind."""
    await websocket.accept()
    client = Client(websocket, owner)
    writer = asyncio.create_task(_write(client))
    await runtime.join(client)
    reader = asyncio.create_task(_read(websocket, runtime, client))
    try:
        # Whichever ends first ends both: the client left, or it fell too far behind.
        done, _ = await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        if reader in done:
            reader.result()  # a fault in reading is the server's: JsonErrors logs it
    finally:
        reader.cancel()
        writer.cancel()
        await runtime.leave(client)


async def _read(websocket: WebSocket, runtime: AnyRuntime, client: Client) -> None:
    """Hand the client's messages to the table until it leaves."""
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            text = frame.get("text")
            if text is None:  # a binary frame: read it as the UTF-8 text it should be
                text = (frame.get("bytes") or b"").decode("utf-8", "replace")
            if len(text) > MAX_MESSAGE_BYTES:
                await websocket.close(code=1009, reason="message too large")
                return
            await runtime.receive(client, text)


async def _write(client: Client) -> None:
    """Send a client's queued messages in order; a slow reader never holds up the table.

    A client that stops reading fills its socket, and then its outbox: once the outbox
    overflows, or one message has waited SEND_SECONDS, it is closed with 1013 (and if
    even the close frame cannot go out, the connection is let go; see
    websocket_transport.py), so the messages it never took are freed."""
    sending = asyncio.create_task(_send_queued(client))
    behind = asyncio.create_task(client.fell_behind.wait())
    try:
        await asyncio.wait({sending, behind}, return_when=asyncio.FIRST_COMPLETED)
        if sending.done() and not isinstance(sending.exception(), TimeoutError):
            return  # the client is gone
    finally:
        sending.cancel()
        behind.cancel()
    with contextlib.suppress(Exception):
        async with asyncio.timeout(CLOSE_SECONDS):
            await client.websocket.close(code=1013, reason="too far behind: reconnect")


async def _send_queued(client: Client) -> None:
    while True:
        text = await client.outbox.get()
        async with asyncio.timeout(SEND_SECONDS):
            await client.websocket.send_text(text)


__all__ = ["create_app"]
