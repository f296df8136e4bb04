"""The live table assistant in a real Chromium on a phone (390x844, touch), and at a
laptop's size for its screenshots: the host seats a real table, taps whole hands with
side pots and a split with an odd chip, uses each procedure of the "what happened?"
menu, undoes an entry; a second person watching sees the same state and no controls.
Screenshots land in test-artifacts/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.support.browser import by, save_screenshot
from tests.support.server import ServerProcess
from tests.web.quick_table import SIZES, console_errors

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.slow
LAYOUT_CHECK = """() => {
  const wide = [...document.querySelectorAll('body *')].filter((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && (box.right > window.innerWidth + 1 || box.left < -1);
  });
  return wide.map((el) => el.dataset.testid || el.id || el.tagName);
}"""


@pytest.fixture
def phone(chromium_browser: Browser) -> Iterator[Page]:
    context = chromium_browser.new_context(**SIZES["phone"])
    try:
        yield context.new_page()
    finally:
        context.close()


def open_live(page: Page, server: ServerProcess, **options: object) -> str:
    body = {"name": "Kitchen table", "mode": "live", "small_blind": 5, "big_blind": 10}
    answer = page.context.request.post(f"{server.url}/api/tables", data={**body, **options})
    assert answer.status == 201, answer.text()
    table_id = str(answer.json()["id"])
    page.goto(f"{server.url}/t/{table_id}")
    expect(by(page, "connection")).to_have_attribute("data-state", "open")
    return table_id


def seat(page: Page, number: int, name: str, chips: int) -> None:
    by(page, "live-seat-number").select_option(str(number))
    by(page, "live-seat-name").fill(name)
    by(page, "live-seat-buyin").fill(str(chips))
    by(page, "live-seat-add").click()
    expect(by(page, f"live-stack-{number}")).to_have_text(f"{chips:,}")


def seat_table(page: Page, players: tuple[tuple[int, str, int], ...], button: int) -> None:
    for number, name, chips in players:
        seat(page, number, name, chips)
    by(page, "live-tool-seat").select_option(str(button))
    by(page, "live-button-set").click()
    expect(by(page, f"live-seat-{button}")).to_contain_text("D")


def deal(page: Page) -> None:
    by(page, "live-deal").click()
    expect(by(page, "live-waiting")).to_be_visible()


def tap(page: Page, action: str, amount: int | None = None) -> None:
    waiting = by(page, "live-waiting").inner_text()
    if amount is not None:
        by(page, "live-amount").fill(str(amount))
    by(page, f"live-{action}").click()
    expect(by(page, "live-turn")).not_to_contain_text(waiting)


def turn(page: Page, cards: str) -> None:
    by(page, "live-board-cards").fill(cards)
    by(page, "live-board-submit").click()
    expect(by(page, f"live-card-{cards.split()[-1]}")).to_be_visible()


def menu(page: Page, what: str, **fields: str | bool) -> None:
    """Report a mishap through the "what happened?" menu."""
    by(page, "live-menu-open").click()
    by(page, "live-menu-what").select_option(what)
    for name, value in fields.items():
        control = by(page, f"live-menu-{name.replace('_', '-')}")
        if isinstance(value, bool):
            control.set_checked(value)
        elif name in ("seat", "card_number", "action"):
            control.select_option(value)
        else:
            control.fill(value)
    by(page, "live-menu-apply").click()
    expect(by(page, "live-procedure")).to_be_visible()


def watching(browser: Browser, url: str, size: str) -> tuple[BrowserContext, Page]:
    """A second person's page on the table (their own cookie): read-only."""
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    page.goto(url)
    expect(by(page, "live-readonly")).to_be_visible()
    return context, page


def no_overflow(page: Page) -> None:
    assert page.evaluate(LAYOUT_CHECK) == []


THREE = ((1, "Ann", 100), (2, "Bob", 300), (3, "Cy", 500))


