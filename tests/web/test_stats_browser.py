"""Player stats in a real Chromium, on a laptop and on a phone: after hands against a bot
the stats panel has a row per seat with the numbers the server counted, updated as each
hand ends."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.support.browser import by, save_screenshot, take_turn
from tests.support.server import ServerProcess
from tests.web.test_replayer_browser import SIZES, play_a_hand

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow


@pytest.fixture(params=list(SIZES))
def page(chromium_browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = chromium_browser.new_context(**SIZES[request.param])
    try:
        yield context.new_page()
    finally:
        context.close()


def test_the_stats_panel_shows_each_seats_numbers(server: ServerProcess, page: Page) -> None:
    size = "phone" if (page.viewport_size or {"width": 0})["width"] < 720 else "desktop"
    table_id = play_a_hand(page, server.url)
    expect(by(page, "stats-hands-2")).to_have_text("1")
    deadline = time.monotonic() + 60
    while not by(page, "replay-open-2").count():  # one more hand: the panel follows
        assert time.monotonic() < deadline, "hand 2 did not finish"
        if not take_turn(page):
            page.wait_for_timeout(100)
    expect(by(page, "stats-hands-2")).to_have_text("2")
    counted = page.context.request.get(f"{server.url}/api/tables/{table_id}/stats").json()
    # Hand 3 waits for this page's player: the numbers are still those of two hands.
    assert [row["hands"] for row in counted] == [2, 2]
    assert [row["seat"] for row in counted] == [1, 2]
    for row in counted:
        seat = row["seat"]
        expect(by(page, f"stats-{seat}")).to_contain_text(row["name"])
        expect(by(page, f"stats-vpip-{seat}")).to_have_text(f"{row['vpip']}%")
        expect(by(page, f"stats-pfr-{seat}")).to_have_text(f"{row['pfr']}%")
        net = row["net"]
        expect(by(page, f"stats-net-{seat}")).to_have_text(f"+{net:,}" if net > 0 else f"{net:,}")
    assert counted[0]["net"] + counted[1]["net"] == 0
    by(page, "stats").scroll_into_view_if_needed()
    save_screenshot(page, f"stats-{size}")
