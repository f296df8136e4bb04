"""The clock page's keys and icon in a real Chromium, on a laptop and on a phone: Space
pauses and resumes, and never presses again the button clicked last ("+ Player", "Bust");
the page has its icon and no console error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest

from tests.clock.test_clock_app import Served, _host_client, _kill, _start
from tests.support import free_port
from tests.support.browser import save_screenshot
from tests.web.quick_table import console_errors, size_of, sized_page

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.slow
__all__ = ["sized_page"]


@pytest.fixture
def clock(tmp_path: Path) -> Iterator[Served]:
    served = _start(free_port(), tmp_path / "clock.json", "--buy-in", "20")
    try:
        yield served
    finally:
        _kill(served)


def now(served: Served) -> dict[str, object]:
    answer: dict[str, object] = httpx.get(f"{served.base}/api/clock", timeout=5).json()
    return answer


def test_space_is_the_clocks_key_and_the_page_has_its_icon(sized_page: Page, clock: Served) -> None:
    page = sized_page
    errors = console_errors(page)
    link = _host_client(clock).post("/api/host-link").json()["path"]
    page.goto(clock.base + link)
    page.get_by_test_id("clock-start").wait_for(state="visible")
    entrants = now(clock)["entrants"]

    page.get_by_test_id("clock-add").click()  # the focus stays on "+ Player"
    page.wait_for_function(
        f"() => /\\/ {entrants + 1}$/.test("  # type: ignore[operator]
        "document.querySelector('[data-testid=clock-players]').textContent)"
    )
    page.keyboard.press("Space")
    page.get_by_test_id("clock-pause").wait_for(state="visible")
    assert now(clock)["running"] is True
    assert now(clock)["entrants"] == entrants + 1  # type: ignore[operator]

    page.get_by_test_id("clock-bust").click()
    page.wait_for_function(
        "() => document.querySelector('[data-testid=clock-players]').textContent.startsWith("
        f"'{entrants}')"
    )
    page.keyboard.press("Space")
    page.get_by_test_id("clock-resume").wait_for(state="visible")
    after = now(clock)
    assert after["paused"] is True
    assert after["players_left"] == entrants and after["entrants"] == entrants + 1  # type: ignore[operator]
    page.keyboard.press("Space")
    page.get_by_test_id("clock-pause").wait_for(state="visible")
    assert now(clock)["players_left"] == entrants
    save_screenshot(page, f"clock-keys-{size_of(page)}")

    icon = page.evaluate("document.querySelector('link[rel=icon]').href")
    assert httpx.get(icon, timeout=5).headers["content-type"].startswith("image/svg+xml")
    assert httpx.get(f"{clock.base}/favicon.ico", timeout=5).status_code == 200
    assert errors == []
