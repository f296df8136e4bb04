"""Two cardroom processes behind Caddy, as deploy/Caddyfile spreads them; a real Chromium.

The page keeps its one URL (the proxy's). The process running its table is killed with
SIGKILL while it is the page's turn: the page reconnects by itself, through the proxy, to
the process left, which has taken the table over; it shows the same hand, the same hole
cards and board, and play goes on.

Caddy is the deploy's proxy, not a dependency of the package: without it (apt-get install
caddy) the test is skipped.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import asyncpg
import pytest
from playwright.sync_api import expect

from tests.support import free_port, run_async
from tests.support.browser import by, save_screenshot
from tests.support.server import ServerProcess
from tests.web.quick_table import SIZES, my_turn, play_at_a_new_table, play_until

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.slow

PROXY = """http://127.0.0.1:{port} {{
	reverse_proxy {upstreams} {{
		lb_policy least_conn
		lb_try_duration 5s
		fail_duration 10s
	}}
}}
"""


@pytest.fixture
def proxied(
    fresh_postgres_url: str, tmp_path: Path
) -> Iterator[tuple[str, list[ServerProcess], str]]:
    """Two processes on one database, and Caddy in front of both: (its URL, them, the
    database)."""
    caddy = shutil.which("caddy")
    if caddy is None:
        pytest.skip("Caddy is not installed (apt-get install caddy): the proxy test needs it")
    with ServerProcess(fresh_postgres_url) as a, ServerProcess(fresh_postgres_url) as b:
        port = free_port()
        upstreams = " ".join(f"127.0.0.1:{server.port}" for server in (a, b))
        config = tmp_path / "Caddyfile"
        config.write_text(PROXY.format(port=port, upstreams=upstreams))
        log = (tmp_path / "caddy.log").open("wb")
        proxy = subprocess.Popen(
            [caddy, "run", "--config", str(config), "--adapter", "caddyfile"],
            stdout=log,
            stderr=subprocess.STDOUT,
            env={"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)},
        )
        try:
            base = f"http://127.0.0.1:{port}"
            wait_for(base)
            yield base, [a, b], fresh_postgres_url
        finally:
            proxy.terminate()
            proxy.wait(timeout=10)
            log.close()


def wait_for(base: str) -> None:
    import httpx

    deadline = time.monotonic() + 20
    while True:
        try:
            if httpx.get(f"{base}/api/tables", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "Caddy did not start"
        time.sleep(0.1)


def holder_pid(database: str, table_id: str) -> int:
    """The pid of the process holding the table's lease (its name holds it)."""

    async def owner() -> str:
        connection = await asyncpg.connect(database)
        try:
            name = await connection.fetchval(
                "SELECT owner FROM leases WHERE table_id = $1", table_id
            )
        finally:
            await connection.close()
        return str(name)

    return int(run_async(owner()).split("_")[1])


def test_the_page_reconnects_through_the_proxy_and_the_hand_goes_on(
    chromium_browser: Browser, proxied: tuple[str, list[ServerProcess], str]
) -> None:
    base, servers, database = proxied
    context = chromium_browser.new_context(**SIZES["desktop"])
    try:
        page = context.new_page()
        table_id = play_at_a_new_table(page, base, "Kim", seat=3)
        play_until(page, lambda: my_turn(page, "flop"))
        hand = by(page, "felt").get_attribute("data-hand")
        cards = by(page, "hole-cards").inner_text()
        board = by(page, "board").inner_text()
        assert cards.strip() and board.strip()

        (victim,) = [s for s in servers if s.pid == holder_pid(database, table_id)]
        victim.kill()
        killed = time.monotonic()
        expect(by(page, "connection")).not_to_have_attribute("data-state", "open")
        expect(by(page, "connection")).to_have_attribute("data-state", "open", timeout=15_000)
        expect(by(page, "actions")).to_be_visible(timeout=15_000)
        assert time.monotonic() - killed < 15
        assert by(page, "felt").get_attribute("data-hand") == hand
        assert by(page, "hole-cards").inner_text() == cards
        assert by(page, "board").inner_text() == board
        save_screenshot(page, "cluster-after-take-over")

        later = int(hand or 0) + 1
        play_until(page, lambda: int(by(page, "felt").get_attribute("data-hand") or 0) > later)
        (survivor,) = [s for s in servers if s is not victim]
        assert survivor.running
    finally:
        context.close()
