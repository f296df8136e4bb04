"""The lobby lists a table it could not open as unavailable, with the reason, and an idle
table put away as archived; both rows fit on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest
from playwright.sync_api import expect

from tests.security.test_quarantine import rewrite_command
from tests.support.browser import by, save_screenshot
from tests.support.server import ServerProcess

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.slow

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def test_unavailable_and_archived_tables_in_the_lobby(
    chromium_browser: Browser, tmp_path: Path
) -> None:
    database = f"sqlite:///{tmp_path / 'cardroom.sqlite3'}"
    with ServerProcess(database, env={"HOLDEM_ARCHIVE_AFTER_SECONDS": "1"}) as server:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            made = [
                http.post("/api/tables", json={"name": name, "bots": ["caller"] * 2}).json()
                for name in ("Sleepy", "Damaged")
            ]
        sleepy, damaged = (table["id"] for table in made)
        server.stop()
        rewrite_command(database, damaged, 2, '{"kind": "sit", "seat"')
        server.start()
        for name, size in SIZES.items():
            context = chromium_browser.new_context(
                viewport=size, is_mobile=name == "phone", has_touch=name == "phone"
            )
            page = context.new_page()
            page.goto(server.url + "/")
            expect(by(page, f"table-status-{damaged}")).to_have_text("unavailable")
            expect(by(page, f"table-reason-{damaged}")).to_contain_text("does not replay")
            expect(by(page, f"table-status-{sleepy}")).to_have_text("archived", timeout=15000)
            listed = by(page, "table-list").bounding_box()
            status = by(page, f"table-status-{damaged}").bounding_box()
            assert listed is not None and status is not None
            assert status["x"] + status["width"] <= listed["x"] + listed["width"] + 1, name
            save_screenshot(page, f"lobby-unavailable-and-archived-{name}")
            page.goto(server.url + f"/t/{sleepy}")  # opened, it comes back
            expect(by(page, "seat-1")).to_contain_text("Ada")
            context.close()
