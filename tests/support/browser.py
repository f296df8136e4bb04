"""Real Chromium, driven by Playwright's sync API.

Playwright drives the system's Chromium (Debian's /usr/bin/chromium, installed by .ci/run),
never a browser of its own download: `playwright install` needs an internet connection
CI does not have. Screenshots saved by `save_screenshot` land in
test-artifacts/screenshots/ at the repository root (ignored by git).

Playwright's sync API marks its event loop as running in the calling thread for as long as
the browser is up, and then `asyncio.run` refuses to start there. So between tests the
mark is lifted (`suspend_playwright_loop`), and put back only for tests that use the
browser (`resume_playwright_loop`; tests/conftest.py does both). Inside such a test, run
coroutines with `tests.support.run_async`, which works either way.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

REPO_ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO_ROOT / "test-artifacts" / "screenshots"

# Headless and quiet: no GPU, no sandbox (CI runs as root, which Chromium's sandbox
# refuses), and no background traffic to Google's services on a machine without internet.
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
)

# Playwright's event loop while a browser launched here is up, else None.
_playwright_loop: asyncio.AbstractEventLoop | None = None


def find_chromium() -> Path | None:
    """Debian's chromium (or whatever `chromium` is on PATH); None if there is none."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is not None:
        return Path(found)
    debian = Path("/usr/bin/chromium")
    return debian if os.access(debian, os.X_OK) else None


@contextlib.contextmanager
def launch_chromium(executable: Path) -> Iterator[Browser]:
    """A headless Chromium for the block; closed (with Playwright's driver) on exit."""
    from playwright.sync_api import sync_playwright

    global _playwright_loop
    with sync_playwright() as playwright:
        _playwright_loop = asyncio.events._get_running_loop()
        try:
            browser = playwright.chromium.launch(
                executable_path=str(executable), headless=True, args=list(CHROMIUM_ARGS)
            )
            try:
                yield browser
            finally:
                resume_playwright_loop()  # Playwright's own calls need the mark to close
                browser.close()
        finally:
            resume_playwright_loop()
            _playwright_loop = None


def suspend_playwright_loop() -> None:
    """Lift Playwright's running-loop mark from this thread, so `asyncio.run` works."""
    if _playwright_loop is not None and asyncio.events._get_running_loop() is _playwright_loop:
        asyncio.events._set_running_loop(None)


def resume_playwright_loop() -> None:
    """Put the mark back before the next Playwright call (its callbacks look for it)."""
    if _playwright_loop is not None:
        asyncio.events._set_running_loop(_playwright_loop)


def save_screenshot(page: Page, name: str) -> Path:
    """Save the page as test-artifacts/screenshots/<name>.png (the whole page) and return
    the path; characters unsafe in a file name become '_'."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._") or "screenshot"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{safe}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def take_turn(page: Page) -> bool:
    """Click the first of check, call or show on offer; False if the turn went meanwhile
    (or was not there)."""
    from playwright.sync_api import Error as PlaywrightError

    for action in ("action-check", "action-call", "action-show"):
        button = page.get_by_test_id(action)
        if button.is_visible():
            try:
                button.click(timeout=2000)
            except PlaywrightError:
                return False
            return True
    return False


def by(page: Page, test_id: str) -> Locator:
    """The element the page marks with ``data-testid=test_id``."""
    return page.get_by_test_id(test_id)
