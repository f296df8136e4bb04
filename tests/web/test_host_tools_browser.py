"""The host's tools and the rules of play, clicked through in a real Chromium at a laptop's
size and a phone's (touch): pausing after this hand and correcting a stack then, the
ledger's net and settle-up, a ban the banned player hears of, straddle, run-it-twice and
coach switches that outlive a reload, a voided hand said on the felt, and each board's
winner of a hand run twice. Screenshots land in test-artifacts/screenshots/."""

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
    play_until,
    sit,
    size_of,
    sized_page,
    start,
)

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.slow
__all__ = ["guest_page", "sized_page"]  # the fixtures, at both sizes


def stack_of(page: Page, seat: int) -> int:
    text = by(page, f"host-player-{seat}").inner_text()
    return int(re.sub(r"\D", "", text.rsplit("·", 1)[1]))


def test_the_host_pauses_after_this_hand_then_corrects_a_stack(
    sized_page: Page, server: ServerProcess
) -> None:
    page, size = sized_page, size_of(sized_page)
    errors = console_errors(page)
    open_table(page, server.url, bots=["caller"])
    sit(page, 3, "Ana")
    start(page)
    pause_after = by(page, "host-pause-after-hand")
    pause_after.click()
    expect(pause_after).to_have_text("Pausing after this hand · Cancel")
    expect(pause_after).to_have_attribute("aria-pressed", "true")
    expect(by(page, "status")).to_have_text("running")
    save_screenshot(page, f"host-pause-after-hand-pending-{size}")
    pause_after.click()  # cancelled
    expect(pause_after).to_have_text("Pause after this hand")
    pause_after.click()
    expect(pause_after).to_have_text("Pausing after this hand · Cancel")
    # A line logged during the hand is filed under it, not under the hand before.
    by(page, "sit-out").click()
    log = by(page, "hand-log")
    expect(log).to_contain_text("Ana sits out")
    header = log.locator(".log-hand").last
    expect(header).to_have_text("Hand #1")
    play_until(page, lambda: by(page, "status").inner_text() == "paused")
    expect(pause_after).to_be_hidden()
    before = stack_of(page, 1)
    by(page, "adjust-amount-1").fill("25")
    by(page, "host-adjust-1").click()
    expect(by(page, "host-player-1")).to_contain_text(str(before + 25))
    expect(by(page, "status")).to_have_text("paused")
    nets = by(page, "ledger-net")
    expect(nets).to_have_count(2)
    settle = by(page, "settle-up")
    expect(settle).to_contain_text("Settle up")
    if set(nets.all_inner_texts()) == {"0"}:  # the hand was split: nobody is up
        expect(settle).to_contain_text("Everyone is even: nobody pays.")
    else:
        # Ada is a bot: her chips are the house's, so Ana settles with the house.
        expect(settle).to_contain_text(re.compile(r"The house pays Ana \d+|Ana pays the house \d+"))
    by(page, "ledger").scroll_into_view_if_needed()
    save_screenshot(page, f"host-paused-adjusted-settle-up-{size}")
    assert not errors, errors


def test_a_banned_player_is_told_and_cannot_ask_again(
    sized_page: Page, guest_page: Page, server: ServerProcess
) -> None:
    host, guest, size = sized_page, guest_page, size_of(sized_page)
    table_id = open_table(host, server.url)
    sit(host, 1, "Ana")
    guest.goto(f"{server.url}/t/{table_id}")
    sit(guest, 2, "Ben")
    ban = by(host, "host-ban-2")
    ban.click()
    expect(ban).to_have_text("Ban for good?")
    ban.click()
    expect(by(host, "seat-2")).not_to_contain_text("Ben")
    toast = by(guest, "error")
    expect(toast).to_have_text(
        "The host removed you from the table and banned you: you cannot take a seat here again."
    )
    save_screenshot(guest, f"host-ban-told-{size}")
    expect(by(host, "hand-log")).to_contain_text("The host removes and bans Ben")
    by(guest, "join-seat-2").click()
    by(guest, "join-name").fill("Benjamin")
    by(guest, "join").click()
    expect(toast).to_have_text(
        "the host has banned you from this table: you cannot take a seat here"
    )
    save_screenshot(guest, f"host-ban-refused-{size}")


def test_straddle_run_twice_and_coach_outlive_a_reload(
    sized_page: Page, server: ServerProcess
) -> None:
    page, size = sized_page, size_of(sized_page)
    errors = console_errors(page)
    open_table(page, server.url, bots=["caller", "caller"], straddles=True, run_it_twice=True)
    sit(page, 3, "Ana")  # with the most the table allows: nothing can be added
    top_up = by(page, "top-up-amount")
    expect(top_up).to_have_value("")
    expect(top_up).to_be_disabled()
    expect(by(page, "top-up")).to_be_disabled()
    straddle = by(page, "straddle")
    straddle.click()
    expect(straddle).to_have_text("Straddling next hand ✓")
    straddle.click()
    expect(straddle).to_have_text("Straddle")
    straddle.click()
    expect(straddle).to_have_attribute("aria-pressed", "true")
    by(page, "run-twice").uncheck()
    by(page, "coach-toggle").check()
    expect(by(page, "hand-log")).to_contain_text("Ana will straddle next hand")
    page.wait_for_timeout(300)  # the switches reach the server
    page.reload()
    expect(by(page, "connection")).to_have_attribute("data-state", "open")
    expect(straddle).to_have_text("Straddling next hand ✓")
    expect(by(page, "run-twice")).not_to_be_checked()
    expect(by(page, "coach-toggle")).to_be_checked()
    by(page, "player-controls").scroll_into_view_if_needed()
    save_screenshot(page, f"seat-choices-after-reload-{size}")
    assert not errors, errors


