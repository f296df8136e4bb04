"""A multi-table tournament in a real Chromium, against the real `holdem serve`, from the
lobby's form to the results.

The host creates a tournament of six at tables of three, with three random bots, through
the lobby's form, and registers a fourth bot from the host's panel. A guest on a phone
opens the link and registers (a name already taken is refused in the server's words);
the host registers too, which fills the field and starts it. Each human then sees the
number of their own table and the list of tables; a spectator, registered nowhere,
watches one table and then clicks another to watch it. Both humans check or call until
the tournament is over, and the results show the winner and every place.

Screenshots (desktop and a 360-pixel phone) land in test-artifacts/screenshots/.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.support.browser import by, save_screenshot, take_turn
from tests.support.server import ServerProcess

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
TABLE_SIZE, FIELD, BOTS = 3, 6, 4  # one of the bots is added on the tournament's page
PLAY_TIMEOUT = 120.0  # a guard against a hang, not a speed: random play varies in length
TABLE_HEADING = re.compile(r"^Table (\d+)")


def create_tournament(page: Page, base: str) -> str:
    """Fill the lobby's form for a multi-table tournament; return its id."""
    page.goto(f"{base}/")
    by(page, "opt-mode").select_option("mtt")
    expect(by(page, "opt-small-blind")).to_be_hidden()
    expect(by(page, "opt-seat-approval")).to_be_hidden()
    by(page, "opt-name").fill("Spring championship")
    by(page, "opt-seats").fill(str(TABLE_SIZE))
    by(page, "opt-max-players").fill(str(FIELD))
    by(page, "opt-starting-stack").fill("1000")
    by(page, "opt-level-minutes").fill("0.01")
    by(page, "opt-prize-per-player").fill("100")
    by(page, "opt-bots-random").fill(str(BOTS - 1))
    by(page, "opt-bot-think-seconds").fill("0")
    by(page, "opt-between-hands-seconds").fill("0.3")
    expect(by(page, "create-table")).to_have_text("Create tournament")
    save_screenshot(page, "mtt-lobby-form")
    by(page, "create-table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    expect(by(page, "connection")).to_have_attribute("data-state", "open")
    return page.url.rsplit("/", 1)[1]


def register(page: Page, name: str) -> None:
    by(page, "register-name").fill(name)
    by(page, "register-button").click()


def table_on_screen(page: Page) -> int:
    """The number in the page's "Table N" heading (waiting for it to be there)."""
    expect(by(page, "table-number")).to_have_text(TABLE_HEADING)
    match = TABLE_HEADING.match(by(page, "table-number").inner_text())
    assert match is not None
    return int(match.group(1))


def seat_names(page: Page) -> set[str]:
    names: list[str] = page.eval_on_selector_all(
        "#seats .seat-name", "els => els.map(e => e.getAttribute('title') || '')"
    )
    return {name for name in names if name}


def test_a_multi_table_tournament_from_the_lobby_form_to_the_results(
    chromium_browser: Browser, server: ServerProcess
) -> None:
    base = server.url
    host_context = chromium_browser.new_context(viewport=DESKTOP)
    phone_context = chromium_browser.new_context(viewport=PHONE, has_touch=True)
    watcher_context = chromium_browser.new_context(viewport=DESKTOP)
    try:
        host = host_context.new_page()
        table_id = create_tournament(host, base)

        # Registration: the bots are in, nobody is seated, and the seats cannot be taken.
        expect(by(host, "status")).to_have_text("registering")
        expect(by(host, "table-number")).to_have_text("Registration")
        expect(by(host, "registered-list")).to_contain_text("Ada")
        expect(by(host, "tournament-players")).to_have_text(f"{BOTS - 1} of {FIELD}")
        # A bot added by the host registers: no seat to choose.
        expect(by(host, "add-bot-seat")).to_be_hidden()
        by(host, "add-bot-kind").select_option("random")
        by(host, "host-add-bot").click()
        expect(by(host, "registered-list").locator("li")).to_have_count(BOTS)
        expect(by(host, "tournament-players")).to_have_text(f"{BOTS} of {FIELD}")
        expect(by(host, "tournament-clock")).to_contain_text("field is full")
        expect(host.locator('[data-testid^="join-seat-"]')).to_have_count(0)

        # The lobby lists it as a tournament taking registrations.
        phone = phone_context.new_page()
        phone.goto(f"{base}/")
        expect(by(phone, f"table-mode-{table_id}")).to_have_text("Tournament")
        expect(by(phone, f"table-status-{table_id}")).to_have_text("registering")
        expect(by(phone, f"table-players-{table_id}")).to_have_text(f"{BOTS}/{FIELD}")
        phone.goto(f"{base}/t/{table_id}")
        expect(by(phone, "register-button")).to_be_visible()

        # A name already taken (in any case) is refused in the server's words.
        register(phone, "ada")
        expect(by(phone, "error")).to_contain_text("already registered")
        register(phone, "Guest")
        expect(by(phone, "registered-as")).to_contain_text("You are registered as Guest")
        expect(by(host, "registered-list")).to_contain_text("Guest")
        by(phone, "unregister-button").click()
        expect(by(phone, "register-button")).to_be_visible()
        expect(by(host, "registered-list")).not_to_contain_text("Guest")
        register(phone, "Guest")
        expect(by(phone, "registered-as")).to_be_visible()
        expect(by(phone, "dock-info")).to_contain_text("registered as Guest")
        save_screenshot(phone, "mtt-registered-phone")
        save_screenshot(host, "mtt-registration-host")

        # The host's registration fills the field: the seat draw, two tables, a heading each.
        register(host, "Hostess")
        expect(by(host, "status")).to_have_text(re.compile("running|ended"))
        host_table = table_on_screen(host)
        phone_table = table_on_screen(phone)
        tables = host.locator('[data-testid^="tournament-table-"]')
        expect(tables).to_have_count(2)
        expect(by(host, f"tournament-table-{host_table}")).to_contain_text("you")
        expect(by(phone, f"tournament-table-{phone_table}")).to_contain_text("you")
        expect(by(host, f"seat-{1}")).to_be_visible()
        expect(host.locator("#seats .seat.me")).to_contain_text("Hostess")
        expect(phone.locator("#seats .seat.me")).to_contain_text("Guest")
        # Players watch their own table: there is nothing to click in the list.
        expect(host.locator('[data-testid^="watch-table-"]')).to_have_count(0)
        save_screenshot(host, "mtt-host-at-table")
        save_screenshot(phone, "mtt-guest-at-table-phone")

        # A spectator opens the tournament (table 1), then clicks the other table.
        watcher = watcher_context.new_page()
        watcher.goto(f"{base}/")
        expect(by(watcher, f"table-players-{table_id}")).to_contain_text("2 tables")
        save_screenshot(watcher, "mtt-lobby-running")
        by(watcher, f"table-link-{table_id}").click()
        expect(by(watcher, "table-number")).to_have_text(re.compile(r"^Table 1\b"))
        expect(by(watcher, "tournament-table-1")).to_have_attribute("aria-current", "true")
        expect(by(watcher, "dock-info")).to_contain_text("Watching table 1")
        before = seat_names(watcher)
        by(watcher, "watch-table-2").click()
        expect(by(watcher, "table-number")).to_have_text(re.compile(r"^Table 2\b"))
        expect(by(watcher, "tournament-table-2")).to_have_attribute("aria-current", "true")
        expect(by(watcher, "watch-table-1")).to_be_visible()
        expect(by(watcher, "dock-info")).to_contain_text("Watching table 2")
        expect(watcher.locator("#seats .seat-name").first).to_be_visible()
        assert seat_names(watcher) != before, "the seats were not those of the other table"
        save_screenshot(watcher, "mtt-spectator-table-2")

        deadline = time.monotonic() + PLAY_TIMEOUT
        headings: set[str] = set()
        results = by(host, "tournament-results")
        while not results.is_visible():
            assert time.monotonic() < deadline, f"no result within {PLAY_TIMEOUT:g} s"
            headings.add(by(host, "table-number").inner_text())
            for page in (host, phone):
                if by(page, "actions").is_visible():
                    take_turn(page)
            host.wait_for_timeout(60)

        # The results: the winner, then every place, on every page.
        expect(by(host, "status")).to_have_text("ended")
        winner = by(host, "tournament-winner").inner_text()
        assert winner
        expect(by(host, "banner")).to_contain_text(f"{winner} wins the tournament")
        expect(by(host, "tournament-results")).to_contain_text("wins the tournament!")
        expect(host.locator('[data-testid^="tournament-place-"]')).to_have_count(FIELD)
        assert winner in by(host, "tournament-place-1").inner_text()
        names = {by(host, f"tournament-place-{p}").inner_text() for p in range(1, FIELD + 1)}
        for name in ("Hostess", "Guest", "Ada"):
            assert any(name in row for row in names), (name, names)
        for page in (phone, watcher):
            expect(by(page, "tournament-results")).to_be_visible()
            expect(by(page, "tournament-place-1")).to_contain_text(winner)
            expect(page.locator('[data-testid^="tournament-place-"]')).to_have_count(FIELD)
        expect(by(phone, "my-finish")).to_contain_text("You finished")
        assert all(TABLE_HEADING.match(text) for text in headings), headings

        # The finished hands listed are the table's own, and they download.
        phh = host.locator('[data-testid^="hand-phh-"]').first
        expect(phh).to_be_visible()
        href = phh.get_attribute("href") or ""
        assert "?table=" in href, href
        assert host.request.get(base + href).ok

        # Nothing sticks out sideways on the phone.
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        save_screenshot(host, "mtt-results-desktop")
        save_screenshot(phone, "mtt-results-phone")
    finally:
        watcher_context.close()
        phone_context.close()
        host_context.close()
