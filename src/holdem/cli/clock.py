"""``holdem clock``: serve the tournament clock of a live game to a TV, a laptop or a phone."""

from __future__ import annotations

import errno
import secrets
import socket
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from holdem.cli.output import user_errors
from holdem.cli.tournament_options import (
    LateRegOption,
    ReentryOption,
    rules_mapping,
    with_money_options,
)

if TYPE_CHECKING:
    from starlette.applications import Starlette

    from holdem.tournament.league import League


def register(app: typer.Typer) -> None:
    app.command("clock")(with_money_options(clock))


def clock(
    structure: Annotated[
        Path | None, typer.Option(help="A blind structure as TOML (see holdem structure --toml).")
    ] = None,
    preset: Annotated[
        str | None, typer.Option(help="A named structure instead of a file (default home).")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Entrants (default 8).")
    ] = None,
    buy_in: Annotated[
        int | None, typer.Option(help="Buy-in per entrant, for the prize pool (default 0).")
    ] = None,
    host: Annotated[
        str, typer.Option(help="Address to listen on (0.0.0.0: every device on the network).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8001,
    state: Annotated[
        Path | None,
        typer.Option(help="State file (default: clock.json in the user data folder)."),
    ] = None,
    new: Annotated[
        bool, typer.Option("--new", help="Start a new clock, replacing the saved one.")
    ] = False,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            help="Another name the clock answers to (a name pointing at this machine); "
            "repeat for more. Always: localhost, 127.0.0.1, [::1], --host."
        ),
    ] = None,
    names: Annotated[
        str | None,
        typer.Option(help="The players' names, comma-separated (default Player 1, 2...)."),
    ] = None,
    reentry: ReentryOption = None,
    late_reg: LateRegOption = None,
    league: Annotated[
        str | None, typer.Option(help="The league (season) this tournament counts for.")
    ] = None,
    points: Annotated[
        str | None,
        typer.Option(
            help="League points: field, sqrt, log, buyin, or a formula of entrants, place, "
            "buyin, + - * /, sqrt() and log()."
        ),
    ] = None,
    money: dict[str, Any] | None = None,
) -> None:
    """Serve a full-screen tournament clock; the host link it prints gives the controls.

    The clock is saved after every change and picks up where it was after a restart (a
    running level goes on by wall time; a paused one stays paused). Run it again with
    --new for the next tournament.
    """
    from holdem.clock.app import ClockRoom, create_app
    from holdem.clock.desk import default_names, new_tournament
    from holdem.clock.store import SavedState, default_state_path, load, save
    from holdem.errors import ConfigError
    from holdem.tournament.clock import Clock
    from holdem.tournament.rules import TournamentRules
    from holdem.tournament.structure import preset as named
    from holdem.tournament.structure_toml import from_toml, tables_from_toml
    from holdem.webkit.hosts import served_names

    with user_errors():
        if structure is not None and preset is not None:
            raise ConfigError("give --structure or --preset, not both")
        if not 1 <= port <= 65535:
            raise ConfigError(f"--port {port}: must be 1 to 65535")
        path = state if state is not None else default_state_path()
        loaded = None if new else load(path)
        resumed = loaded is not None
        if loaded is not None:
            saved = loaded
        else:
            tables: dict[str, dict[str, object]] = {}
            if structure is not None:
                try:
                    text = structure.read_text(encoding="utf-8")
                except OSError as error:
                    raise ConfigError(f"--structure {structure}: {error.strerror}") from None
                try:
                    chosen = from_toml(text)
                    tables = tables_from_toml(text)
                except ConfigError as error:
                    raise ConfigError(f"--structure {structure}: {error}") from None
            else:
                chosen = named(preset or "home")
            given = [] if names is None else [n.strip() for n in names.split(",") if n.strip()]
            entrants = len(given) if players is None and given else players or 8
            if given and len(given) != entrants:
                raise ConfigError(f"--names gives {len(given)} names for {entrants} players")
            rules = TournamentRules.from_mapping(
                rules_mapping(
                    tables.get("tournament", {}),
                    buy_in=buy_in,
                    starting_chips=chosen.starting_stack,
                    reentry=reentry,
                    late_reg=late_reg,
                    **(money or {}),
                )
            )
            fresh = Clock.create(chosen, entrants=max(2, entrants), buy_in=rules.buy_in)
            tournament = new_tournament(
                rules, given or default_names(entrants), seed=secrets.randbits(32)
            )
            season = _league(tables.get("league", {}), league, points)
            saved = SavedState(fresh, (), tournament, season)
        # listen before writing anything: a busy port must not cost the saved clock
        listener = _listen(host, port)
        if not resumed:
            save(path, saved)
    room = ClockRoom(saved, path, log=_log)
    key = room.new_host_key()
    shown = _shown_host(host)
    view = room.clock.view(time.time())
    if resumed:
        where = "break" if view.on_break else f"level {view.level} ({view.level_text})"
        status = "not started" if not view.started else "paused" if view.paused else "running"
        _say(
            f"resumed the clock saved in {path}: {where}, {status}, {view.players_left} of "
            f"{view.entrants} players (--new starts a new one)"
        )
        if any(option is not None for option in (structure, preset, players, buy_in, names)):
            _say("the saved clock keeps its own structure, players and buy-in: --new uses yours")
    else:
        _say(f"a new clock: {room.clock.structure.name}, {view.entrants} players; saved in {path}")
    _say(f"clock page: http://{shown}:{port}/")
    # The only place the key is ever written: it makes whoever opens it the host.
    _say(f"host link (opens the controls; works once): http://{shown}:{port}/host?key={key}")
    _say("Ctrl+C stops the server; the clock is saved and goes on when it is started again.")
    served = served_names(host, allowed_host or ())  # another name: a DNS rebinding page
    _serve(create_app(room, cookie=f"holdem_clock_host_{port}", allowed_hosts=served), listener)


