"""The lobby and the table page in a real Chromium, against the real `holdem serve`.

A host creates a table with two bots through the lobby form and sits down; a guest, in a
browser context of their own (their own cookie, so their own identity), opens the share
link, asks for a seat and is approved; both then play whole hands by clicking the buttons
the server's `legal` offers. Before every decision the test notes every face-up card in
the page; after the hands, their PHH histories (which hold every player's hole cards)
prove that no other player's cards were ever in a page before they were shown.

Screenshots of the key moments land in test-artifacts/screenshots/.
"""

from __future__ import annotations

import re
import time
import tomllib
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import expect

from tests.support.browser import by, save_screenshot, take_turn
from tests.support.server import ServerProcess

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
HOST_SEAT, GUEST_SEAT = 3, 4  # the two bots sit in seats 1 and 2
HANDS = 2  # whole hands to play
PLAY_TIMEOUT = 150.0  # seconds for those hands

# Every control and region the page promises (docs/protocol.md, the table page).
TABLE_TEST_IDS = [
    "board", "pot", "hole-cards", "hand-log", "timer", "showdown", "chat-input", "chat-send",
    "chat-log", "ledger", "ledger-csv", "coach-toggle", "coach-panel", "connection", "error",
    "join", "join-name", "join-buyin", "bet-amount", "bet-slider", "share-link",
    "action-fold", "action-check", "action-call", "action-bet", "action-raise", "action-allin",
    "action-show", "action-muck", "preset-half-pot", "preset-pot", "preset-allin",
    "host-start", "host-pause", "host-resume", "host-end", "host-void", "host-add-bot",
    "sit-out", "sit-in", "top-up", "leave", "run-twice",
    "tournament-panel", "tournament-level", "tournament-blinds", "tournament-clock",
    "tournament-next", "tournament-players", "tournament-average", "tournament-pool",
    "tournament-payouts", "tournament-finishing", "tournament-results", "tournament-winner",
]  # fmt: skip
# Made per seat or per request by the scripts, from these prefixes.
TABLE_TEST_ID_PREFIXES = [
    "seat-", "join-seat-", "host-adjust-", "host-remove-", "request-approve-", "request-refuse-",
    "hand-phh-", "hand-txt-", "hand-proof-", "tournament-place-", "tournament-payout-",
    "tournament-out-", "equity-",
]  # fmt: skip
LOBBY_TEST_IDS = [
    "create-table", "create-error", "create-form", "table-list", "opt-mode",
    "opt-starting-stack", "opt-level-minutes", "opt-prize-per-player",
]  # fmt: skip


