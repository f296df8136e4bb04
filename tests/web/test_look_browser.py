"""The table page's look in a real Chromium, at 1280x800 and on a 390x844 phone: the
four-colour deck and the light theme are switched on the page and remembered after a
reload; the ledger's last column fits the side panel; the dock's time bank counts down;
a new street starts without the last street's labels; a full table does not invite a
watcher to choose a seat; and the page (with its icon) logs no console error."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.support.browser import by, save_screenshot
from tests.support.server import ServerProcess
from tests.web.quick_table import (
    SIZES,
    console_errors,
    my_turn,
    open_table,
    play_at_a_new_table,
    play_until,
    sit,
    size_of,
    sized_page,
    start,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.slow
__all__ = ["sized_page"]

RED, BLUE, GREEN = "rgb(207, 42, 42)", "rgb(31, 95, 214)", "rgb(23, 128, 61)"


def colour(page: Page, selector: str) -> str:
    found: str = page.locator(selector).first.evaluate("el => getComputedStyle(el).color")
    return found


def a_diamond_or_club(page: Page) -> bool:
    return page.locator(".card.suit-d, .card.suit-c").count() > 0


def test_deck_and_theme_are_switched_and_remembered(
    sized_page: Page, server: ServerProcess
) -> None:
    page = sized_page
    size = size_of(page)
    errors = console_errors(page)
    open_table(page, server.url, bots=["caller", "caller"])
    for switch in ("sound-toggle", "deck-colors", "theme-toggle"):
        expect(by(page, switch)).to_be_visible()  # for everyone, not in a menu
    sit(page, 3, "Dora")
    start(page)
    play_until(page, lambda: a_diamond_or_club(page))
    suit = "d" if page.locator(".card.suit-d").count() else "c"
    assert colour(page, f".card.suit-{suit}") == (RED if suit == "d" else "rgb(22, 25, 29)")
    # The first theme follows the system's (Playwright's Chromium prefers light).
    first = page.locator("html").get_attribute("data-theme")
    other = "dark" if first == "light" else "light"
    first_background = page.evaluate("getComputedStyle(document.body).backgroundColor")

    by(page, "deck-colors").click()
    by(page, "theme-toggle").click()
    assert colour(page, f".card.suit-{suit}") == (BLUE if suit == "d" else GREEN)
    expect(page.locator("html")).to_have_attribute("data-theme", other)
    other_background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert other_background != first_background
    save_screenshot(page, f"look-{other}-four-colour-{size}")

    page.reload()
    expect(by(page, "deck-colors")).to_have_attribute("aria-pressed", "true")
    expect(by(page, "theme-toggle")).to_have_attribute(
        "aria-pressed", str(other == "light").lower()
    )
    expect(page.locator("html")).to_have_attribute("data-theme", other)
    expect(page.locator("html")).to_have_class(re.compile(r"\bfour-colour\b"))
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == other_background
    play_until(page, lambda: a_diamond_or_club(page))
    suit = "d" if page.locator(".card.suit-d").count() else "c"
    assert colour(page, f".card.suit-{suit}") == (BLUE if suit == "d" else GREEN)

    by(page, "theme-toggle").click()  # and back, remembered too
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", first or "")
    if size == "desktop":  # the ledger's last column (Net) is inside the side panel
        ledger = page.locator("#ledger")
        last = page.locator("#ledger th").last
        expect(last).to_have_text("Net")
        panel, net = ledger.bounding_box(), last.bounding_box()
        columns = page.eval_on_selector_all(
            "#ledger th, #ledger td",
            "els => els.map(e => [e.textContent, Math.round(e.getBoundingClientRect().width)])",
        )
        assert panel and net and net["x"] + net["width"] <= panel["x"] + panel["width"] + 0.5, str(
            columns
        )
        assert ledger.evaluate("el => el.scrollWidth <= el.clientWidth")
    save_screenshot(page, f"look-{first}-{size}")
    assert errors == []


def test_the_dock_counts_the_time_bank_and_labels_start_afresh(
    sized_page: Page, server: ServerProcess
) -> None:
    page = sized_page
    size = size_of(page)
    # One second to act, then an eight-second bank: the bank is spent at once.
    play_at_a_new_table(page, server.url, "Tess", action_seconds=1, time_bank_seconds=8)
    expect(by(page, "actions")).to_be_visible()
    bank = by(page, "time-bank")
    expect(bank).to_have_text("time bank 8s")
    expect(bank).to_have_text(re.compile(r"time bank [1-6]s"), timeout=9000)
    save_screenshot(page, f"look-time-bank-{size}")

    # Preflop the button (seat 1) calls; on the flop the small blind (seat 2) checks
    # first, then it is our turn: the button has not acted on this street yet.
    play_until(page, lambda: my_turn(page, "flop"))
    expect(by(page, "last-action-2")).to_have_text("checks")
    expect(by(page, "last-action-1")).to_have_count(0)
    save_screenshot(page, f"look-flop-labels-{size}")


def test_a_full_table_does_not_offer_a_seat(sized_page: Page, server: ServerProcess) -> None:
    host = sized_page
    size = size_of(host)
    table_id = open_table(host, server.url, bots=["caller"], seats=2)
    sit(host, 2, "Hana")
    browser = host.context.browser
    assert browser is not None
    watcher_context = browser.new_context(**SIZES[size])  # another person: their own cookie
    try:
        watcher = watcher_context.new_page()
        watcher.goto(f"{server.url}/t/{table_id}")
        expect(by(watcher, "watching")).to_have_text("Watching: every seat is taken.")
        expect(watcher.locator('[data-testid^="join-seat-"]')).to_have_count(0)
        save_screenshot(watcher, f"look-full-table-{size}")
    finally:
        watcher_context.close()
