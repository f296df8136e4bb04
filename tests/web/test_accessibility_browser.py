"""Accessibility in a real Chromium, at 1280x800 and on a 390x844 phone, in the light and
the dark theme: axe-core (installed from npm, `npm install` at the repository root) runs
in the lobby, the table (on our turn) and the live table and finds no serious or
critical violation; the game is played by keyboard alone, and the ARIA live region says
whose turn it is and what happened. docs/accessibility.md lists the keys."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.support.browser import REPO_ROOT, by, save_screenshot
from tests.support.server import ServerProcess
from tests.web.quick_table import (
    my_turn,
    play_at_a_new_table,
    play_until,
    size_of,
    sized_page,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.slow
__all__ = ["sized_page"]

AXE = REPO_ROOT / "node_modules" / "axe-core" / "axe.min.js"
# The serious and critical violations axe finds on the page, as "rule: where" lines.
AXE_RUN = """async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(" | ")}`);
}"""


def violations(page: Page) -> list[str]:
    if not AXE.exists():
        pytest.fail(f"axe-core is not installed: run `npm install` in {REPO_ROOT}")
    page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(AXE_RUN)
    return found


def theme(page: Page, name: str) -> None:
    """Choose the theme before any page loads, as the switch remembers it."""
    on = "on" if name == "light" else "off"
    page.add_init_script(f"localStorage.setItem('holdem.light-theme', '{on}')")


@pytest.mark.parametrize("look", ["light", "dark"])
def test_the_pages_have_no_serious_accessibility_violation(
    sized_page: Page, server: ServerProcess, look: str
) -> None:
    page, size = sized_page, size_of(sized_page)
    theme(page, look)
    page.goto(f"{server.url}/")
    expect(page.locator("html")).to_have_attribute("data-theme", look)
    assert (found := violations(page)) == [], f"lobby: {found}"
    save_screenshot(page, f"a11y-lobby-{look}-{size}")
    play_at_a_new_table(page, server.url, "Ana", 3, seats=3)
    play_until(page, lambda: my_turn(page))
    page.wait_for_timeout(400)  # the cards' dealing
    assert (found := violations(page)) == [], f"table: {found}"
    save_screenshot(page, f"a11y-table-{look}-{size}")
    body = {"name": "Kitchen table", "mode": "live", "small_blind": 5, "big_blind": 10}
    answer = page.context.request.post(f"{server.url}/api/tables", data=body)
    page.goto(f"{server.url}/t/{answer.json()['id']}")
    expect(by(page, "connection")).to_have_attribute("data-state", "open")
    assert (found := violations(page)) == [], f"live table: {found}"
    save_screenshot(page, f"a11y-live-{look}-{size}")


def test_the_game_is_played_by_keyboard_and_announced(
    sized_page: Page, server: ServerProcess
) -> None:
    page, size = sized_page, size_of(sized_page)
    play_at_a_new_table(page, server.url, "Ana", 3, seats=3, between_hands_seconds=30)
    announcer = by(page, "announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    play_until(page, lambda: my_turn(page))
    expect(announcer).to_contain_text("Your turn")
    log = by(page, "hand-log")
    # c calls (or checks): no pointer involved.
    page.locator("body").press("c")
    expect(log).to_contain_text(re.compile(r"Ana (calls \d+|checks)"))
    expect(announcer).to_contain_text(re.compile(r"Ana (calls \d+|checks)"))
    # Digits type the amount, Enter bets it.
    expect(by(page, "actions")).to_be_visible(timeout=20_000)
    expect(by(page, "felt")).not_to_have_attribute("data-street", "preflop")
    page.locator("body").press("8")
    expect(by(page, "bet-amount")).to_be_focused()
    expect(by(page, "bet-amount")).to_have_value("8")
    page.keyboard.press("Enter")
    expect(log).to_contain_text("Ana bets 8")
    # Focus is visible: the focused control has an outline.
    page.locator("body").press("Tab")
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", outline
    save_screenshot(page, f"a11y-keyboard-{size}")
