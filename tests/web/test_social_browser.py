"""Reactions, who is watching and the chat's unread badge in a real Chromium, on a laptop
and on a phone: a player reacts and both pages show it at the seat; a friend watching is
counted, sits down, chats, and the player's page counts the line until the chat is read."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.support.browser import by, save_screenshot
from tests.support.server import ServerProcess
from tests.web.test_replayer_browser import SIZES

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow

TABLE = {"name": "Friends", "bots": ["caller"], "seat_approval": False}


@pytest.fixture(params=list(SIZES))
def pages(chromium_browser: Browser, request: pytest.FixtureRequest) -> Iterator[list[Page]]:
    """The player's page at the size under test, and a friend's on a laptop."""
    made = [chromium_browser.new_context(**SIZES[request.param]), chromium_browser.new_context()]
    try:
        yield [context.new_page() for context in made]
    finally:
        for context in made:
            context.close()


def sit(page: Page, seat: int, name: str) -> None:
    by(page, f"join-seat-{seat}").click()
    by(page, "join-name").fill(name)
    by(page, "join").click()
    expect(by(page, f"seat-{seat}")).to_contain_text(name)


def chat_on_screen(page: Page) -> bool:
    """Whether any of the chat log shows in the window (not scrolled out of a panel)."""
    return bool(
        page.evaluate(
            """() => {
          const box = document.getElementById("chat-log").getBoundingClientRect();
          const side = document.querySelector(".side").getBoundingClientRect();
          const top = Math.max(box.top, 0, side.top);
          const bottom = Math.min(box.bottom, innerHeight, side.bottom);
          return bottom > top;
        }"""
        )
    )


def test_reactions_watchers_and_unread_chat(server: ServerProcess, pages: list[Page]) -> None:
    player, friend = pages
    size = "phone" if (player.viewport_size or {"width": 0})["width"] < 720 else "desktop"
    answer = player.context.request.post(f"{server.url}/api/tables", data=TABLE)
    assert answer.status == 201, answer.text()
    link = f"{server.url}/t/{answer.json()['id']}"
    player.goto(link)
    sit(player, 2, "Ben")
    expect(by(player, "watching-count")).to_be_hidden()  # nobody watches yet
    friend.goto(link)
    expect(by(player, "watching-count")).to_have_text("1 watching")
    expect(by(friend, "watching-count")).to_have_text("1 watching")

    by(player, "react-cool").click()
    for page in (player, friend):
        expect(by(page, "reaction-2")).to_have_text("😎")
        expect(by(page, "seat-2").locator('[data-testid="reaction-2"]')).to_be_visible()
    save_screenshot(player, f"social-{size}-reaction")
    save_screenshot(friend, f"social-{size}-reaction-friend")
    expect(by(player, "reaction-2")).to_have_count(0, timeout=6000)  # only for a moment

    sit(friend, 3, "Cleo")
    expect(by(player, "watching-count")).to_be_hidden()
    player.evaluate(
        "() => { window.scrollTo(0, 0); document.querySelector('.side').scrollTop = 0; }"
    )
    hidden_chat = not chat_on_screen(player)
    by(friend, "chat-input").fill("nice hand")
    by(friend, "chat-send").click()
    expect(by(friend, "chat-log")).to_contain_text("nice hand")
    # Where the chat is off the screen (a phone's first screen is the felt; a laptop's side
    # panel may hold the host's tools above it) the badge says a line came; where it is on
    # the screen, the line is read as it comes.
    if size == "phone":
        assert hidden_chat, "a phone's first screen shows the felt, not the chat"
    if hidden_chat:
        expect(by(player, "chat-unread")).to_have_text("1")
        expect(by(player, "chat-open")).to_be_visible()
        save_screenshot(player, f"social-{size}-unread")
        by(player, "chat-open").click()
        expect(by(player, "chat-log")).to_contain_text("nice hand")
        expect(by(player, "chat-input")).to_be_focused()
    else:
        expect(by(player, "chat-log")).to_contain_text("nice hand")
    expect(by(player, "chat-unread")).to_be_hidden()
    by(player, "chat-input").fill("thanks")  # a player's own line is never unread
    by(player, "chat-send").click()
    expect(by(player, "chat-log")).to_contain_text("thanks")
    expect(by(player, "chat-unread")).to_be_hidden()
    save_screenshot(player, f"social-{size}-chat-read")
