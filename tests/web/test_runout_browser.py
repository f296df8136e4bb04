"""An all-in runout in a real Chromium, at 1280x800 and on a 390x844 phone with touch: we
go all-in against a calling station, both hands turn up with their equity at each seat
(`equity-N`), and the board comes a street at a time, the pause apart, the equities
changing with it; once the river is out the hand is over and no equity is shown.
Screenshots of each street land in test-artifacts/screenshots/."""

from __future__ import annotations

import re
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

PAUSE = 2.5  # seconds between streets: room for each street's checks and screenshot under load
PERCENT = re.compile(r"^\d{1,3}%$")
# When the page first showed each number of board cards (ms), looked at every 20 ms.
WATCH_BOARD = """() => {
  window.boardCameAt = {};
  setInterval(() => {
    const n = document.querySelectorAll("#board .board-row:first-child .card").length;
    if (!(n in window.boardCameAt)) window.boardCameAt[n] = performance.now();
  }, 20);
}"""


def percent(page: Page, seat: int) -> int:
    text = by(page, f"equity-{seat}").inner_text().strip()
    assert PERCENT.match(text), text
    return int(text[:-1])


def test_an_all_in_runs_out_a_street_at_a_time_with_each_hands_equity(
    sized_page: Page, server: ServerProcess
) -> None:
    page = sized_page
    size = size_of(page)
    # A calling station in seat 1 calls our all-in from seat 2.
    play_at_a_new_table(
        page, server.url, "Rhea", 2, bots=["caller"], runout_seconds=PAUSE, seats=2,
        between_hands_seconds=30,
    )  # fmt: skip
    play_until(page, lambda: my_turn(page))
    page.evaluate(WATCH_BOARD)
    by(page, "action-allin").click()
    board = page.locator("#board .board-row:first-child .card")
    for cards, street in ((0, "preflop"), (3, "flop"), (4, "turn")):
        for seat in (1, 2):
            expect(by(page, f"equity-{seat}")).to_have_text(PERCENT, timeout=10000)
        expect(board).to_have_count(cards, timeout=10000)
        shares = percent(page, 1) + percent(page, 2)
        assert 98 <= shares <= 102, shares  # each rounded: a split shows 50% and 50%
        # Both hands face up at their seats, for everyone to see.
        expect(page.locator('[data-testid="seat-1"] .card.back')).to_have_count(0)
        page.wait_for_timeout(300)  # the dealing animation
        save_screenshot(page, f"runout-{street}-{size}")
    expect(board).to_have_count(5, timeout=10000)
    for seat in (1, 2):
        expect(by(page, f"equity-{seat}")).to_have_count(0)  # over: the showdown tells
    page.wait_for_timeout(600)
    save_screenshot(page, f"runout-river-{size}")
    came = {int(k): v for k, v in page.evaluate("window.boardCameAt").items()}
    for before, after in ((3, 4), (4, 5)):  # the flop's wait began before the watch
        assert came[after] - came[before] >= PAUSE * 1000 * 0.8, came