def test_the_lobby_creates_a_live_table(chromium_browser: Browser, server: ServerProcess) -> None:
    for size, options in SIZES.items():
        context = chromium_browser.new_context(**options)
        page = context.new_page()
        errors = console_errors(page)
        page.goto(server.url)
        by(page, "opt-name").fill("Friday live")
        by(page, "opt-mode").select_option("live")
        expect(by(page, "live-hint")).to_be_visible()
        expect(by(page, "opt-bots-tag")).to_be_hidden()
        by(page, "opt-big-blind").fill("4")
        by(page, "opt-small-blind").fill("2")
        save_screenshot(page, f"live-lobby-form-{size}")
        no_overflow(page)
        by(page, "create-table").click()
        expect(by(page, "live-name")).to_have_text("Friday live")
        expect(by(page, "live-blinds")).to_have_text("NL 2/4")
        expect(by(page, "live-setup")).to_be_visible()
        save_screenshot(page, f"live-setup-{size}")
        no_overflow(page)
        seat_table(page, ((1, "Ann", 80), (2, "Bob", 120)), button=2)
        expect(by(page, "live-seat-name")).to_have_value("")  # cleared once seated
        deal(page)
        by(page, "live-menu-open").click()
        by(page, "live-menu-what").select_option("oversized_chip")
        expect(by(page, "live-menu-raise-said")).to_be_visible()
        save_screenshot(page, f"live-menu-{size}")
        no_overflow(page)
        assert not errors, errors
        context.close()


def test_a_hand_with_side_pots_by_tapping_the_winners(
    phone: Page, chromium_browser: Browser, server: ServerProcess
) -> None:
    page = phone
    errors = console_errors(page)
    table_id = open_live(page, server)
    seat_table(page, THREE, button=3)
    desktop, watcher = watching(chromium_browser, f"{server.url}/t/{table_id}", "desktop")
    deal(page)
    expect(by(page, "live-waiting")).to_have_text("Cy (seat 3) is to act.")
    expect(by(page, "live-to-call")).to_have_text("To call: 10")
    expect(by(page, "live-min-raise")).to_have_text("Min raise to: 20")
    expect(by(page, "live-max-raise")).to_have_text("Max: 500")
    save_screenshot(page, "live-turn-phone")
    tap(page, "raise", 100)
    tap(page, "all-in")
    tap(page, "raise", 300)
    tap(page, "call")
    expect(by(page, "live-pot-0")).to_contain_text("Main pot 300")
    expect(by(page, "live-pot-0")).to_contain_text("Ann, Bob, Cy")
    expect(by(page, "live-pot-1")).to_contain_text("Side pot 1 400")
    expect(by(page, "live-pot-1")).to_contain_text("Bob, Cy")
    turn(page, "Ah 7d 2c")
    turn(page, "Ks")
    turn(page, "3d")
    expect(by(page, "live-showing-order")).to_have_text("Showing order (R28): Ann, Bob, Cy")
    expect(by(watcher, "live-showing-order")).to_have_text("Showing order (R28): Ann, Bob, Cy")
    expect(by(watcher, "live-actions")).to_be_hidden()
    save_screenshot(page, "live-showdown-phone")
    save_screenshot(watcher, "live-showdown-watching-desktop")
    no_overflow(page)
    by(page, "live-winner-0-1").check()
    by(page, "live-winner-1-2").check()
    by(page, "live-winner-1-3").check()
    by(page, "live-award").click()
    expect(by(page, "live-result-line-0")).to_have_text(
        "Side pot 1 400: Bob and Cy split, 200 each. Chosen at the table."
    )
    expect(by(page, "live-result-line-1")).to_have_text(
        "Main pot 300: Ann wins it. Chosen at the table."
    )
    expect(by(page, "live-stack-1")).to_have_text("300")
    expect(by(watcher, "live-stack-3")).to_have_text("400")
    expect(by(page, "live-ledger-row-0")).to_contain_text("+200")
    link = by(page, "live-hand-phh-1").get_attribute("href") or ""
    phh = page.context.request.get(f"{server.url}{link}")
    assert phh.ok and "d dh p1 ????" in phh.text()
    save_screenshot(page, "live-result-phone")
    save_screenshot(watcher, "live-result-desktop")
    no_overflow(page)
    assert not errors, errors
    desktop.close()


