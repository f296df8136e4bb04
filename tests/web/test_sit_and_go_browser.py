"""A sit & go in a real Chromium, against the real `holdem serve`, from the lobby to the
results.

The host creates a three-seat sit & go with two calling bots through the lobby's form,
with levels so short (0.6 s) that the blinds reach the top of the structure within a few
hands; taking the last seat starts it. The host checks or calls until one player holds
every chip, and the page's sit & go panel must have shown the level, the blinds, the
field and, at the end, every place with prizes that add up to the pool. The host's page
runs an hour ahead of the server, so every countdown must follow the server's clock.

Screenshots (desktop and a 360-pixel phone) land in test-artifacts/screenshots/.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.support.browser import SCREENSHOTS, by, save_screenshot, take_turn
from tests.support.server import ServerProcess

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
SEATS, STARTING_STACK, PRIZE_PER_PLAYER = 3, 2000, 100
PLAY_TIMEOUT = 60.0  # seconds for the whole sit & go (it takes a handful of hands)
SKEW_MS = 3_600_000  # the host's browser clock runs this far ahead of the server's


def create_sit_and_go(page: Page, base: str) -> str:
    """Fill the lobby's form for a sit & go with two callers; return the new table's id."""
    page.goto(f"{base}/")
    by(page, "opt-mode").select_option("sng")
    # The cash game's blinds and buy-in range give way to the sit & go's own fields.
    for cash_only in ("opt-small-blind", "opt-big-blind", "opt-min-buy-in", "opt-max-buy-in"):
        expect(by(page, cash_only)).to_be_hidden()
    by(page, "opt-name").fill("Sunday sit & go")
    by(page, "opt-seats").fill(str(SEATS))
    by(page, "opt-starting-stack").fill(str(STARTING_STACK))
    by(page, "opt-level-minutes").fill("0.01")
    by(page, "opt-prize-per-player").fill(str(PRIZE_PER_PLAYER))
    by(page, "opt-bots-caller").fill("2")
    by(page, "opt-bot-think-seconds").fill("0")
    by(page, "opt-between-hands-seconds").fill("0.4")
    save_screenshot(page, "lobby-sit-and-go-form")
    by(page, "create-table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    expect(by(page, "connection")).to_have_attribute("data-state", "open")
    return page.url.rsplit("/", 1)[1]


def test_a_sit_and_go_from_the_lobby_form_to_the_results(
    chromium_browser: Browser, server: ServerProcess
) -> None:
    base = server.url
    host_context = chromium_browser.new_context(viewport=DESKTOP)
    phone_context = chromium_browser.new_context(viewport=PHONE, has_touch=True)
    try:
        host = host_context.new_page()
        host.add_init_script(f"{{ const real = Date.now; Date.now = () => real() + {SKEW_MS}; }}")
        table_id = create_sit_and_go(host, base)

        # Registering: the level to come, the starting stack, the seats still free.
        expect(by(host, "tournament-panel")).to_be_visible()
        expect(by(host, "status")).to_have_text("registering")
        expect(by(host, "tournament-level")).to_have_text("Level 1")
        expect(by(host, "tournament-blinds")).to_contain_text("25/50")
        expect(by(host, "tournament-next")).to_contain_text("50/100")
        expect(by(host, "tournament-players")).to_have_text(f"2 of {SEATS}")
        expect(by(host, "tournament-average")).to_have_text("2,000")
        expect(by(host, "tournament-clock")).to_contain_text("every seat")
        expect(by(host, "seat-1")).to_contain_text("caller")

        # The lobby lists it as a sit & go taking registrations.
        phone = phone_context.new_page()
        phone.goto(f"{base}/")
        expect(by(phone, f"table-mode-{table_id}")).to_have_text("Sit & go")
        expect(by(phone, f"table-status-{table_id}")).to_have_text("registering")
        save_screenshot(phone, "lobby-sit-and-go-phone")
        phone.goto(f"{base}/t/{table_id}")
        expect(by(phone, "tournament-panel")).to_be_visible()

        # The last seat: no buy-in to choose, and taking it starts the sit & go.
        by(host, f"join-seat-{SEATS}").click()
        expect(by(host, "join-buyin")).to_be_hidden()
        by(host, "join-name").fill("Hostess")
        save_screenshot(host, "sit-and-go-registering")
        by(host, "join").click()
        expect(by(host, f"seat-{SEATS}")).to_contain_text("Hostess")
        expect(by(host, "status")).to_have_text(re.compile("running|ended"))
        expect(by(host, "top-up")).to_be_hidden()
        expect(by(host, "sit-out")).to_be_hidden()
        expect(by(phone, '[data-testid^="join-seat-"]')).to_have_count(0)

        levels: set[str] = set()
        players: set[str] = set()
        clocks: set[str] = set()
        timer_left: list[int] = []
        shots = 0
        deadline = time.monotonic() + PLAY_TIMEOUT
        results = by(host, "tournament-results")
        while not results.is_visible():
            assert time.monotonic() < deadline, f"no result within {PLAY_TIMEOUT:g} s"
            levels.add(by(host, "tournament-level").inner_text())
            players.add(by(host, "tournament-players").inner_text())
            clocks.add(by(host, "tournament-clock").inner_text())
            if by(host, "actions").is_visible():
                left = host.evaluate(
                    "() => document.querySelector('[data-testid=timer]')?.dataset.left ?? null"
                )
                if left is not None:
                    timer_left.append(int(left))
                if shots == 0:
                    save_screenshot(host, "sit-and-go-host-to-act")
                    save_screenshot(phone, "sit-and-go-phone-playing")
                    shots = 1
                take_turn(host)
            host.wait_for_timeout(80)

        # The panel showed the levels rising and the field.
        assert all(re.fullmatch(r"Level \d+", text) for text in levels), levels
        assert len(levels) >= 2, f"the level never rose: {levels}"
        assert f"3 of {SEATS}" in players, players
        # The host's clock is an hour fast; the countdowns follow the server's anyway.
        assert timer_left, "the host was never asked to act"
        assert all(20 <= left <= 95 for left in timer_left), timer_left
        assert any(re.search(r"Next level in \d+:\d\d|Last level", c) for c in clocks), clocks

        # The results: the winner, then all three places, the prizes adding up to the pool.
        expect(by(host, "status")).to_have_text("ended")
        expect(by(host, "tournament-winner")).not_to_be_empty()
        winner = by(host, "tournament-winner").inner_text()
        expect(by(host, "banner")).to_contain_text(f"{winner} wins the sit & go")
        places = host.locator('[data-testid^="tournament-place-"]')
        expect(places).to_have_count(SEATS)
        pool = int(by(host, "tournament-pool").inner_text().replace(",", ""))
        assert pool == SEATS * PRIZE_PER_PLAYER
        prizes = []
        for place in range(1, SEATS + 1):
            row = by(host, f"tournament-place-{place}").inner_text()
            assert re.match(rf"{place}(st|nd|rd|th)\b", row), row
            amount = row.split()[-1].replace(",", "")
            prizes.append(int(amount) if amount.isdigit() else 0)
        assert sum(prizes) == pool, prizes
        assert winner in by(host, "tournament-place-1").inner_text()
        expect(by(host, "my-finish")).to_contain_text("You finished")
        expect(by(phone, "tournament-results")).to_be_visible()
        expect(by(phone, "tournament-place-1")).to_contain_text(winner)

        # Nothing sticks out sideways on the phone.
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        save_screenshot(host, "sit-and-go-results-desktop")
        save_screenshot(phone, "sit-and-go-results-phone")
        # What the phone's screen shows, the sticky controls included, at the results.
        by(phone, "tournament-results").scroll_into_view_if_needed()
        phone.screenshot(path=str(SCREENSHOTS / "sit-and-go-results-phone-screen.png"))
    finally:
        phone_context.close()
        host_context.close()
