"""The lobby's sit & go extras in a real Chromium against the real `holdem serve`:
rebuys, the add-on and the bounty go from the form into the table's options, at
1280x800 and on a 390x844 phone."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.support.browser import by, save_screenshot
from tests.support.server import ServerProcess

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_lobby_creates_a_sit_and_go_with_rebuys_an_addon_and_bounties(
    chromium_browser: Browser, server: ServerProcess, width: int, height: int
) -> None:
    context = chromium_browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(f"{server.url}/")
        for extra in ("opt-rebuys", "opt-addon", "opt-bounty"):
            expect(by(page, extra)).to_be_hidden()  # a cash table has none of them
        by(page, "opt-mode").select_option("sng")
        by(page, "opt-name").fill("Rebuy sit & go")
        by(page, "opt-seats").fill("3")
        by(page, "opt-rebuys").fill("4")
        by(page, "opt-addon").fill("4")
        by(page, "opt-bounty").select_option("pko")
        by(page, "opt-bots-caller").fill("1")
        by(page, "opt-rebuys").scroll_into_view_if_needed()
        save_screenshot(page, f"lobby-sng-extras-{width}x{height}")
        page.emulate_media(color_scheme="light")
        save_screenshot(page, f"lobby-sng-extras-{width}x{height}-light")
        with page.expect_request(
            lambda r: r.url.endswith("/api/tables") and r.method == "POST"
        ) as made:
            by(page, "create-table").click()
        sent = json.loads(made.value.post_data or "{}")
        assert (sent["rebuys"], sent["addon"], sent["bounty"]) == (4, 4, "pko")
        page.wait_for_url(re.compile(r"/t/[^/]+$"))
        expect(by(page, "tournament-panel")).to_be_visible()
    finally:
        context.close()
