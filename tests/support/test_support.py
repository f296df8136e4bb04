"""The test services themselves: a real PostgreSQL, a real Chromium, the real server."""

from __future__ import annotations

import asyncio
import importlib.util
import signal
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING

import asyncpg
import httpx
import pytest

from tests.support import run_async
from tests.support.browser import SCREENSHOTS, save_screenshot
from tests.support.postgres import PostgresServer, sqlalchemy_url
from tests.support.server import ServerProcess

if TYPE_CHECKING:
    from playwright.sync_api import Page


def _server_exists() -> bool:
    if importlib.util.find_spec("holdem.server") is None:
        return False
    import typer.main

    from holdem.cli.main import app

    return "serve" in getattr(typer.main.get_command(app), "commands", {})


needs_server = pytest.mark.skipif(
    not _server_exists(), reason="the cardroom server (holdem serve) is not written yet"
)

PAGE = b"""<!doctype html>
<html><head><meta charset="utf-8"><title>support check</title></head>
<body>
  <p id="status">waiting</p>
  <button id="go" onclick="document.getElementById('status').textContent = 'clicked'">
    Go
  </button>
</body></html>
"""


class _PageHandler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, format: str, *args: object) -> None:
        pass  # keep the test output clean


@pytest.fixture
def static_page_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _PageHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_chromium_renders_and_clicks(browser_page: Page, static_page_url: str) -> None:
    response = browser_page.goto(static_page_url)
    assert response is not None and response.status == 200
    assert browser_page.text_content("#status") == "waiting"
    browser_page.click("#go")
    assert browser_page.text_content("#status") == "clicked"
    path = save_screenshot(browser_page, "support check/clicked")
    assert path == SCREENSHOTS / "support_check_clicked.png"
    assert path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_browser_contexts_do_not_share_cookies(browser_page: Page, static_page_url: str) -> None:
    # Each test's page starts with no cookies: players in one test never share an identity.
    browser_page.goto(static_page_url)
    assert browser_page.context.cookies() == []
    browser_page.context.add_cookies([{"name": "seen", "value": "1", "url": static_page_url}])
    assert [cookie["name"] for cookie in browser_page.context.cookies()] == ["seen"]


def test_coroutines_run_beside_the_browser(browser_page: Page, postgres_url: str) -> None:
    # Playwright's loop is marked as running during a browser test: run_async still works.
    async def answer() -> int:
        connection = await asyncpg.connect(postgres_url)
        try:
            return int(await connection.fetchval("SELECT 6 * 7"))
        finally:
            await connection.close()

    browser_page.set_content("<p id='n'></p>")
    assert run_async(answer()) == 42
    browser_page.eval_on_selector("#n", "(node, value) => node.textContent = value", "42")
    assert browser_page.text_content("#n") == "42"


def test_postgres_stores_and_returns_rows(postgres_url: str) -> None:
    async def round_trip() -> list[tuple[int, str]]:
        connection = await asyncpg.connect(postgres_url)
        try:
            await connection.execute("CREATE TABLE seats (seat int PRIMARY KEY, name text)")
            await connection.executemany(
                "INSERT INTO seats VALUES ($1, $2)", [(1, "Ana"), (2, "Ben")]
            )
            rows = await connection.fetch("SELECT seat, name FROM seats ORDER BY seat")
            await connection.execute("DROP TABLE seats")
            return [(row["seat"], row["name"]) for row in rows]
        finally:
            await connection.close()

    assert postgres_url.startswith("postgresql://")
    assert asyncio.run(round_trip()) == [(1, "Ana"), (2, "Ben")]


def test_postgres_url_works_with_sqlalchemy(fresh_postgres_url: str) -> None:
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    async def query() -> str:
        engine = create_async_engine(sqlalchemy_url(fresh_postgres_url))
        try:
            async with engine.connect() as connection:
                result = await connection.execute(text("SELECT current_database()"))
                return str(result.scalar_one())
        finally:
            await engine.dispose()

    assert asyncio.run(query()) == fresh_postgres_url.rsplit("/", 1)[1]


def test_fresh_databases_are_empty_and_separate(postgres_server_urls: tuple[str, str]) -> None:
    first, second = postgres_server_urls
    assert first != second

    async def tables(url: str) -> list[str]:
        connection = await asyncpg.connect(url)
        try:
            rows = await connection.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
            )
            return [row["tablename"] for row in rows]
        finally:
            await connection.close()

    async def make_table(url: str) -> None:
        connection = await asyncpg.connect(url)
        try:
            await connection.execute("CREATE TABLE only_here (x int)")
        finally:
            await connection.close()

    asyncio.run(make_table(first))
    assert asyncio.run(tables(first)) == ["only_here"]
    assert asyncio.run(tables(second)) == []


@pytest.fixture
def postgres_server_urls(
    fresh_postgres_url: str, postgres_server: PostgresServer
) -> tuple[str, str]:
    return fresh_postgres_url, postgres_server.create_database()


def test_sqlalchemy_url_names_the_asyncpg_driver() -> None:
    assert (
        sqlalchemy_url("postgresql://u@127.0.0.1:5/db") == "postgresql+asyncpg://u@127.0.0.1:5/db"
    )
    assert sqlalchemy_url("postgres://u@h/db") == "postgresql+asyncpg://u@h/db"


def test_a_server_that_exits_early_is_reported_with_its_output() -> None:
    # Runs today and later: the command fails on the unknown option whether or not the
    # serve command exists yet, and the error must quote what the program printed.
    server = ServerProcess("sqlite://", args=["--no-such-option"], startup_timeout=60)
    with pytest.raises(RuntimeError, match="exited with status") as raised:
        server.start()
    assert "No such" in str(raised.value)
    assert "No such" in server.log_text()
    server.close()
    assert not server.workdir.exists()
    assert "No such" in server.log_text()  # still readable once the directory is gone


@needs_server
def test_server_answers_survives_a_crash_and_stops(fresh_postgres_url: str) -> None:
    with ServerProcess(fresh_postgres_url) as server:
        assert server.url == f"http://127.0.0.1:{server.port}"
        tables = httpx.get(f"{server.url}/api/tables", trust_env=False)
        assert tables.status_code == 200
        assert isinstance(tables.json(), list)

        server.kill()
        assert not server.running
        with pytest.raises(httpx.TransportError):
            httpx.get(f"{server.url}/api/tables", trust_env=False)

        port = server.port
        server.restart()
        assert server.port == port
        assert httpx.get(f"{server.url}/api/tables", trust_env=False).status_code == 200
        # uvicorn shuts down cleanly, then re-raises the SIGTERM it caught: either is fine.
        assert server.stop() in (0, -signal.SIGTERM)
        assert not server.running
        assert server.log_text()


@needs_server
def test_server_lobby_opens_in_chromium(fresh_postgres_url: str, browser_page: Page) -> None:
    with ServerProcess(fresh_postgres_url) as server:
        response = browser_page.goto(server.url + "/")
        assert response is not None and response.status == 200
        save_screenshot(browser_page, "support-lobby")
