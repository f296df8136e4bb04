"""The cardroom answers only to the names it was started for (DNS rebinding).

The attack: a page at evil.example points its own name at 127.0.0.1 once loaded, and its
script then talks to the cardroom as if it were evil.example, its own origin, so every
Origin check passes. Now a Host that is not localhost, 127.0.0.1, [::1], the --host
address (this machine's own addresses for 0.0.0.0) or an --allowed-host is refused: 400
for HTTP, a refused handshake for the WebSocket, with the sentence saying how to allow it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from holdem.clock.app import ClockRoom, create_app
from holdem.clock.store import SavedState
from holdem.tournament.clock import Clock
from holdem.tournament.structure import preset
from holdem.webkit.hosts import local_address
from tests.security.raw_sockets import websocket_handshake
from tests.security.threaded_server import serving
from tests.support.server import ServerProcess

EVIL = "evil.example"


def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cardroom.sqlite3'}"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    with ServerProcess(database(tmp_path), args=["--allowed-host", "cards.example"]) as running:
        yield running


def with_host(server: ServerProcess, host: str) -> httpx.Client:
    return httpx.Client(base_url=server.url, headers={"Host": host}, timeout=10)


def test_another_host_name_is_refused_with_how_to_allow_it(server: ServerProcess) -> None:
    with with_host(server, f"{EVIL}:{server.port}") as evil:
        for response in (
            evil.get("/"),
            evil.get("/api/tables"),
            evil.post("/api/tables", json={"name": "Rebound"}),
        ):
            assert response.status_code == 400
            assert response.json()["error"] == (
                f"this server does not answer to '{EVIL}': start the cardroom with "
                f"--allowed-host {EVIL} to allow it"
            )
    assert httpx.get(server.url + "/api/tables").json() == []  # nothing was created


def test_the_names_it_was_started_for_are_served(server: ServerProcess) -> None:
    for host in ("localhost", "127.0.0.1", "[::1]", "cards.example", "CARDS.example"):
        with with_host(server, f"{host}:{server.port}") as client:
            assert client.get("/api/tables").status_code == 200, host


def test_a_websocket_handshake_for_another_host_is_refused(server: ServerProcess) -> None:
    created = httpx.post(server.url + "/api/tables", json={"name": "Friday"}).json()
    path = f"/ws/{created['id']}"
    sock, status, answer = websocket_handshake(server.port, path, f"{EVIL}:{server.port}")
    sock.close()
    assert status == 400
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"].startswith(
        f"this server does not answer to '{EVIL}'"
    )
    sock, status, _ = websocket_handshake(server.port, path, f"cards.example:{server.port}")
    sock.close()
    assert status == 101


def test_listening_on_every_address_serves_this_machines_address(tmp_path: Path) -> None:
    with ServerProcess(database(tmp_path), args=["--host", "0.0.0.0"]) as running:
        own = local_address()
        with with_host(running, f"{own}:{running.port}") as client:
            assert client.get("/api/tables").status_code == 200
        with with_host(running, f"{EVIL}:{running.port}") as client:
            assert client.get("/api/tables").status_code == 400


@pytest.fixture
def clock_url() -> Iterator[str]:
    room = ClockRoom(SavedState(Clock.create(preset("home"), entrants=8, buy_in=0), ()))
    with serving(create_app(room)) as url:
        yield url


def test_the_clock_answers_only_to_this_machines_names_and_refuses_other_sites(
    clock_url: str,
) -> None:
    evil = httpx.get(clock_url + "/api/clock", headers={"Host": EVIL})
    assert evil.status_code == 400 and "--allowed-host" in evil.json()["error"]
    assert httpx.get(clock_url + "/api/clock").status_code == 200
    cross = httpx.post(clock_url + "/api/clock/pause", headers={"Sec-Fetch-Site": "cross-site"})
    assert cross.status_code == 403 and "another site" in cross.json()["error"]
    form = httpx.post(clock_url + "/api/clock/pause", data={"a": "b"})
    assert form.status_code == 415
    not_host = httpx.post(clock_url + "/api/clock/pause")  # a program, but not the host
    assert not_host.status_code == 403 and "only the host" in not_host.json()["error"]
