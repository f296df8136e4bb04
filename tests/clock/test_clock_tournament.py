"""The tournament on ``holdem clock``: rebuys, add-on, re-entry, late entry, knockouts
with bounties, the deal and the league, over HTTP against the real command, surviving a
``kill -9``; and the page's dialogs in Chromium at 1280x800 and on a phone."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from tests.clock.test_clock_app import _host_client, _kill, _start, run
from tests.support import free_port
from tests.support.browser import save_screenshot

STRUCTURE = """
name = "Friday rebuy"
starting_stack = 5000

[[levels]]
small_blind = 25
big_blind = 50
minutes = 20

[[levels]]
break = true
minutes = 10

[[levels]]
small_blind = 50
big_blind = 100
minutes = 20

[[levels]]
small_blind = 100
big_blind = 200
minutes = 20

[tournament]
buy_in = 20
fee = 2
late_registration = { until_level = 2 }

[tournament.rebuys]
until_level = 2

[tournament.addon]
at_break = 1
chips = 8000

[tournament.bounty]
kind = "pko"
amount = 10

[league]
name = "Friday club"
points = "sqrt"
"""


def _structure(tmp_path: Path) -> Path:
    path = tmp_path / "friday.toml"
    path.write_text(STRUCTURE)
    return path


def _post(client: httpx.Client, action: str, body: dict | None = None) -> dict:
    answer = client.post(f"/api/clock/{action}", json=body or {})
    assert answer.status_code == 200, answer.text
    return answer.json()


def _refused(client: httpx.Client, action: str, body: dict, words: str) -> None:
    answer = client.post(f"/api/clock/{action}", json=body)
    assert answer.status_code == 409, answer.text
    assert words in answer.json()["error"]


def test_a_rebuy_tournament_played_to_a_deal_across_a_restart(tmp_path: Path) -> None:
    state = tmp_path / "clock.json"
    port = free_port()
    args = ("--structure", str(_structure(tmp_path)), "--names", "Ann,Bob,Cat,Dan",
            "--reentry", "3")  # fmt: skip
    first = _start(port, state, *args)
    try:
        host = _host_client(first)
        view = host.get("/api/clock").json()
        t = view["tournament"]
        assert (view["entrants"], view["prize_pool"], t["fees"]) == (4, 72, 8)
        assert t["payouts"] == [47, 25] and t["rebuys_open"] and not t["addon_now"]
        # A knockout before the start: Ann takes Dan's 10, 5 in the pocket and 5 on her head.
        t = _post(host, "knockout", {"busted": "Dan", "by": ["Ann"]})["tournament"]
        ann = next(p for p in t["players"] if p["name"] == "Ann")
        assert (ann["head"], ann["pocket"]) == (15, 5)
        _refused(host, "rebuy", {"name": "Bob"}, "Bob is still playing: rebuys are for busted")
        view = _post(host, "rebuy", {"name": "Dan"})
        assert view["players_left"] == 4 and view["tournament"]["rebuys"] == 1
        view = _post(host, "register", {"name": "Eve"})
        assert (view["entrants"], view["prize_pool"]) == (5, 108)
        _post(host, "start")
        _refused(host, "addon", {"name": "Ann"}, "at the break after level 1")
        view = _post(host, "skip")  # the break after level 1
        assert view["on_break"] and view["tournament"]["addon_now"]
        view = _post(host, "addon", {"name": "Ann"})
        assert view["tournament"]["addons"] == 1 and view["prize_pool"] == 126
        _refused(host, "addon", {"name": "Ann"}, "one per player")
        before = host.get("/api/clock").json()
    finally:
        _kill(first)  # SIGKILL: what was answered was saved

    second = _start(port, state)
    try:
        assert "resumed the clock" in second.output
        viewer = httpx.Client(base_url=second.base, timeout=5)
        after = viewer.get("/api/clock").json()
        assert after["tournament"] == before["tournament"]
        assert (after["entrants"], after["players_left"]) == (5, 5)
        host = _host_client(second)
        _post(host, "skip")  # level 2
        _post(host, "skip")  # level 3: rebuys and late registration closed
        _refused(host, "register", {"name": "Fay"}, "late registration is closed")
        _post(host, "knockout", {"busted": "Eve", "by": [["Bob", 1], ["Cat", 2]]})
        _refused(host, "rebuy", {"name": "Eve"}, "rebuys closed at the end of level 2")
        view = _post(host, "reentry", {"name": "Eve"})
        assert view["entrants"] == 6 and view["tournament"]["reentries"] == 1
        for busted, by in (("Eve", "Ann"), ("Dan", "Ann")):
            _post(host, "knockout", {"busted": busted, "by": [by]})
        chips = host.get("/api/clock").json()["tournament"]["chips_issued"]
        _refused(host, "deal", {"kind": "icm", "stacks": {"Ann": 1, "Bob": 1, "Cat": 1}},
                 f"but {chips} chips are in play")  # fmt: skip
        stacks = {"Ann": chips - 9000, "Bob": 5000, "Cat": 4000}
        t = _post(host, "deal", {"kind": "icm", "left_to_play": 10, "stacks": stacks})["tournament"]
        assert (
            t["deal"]["kind"] == "icm"
            and sum(t["deal"]["amounts"].values()) == sum(t["payouts"][:3]) - 10
        )
        _post(host, "knockout", {"busted": "Cat", "by": ["Ann"]})
        t = _post(host, "knockout", {"busted": "Bob", "by": ["Ann"]})["tournament"]
        assert t["finished"]
        paid = sum(r["prize"] for r in t["results"])
        assert paid == t["pool"]
        assert t["bounties_paid"] == t["bounty_money"] == 7 * 10
        assert [r["name"] for r in t["results"]][:3] == ["Ann", "Bob", "Cat"]
        standings = t["league"]["standings"]
        assert t["league"]["events"] == 1 and standings[0]["name"] == "Ann"
        # 5 players (Eve's two entries count once, at her best): 10 * sqrt(5) / sqrt(1)
        assert standings[0]["points"] == "22.36"
        saved = json.loads(state.read_text())
        assert saved["league_recorded"] is True and saved["league"]["events"]
    finally:
        _kill(second)


def test_tournament_bodies_and_options_are_checked(tmp_path: Path) -> None:
    served = _start(free_port(), tmp_path / "c.json", "--players", "3", "--buy-in", "10",
                    "--bounty", "fixed")  # fmt: skip
    try:
        host = _host_client(served)
        bad = host.post("/api/clock/knockout", content=b"[1]",
                        headers={"Content-Type": "application/json"})  # fmt: skip
        assert bad.status_code == 400 and "JSON object" in bad.json()["error"]
        _refused(host, "knockout", {"busted": "Player 1", "by": ["Nobody"]}, "no player named")
        _refused(host, "bust", {}, "use Knockout to say who knocked out whom")
        _refused(host, "rebuy", {"name": "Player 1"}, "this tournament has no rebuys")
        assert host.get("/api/clock").json()["tournament"]["bounty_money"] == 15
    finally:
        _kill(served)
    for args, words in (
        (("--rebuy-cost", "5"), "--rebuy-* options need --rebuys LEVEL"),
        (("--bounty", "huge"), "'huge' is not a bounty"),
        (("--fee", "50", "--buy-in", "10"), "fee 50: more than buy_in 10"),
        (("--points", "sqrt"), "--points needs --league NAME"),
        (("--league", "X", "--points", "place ** 2"), "unexpected '*'"),
        (("--names", "A,B", "--players", "3"), "--names gives 2 names for 3 players"),
    ):
        result = run("clock", "--port", str(free_port()), "--state", str(tmp_path / "n.json"),
                     "--new", *args)  # fmt: skip
        assert result.returncode == 2, result.stdout
        assert words in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_page_dialogs(tmp_path: Path, browser_page, width: int, height: int) -> None:
    from playwright.sync_api import expect

    served = _start(free_port(), tmp_path / "c.json", "--structure", str(_structure(tmp_path)),
                    "--names", "Ann,Bob,Cat,Dan,Eve,Fay")  # fmt: skip
    page = browser_page
    try:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(served.host_link)
        testid = page.get_by_test_id
        testid("clock-knockout").wait_for()
        assert testid("clock-payouts").inner_text().count("1st") == 1
        assert "Rebuys open until level 2" in testid("clock-rules").inner_text()
        assert testid("clock-standings").is_visible() and testid("clock-bounties").is_visible()
        assert not testid("clock-bust").is_visible()  # with bounties: Knockout says who

        testid("clock-knockout").click()
        testid("desk-busted").select_option("Dan")
        testid("clock-dialog").locator(".desk-taker", has_text="Ann").get_by_test_id(
            "desk-by"
        ).check()
        save_screenshot(page, f"clock-knockout-dialog-{width}x{height}")
        testid("clock-dialog-ok").click()
        testid("clock-dialog").wait_for(state="hidden")
        page.wait_for_function(
            "document.querySelector('[data-testid=clock-bounties]').innerText.includes('won 5')"
        )
        testid("clock-rebuy").click()
        testid("desk-player").select_option("Dan")
        testid("clock-dialog-ok").click()
        testid("clock-dialog").wait_for(state="hidden")
        page.wait_for_function(
            "document.querySelector('[data-testid=clock-rules]').innerText.includes('1 rebuy')"
        )
        testid("clock-knockout").click()  # a refusal shows in the dialog, which stays open
        testid("desk-busted").select_option("Eve")
        testid("clock-dialog-ok").click()
        # The refusal comes back from the server: wait for it rather than read at once.
        expect(testid("clock-dialog-error")).to_contain_text("name who knocked the player out")
        testid("clock-dialog-cancel").click()
        assert not testid("clock-message").is_visible()
        testid("clock-deal").click()
        assert testid("desk-stack-of").count() == 6
        testid("clock-dialog-cancel").click()
        save_screenshot(page, f"clock-tournament-{width}x{height}")
        page.emulate_media(color_scheme="light")
        save_screenshot(page, f"clock-tournament-{width}x{height}-light")
    finally:
        _kill(served)


def test_a_clock_saved_with_counts_only_gets_named_players(tmp_path: Path) -> None:
    """A state file from before the tournament was kept: its players get names, its busts
    are the last names, and the next save keeps the tournament."""
    from holdem.clock.app import ClockRoom
    from holdem.clock.store import load
    from holdem.tournament.clock import Clock
    from holdem.tournament.structure import preset

    clock = Clock.create(preset("home"), entrants=6, buy_in=10).bust().bust()
    state = tmp_path / "clock.json"
    state.write_text(json.dumps({"clock": clock.to_json(), "host_hashes": []}))
    saved = load(state)
    assert saved is not None and saved.tournament is None
    room = ClockRoom(saved, state, now=lambda: 1000.0)
    t = room.payload(host=False)["tournament"]
    assert [p["name"] for p in t["players"] if p["out"]] == ["Player 5", "Player 6"]
    assert (t["pool"], t["entries"], room.clock.players_left) == (60, 6, 4)
    room.act("add")
    again = load(state)
    assert again is not None and again.tournament is not None
    assert again.tournament.entries == 7 and "Player 7" in again.tournament.players
