"""The cardroom's ASGI application: pages, the JSON API, downloads and the WebSocket."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
from collections.abc import AsyncIterator
from importlib.resources import files
from pathlib import Path

from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from holdem.errors import HoldemError
from holdem.server import downloads
from holdem.server.auth import from_another_site, new_token, owner_of, set_identity
from holdem.server.cardroom import AnyRuntime, Cardroom
from holdem.server.options import TableOptions
from holdem.server.protocol import MAX_MESSAGE_BYTES, describe
from holdem.server.room import Room
from holdem.server.runtime import Client
from holdem.server.store import Store

WEB = Path(str(files("holdem") / "web"))
MAX_BODY_BYTES = 16_384


def error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(database: str, *, tune_gc: bool = False) -> Starlette:
    """The cardroom on ``database``; ``tune_gc`` is for a server process of its own."""
    cardroom = Cardroom(Store(database))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await cardroom.open()
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

    async def lobby(request: Request) -> Response:
        return FileResponse(WEB / "index.html")

    async def table_page(request: Request) -> Response:
        table_id = request.path_params["table"]
        try:
            runtime_of(table_id)
        except LookupError as missing:
            return PlainTextResponse(str(missing), status_code=404)
        response = FileResponse(WEB / "table.html")
        if owner_of(request, table_id) is None:
            set_identity(response, table_id, new_token())
        return response

    async def list_tables(request: Request) -> Response:
        return JSONResponse(cardroom.summaries())

    async def create_table(request: Request) -> Response:
        body = await request.body()
        if len(body) > MAX_BODY_BYTES:
            return error(f"table options are at most {MAX_BODY_BYTES} bytes", 413)
        try:
            data = json.loads(body)
            options = TableOptions.model_validate(data)
        except json.JSONDecodeError:
            return error("send the table options as one JSON object")
        except ValidationError as invalid:
            return error(f"table options: {describe(invalid)}")
        table_id, token = await cardroom.create(options)
        response = JSONResponse(
            {"id": table_id, "url": f"/t/{table_id}", "token": token}, status_code=201
        )
        set_identity(response, table_id, token)
        return response

    async def identity(request: Request) -> Response:
        table_id = request.path_params["table"]
        runtime_of(table_id)
        token = new_token()
        response = JSONResponse({"token": token})
        set_identity(response, table_id, token)
        return response

    def room_of(request: Request) -> Room:
        """The table asked for; a tournament's tables are told apart by ``?table=n``."""
        runtime = runtime_of(request.path_params["table"])
        number = request.query_params.get("table")
        if number is not None and not number.isdigit():
            raise LookupError(f"?table= takes a table number, not {number!r}")
        try:
            return runtime.room_at(int(number) if number is not None else None)
        except HoldemError as missing:
            raise LookupError(str(missing)) from None

    async def hands(request: Request) -> Response:
        return JSONResponse(downloads.hand_list(room_of(request)))

    async def hand_file(request: Request) -> Response:
        table_id = request.path_params["table"]
        room = room_of(request)
        number, kind = request.path_params["number"], request.path_params["kind"]
        owner = owner_of(request, table_id)  # sees its own cards in the hands it played
        if kind == "phh":
            text = downloads.phh(room, number, owner)
            return PlainTextResponse(text, media_type="application/toml")
        if kind == "txt":
            return PlainTextResponse(downloads.text_history(room, number, owner))
        if kind == "json":
            return JSONResponse(downloads.proof(room, number))
        return error(f"hands download as .phh, .txt or .json, not .{kind}", 404)

    async def ledger(request: Request) -> Response:
        table = room_of(request).table
        return Response(
            table.ledger.csv(table.stacks_by_name()),
            media_type="text/csv",
            headers={"content-disposition": 'attachment; filename="ledger.csv"'},
        )

    async def play(websocket: WebSocket) -> None:
        table_id = websocket.path_params["table"]
        runtime = cardroom.tables.get(table_id)
        if runtime is None:
            await websocket.close(code=4404, reason="no such table")
            return
        if from_another_site(websocket):  # its page must not play with this browser's cookie
            await websocket.close(code=4403, reason="connect from this server's own pages")
            return
        await websocket.accept()
        client = Client(websocket, owner_of(websocket, table_id))
        writer = asyncio.create_task(_write(client))
        await runtime.join(client)
        try:
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:  # a binary frame: read it as the UTF-8 text it should be
                    text = (frame.get("bytes") or b"").decode("utf-8", "replace")
                if len(text) > MAX_MESSAGE_BYTES:
                    await websocket.close(code=1009, reason="message too large")
                    break
                await runtime.receive(client, text)
        except WebSocketDisconnect:
            pass
        finally:
            writer.cancel()
            await runtime.leave(client)

    async def not_found(request: Request, exc: Exception) -> Response:
        return error(str(exc), 404)

    async def refused(request: Request, exc: Exception) -> Response:
        return error(str(exc), 404 if isinstance(exc, downloads.NoSuchHand) else 400)

    hand_path = "/api/tables/{table}/hands/{number:int}.{kind}"
    return Starlette(
        routes=[
            Route("/", lobby),
            Route("/t/{table}", table_page),
            Route("/api/tables", list_tables, methods=["GET"]),
            Route("/api/tables", create_table, methods=["POST"]),
            Route("/api/tables/{table}/identity", identity, methods=["POST"]),
            Route("/api/tables/{table}/hands", hands),
            Route(hand_path, hand_file),
            Route("/api/tables/{table}/ledger.csv", ledger),
            WebSocketRoute("/ws/{table}", play),
            Mount("/static", StaticFiles(directory=WEB), name="static"),
        ],
        exception_handlers={LookupError: not_found, HoldemError: refused},
        lifespan=lifespan,
    )


async def _write(client: Client) -> None:
    """Send a client's queued messages in order; a slow reader never holds up the table."""
    while True:
        text = await client.outbox.get()
        if client.lagging:
            await client.websocket.close(code=1013, reason="too far behind: reconnect")
            return
        try:
            await client.websocket.send_text(text)
        except Exception:
            return


__all__ = ["create_app"]
