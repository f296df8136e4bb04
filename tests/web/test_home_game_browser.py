"""Home-game customs clicked through in a real Chromium at a laptop's size and a phone's
(touch): the lobby form's bomb pots, 7-2 game and rabbit hunt; showing one card, then
both, after winning uncontested, with the rabbit board beside the real one; the host
calling a bomb pot and changing the blinds from the next hand. Screenshots land in
test-artifacts/screenshots/."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.support.browser import by, save_screenshot
from tests.support.server import ServerProcess
from tests.web.quick_table import (
    console_errors,
    guest_page,
    open_table,
    sit,
    size_of,
    sized_page,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.slow
__all__ = ["guest_page", "sized_page"]  # the fixtures, at both sizes


def first_to_act(one: Page, other: Page) -> tuple[Page, Page]:
    """(the page offered the first decision, the other page)."""
    for _ in range(100):
        for page, rest in ((one, other), (other, one)):
            if by(page, "actions").is_visible():
                return page, rest
        one.wait_for_timeout(100)
    raise AssertionError("neither page was offered a decision")


def test_the_lobby_form_sets_up_a_home_game(sized_page: Page, server: ServerProcess) -> None:
    page, size = sized_page, size_of(sized_page)
    errors = console_errors(page)
    page.goto(server.url)
    by(page, "opt-name").fill("Home game")
    ante = by(page, "opt-bomb-pot-ante")
    expect(ante).to_be_disabled()
    by(page, "opt-bomb-pots").check()
    expect(ante).to_be_enabled()
    ante.fill("4")
    by(page, "opt-seven-deuce").fill("3")
    by(page, "opt-rabbit-hunt").check()
    by(page, "home-game-fields").scroll_into_view_if_needed()
    save_screenshot(page, f"home-game-lobby-form-{size}")
    by(page, "create-table").click()
    expect(by(page, "connection")).to_have_attribute("data-state", "open")
    expect(by(page, "seven-deuce")).to_have_text("7-2 game: 3 from each player")
    expect(by(page, "odd-chips")).to_have_text(  # the house's odd-chip rule, named (R25)
        "House rule: odd chips one each, from the first winner left of the button (R25)"
    )
    for theme in ("dark", "light"):
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        save_screenshot(page, f"home-game-odd-chips-{size}-{theme}")
    expect(by(page, "host-bomb-pot")).to_have_text("Bomb pot next hand (4 each)")
    assert not errors, errors


def test_the_winner_shows_one_card_then_both_beside_the_rabbit(
    sized_page: Page, guest_page: Page, server: ServerProcess
) -> None:
    host, guest, size = sized_page, guest_page, size_of(sized_page)
    errors = console_errors(host) + console_errors(guest)
    table_id = open_table(host, server.url, rabbit_hunt=True, between_hands_seconds=60)
    sit(host, 1, "Ana")
    guest.goto(f"{server.url}/t/{table_id}")
    sit(guest, 2, "Ben")
    by(host, "host-start").click()
    # Heads-up the button acts first: whoever it is folds, and the other wins it.
    folder, winner = first_to_act(host, guest)
    winner_seat = 2 if winner is guest else 1
    by(folder, "show-cards").wait_for(state="hidden")
    by(folder, "action-fold").click()
    show = by(winner, "show-cards")
    expect(show).to_be_visible()
    expect(by(winner, "show-first")).to_have_text(re.compile(r"Show \S+"))
    save_screenshot(winner, f"home-game-show-offered-{size}")
    first = by(winner, "hole-cards").locator("[data-card]").first.get_attribute("data-card")
    by(winner, "show-first").click()
    shown = by(folder, f"seat-{winner_seat}").locator("[data-card]")
    expect(shown).to_have_count(1)
    expect(shown).to_have_attribute("data-card", first or "")
    expect(by(winner, "show-first")).to_be_hidden()
    # The rabbit: the board that would have come, marked as not played.
    rabbit = by(folder, "rabbit-card")
    expect(rabbit).to_have_count(5)
    expect(rabbit.first).to_have_class(re.compile(r"\brabbit\b"))
    expect(by(folder, "board").locator("[data-card]")).to_have_count(0)
    save_screenshot(folder, f"home-game-one-card-shown-and-rabbit-{size}")
    by(winner, "show-both").click()
    expect(shown).to_have_count(2)
    expect(show).to_be_hidden()
    expect(by(folder, "hand-log")).to_contain_text(re.compile(r"(Ana|Ben) shows \S\S"))
    save_screenshot(folder, f"home-game-both-shown-{size}")
    save_screenshot(winner, f"home-game-winner-after-showing-{size}")
    assert not errors, errors


def test_the_host_calls_a_bomb_pot_and_sets_the_blinds(
    sized_page: Page, server: ServerProcess
) -> None:
    page, size = sized_page, size_of(sized_page)
    errors = console_errors(page)
    open_table(page, server.url, bots=["caller"], bomb_pots=True, bomb_pot_ante=4)
    sit(page, 2, "Ana")
    bomb = by(page, "host-bomb-pot")
    bomb.click()
    expect(by(page, "bomb-pot-next")).to_have_text("Bomb pot next hand: everyone antes 4")
    expect(bomb).to_be_disabled()
    by(page, "host-blinds-small").fill("5")
    by(page, "host-blinds-big").fill("4")
    by(page, "host-blinds-apply").click()
    expect(by(page, "error")).to_contain_text("blinds 5/4: the big blind is at least 1")
    by(page, "host-blinds-small").fill("2")
    by(page, "host-blinds-ante-kind").select_option("uniform")
    by(page, "host-blinds-ante").fill("1")
    by(page, "host-blinds-apply").click()
    expect(by(page, "blinds-next")).to_have_text("Blinds 2/4, ante 1 from the next hand")
    expect(by(page, "table-info")).to_contain_text("1/2")
    by(page, "house-tools").scroll_into_view_if_needed()
    save_screenshot(page, f"home-game-host-tools-pending-{size}")
    by(page, "host-start").click()
    # The bomb pot: no blinds, everyone antes 4, and the hand starts at the flop.
    expect(by(page, "felt")).to_have_attribute("data-street", "flop")
    expect(by(page, "board").locator("[data-card]")).to_have_count(3)
    expect(by(page, "table-info")).to_contain_text("2/4")
    expect(by(page, "house-pending")).not_to_contain_text("Bomb pot next hand")
    expect(by(page, "house-pending")).not_to_contain_text("from the next hand")
    save_screenshot(page, f"home-game-bomb-pot-dealt-{size}")
    assert not errors, errors
