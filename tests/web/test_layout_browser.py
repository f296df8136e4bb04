"""The table page's geometry in a real Chromium, at 1280x800 and on a 390x844 phone: the
visible action buttons stay inside their row and clear of each other, a seat's button and
blind badges never cover its name, and the banner never covers a seat. The hand is played
(by clicking) until the page offers a bet rather than a raise: checked to us on the flop,
where the Bet button once took the felt's chip style and was drawn over Fold."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.support.browser import by, save_screenshot
from tests.support.server import ServerProcess
from tests.web.quick_table import my_turn, play_at_a_new_table, play_until, size_of, sized_page

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.slow
__all__ = ["sized_page"]

# Every overlap of rectangles the page must not have, as sentences; [] when it is clean.
LAYOUT_PROBLEMS = Path(__file__).with_name("layout_problems.js").read_text().strip() + "()"


def problems(page: Page) -> list[str]:
    found: list[str] = page.evaluate(LAYOUT_PROBLEMS)
    return found


def bet_is_offered(page: Page) -> bool:
    """Whether the page offers Bet; every decision's buttons are checked on the way."""
    if not my_turn(page):
        return False
    assert problems(page) == []
    return by(page, "action-bet").is_visible()


def test_bet_buttons_and_badges_stay_in_their_places(
    sized_page: Page, server: ServerProcess
) -> None:
    page = sized_page
    size = size_of(page)
    # Calling stations check whenever they may: the flop comes checked round to us.
    play_at_a_new_table(page, server.url, "Layla", seats=6)
    play_until(page, lambda: bet_is_offered(page))
    bet = by(page, "action-bet")
    assert bet.inner_text().startswith("Bet ")
    assert by(page, "action-raise").is_hidden()
    save_screenshot(page, f"layout-bet-offered-{size}")
    # The Bet button is an action button, not the felt's chip marker.
    assert bet.evaluate("el => getComputedStyle(el).position") == "static"
    assert problems(page) == []
    assert page.locator('[data-testid^="blind-"]').count() >= 1
    assert page.locator('[data-testid^="dealer-"]').count() == 1


def test_two_boards_stay_clear_of_the_seats(sized_page: Page, server: ServerProcess) -> None:
    page = sized_page
    # Five calling stations round a nine-seat table call our all-in: it is run twice.
    play_at_a_new_table(
        page,
        server.url,
        "Rhea",
        7,
        bots=["caller"] * 5,
        seats=9,
        run_it_twice=True,
        between_hands_seconds=6,
    )
    play_until(page, lambda: my_turn(page))
    by(page, "action-allin").click()
    second_board = page.locator("#board.two-boards .board-row:nth-child(2) .card")
    expect(second_board).to_have_count(5, timeout=15000)
    page.wait_for_timeout(600)  # the last cards' dealing animation
    save_screenshot(page, f"layout-two-boards-{size_of(page)}")
    assert problems(page) == []
