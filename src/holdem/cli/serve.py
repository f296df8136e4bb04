"""``holdem serve``: the cardroom, a web table for friends and bots."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from holdem.cli.output import console, errors, user_errors
from holdem.server.connection_limits import ConnectionLimits
from holdem.server.creation_limits import Limits

if TYPE_CHECKING:
    import asyncio

    import uvicorn

    from holdem.server.connection_limits import Census

OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


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


def check_address(host: str, port: int) -> None:
    """Refuse, in one line and before anything is printed, an address the server could
    not listen on (a port in use, a name that is not this machine's)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as error:
        errors.print(
            f"error: --host {host}: not an address of this machine ({error.strerror})",
            soft_wrap=True,
        )
        raise typer.Exit(2) from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            probe.bind(address)
        except OSError as error:
            reason = (
                "is in use by another program: stop it or choose another --port"
                if error.errno == errno.EADDRINUSE
                else f"cannot be opened ({error.strerror})"
            )
            errors.print(f"error: port {port} on {host} {reason}", soft_wrap=True)
            raise typer.Exit(1) from None


def count(help: str) -> Any:
    """A ``holdem serve`` option that counts something: 1 or more."""
    return typer.Option(min=1, help=help)


def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0: the whole network).")
    ] = ("127.0.0.1"),
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
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
        int, count("New identities (players) one address may get a minute.")
    ] = Limits.identities_per_minute,
    tables_per_hour: Annotated[
        int, count("Tables one address may create an hour.")
    ] = Limits.tables_per_hour,
    max_tables: Annotated[int, count("Tables in play at once, in all.")] = Limits.max_tables,
    request_seconds: Annotated[
        float,
        typer.Option(
            min=0.5, help="Seconds for a request's head and body to arrive; then 408 and closed."
        ),
    ] = ConnectionLimits.request_seconds,
    connections_per_address: Annotated[
        int, count("Open connections from one address (a proxy in FORWARDED_ALLOW_IPS: no limit).")
    ] = ConnectionLimits.connections_per_address,
    max_connections: Annotated[
        int, count("Open connections in all (at most what the open-file limit allows).")
    ] = ConnectionLimits.max_connections,
    websockets_per_address: Annotated[
        int, count("Open WebSockets (tables watched) from one address.")
    ] = ConnectionLimits.websockets_per_address,
    max_websockets: Annotated[
        int, count("Open WebSockets in all.")
    ] = ConnectionLimits.max_websockets,
    clock_url: Annotated[
        list[str] | None,
        typer.Option(
            help="A `holdem clock` a live table may link to by its address, like "
            "http://127.0.0.1:8765; repeat for more. The clock this machine saves to a file "
            "is always allowed."
        ),
    ] = None,
) -> None:
    """Open the cardroom: create a table in the browser, share the link, play."""
    import asyncio  # (here: every other command starts without it)

    import uvicorn
    from sqlalchemy.engine import make_url

    from holdem.server.app import create_app
    from holdem.server.cluster.sqlite_lock import hold_sqlite_file
    from holdem.server.connection_limits import (
        Census,
        backlog,
        connections_allowed,
        raise_open_file_limit,
        trusted_proxies,
    )
    from holdem.server.guarded_http import guarded_http
    from holdem.server.live_clock import clock_address
    from holdem.server.protocol import MAX_MESSAGE_BYTES
    from holdem.server.store import database_url
    from holdem.server.websocket_transport import LettingGoWebSocketProtocol
    from holdem.webkit.hosts import local_address, served_names

    url = database or default_database()
    open_files = raise_open_file_limit()  # every connection is an open file
    connections = ConnectionLimits(
        request_seconds,
        connections_per_address,
        connections_allowed(max_connections, open_files),
        websockets_per_address,
        max_websockets,
    )
    with user_errors():
        clocks = [clock_address(address) for address in clock_url or ()]
        database_url(url)  # refuses a bad URL, with the reason
        shown = make_url(url).render_as_string(hide_password=True)
        asyncio.run(check_database(url))  # one sentence now, not a traceback from uvicorn
        hold_sqlite_file(url)  # a second process on one SQLite file is refused
    check_address(host, port)  # before saying it is open
    console.print(f"The cardroom is open at http://{host}:{port}/  (database: {shown})")
    if host in ("0.0.0.0", "::"):
        console.print(f"Friends on your network: http://{local_address()}:{port}/")
    if connections.max_connections < max_connections:
        errors.print(
            f"warning: the open-file limit ({open_files}) leaves room for "
            f"{connections.max_connections} connections, not {max_connections}",
            soft_wrap=True,
        )
    census = Census("connections", connections_per_address, connections.max_connections)
    config = uvicorn.Config(
        create_app(
            url,
            tune_gc=True,
            allowed_hosts=served_names(host, allowed_host or ()),
            limits=Limits(identities_per_minute, tables_per_hour, max_tables),
            connection_limits=connections,
            clock_urls=clocks,
        ),
        host=host,
        port=port,
        backlog=backlog(connections.max_connections, open_files),
        http=guarded_http(
            census,
            request_seconds,
            trusted_proxies(os.environ.get("FORWARDED_ALLOW_IPS")),
        ),
        ws=LettingGoWebSocketProtocol,  # a client that never reads is let go of
        ws_max_size=MAX_MESSAGE_BYTES,
        ws_per_message_deflate=False,  # states are small; compressing each cost a sixth of the CPU
        log_level="warning",
        access_log=False,
    )
    asyncio.run(serve_quietly(uvicorn.Server(config), census))


async def serve_quietly(server: uvicorn.Server, census: Census) -> None:
    """Run ``server``; when the process runs out of open files, asyncio logs a traceback
    for every connection it cannot accept: say it once a minute instead."""
    import asyncio

    loop = asyncio.get_running_loop()
    fallback = loop.get_exception_handler()

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in OUT_OF_FILES:
            census.reports.refused(f"connections not accepted: {error.strerror}")
        elif fallback is not None:
            fallback(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handler)
    await server.serve()
