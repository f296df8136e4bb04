"""``holdem serve``: the cardroom, a web table for friends and bots."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated

import typer

from holdem.cli.output import console, user_errors
from holdem.server.creation_limits import Limits


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)


def default_database() -> str:
    from platformdirs import user_data_dir

    return f"sqlite:///{Path(user_data_dir('holdem')) / 'cardroom.sqlite3'}"


async def check_database(url: str) -> None:
    """Open the database as the cardroom will, and close it again: a database that cannot
    be opened or written is refused with the reason before the server starts."""
    from holdem.server.store import Store

    store = Store(url)
    await store.open()
    await store.close()


def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0: the whole network).")
    ] = ("127.0.0.1"),
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(help="sqlite:///PATH or postgresql://USER@HOST/DB (default: a SQLite file)."),
    ] = None,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            help="Another name the cardroom answers to (a name pointing at this machine, "
            "or a proxy's); repeat for more. Always: localhost, 127.0.0.1, [::1], --host."
        ),
    ] = None,
    identities_per_minute: Annotated[
        int, typer.Option(min=1, help="New identities (players) one address may get a minute.")
    ] = Limits.identities_per_minute,
    tables_per_hour: Annotated[
        int, typer.Option(min=1, help="Tables one address may create an hour.")
    ] = Limits.tables_per_hour,
    max_tables: Annotated[
        int, typer.Option(min=1, help="Tables in play at once, in all.")
    ] = Limits.max_tables,
) -> None:
    """Open the cardroom: create a table in the browser, share the link, play."""
    import uvicorn
    from sqlalchemy.engine import make_url

    from holdem.server.app import create_app
    from holdem.server.hosts import local_address, served_names
    from holdem.server.protocol import MAX_MESSAGE_BYTES
    from holdem.server.store import database_url
    from holdem.server.websocket_transport import LettingGoWebSocketProtocol

    url = database or default_database()
    with user_errors():
        database_url(url)  # refuses a bad URL, with the reason
        shown = make_url(url).render_as_string(hide_password=True)
        asyncio.run(check_database(url))  # one sentence now, not a traceback from uvicorn
    console.print(f"The cardroom is open at http://{host}:{port}/  (database: {shown})")
    if host in ("0.0.0.0", "::"):
        console.print(f"Friends on your network: http://{local_address()}:{port}/")
    uvicorn.run(
        create_app(
            url,
            tune_gc=True,
            allowed_hosts=served_names(host, allowed_host or ()),
            limits=Limits(identities_per_minute, tables_per_hour, max_tables),
        ),
        host=host,
        port=port,
        ws=LettingGoWebSocketProtocol,  # a client that never reads is let go of
        ws_max_size=MAX_MESSAGE_BYTES,
        ws_per_message_deflate=False,  # states are small; compressing each cost a sixth of the CPU
        log_level="warning",
        access_log=False,
    )