def test_a_split_with_an_odd_chip_from_the_cards_shown(phone: Page, server: ServerProcess) -> None:
    page = phone
    errors = console_errors(page)
    open_live(page, server)
    seat_table(page, ((2, "Ann", 200), (4, "Bob", 200), (6, "Cy", 200)), button=6)
    deal(page)
    tap(page, "call")  # Cy, on the button
    tap(page, "fold")  # Ann's small blind is dead money
    tap(page, "check")
    for cards in ("Ah Kd Qc", "Jh", "Ts"):
        turn(page, cards)
        tap(page, "check")
        tap(page, "check")
    expect(by(page, "live-showing-order")).to_have_text("Showing order (R28): Bob, Cy")
    by(page, "live-show-cards").fill("Ah 3d")
    by(page, "live-show").click()
    expect(by(page, "live-error")).to_contain_text("Ah")  # on the board already: refused
    by(page, "live-show-cards").fill("2c 3d")
    by(page, "live-show").click()
    expect(by(page, "live-showdown")).to_contain_text("Cy shows")
    by(page, "live-show-cards").fill("4h 5h")
    by(page, "live-show").click()
    expect(by(page, "live-result-line-0")).to_contain_text(
        "The pot 25: Bob and Cy split, 12 each; the odd chip goes to Bob, first left of the "
        "button (R25)"
    )
    expect(by(page, "live-stack-4")).to_have_text("203")
    expect(by(page, "live-stack-6")).to_have_text("202")
    by(page, "live-undo").click()  # the last hand shown is taken back: the pot is not given
    expect(by(page, "live-showdown")).to_contain_text("Cy shows")
    expect(by(page, "live-stack-4")).to_have_text("190")
    expect(by(page, "live-hand-phh-1")).to_have_count(0)
    by(page, "live-muck").click()  # Cy mucks instead: Bob takes the whole pot
    expect(by(page, "live-result-line-0")).to_have_text(
        "The pot 25: Bob wins it. The only hand shown for this pot."
    )
    expect(by(page, "live-stack-4")).to_have_text("215")
    assert not errors, errors


def test_each_mishap_of_the_menu_and_undo(phone: Page, server: ServerProcess) -> None:
    page = phone
    errors = console_errors(page)
    open_live(page, server)
    seat_table(page, THREE, button=3)
    deal(page)
    menu(page, "misdeal")
    expect(by(page, "live-procedure-rule")).to_contain_text("R39")
    expect(by(page, "live-procedure-dealer")).to_contain_text("deal again from the same button")
    save_screenshot(page, "live-procedure-phone")
    no_overflow(page)
    expect(by(page, "live-stack-1")).to_have_text("100")
    deal(page)
    expect(by(page, "live-seat-3")).to_contain_text("D")  # the same button deals again
    menu(page, "exposed_card", seat="3", card_number="1", card="Qs")
    expect(by(page, "live-procedure-dealer")).to_contain_text("first burn")
    menu(page, "extra_card", count="1")
    expect(by(page, "live-procedure-title")).to_have_text("Extra card dealt to a player")
    menu(page, "face_up_in_deck", card="7c")
    expect(by(page, "live-procedure-title")).to_have_text("Card found face up in the deck")
    menu(page, "out_of_turn", seat="1", action="call")
    expect(by(page, "live-out-of-turn")).to_contain_text("Ann acted out of turn: call")
    menu(page, "string_bet", seat="3", amount="10")  # Cy: a call; Ann's call then stands
    expect(by(page, "live-notes")).to_contain_text("stands: nothing changed")
    expect(by(page, "live-waiting")).to_have_text("Bob (seat 2) is to act.")
    menu(page, "premature", cards="2h 3h")
    expect(by(page, "live-error")).to_contain_text("3 card")  # a flop is three cards
    menu(page, "premature", cards="2h 3h 5d")
    expect(by(page, "live-procedure-rule")).to_contain_text("R40")
    expect(by(page, "live-procedure-dealer")).to_contain_text("new flop without a burn")
    tap(page, "check")
    menu(page, "flop_too_many", cards="2h 3h 4h 5h")
    expect(by(page, "live-procedure-title")).to_have_text("Flop turned with too many cards")
    by(page, "live-board-cards").fill("7c 8c 9c")
    by(page, "live-board-submit").click()
    expect(by(page, "live-error")).to_contain_text("7c is out of play")
    turn(page, "2h 3h 4h")
    tap(page, "check")  # Ann
    menu(page, "premature", cards="Ad")
    expect(by(page, "live-procedure-rule")).to_contain_text("R41")
    expect(by(page, "live-procedure-dealer")).to_contain_text("Set the early turn (Ad) aside")
    menu(page, "oversized_chip", seat="2", chip="100")  # Bob, nobody bet: a bet of 100
    expect(by(page, "live-bet-2")).to_have_text("bet 100")
    menu(page, "verbal", seat="3", action="call")
    expect(by(page, "live-bet-3")).to_have_text("bet 100")
    by(page, "live-undo").click()  # the call is taken back: Cy acts again, his chips back
    expect(by(page, "live-waiting")).to_have_text("Cy (seat 3) is to act.")
    expect(by(page, "live-stack-3")).to_have_text("490")
    menu(page, "oversized_chip", seat="3", chip="500", raise_said=False)
    expect(by(page, "live-procedure-effect")).to_contain_text("Cy: calls (no raise was said)")
    menu(page, "void")
    expect(by(page, "live-procedure-rule")).to_contain_text("R42")
    for number, _, chips in THREE:
        expect(by(page, f"live-stack-{number}")).to_have_text(f"{chips:,}")
    assert not errors, errors