def create_table_in_lobby(page: Page, base: str, name: str) -> str:
    """Fill the lobby's form (two tag bots, quick bots), create, and return the table's id."""
    page.goto(f"{base}/")
    by(page, "opt-name").fill(name)
    by(page, "opt-bots-tag").fill("2")
    by(page, "opt-bot-think-seconds").fill("0")
    by(page, "opt-between-hands-seconds").fill("1.5")
    by(page, "create-table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    expect(by(page, "connection")).to_have_attribute("data-state", "open")
    return page.url.rsplit("/", 1)[1]


def sit(page: Page, seat: int, name: str, buy_in: int | None = None) -> None:
    by(page, f"join-seat-{seat}").click()
    by(page, "join-name").fill(name)
    if buy_in is not None:
        by(page, "join-buyin").fill(str(buy_in))
    by(page, "join").click()


def face_up_cards(page: Page) -> set[str]:
    codes: list[str] = page.eval_on_selector_all(
        "[data-card]", "els => els.map(e => e.dataset.card)"
    )
    return set(codes)


def holes_by_player(phh: str) -> dict[str, set[str]]:
    """The hole cards a PHH history's `d dh` actions show (not those written "??")."""
    history = tomllib.loads(phh)
    holes: dict[str, set[str]] = {}
    for action in history["actions"]:
        match = re.fullmatch(r"d dh p(\d+) (\S+)", action)
        if match:
            player = history["players"][int(match.group(1)) - 1]
            cards = match.group(2)
            if "?" not in cards:
                holes[player] = {cards[i : i + 2] for i in range(0, len(cards), 2)}
    return holes


@dataclass
class Decision:
    who: str  # the player's name
    hand: int
    cards: set[str]  # every face-up card in that player's page
    hole: set[str]  # the cards in its "hole-cards" box


@dataclass
class Play:
    decisions: list[Decision]
    showdown_text: str = ""
    best_cards: int = 0
    coach_text: str = ""


def play_hands(players: dict[str, Page], host: Page, hands: int) -> Play:
    play = Play(decisions=[])
    deadline = time.monotonic() + PLAY_TIMEOUT
    while time.monotonic() < deadline:
        finished = host.locator('[data-testid^="hand-phh-"]').count()
        if finished >= hands:
            return play
        for name, page in players.items():
            if not play.showdown_text and by(page, "showdown").is_visible():
                play.showdown_text = by(page, "showdown").inner_text()
                play.best_cards = page.locator('[data-testid="showdown"] .card.best').count()
                save_screenshot(page, f"table-showdown-{name}")
            if not by(page, "actions").is_visible():
                continue
            at_showdown = (
                by(page, "action-show").is_visible() or by(page, "action-muck").is_visible()
            )
            hand = page.get_by_test_id("felt").get_attribute("data-hand") or "0"
            if not at_showdown:
                hole = set(
                    page.eval_on_selector_all(
                        '[data-testid="hole-cards"] [data-card]',
                        "els => els.map(e => e.dataset.card)",
                    )
                )
                play.decisions.append(Decision(name, int(hand), face_up_cards(page), hole))
            if name == "Guest" and not play.coach_text:
                expect(by(page, "coach-panel")).to_contain_text("Equity", timeout=15000)
                play.coach_text = by(page, "coach-panel").inner_text()
                expect(by(page, "timer")).to_be_visible()
                save_screenshot(page, "table-guest-to-act-with-coach")
            take_turn(page)
        host.wait_for_timeout(100)
    raise AssertionError(f"{hands} hands did not finish within {PLAY_TIMEOUT:g} s")


def test_host_and_guest_play_whole_hands(chromium_browser: Browser, server: ServerProcess) -> None:
    base = server.url
    host_context = chromium_browser.new_context(viewport=DESKTOP)
    guest_context = chromium_browser.new_context(viewport=PHONE, has_touch=True)
    try:
        host = host_context.new_page()
        table_id = create_table_in_lobby(host, base, "Browser table")
        expect(by(host, "host-panel")).to_be_visible()
        expect(by(host, "seat-1")).to_contain_text("tag")
        expect(by(host, "seat-2")).to_contain_text("tag")
        link = by(host, "share-link").input_value()
        assert link == f"{base}/t/{table_id}"

        sit(host, HOST_SEAT, "Hostess")  # the host's own seat needs no approval
        expect(by(host, f"seat-{HOST_SEAT}")).to_contain_text("Hostess")
        expect(host.locator('[data-testid^="join-seat-"]')).to_have_count(0)

        guest = guest_context.new_page()
        guest.goto(link)
        expect(by(guest, "connection")).to_have_attribute("data-state", "open")
        expect(by(guest, "host-panel")).to_be_hidden()
        sit(guest, GUEST_SEAT, "Guest", 150)
        expect(by(guest, "request-pending")).to_be_visible()
        save_screenshot(guest, "table-guest-waiting-for-approval")

        approve = host.locator('[data-testid^="request-approve-"]')
        expect(approve).to_have_count(1)
        expect(by(host, "requests")).to_contain_text("Guest")
        save_screenshot(host, "table-host-sees-request")
        approve.click()
        expect(by(guest, f"seat-{GUEST_SEAT}")).to_contain_text("Guest")
        expect(by(guest, "request-pending")).to_be_hidden()
        expect(by(guest, "player-controls")).to_be_visible()

        # A refused change comes back as an error toast, in the server's words.
        by(guest, "top-up-amount").fill("1000")
        by(guest, "top-up").click()
        expect(by(guest, "error")).to_be_visible()
        expect(by(guest, "error")).not_to_be_empty()

        by(guest, "chat-input").fill("good luck <all>")
        by(guest, "chat-send").click()
        expect(by(host, "chat-log")).to_contain_text("good luck <all>")

        by(guest, "coach-toggle").check()
        by(host, "host-start").click()
        expect(by(host, "status")).to_have_text("running")
        expect(by(host, "board")).to_be_attached()

        play = play_hands({"Hostess": host, "Guest": guest}, host, HANDS)
        # Nothing sticks out sideways on the phone.
        assert guest.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        save_screenshot(host, "table-host-after-hands")
        save_screenshot(guest, "table-guest-after-hands")

        assert "Equity" in play.coach_text and "%" in play.coach_text
        assert any(w in play.coach_text for w in ("Fold", "Check", "Call", "Bet", "Raise"))
        assert play.decisions, "nobody was ever asked to act"
        assert play.showdown_text, "no showdown was on screen between hands"
        assert play.best_cards >= 1, "the winning five cards were not highlighted"

        # No page ever held another player's hole cards before showdown. Each player's
        # cards are known from their own page, and the bots' from the hand's PHH history
        # when they were shown (a mucked hand stays "??" there).
        known: dict[int, dict[str, set[str]]] = {}
        for decision in play.decisions:
            assert len(decision.hole) == 2, f"{decision.who} does not see two hole cards"
            known.setdefault(decision.hand, {})[decision.who] = decision.hole
        for number, holes in known.items():
            response = host.request.get(f"{base}/api/tables/{table_id}/hands/{number}.phh")
            if response.ok:  # not the hand in progress when play stopped
                for player, cards in holes_by_player(response.text()).items():
                    holes.setdefault(player, cards)
        for decision in play.decisions:
            for player, cards in known[decision.hand].items():
                if player != decision.who:
                    assert not cards & decision.cards, (
                        f"{decision.who}'s page showed {player}'s cards in hand {decision.hand}"
                    )
        assert any(len(holes) >= 2 for holes in known.values()), "nothing to compare"

        # Downloads of finished hands and the ledger.
        phh = by(host, "hand-phh-1")
        expect(phh).to_be_visible()
        assert host.request.get(base + (phh.get_attribute("href") or "")).ok
        assert host.request.get(base + (by(host, "hand-proof-1").get_attribute("href") or "")).ok
        text = host.request.get(base + (by(host, "hand-txt-1").get_attribute("href") or ""))
        assert "Hostess" in text.text()
        expect(by(host, "ledger")).to_contain_text("Guest")
        csv = host.request.get(base + (by(host, "ledger-csv").get_attribute("href") or ""))
        assert csv.ok and "Guest" in csv.text()
        expect(by(host, "hand-log")).to_contain_text("Hostess")
    finally:
        guest_context.close()
        host_context.close()


def test_host_controls(chromium_browser: Browser, server: ServerProcess) -> None:
    context = chromium_browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        create_table_in_lobby(page, server.url, "Host controls")
        sit(page, 3, "Hank")
        expect(by(page, "seat-3")).to_contain_text("Hank")

        by(page, "add-bot-kind").select_option("caller")
        by(page, "add-bot-seat").select_option("5")
        by(page, "host-add-bot").click()
        expect(by(page, "seat-5")).to_contain_text("caller")
        by(page, "adjust-amount-5").fill("-50")
        by(page, "host-adjust-5").click()
        expect(by(page, "stack-5")).to_have_text("150")
        by(page, "host-remove-5").click()  # a first click only asks again
        expect(by(page, "seat-5")).to_contain_text("caller")
        by(page, "host-remove-5").click()
        expect(by(page, "seat-5")).not_to_contain_text("caller")
        expect(by(page, "ledger")).to_contain_text("-50")

        by(page, "host-start").click()
        expect(by(page, "status")).to_have_text("running")
        by(page, "host-pause").click()
        expect(by(page, "status")).to_have_text("paused")
        expect(by(page, "banner")).to_contain_text("Paused")
        save_screenshot(page, "table-host-paused")
        by(page, "host-resume").click()
        expect(by(page, "status")).to_have_text("running")
        by(page, "host-end").click()
        by(page, "host-end").click()
        expect(by(page, "status")).to_have_text("ended")
        expect(by(page, "banner")).to_contain_text("ended")
        expect(page.locator('[data-testid^="join-seat-"]')).to_have_count(0)
    finally:
        context.close()


def test_the_lobby_shows_the_servers_refusal(
    chromium_browser: Browser, server: ServerProcess
) -> None:
    context = chromium_browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/")
        by(page, "opt-name").fill("Too small")
        by(page, "opt-seats").fill("1")
        by(page, "create-table").click()
        expect(by(page, "create-error")).to_be_visible()
        expect(by(page, "create-error")).to_contain_text("seats")
        assert page.url == f"{server.url}/"
        save_screenshot(page, "lobby-refused")
    finally:
        context.close()


def test_the_lobby_lists_tables(chromium_browser: Browser, server: ServerProcess) -> None:
    context = chromium_browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        table_id = create_table_in_lobby(page, server.url, "Listed table")
        page.goto(f"{server.url}/")
        link = by(page, f"table-link-{table_id}")
        expect(link).to_have_text("Listed table")
        save_screenshot(page, "lobby-with-tables")
        link.click()
        page.wait_for_url(f"{server.url}/t/{table_id}")
        expect(by(page, "table-name")).to_have_text("Listed table")
    finally:
        context.close()


def test_the_page_reconnects_after_a_restart(chromium_browser: Browser, tmp_path: Path) -> None:
    with ServerProcess(f"sqlite:///{tmp_path / 'cardroom.sqlite3'}") as server:
        context = chromium_browser.new_context(viewport=DESKTOP)
        try:
            page = context.new_page()
            create_table_in_lobby(page, server.url, "Restarted")
            sit(page, 3, "Hostess")
            expect(by(page, "seat-3")).to_contain_text("Hostess")
            # Note every state the indicator goes through while the server is away.
            page.evaluate(
                """() => {
                    const el = document.querySelector('[data-testid="connection"]');
                    window.connectionStates = [];
                    new MutationObserver(() => window.connectionStates.push(el.dataset.state))
                        .observe(el, {attributes: true, attributeFilter: ["data-state"]});
                }"""
            )
            server.restart()
            expect(by(page, "connection")).to_have_attribute("data-state", "open", timeout=30000)
            assert "reconnecting" in page.evaluate("() => window.connectionStates")
            # The same cookie, the same identity: still the host, still in seat 3.
            expect(by(page, "host-panel")).to_be_visible()
            expect(by(page, "seat-3")).to_have_class(re.compile(r"\bme\b"))
        finally:
            context.close()


def test_every_test_id_is_in_the_page_or_its_scripts(server: ServerProcess) -> None:
    def get(path: str) -> str:
        with urllib.request.urlopen(server.url + path, timeout=10) as response:
            body: bytes = response.read()
            return body.decode()

    table = get("/static/table.html")
    scripts = table + "".join(
        get(f"/static/{name}")
        for name in ("table.js", "table-view.js", "table-panels.js", "table-tournament.js")
    )
    for test_id in TABLE_TEST_IDS:
        assert f'data-testid="{test_id}"' in table or f'"{test_id}"' in scripts, test_id
    for prefix in TABLE_TEST_ID_PREFIXES:
        assert f"`{prefix}${{" in scripts, prefix
    lobby = get("/")
    for test_id in LOBBY_TEST_IDS:
        assert f'data-testid="{test_id}"' in lobby, test_id