def _league(table: dict[str, object], name: str | None, points: str | None) -> League | None:
    """The league from --league/--points over the TOML's [league] table (name, points)."""
    from holdem.errors import ConfigError
    from holdem.tournament.league import League

    unknown = sorted(set(table) - {"name", "points"})
    if unknown:
        raise ConfigError(f"league: unknown field {unknown[0]!r}; allowed: name, points")
    chosen = name if name is not None else table.get("name")
    formula = points if points is not None else table.get("points", "field")
    if chosen is None:
        if points is not None:
            raise ConfigError("--points needs --league NAME (the league the points count for)")
        return None
    if not isinstance(chosen, str) or not isinstance(formula, str):
        raise ConfigError("league: name and points must be text")
    return League(chosen, formula)


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound here so that a busy port is one clear line."""
    from holdem.errors import ConfigError

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as error:
        raise ConfigError(f"--host {host!r}: {error.strerror}") from None
    family, kind, proto, _, address = infos[0]
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
    except OSError as error:
        listener.close()
        if error.errno == errno.EADDRINUSE:
            raise ConfigError(f"port {port} is in use on {host}: pass another --port") from None
        raise ConfigError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    listener.listen(128)
    listener.setblocking(False)
    return listener


def _shown_host(host: str) -> str:
    if host in ("0.0.0.0", "::", ""):
        return socket.gethostname()  # what other devices on the network can try
    return f"[{host}]" if ":" in host else host


def _say(line: str) -> None:
    typer.echo(line)
    # A pipe buffers: flush so whoever reads the output sees each line as it comes.
    import sys

    sys.stdout.flush()


def _log(line: str) -> None:
    _say(f"{time.strftime('%H:%M:%S')} {line}")


def _serve(app: Starlette, listener: socket.socket) -> None:
    import uvicorn

    # No access log: request lines would show the host key of /host?key=...
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off")
    uvicorn.Server(config).run(sockets=[listener])
