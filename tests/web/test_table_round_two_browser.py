"""What a Friday night at the table still tripped on, in a real Chromium at 1280x800 and
on a 390x844 phone: each board of a hand run twice lights its own winners' cards; the sit
& go panel is legible in the light theme and every page shares one theme; on a phone the
bets keep clear of the board and the 7-2 line and the Chat button of the seats; the
stats outlive the table; bots settle with the house; the replayer's pot counts the chips
in front; a lone pot is "the pot", a hand won before the flop shows no empty board, and
the Sound and Theme switches do not look focused. Screenshots land in
test-artifacts/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from holdem.cards import parse_cards
from holdem.evaluator import evaluate
from tests.support.browser import SCREENSHOTS, by, save_screenshot
from tests.support.server import ServerProcess
from tests.web.quick_table import (
    console_errors,
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

LIGHT = "localStorage.setItem('holdem.light-theme', 'on')"


def codes(page: Page, selector: str) -> list[str]:
    return [
        str(c) for c in page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)")
    ]


def expected_lights(holes: dict[int, list[str]], board: list[str]) -> tuple[set[int], set[str]]:
    """The winners of one board and the cards of their best five, by our own evaluator."""
    values = {seat: evaluate(parse_cards([*hole, *board])) for seat, hole in holes.items()}
    top = max(values.values())
    winners = {seat for seat, value in values.items() if not value < top and not top < value}
    lit = {str(card) for seat in winners for card in values[seat].best_five}
    return winners, lit


def test_each_board_run_twice_lights_its_own_winners_five(
    sized_page: Page, server: ServerProcess
) -> None:
    page, size = sized_page, size_of(sized_page)
    errors = console_errors(page)
    play_at_a_new_table(
        page, server.url, "Ana", 2, bots=["caller"], seats=2, run_it_twice=True,
        between_hands_seconds=60,
    )  # fmt: skip
    play_until(page, lambda: my_turn(page))
    by(page, "action-allin").click()
    expect(by(page, "banner")).to_contain_text(" · Second board: ", timeout=20_000)
    page.wait_for_timeout(600)  # the last cards' dealing
    holes = {seat: codes(page, f'[data-testid="seat-{seat}"] .card[data-card]') for seat in (1, 2)}
    assert all(len(hole) == 2 for hole in holes.values()), holes
    rows = page.locator("#board .board-row")
    expect(rows).to_have_count(2)
    panel_rows = by(page, "showdown").locator('[data-testid="showdown-board"]')
    won_first: dict[int, int] = {}
    for run in range(2):
        board = codes(page, f"#board .board-row:nth-child({run + 1}) .card")
        assert len(board) == 5, board
        winners, lit = expected_lights(holes, board)
        for seat in sorted(winners):
            won_first.setdefault(seat, run)
        on_board = lit & set(board)
        assert on_board, (run, board, lit)  # five cards always take three from the board
        felt_lit = codes(page, f"#board .board-row:nth-child({run + 1}) .card.best")
        assert set(felt_lit) == on_board, (run, felt_lit, on_board)
        shown_lit = (
            panel_rows.nth(run)
            .locator(".card.best")
            .evaluate_all("els => els.map(e => e.dataset.card)")
        )
        assert set(shown_lit) == on_board, (run, shown_lit, on_board)
    # Each winner's "best five" is the hand of the first board it won.
    for seat, run in won_first.items():
        board = codes(page, f"#board .board-row:nth-child({run + 1}) .card")
        _, lit = expected_lights({seat: holes[seat]}, board)
        five = (
            by(page, f"best-five-{seat}")
            .locator(".card")
            .evaluate_all("els => els.map(e => e.dataset.card)")
        )
        assert set(five) == lit, (seat, run, five, lit)
    by(page, "felt").scroll_into_view_if_needed()
    save_screenshot(page, f"round-two-run-twice-felt-{size}")
    by(page, "showdown").scroll_into_view_if_needed()
    save_screenshot(page, f"round-two-run-twice-showdown-{size}")
    assert errors == []


# The texts under an element whose contrast is below 4.5:1, as "text: ratio" lines.
CONTRAST = Path(__file__).with_name("contrast_problems.js").read_text().strip()


def test_the_sit_and_go_panel_reads_in_the_light_theme_and_every_page_shares_it(
    sized_page: Page, server: ServerProcess
) -> None:
    page, size = sized_page, size_of(sized_page)
    page.goto(f"{server.url}/")
    expect(by(page, "theme-toggle")).to_be_visible()
    page.evaluate(LIGHT)
    page.reload()
    # The lobby follows the theme chosen once, as the table does.
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    save_screenshot(page, f"round-two-lobby-light-{size}")
    open_table(
        page, server.url, mode="sng", seats=2, bots=["caller"], starting_stack=400,
        level_minutes=5, prize_per_player=10,
    )  # fmt: skip
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    panel = by(page, "tournament-panel")
    expect(panel).to_be_visible()
    sit(page, 2, "Ana")
    play_until(page, lambda: by(page, "tournament-results").is_visible() or my_turn(page))
    for _ in range(40):  # all in every hand until one player has every chip
        if by(page, "tournament-results").is_visible():
            break
        if my_turn(page) and by(page, "action-allin").is_visible():
            by(page, "action-allin").click()
        page.wait_for_timeout(250)
    expect(by(page, "tournament-results")).to_be_visible(timeout=30_000)
    expect(by(page, "tournament-winner")).to_be_visible()
    panel.scroll_into_view_if_needed()
    page.wait_for_timeout(400)  # the results' entrance
    save_screenshot(page, f"round-two-sit-and-go-light-{size}")
    assert panel.evaluate(CONTRAST) == []
    # Chosen on the table page, the theme is the lobby's too.
    by(page, "theme-toggle").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.goto(f"{server.url}/")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")


# Bets that meet the board, the pot or the 7-2 line; the Chat button over a seat.
OVERLAPS = Path(__file__).with_name("bet_and_chat_overlaps.js").read_text().strip()


def test_bets_keep_clear_of_the_board_and_the_7_2_line_and_chat_of_the_seats(
    sized_page: Page, server: ServerProcess
) -> None:
    page, size = sized_page, size_of(sized_page)
    # The bots take their time: our bet and their calls stay in front for a while.
    play_at_a_new_table(
        page, server.url, "Ana", 6, bots=["caller"] * 5, seats=6, seven_deuce_bounty=5,
        between_hands_seconds=2, bot_think_seconds=0.5,
    )  # fmt: skip
    expect(by(page, "seven-deuce")).to_be_visible()
    bets = page.locator(".bets > .bet:not([hidden])")
    for street in ("preflop", "flop", "turn", "river"):
        play_until(page, lambda s=street: my_turn(page, s))  # type: ignore[misc]
        # Our turn: the banner says so, and the bets of those before us are out.
        assert page.evaluate(OVERLAPS) == [], street
        for action in ("action-bet", "action-raise", "action-call", "action-check"):
            if by(page, action).is_visible():
                by(page, action).click()  # chips in front on every street
                break
        most = 0
        for _ in range(10):  # while the bots call one by one
            found: list[str] = page.evaluate(OVERLAPS)
            assert found == [], (street, found)
            most = max(most, bets.count())
            page.wait_for_timeout(150)
        assert most >= 2, (street, most)  # the check saw chips in front
        save_screenshot(page, f"round-two-bets-{street}-{size}")
        by(page, "felt").screenshot(path=str(SCREENSHOTS / f"round-two-felt-{street}-{size}.png"))
        for y in range(40, 440, 40):  # scrolled: the Chat button covers no seat
            page.evaluate(f"window.scrollTo(0, {y})")
            page.wait_for_timeout(100)
            assert page.evaluate(OVERLAPS) == [], (street, y)
        page.evaluate("window.scrollTo(0, 0)")
    save_screenshot(page, f"round-two-chat-{size}")


def test_the_stats_stay_when_the_table_ends(sized_page: Page, server: ServerProcess) -> None:
    page, size = sized_page, size_of(sized_page)
    play_at_a_new_table(page, server.url, "Ana", 2, bots=["caller"], seats=2)
    play_until(page, lambda: by(page, "replay-open-1").count() > 0)
    by(page, "host-end").click()
    by(page, "host-end").click()  # armed, then confirmed
    expect(by(page, "status")).to_have_text("ended", timeout=20_000)
    stats = by(page, "stats")
    expect(stats).not_to_contain_text("Nobody is seated")
    expect(stats.locator("tbody tr")).to_have_count(2)
    expect(stats).to_contain_text("Ana")
    rows: list[dict[str, Any]] = page.context.request.get(
        f"{page.url.replace('/t/', '/api/tables/')}/stats"
    ).json()
    assert len(rows) == 2 and "Ana" in {row["name"] for row in rows}, rows
    assert all(row["seat"] is None and row["hands"] >= 1 for row in rows), rows
    for k, row in enumerate(rows, 1):
        expect(by(page, f"stats-hands-left-{k}")).to_have_text(str(row["hands"]))
    assert sum(row["net"] for row in rows) == 0
    stats.scroll_into_view_if_needed()
    save_screenshot(page, f"round-two-stats-after-the-end-{size}")


def heads_up_with_a_caller(page: Page, base: str, **options: Any) -> None:
    """Sit as Ana in seat 2 against a calling station in seat 1, and start."""
    options = {"between_hands_seconds": 60, **options}
    play_at_a_new_table(page, base, "Ana", 2, bots=["caller"], seats=2, **options)


def test_bots_settle_with_the_house_not_with_people(
    sized_page: Page, server: ServerProcess
) -> None:
    page, size = sized_page, size_of(sized_page)
    heads_up_with_a_caller(page, server.url, between_hands_seconds=3)
    settle = by(page, "settle-up")
    house = settle.get_by_test_id("settle-up-house")
    for _ in range(5):  # all in until a hand is not split: then someone is ahead
        play_until(page, lambda: my_turn(page))
        by(page, "action-allin").click()
        expect(by(page, "showdown")).to_be_visible(timeout=30_000)
        page.wait_for_timeout(500)
        if house.count():
            break
    expect(house).to_have_count(1)
    bot = by(page, "seat-1").locator(".seat-name").inner_text().strip()
    expect(settle.get_by_test_id("settle-up-transfer")).to_have_count(0)
    line = settle.get_by_test_id("settle-up-house").inner_text()
    assert bot not in line, line
    assert re.fullmatch(r"(The house pays Ana [\d,]+|Ana pays the house [\d,]+)", line), line
    settle.scroll_into_view_if_needed()
    save_screenshot(page, f"round-two-settle-with-the-house-{size}")


def test_the_replayers_pot_counts_the_chips_in_front(
    sized_page: Page, server: ServerProcess
) -> None:
    page, size = sized_page, size_of(sized_page)
    heads_up_with_a_caller(page, server.url)
    play_until(page, lambda: by(page, "replay-open-1").count() > 0)
    by(page, "replay-open-1").click()
    # The first step is the blinds: 1 and 2 in front, nothing in the middle yet.
    expect(by(page, "replay-step")).to_have_text(re.compile(r"^1 / \d+$"))
    expect(by(page, "replay-text")).to_contain_text("posts")
    expect(by(page, "replay-pot")).to_have_text(re.compile(r"^Pot 3 · preflop$"))
    save_screenshot(page, f"round-two-replayer-pot-{size}")


# A colour of the theme, as the page computes it: a switch that is on keeps the border of
# every button (--line), not the focus ring's colour (--primary).
THEME_COLOUR = """(name) => {
  const d = document.createElement('div');
  d.style.color = `var(${name})`;
  document.body.append(d);
  const c = getComputedStyle(d).color;
  d.remove();
  return c;
}"""
# A switch's border and outline once it has no focus.
UNFOCUSED_LOOK = """el => {
  el.blur();
  const s = getComputedStyle(el);
  return [s.borderTopColor, s.outlineStyle];
}"""


def test_a_lone_pot_an_unflopped_win_and_quiet_switches(
    sized_page: Page, server: ServerProcess
) -> None:
    page, size = sized_page, size_of(sized_page)
    open_table(page, server.url, bots=["caller"], seats=2, between_hands_seconds=60)
    sit(page, 2, "Ana")
    start(page)
    play_until(page, lambda: by(page, "action-fold").is_visible())
    by(page, "action-fold").click()
    log = by(page, "hand-log")
    expect(log).to_contain_text(re.compile(r"wins the pot, \d+"), timeout=20_000)
    expect(log).not_to_contain_text("main pot")
    showdown = by(page, "showdown")
    expect(showdown).to_be_visible()
    expect(showdown.get_by_test_id("showdown-board")).to_have_count(0)
    # A switch that is on is not drawn like the focus ring of a button.
    page.locator("body").click(position={"x": 5, "y": 300})
    primary, line = (page.evaluate(THEME_COLOUR, name) for name in ("--primary", "--line"))
    for switch in ("sound-toggle", "theme-toggle", "deck-colors"):
        if by(page, switch).get_attribute("aria-pressed") != "true":
            by(page, switch).click()
        look = by(page, switch).evaluate(UNFOCUSED_LOOK)
        assert look == [line, "none"] and look[0] != primary, (switch, look)
    by(page, "showdown").scroll_into_view_if_needed()
    save_screenshot(page, f"round-two-preflop-win-{size}")
