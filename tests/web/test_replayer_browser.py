"""The hand replayer in a real Chromium, on a laptop and on a phone: a player plays a hand
against a bot, opens it from the hand list, steps through it (their own cards face up
from the start, the bot's only once shown), and a friend opens the shared link and sees
the same hand without the player's cards."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from tests.support.browser import by, save_screenshot, take_turn
from tests.support.server import ServerProcess

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

pytestmark = pytest.mark.slow

SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
TABLE = {"name": "Replays", "bots": ["caller"], "seat_approval": False,
         "bot_think_seconds": 0, "between_hands_seconds": 1.0}  # fmt: skip


@pytest.fixture(params=list(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def contexts(chromium_browser: Browser, size: str) -> Iterator[list[BrowserContext]]:
    """The player's and a friend's browsers, both at the size under test."""
    made = [chromium_browser.new_context(**SIZES[size]) for _ in range(2)]
    try:
        yield made
    finally:
        for context in made:
            context.close()


def play_a_hand(page: Page, base: str) -> str:
    """Create a table, sit in seat 2 against the bot, and check or call until hand 1 is in
    the hand list; return the table's id."""
    answer = page.context.request.post(f"{base}/api/tables", data=TABLE)
    assert answer.status == 201, answer.text()
    table_id = str(answer.json()["id"])
    page.goto(f"{base}/t/{table_id}")
    by(page, "join-seat-2").click()
    by(page, "join-name").fill("Ben")
    by(page, "join").click()
    expect(by(page, "seat-2")).to_contain_text("Ben")
    by(page, "host-start").click()
    deadline = time.monotonic() + 60
    while not by(page, "replay-open-1").count():
        assert time.monotonic() < deadline, "hand 1 did not finish"
        if not take_turn(page):
            page.wait_for_timeout(100)
    return table_id


def face_up(page: Page, seat: int) -> int:
    return by(page, f"replay-seat-{seat}").locator("[data-card]").count()


def test_a_finished_hand_replays_step_by_step_and_its_link_opens_it_for_a_friend(
    server: ServerProcess, contexts: list[BrowserContext], size: str
) -> None:
    player, friend = (context.new_page() for context in contexts)
    table_id = play_a_hand(player, server.url)
    by(player, "replay-open-1").click()
    replayer = by(player, "replayer")
    expect(replayer).to_be_visible()
    expect(by(player, "replay-step")).to_have_text(re.compile(r"^1 / \d+$"))
    expect(by(player, "replay-seat-2").locator("[data-card]")).to_have_count(2)  # Ben's own
    assert face_up(player, 1) == 0, "the bot's cards were face up before any showdown"
    save_screenshot(player, f"replayer-{size}-start")
    steps = int(by(player, "replay-step").inner_text().split("/")[1])
    shown = False
    texts = []
    for index in range(2, steps + 1):
        by(player, "replay-next").click()
        expect(by(player, "replay-step")).to_have_text(f"{index} / {steps}")
        text = by(player, "replay-text").inner_text()
        texts.append(text)
        shown = shown or "Ada shows" in text or "turned up" in text
        assert face_up(player, 1) == (2 if shown else 0), f"the bot's cards at {text!r}"
        if index == 4:
            save_screenshot(player, f"replayer-{size}-flop")
    assert any(" wins " in text for text in texts[-2:]), texts
    expect(by(player, "replay-next")).to_be_disabled()
    save_screenshot(player, f"replayer-{size}-end")
    by(player, "replay-prev").click()
    expect(by(player, "replay-step")).to_have_text(f"{steps - 1} / {steps}")

    link = by(player, "replay-link").input_value()
    assert link == f"{server.url}/t/{table_id}?hand=1"
    friend.goto(link)
    expect(by(friend, "replayer")).to_be_visible()
    expect(by(friend, "replay-step")).to_have_text(f"1 / {steps}")
    expect(by(friend, "replay-seat-2")).to_contain_text("Ben")
    assert face_up(friend, 2) == 0 and face_up(friend, 1) == 0, "a friend saw hole cards"
    save_screenshot(friend, f"replayer-{size}-friend")
    by(friend, "replay-close").click()
    expect(by(friend, "replayer")).to_be_hidden()

    friend.goto(f"{server.url}/t/{table_id}?hand=999")
    expect(by(friend, "replay-error")).to_contain_text("no finished hand #999")