def test_a_second_person_only_watches(
    phone: Page, chromium_browser: Browser, server: ServerProcess
) -> None:
    table_id = open_live(phone, server, structure="pl")
    seat_table(phone, THREE, button=1)
    other, page = watching(chromium_browser, f"{server.url}/t/{table_id}", "phone")
    expect(by(page, "live-controls")).to_be_hidden()
    expect(by(page, "live-setup")).to_be_hidden()
    deal(phone)
    expect(by(page, "live-waiting")).to_have_text("Ann (seat 1) is to act.")
    expect(by(page, "live-max-raise")).to_have_text("Max (pot): 35")  # 10 + the pot after a call
    expect(by(page, "live-actions")).to_be_hidden()
    save_screenshot(page, "live-watching-phone")
    other.close()


FOUR = ((1, "Ann", 100), (2, "Bob", 100), (3, "Cy", 100), (4, "Di", 100))


@pytest.fixture(params=["phone", "desktop"])
def sized(
    request: pytest.FixtureRequest, chromium_browser: Browser
) -> Iterator[tuple[Page, str, list[str]]]:
    """A page at a phone's and at a laptop's size, its name and its console errors."""
    context = chromium_browser.new_context(**SIZES[request.param])
    page = context.new_page()
    try:
        yield page, request.param, console_errors(page)
    finally:
        context.close()


def test_r36_r38_the_page_says_who_posts_what_before_the_deal(
    sized: tuple[Page, str, list[str]], server: ServerProcess
) -> None:
    page, size, errors = sized
    open_live(page, server)
    seat_table(page, FOUR, button=1)
    expect(by(page, "live-house-0")).to_have_text(
        "Dead button: the big blind moves exactly one seat each hand (R36)."
    )
    expect(by(page, "live-house-2")).to_contain_text("Odd chips one each")
    deal(page)
    for _ in range(3):
        tap(page, "fold")
    by(page, "live-setup-toggle").click()  # folded once the first hand was dealt
    seat(page, 5, "Eve", 100)  # she sits under the gun of the next hand
    expect(by(page, "live-before-deal-0")).to_have_text("Eve (seat 5) waits for the big blind.")
    expect(by(page, "live-owes-5")).to_have_text("waits for the big blind")
    for theme in ("dark", "light"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        save_screenshot(page, f"live-before-deal-{size}-{theme}")
    no_overflow(page)
    # The host lets her play at once, posting a big blind, and says why.
    by(page, "live-tool-seat").select_option("5")
    by(page, "live-owes-post").select_option("big")
    by(page, "live-owes-reason").fill("she asked to play now")
    by(page, "live-owes-set").click()
    expect(by(page, "live-before-deal-0")).to_have_text("Eve (seat 5) posts a big blind, live.")
    deal(page)
    expect(by(page, "live-before-deal")).to_be_hidden()
    expect(by(page, "live-seat-5")).to_be_visible()
    expect(by(page, "live-seat-4")).to_contain_text("BB")  # one seat on from Cy (R36)
    save_screenshot(page, f"live-after-posts-{size}")
    no_overflow(page)
    assert errors == []


def test_r39_the_procedure_shows_the_ruling_first_and_folds_the_book(
    sized: tuple[Page, str, list[str]], server: ServerProcess
) -> None:
    page, size, errors = sized
    open_live(page, server)
    seat_table(page, THREE, button=3)
    deal(page)
    menu(page, "exposed_card", seat="3", card_number="1", card="Qs")
    ruling = by(page, "live-procedure-ruling")
    expect(ruling).to_have_text("The deal goes on: the card is replaced, no new burn.")
    box = ruling.bounding_box()
    # One sentence, read first: one line on a laptop, at most two on a phone.
    assert box is not None and box["height"] < (30 if size == "desktop" else 60)
    first = page.evaluate(
        "document.querySelector('[data-testid=live-procedure]').firstElementChild.dataset.testid"
    )
    assert first == "live-procedure-ruling"
    expect(by(page, "live-procedure-rule")).to_be_hidden()  # the book's text, folded
    for theme in ("dark", "light"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        save_screenshot(page, f"live-ruling-{size}-{theme}")
    by(page, "live-procedure-book").locator("summary").click()
    expect(by(page, "live-procedure-rule")).to_contain_text("R39")
    no_overflow(page)
    assert errors == []
