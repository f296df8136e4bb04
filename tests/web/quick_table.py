"""A table made through `POST /api/tables` in a browser context of a given size, for the
browser tests of the page's look, layout and sound: the context's cookie makes its page
the host, which sits down and starts the game by clicking."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.support.browser import by

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Page

# The two sizes every look and layout test runs at: a laptop and a phone held upright.
SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}

QUICK = {
    "bot_think_seconds": 0,
    "between_hands_seconds": 1.0,
    "seat_approval": False,
    "runout_seconds": 0,
}


@pytest.fixture(params=list(SIZES))
def sized_page(request: pytest.FixtureRequest, chromium_browser: Browser) -> Iterator[Page]:
    """A page in a fresh context at each of the two sizes (the test's id names it)."""
    context = chromium_browser.new_context(**SIZES[request.param])
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def guest_page(sized_page: Page, chromium_browser: Browser) -> Iterator[Page]:
    """A second person's page (their own cookie) at the same size as ``sized_page``."""
    context = chromium_browser.new_context(**SIZES[size_of(sized_page)])
    try:
        yield context.new_page()
    finally:
        context.close()


def console_errors(page: Page) -> list[str]:
    """The console errors and uncaught exceptions of `page` from now on (a list that grows)."""
    errors: list[str] = []

    def note(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(f"{message.text} ({message.location.get('url', '')})")

    page.on("console", note)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def size_of(page: Page) -> str:
    width = (page.viewport_size or {"width": 0})["width"]
    return "phone" if width < 720 else "desktop"


def open_table(page: Page, base: str, **options: Any) -> str:
    """Create a table (QUICK bots unless `options` say otherwise), open it, return its id."""
    body = {"name": "Look table", **QUICK, **options}
    answer = page.context.request.post(f"{base}/api/tables", data=body)
    assert answer.status == 201, answer.text()
    table_id = str(answer.json()["id"])
    page.goto(f"{base}/t/{table_id}")
    expect(by(page, "connection")).to_have_attribute("data-state", "open")
    return table_id


def sit(page: Page, seat: int, name: str) -> None:
    by(page, f"join-seat-{seat}").click()
    by(page, "join-name").fill(name)
    by(page, "join").click()
    expect(by(page, f"seat-{seat}")).to_contain_text(name)


def start(page: Page) -> None:
    by(page, "host-start").click()
    expect(by(page, "felt")).to_have_attribute("data-hand", re.compile(r"\d+"))


def play_until(page: Page, done: Callable[[], bool], timeout: float = 60.0) -> None:
    """Check or call every decision of ours until `done()` (asked before each click)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if done():
            return
        for action in ("action-check", "action-call"):
            button = by(page, action)
            if button.is_visible():
                with contextlib.suppress(PlaywrightError):  # the turn may pass meanwhile
                    button.click(timeout=2000)
                break
        page.wait_for_timeout(100)
    raise AssertionError("the table never came to the state the test waits for")


def my_turn(page: Page, street: str | None = None) -> bool:
    """Whether the page offers us a decision (on `street`, when given)."""
    if not by(page, "actions").is_visible():
        return False
    return street is None or by(page, "felt").get_attribute("data-street") == street


def play_at_a_new_table(page: Page, base: str, name: str, seat: int = 3, **options: Any) -> str:
    """Open a table with two calling stations (unless `options` say otherwise), sit in
    `seat` as `name` and start the game; the table's id."""
    table_id = open_table(page, base, **{"bots": ["caller", "caller"], **options})
    sit(page, seat, name)
    start(page)
    return table_id
