"""The clock's web app: the page, the clock as JSON, and the host's controls.

Anyone on the network may watch (``GET /``, ``GET /api/clock``); only the host may change
the clock (``POST /api/clock/{action}``; the tournament's actions, such as ``rebuy`` or
``knockout``, take a small JSON body). The host proves it with a token: the command
prints a one-time link ``/host?key=...``, whose visit mints a token, sets it as an
httpOnly cookie and redirects to the page. Scripts may send the token as
``Authorization: Bearer``. Only the token's sha256 is kept (in memory and in the state
file), so a host stays the host across a server restart and the file makes no one host.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Collection
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from holdem.clock.desk import DESK_ACTIONS, Desk, default_names, new_tournament
from holdem.clock.store import SavedState, save
from holdem.tournament.clock import Clock, ClockError
from holdem.tournament.live import Tournament
from holdem.tournament.rules import TournamentRules
from holdem.webkit.auth import token_from, token_hash
from holdem.webkit.failures import JsonErrors
from holdem.webkit.hosts import AllowedHosts, served_names
from holdem.webkit.http_guard import SameOriginWrites

__all__ = ["ACTIONS", "ClockRoom", "create_app"]

COOKIE = "holdem_clock_host"
COOKIE_DAYS = 30
MAX_HOSTS = 32  # host sessions remembered; the oldest is forgotten first
LINK_MINUTES = 15  # a link made from the page for another device lasts this long
MAX_BODY = 8192  # a tournament action's JSON body (a deal names every stack: still small)

ACTIONS: dict[str, Callable[[Clock, float], Clock]] = {
    "start": lambda clock, now: clock.start(now),
    "pause": lambda clock, now: clock.pause(now),
    "resume": lambda clock, now: clock.resume(now),
    "skip": lambda clock, now: clock.skip(now),
    "back": lambda clock, now: clock.back(now),
}
PLAYER_ACTIONS = ("bust", "add")  # the tournament's: a player out, a player more

PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}
API_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}


class ClockRoom:
    """One served clock: its state, the host sessions and the unused host keys.

    Every change is saved to ``path`` (when given) before it is answered, so what a page
    shows is what a restart brings back.
    """

    def __init__(
        self,
        state: SavedState,
        path: Path | None = None,
        *,
        now: Callable[[], float] = time.time,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.clock = state.clock
        tournament = state.tournament
        if tournament is None:  # a clock saved with counts only: its players get names
            tournament = _from_counts(state.clock)
        self.desk = Desk(tournament, state.league)
        self.desk.recorded = state.league_recorded
        self.clock = self.desk.sync(self.clock)
        self.host_hashes = list(state.host_hashes)
        self.path = path
        self.now = now
        self.log = log
        self._keys: dict[str, float | None] = {}  # key digest -> expiry (None: never)

    def new_host_key(self, minutes: float | None = None) -> str:
        """A key for one visit of ``/host?key=...``; it lasts ``minutes`` (None: until used)."""
        key = secrets.token_urlsafe(24)
        expiry = None if minutes is None else self.now() + minutes * 60
        self._keys[token_hash(key)] = expiry
        return key

    def redeem(self, key: str) -> str | None:
        """The new host token for a valid key (which is then spent), or None."""
        expiry = self._keys.pop(token_hash(key), 0.0)
        if expiry is not None and expiry <= self.now():
            return None
        token = secrets.token_urlsafe(32)
        self.host_hashes = [*self.host_hashes, token_hash(token)][-MAX_HOSTS:]
        self._save()
        return token

    def is_host(self, token: str | None) -> bool:
        return bool(token) and token_hash(token or "") in self.host_hashes

    def act(self, action: str, body: dict[str, Any] | None = None) -> None:
        """Apply a control action (a name of ``ACTIONS``, ``PLAYER_ACTIONS`` or
        ``DESK_ACTIONS``); ClockError when it cannot be, and then nothing changed."""
        now = self.now()
        if action == "bust":
            self.clock = self.desk.bust_legacy(self.clock)
        elif action == "add":
            self.clock = self.desk.add_legacy(self.clock, now)
        elif action in DESK_ACTIONS:
            self.clock = self.desk.act(self.clock, action, body or {}, now)
        else:
            self.clock = ACTIONS[action](self.clock, now)
        self._save()
        if self.log is not None:
            view = self.clock.view(now)
            where = "break" if view.on_break else f"level {view.level} ({view.level_text})"
            left = int(view.seconds_left)
            self.log(
                f"{action}: {where}, {left // 60}:{left % 60:02d} left, "
                f"{view.players_left} of {view.entrants} players"
                + (", paused" if view.paused else "")
            )

    def payload(self, host: bool) -> dict[str, Any]:
        now = self.now()
        return {
            **self.clock.view(now).as_json(),
            "name": self.clock.structure.name,
            "buy_in": self.clock.buy_in,
            "prize_pool": self.desk.tournament.pool,
            "average_stack": self.desk.tournament.chips_issued
            // max(1, self.desk.tournament.players_left),
            "tournament": self.desk.as_json(self.clock, now),
            "host": host,
            "server_time": now,
        }

    def _save(self) -> None:
        if self.path is not None:
            state = SavedState(
                self.clock,
                tuple(self.host_hashes),
                self.desk.tournament,
                self.desk.league,
                self.desk.recorded,
            )
            save(self.path, state)


def _from_counts(clock: Clock) -> Tournament:
    """The tournament of a clock that kept only its counts: "Player N" names, the busts
    taken from the last names."""
    rules = TournamentRules(buy_in=clock.buy_in, starting_chips=clock.structure.starting_stack)
    tournament = new_tournament(rules, default_names(clock.entrants))
    names = list(tournament.players)
    for name in names[clock.players_left :]:
        tournament.knockout(name, [names[0]])
    return tournament


def _web_file(name: str) -> bytes:
    return resources.files("holdem").joinpath("web", name).read_bytes()


def create_app(
    room: ClockRoom, *, cookie: str = COOKIE, allowed_hosts: Collection[str] | None = None
) -> Starlette:
    """The clock's ASGI app over ``room``; ``cookie`` names the host cookie.

    It answers to ``allowed_hosts`` only (by default every name and address of this
    machine), and refuses a control sent from another site's page (403) or with a body
    that is not JSON (415); its host cookie is SameSite=Strict besides.
    """
    names = served_names("0.0.0.0") if allowed_hosts is None else allowed_hosts
    files = {
        "clock.html": (_web_file("clock.html"), "text/html; charset=utf-8"),
        "clock.js": (_web_file("clock.js"), "text/javascript; charset=utf-8"),
        "clock-desk.js": (_web_file("clock-desk.js"), "text/javascript; charset=utf-8"),
        "clock.css": (_web_file("clock.css"), "text/css; charset=utf-8"),
        "favicon.svg": (_web_file("favicon.svg"), "image/svg+xml"),
    }

    def static(name: str) -> Callable[[Request], Any]:
        body, media_type = files[name]

        async def serve(request: Request) -> Response:
            return Response(body, media_type=media_type, headers=PAGE_HEADERS)

        return serve

    def error(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status, headers=API_HEADERS)

    async def host(request: Request) -> Response:
        token = room.redeem(request.query_params.get("key", ""))
        if token is None:
            return PlainTextResponse(
                "This host link is not valid: it was used already, has expired, or was "
                "mistyped. Use the link the clock command printed, or ask the host for a "
                "new one.",
                status_code=403,
                headers={"Referrer-Policy": "no-referrer", "Cache-Control": "no-store"},
            )
        response = RedirectResponse("/", status_code=303, headers={"Cache-Control": "no-store"})
        response.set_cookie(
            cookie,
            token,
            max_age=COOKIE_DAYS * 86400,
            path="/",
            httponly=True,
            samesite="strict",
        )
        return response

    async def get_clock(request: Request) -> Response:
        return JSONResponse(
            room.payload(room.is_host(token_from(request, cookie))), headers=API_HEADERS
        )

    def check_host(request: Request) -> JSONResponse | None:
        if not room.is_host(token_from(request, cookie)):
            return error(
                403,
                "only the host can control the clock: open the host link that "
                "the clock command printed",
            )
        return None

    async def control(request: Request) -> Response:
        action = request.path_params["action"]
        known = [*ACTIONS, *PLAYER_ACTIONS, *DESK_ACTIONS]
        if action not in known:
            return error(404, f"no clock action {action!r}: choose from {', '.join(known)}")
        refused = check_host(request)
        if refused is not None:
            return refused
        body: dict[str, Any] = {}
        if action in DESK_ACTIONS:
            try:
                body = await request.json()
            except ValueError:
                return error(400, "send the action's details as a JSON object")
            if not isinstance(body, dict):
                return error(400, "send the action's details as a JSON object")
        try:
            room.act(action, body)
        except ClockError as problem:
            return error(409, str(problem))
        return JSONResponse(room.payload(True), headers=API_HEADERS)

    async def host_link(request: Request) -> Response:
        refused = check_host(request)
        if refused is not None:
            return refused
        key = room.new_host_key(minutes=LINK_MINUTES)
        return JSONResponse(
            {"path": f"/host?key={key}", "minutes": LINK_MINUTES}, headers=API_HEADERS
        )

    return Starlette(
        routes=[
            Route("/", static("clock.html")),
            Route("/clock.js", static("clock.js")),
            Route("/clock-desk.js", static("clock-desk.js")),
            Route("/clock.css", static("clock.css")),
            # Browsers ask for /favicon.ico by themselves: both names answer with the icon.
            Route("/favicon.svg", static("favicon.svg")),
            Route("/favicon.ico", static("favicon.svg")),
            Route("/host", host),
            Route("/api/clock", get_clock, methods=["GET"]),
            Route("/api/clock/{action}", control, methods=["POST"]),
            Route("/api/host-link", host_link, methods=["POST"]),
        ],
        middleware=[
            Middleware(JsonErrors),
            Middleware(
                AllowedHosts,
                names=names,
                advice="start the clock with --allowed-host {name} to allow it",
            ),
            Middleware(SameOriginWrites, max_body=MAX_BODY),
        ],
    )