def test_a_voided_hand_is_said_on_the_felt(sized_page: Page, server: ServerProcess) -> None:
    page, size = sized_page, size_of(sized_page)
    open_table(page, server.url, bots=["caller"])
    sit(page, 3, "Ana")
    start(page)
    by(page, "host-pause").click()
    expect(by(page, "status")).to_have_text("paused")
    void = by(page, "host-void")
    void.click()
    void.click()  # the second click confirms
    banner = by(page, "banner")
    expect(banner).to_have_text("Hand #1 was voided: every chip went back.")
    expect(by(page, "showdown")).to_be_hidden()
    by(page, "felt").scroll_into_view_if_needed()
    save_screenshot(page, f"voided-hand-{size}")


def test_each_board_of_a_hand_run_twice_has_its_winner(
    sized_page: Page, server: ServerProcess
) -> None:
    page, size = sized_page, size_of(sized_page)
    open_table(page, server.url, bots=["caller"], run_it_twice=True, between_hands_seconds=30)
    sit(page, 3, "Ana")
    start(page)
    allin = by(page, "action-allin")
    expect(allin).to_be_visible(timeout=20_000)
    allin.click()
    banner = by(page, "banner")
    expect(banner).to_contain_text("First board: ", timeout=20_000)
    expect(banner).to_contain_text(" · Second board: ")
    expect(banner).to_contain_text(re.compile(r"First board: \w+ wins \d+"))
    showdown = by(page, "showdown")
    expect(showdown.locator(".sd-pot-name").first).to_have_text("First board")
    expect(showdown.locator(".sd-pot-name").last).to_have_text("Second board")
    expect(showdown.locator('[data-testid^="showdown-made-"]')).to_have_count(4)
    by(page, "felt").scroll_into_view_if_needed()
    save_screenshot(page, f"run-twice-banner-{size}")
    showdown.scroll_into_view_if_needed()
    save_screenshot(page, f"run-twice-showdown-{size}")


def test_the_lobby_form_says_what_was_wrong_in_a_players_words(
    sized_page: Page, server: ServerProcess
) -> None:
    page, size = sized_page, size_of(sized_page)
    page.goto(f"{server.url}/")
    name = by(page, "opt-name")
    name.fill("x" * 60)  # the box takes what the server does, and no more
    assert len(name.input_value()) == 40
    name.fill("Friday night")
    by(page, "opt-min-buy-in").fill("300")
    by(page, "create-table").click()
    problem = by(page, "create-error")
    expect(problem).to_have_text(
        "Buy-in 300 to 200: the minimum must be positive and no more than the maximum."
    )
    problem.scroll_into_view_if_needed()
    save_screenshot(page, f"lobby-form-error-{size}")


def test_the_top_up_box_offers_what_fits_and_a_second_straddle_is_refused(
    sized_page: Page, guest_page: Page, server: ServerProcess
) -> None:
    host, guest, size = sized_page, guest_page, size_of(sized_page)
    table_id = open_table(host, server.url, straddles=True)
    sit(host, 1, "Ana")
    guest.goto(f"{server.url}/t/{table_id}")
    by(guest, "join-seat-2").click()
    by(guest, "join-name").fill("Ben")
    by(guest, "join-buyin").fill("150")
    by(guest, "join").click()
    expect(by(guest, "seat-2")).to_contain_text("Ben")
    top_up = by(guest, "top-up-amount")
    expect(top_up).to_have_value("50")  # up to the table's most, 200
    by(guest, "top-up").click()
    expect(by(guest, "my-stack")).to_have_text("200")
    expect(top_up).to_have_value("")
    expect(top_up).to_be_disabled()
    by(guest, "straddle").click()
    expect(by(guest, "straddle")).to_have_text("Straddling next hand ✓")
    expect(by(host, "hand-log")).to_contain_text("Ben will straddle next hand")
    by(host, "straddle").click()
    expect(by(host, "error")).to_have_text(
        "Ben already straddles next hand: one straddle a hand, ask again after it"
    )
    expect(by(host, "straddle")).to_have_text("Straddle")
    save_screenshot(host, f"straddle-refused-{size}")
    guest.locator('[data-testid="player-controls"]').scroll_into_view_if_needed()
    save_screenshot(guest, f"top-up-and-straddle-{size}")
