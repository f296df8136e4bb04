"""The table's sounds and turn alert in a real Chromium, at 1280x800 and on a 390x844 phone.

The page writes each sound it makes on the switch (`data-played`, `data-count`): a hand
played by clicking deals, moves chips, knocks for a check, chimes for our turn and warns
when our time runs low; muted, it makes none, and the switch is remembered after a reload.

Headless Chromium has no way to hide a tab, so the hidden-tab test makes the page's
`document.hidden` answer what the test says (and fires `visibilitychange`, as a browser
does); everything else is the page's own code.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.support.browser import by, save_screenshot
from tests.support.server import ServerProcess
from tests.web.quick_table import (
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

HIDEABLE = """
window.__tabHidden = false;
Object.defineProperty(Document.prototype, "hidden", { get: () => window.__tabHidden });
Object.defineProperty(Document.prototype, "visibilityState", {
  get: () => (window.__tabHidden ? "hidden" : "visible"),
});
window.__vibrations = 0;
navigator.vibrate = () => { window.__vibrations += 1; return true; };
"""


def played(page: Page) -> list[str]:
    return (by(page, "sound-toggle").get_attribute("data-played") or "").split()


def test_a_hand_sounds_and_the_mute_switch_is_remembered(
    sized_page: Page, server: ServerProcess
) -> None:
    page = sized_page
    size = size_of(page)
    # Four seconds to act and no bank: every turn of ours starts inside the warning.
    # The clicks that sit and start let the page make sound (autoplay rules).
    play_at_a_new_table(page, server.url, "Sunny", action_seconds=4, time_bank_seconds=0)
    toggle = by(page, "sound-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "true")  # on until muted
    play_until(page, lambda: my_turn(page, "flop"))
    sounds = set(played(page))
    assert {"deal", "chips", "turn", "warning", "check"} <= sounds, sounds
    save_screenshot(page, f"sound-on-{size}")

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(toggle).to_have_text(re.compile("off"))
    count = toggle.get_attribute("data-count")
    play_until(page, lambda: my_turn(page, "turn"))
    assert toggle.get_attribute("data-count") == count  # muted: nothing more played

    page.reload()
    expect(by(page, "sound-toggle")).to_have_attribute("aria-pressed", "false")
    by(page, "sound-toggle").click()
    page.reload()
    expect(by(page, "sound-toggle")).to_have_attribute("aria-pressed", "true")
    save_screenshot(page, f"sound-remembered-{size}")


def test_a_turn_while_the_tab_is_hidden_changes_the_title(
    sized_page: Page, server: ServerProcess
) -> None:
    page = sized_page
    size = size_of(page)
    page.add_init_script(HIDEABLE)
    open_table(page, server.url, bots=["caller", "caller"], action_seconds=30)
    sit(page, 3, "Hidi")
    page.evaluate(
        "() => { __tabHidden = true; document.dispatchEvent(new Event('visibilitychange')); }"
    )
    start(page)
    expect(page.locator("body")).to_have_attribute("data-turn-alerts", "1", timeout=15000)
    expect(page).to_have_title(re.compile("Your turn!"), timeout=3000)
    assert page.evaluate("__vibrations") == 1
    page.evaluate(
        "() => { __tabHidden = false; document.dispatchEvent(new Event('visibilitychange')); }"
    )
    expect(page).not_to_have_title(re.compile("Your turn!"))
    save_screenshot(page, f"sound-turn-alert-{size}")
