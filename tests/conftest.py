"""Session fixtures for the real services the cardroom's tests use.

Each starts only when a test asks for it, and a missing program skips those tests on a
workstation but fails them in CI (see tests/support).
"""

from __future__ import annotations

import contextlib
from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING

import pytest

from tests.support import unavailable
from tests.support.browser import (
    find_chromium,
    launch_chromium,
    resume_playwright_loop,
    save_screenshot,
    suspend_playwright_loop,
)
from tests.support.postgres import PostgresServer, find_bin_dir, start_postgres

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

_REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    # Keep each phase's report on the item, so fixtures can tell whether the test failed.
    report: pytest.TestReport = yield
    item.stash.setdefault(_REPORTS, {})[report.when] = report
    return report


@pytest.fixture(autouse=True)
def _playwright_loop_only_where_used(request: pytest.FixtureRequest) -> Iterator[None]:
    # Playwright marks its event loop as running in this thread, which stops asyncio.run:
    # the mark stays only during tests that use the browser (see tests/support/browser.py).
    if "chromium_browser" in request.fixturenames:
        resume_playwright_loop()
    yield
    suspend_playwright_loop()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL server for the whole session (`.url`, `.sqlalchemy_url`,
    `.create_database()`)."""
    bin_dir = find_bin_dir()
    if bin_dir is None:
        unavailable(
            "PostgreSQL is not installed: no initdb/pg_ctl on PATH or in "
            "/usr/lib/postgresql/*/bin (apt-get install postgresql)"
        )
    with start_postgres(bin_dir) as server:
        yield server


@pytest.fixture(scope="session")
def postgres_url(postgres_server: PostgresServer) -> str:
    """`postgresql://holdem@127.0.0.1:PORT/holdem_test`, one database for the session.

    For SQLAlchemy use `tests.support.postgres.sqlalchemy_url(postgres_url)`.
    """
    return postgres_server.url


@pytest.fixture
def fresh_postgres_url(postgres_server: PostgresServer) -> str:
    """A new, empty database on the session's server, for this test alone."""
    return postgres_server.create_database()


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[Browser]:
    """Headless Chromium (Debian's), shared by the session; open a context per test.

    In a test that uses it, run coroutines with `tests.support.run_async`, not asyncio.run.
    """
    executable = find_chromium()
    if executable is None:
        unavailable("Chromium is not installed: no chromium on PATH (apt-get install chromium)")
    with launch_chromium(executable) as browser:
        yield browser


@pytest.fixture
def browser_page(chromium_browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page in a fresh browser context (its own cookies); if the test fails, a screenshot
    is saved to test-artifacts/screenshots/ under the test's name."""
    context = chromium_browser.new_context()
    page = context.new_page()
    try:
        yield page
    finally:
        report = request.node.stash.get(_REPORTS, {}).get("call")
        if report is not None and report.failed:
            # A page that crashed cannot be photographed; that must not hide the failure.
            with contextlib.suppress(Exception):
                save_screenshot(page, f"FAILED-{request.node.nodeid}")
        context.close()
