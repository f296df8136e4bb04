"""Pre-action buttons in a real Chromium, at 1280x800 and on a 390x844 phone: while the
bots think, "Call any" is ticked; when our turn comes the server calls (or checks) for
us without the action buttons being touched, and the tick is gone. A tick clicked again
is taken back. Screenshots land in test-artifacts/screenshots/."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.support.browser import by, save_screenshot
from tests.support.server import ServerProcess
from tests.web.quick_table import console_errors, play_at_a_new_table, size_of, sized_page

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.slow
__all__ = ["sized_page"]


def test_call_any_is_made_for_us_at_our_turn(sized_page: Page, server: ServerProcess) -> None:
    page, size = sized_page, size_of(sized_page)
    errors = console_errors(page)
    # Two calling stations that think for a while: time to choose before our turn.
    play_at_a_new_table(page, server.url, "Ana", 3, seats=3, bot_think_seconds=1.5,
                        between_hands_seconds=30)  # fmt: skip
    row = by(page, "pre-actions")
    expect(row).to_be_visible(timeout=20_000)
    for testid in ("pre-checkfold", "pre-call", "pre-callany"):
        expect(by(page, testid)).to_be_visible()
    # Chosen, then taken back.
    by(page, "pre-checkfold").click()
    expect(by(page, "pre-checkfold")).to_have_attribute("aria-pressed", "true")
    by(page, "pre-checkfold").click()
    expect(by(page, "pre-checkfold")).to_have_attribute("aria-pressed", "false")
    by(page, "pre-callany").click()
    expect(by(page, "pre-callany")).to_have_attribute("aria-pressed", "true")
    expect(by(page, "pre-callany")).to_contain_text("Call any")
    save_screenshot(page, f"pre-actions-set-{size}")
    # Our turn comes and goes: the server acted for us.
    log = by(page, "hand-log")
    expect(log).to_contain_text(re.compile(r"Ana (calls \d+|checks)"), timeout=20_000)
    expect(by(page, "actions")).to_be_hidden()
    if row.is_visible():
        expect(by(page, "pre-callany")).to_have_attribute("aria-pressed", "false")
    save_screenshot(page, f"pre-actions-made-{size}")
    assert errors == []
