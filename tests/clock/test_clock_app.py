"""``holdem clock``: the real command as a subprocess, driven over HTTP (and in Chromium)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from tests.console import HOLDEM as CONSOLE_SCRIPT
from tests.support import free_port

HOLDEM = Path(sys.executable).with_name("holdem")
LINK = re.compile(r"host link .*?(http://\S+/host\?key=(\S+))")


@dataclass
class Served:
    """One run of ``holdem clock``: its process, its output so far, its URLs."""

    process: subprocess.Popen[str]
    port: int
    lines: list[str] = field(default_factory=list)
    host_link: str = ""
    key: str = ""

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def output(self) -> str:
        return "".join(self.lines)


def _start(port: int, state: Path, *extra: str) -> Served:
    process = subprocess.Popen(
        [str(HOLDEM), "clock", "--port", str(port), "--state", str(state), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    served = Served(process, port)
    found = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            served.lines.append(line)
            match = LINK.search(line)
            if match:
                served.host_link, served.key = match.groups()
                found.set()

    threading.Thread(target=read, daemon=True).start()
    if not found.wait(30):
        process.kill()
        raise AssertionError(f"no host link in the output:\n{served.output}")
    deadline = time.monotonic() + 30
    while True:  # the socket listens before the link is printed; wait for the app
        try:
            httpx.get(f"{served.base}/api/clock", timeout=2).raise_for_status()
            return served
        except httpx.HTTPError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                raise AssertionError(f"the clock did not answer:\n{served.output}") from None
            time.sleep(0.1)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """The command, with a wide terminal so that an error naming a long path is one line."""
    assert CONSOLE_SCRIPT
    env = {**os.environ, "COLUMNS": "400"}
    return subprocess.run(
        [CONSOLE_SCRIPT, *args], capture_output=True, text=True, timeout=60, env=env
    )


def _kill(served: Served) -> None:
    served.process.kill()  # SIGKILL: no chance to save anything on the way out
    served.process.wait(10)


@pytest.fixture
def clock_server(tmp_path: Path) -> Iterator[tuple[Served, Path]]:
    state = tmp_path / "clock.json"
    served = _start(free_port(), state, "--buy-in", "20")
    try:
        yield served, state
    finally:
        _kill(served)


def _host_client(served: Served) -> httpx.Client:
    client = httpx.Client(base_url=served.base, timeout=5)
    answer = client.get(served.host_link.replace(served.base, ""))
    assert answer.status_code == 303 and answer.headers["location"] == "/"
    cookie = answer.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie
    return client


def _token(client: httpx.Client, port: int) -> str:
    token = client.cookies.get(f"holdem_clock_host_{port}")
    assert token
    return token


def test_control_needs_the_host_and_the_clock_survives_kill_9(tmp_path: Path) -> None:
    state = tmp_path / "clock.json"
    port = free_port()
    first = _start(port, state, "--players", "8", "--buy-in", "20")
    try:
        viewer = httpx.Client(base_url=first.base, timeout=5)
        view = viewer.get("/api/clock").json()
        assert view["host"] is False and view["started"] is False
        assert (view["level"], view["blinds"], view["prize_pool"]) == (1, "25/50", 160)

        refused = viewer.post("/api/clock/start")
        assert refused.status_code == 403
        assert "only the host" in refused.json()["error"]
        forged = viewer.post("/api/clock/start", headers={"Authorization": "Bearer nope"})
        assert forged.status_code == 403 and "error" in forged.json()

        host = _host_client(first)
        token = _token(host, port)
        assert host.get("/api/clock").json()["host"] is True
        # the link works once
        assert viewer.get(first.host_link.replace(first.base, "")).status_code == 403

        assert host.post("/api/clock/start").json()["running"] is True
        assert host.post("/api/clock/pause").json()["paused"] is True
        again = host.post("/api/clock/pause")
        assert again.status_code == 409 and "already paused" in again.json()["error"]
        assert host.post("/api/clock/resume").json()["running"] is True
        skipped = host.post("/api/clock/skip").json()
        assert (skipped["level"], skipped["blinds"]) == (2, "50/100")
        assert skipped["seconds_left"] == pytest.approx(1200, abs=1)
        host.post("/api/clock/bust")
        by_bearer = viewer.post("/api/clock/bust", headers={"Authorization": f"Bearer {token}"})
        assert by_bearer.status_code == 200 and by_bearer.json()["players_left"] == 6
        unknown = host.post("/api/clock/explode")
        assert unknown.status_code == 404 and "choose from start, pause" in unknown.json()["error"]
        cross = host.post("/api/clock/pause", headers={"Origin": "http://elsewhere.example"})
        assert cross.status_code == 403
        before = host.post("/api/clock/pause").json()
        assert before["paused"] is True
    finally:
        _kill(first)

    second = _start(port, state)  # the same command line after a crash
    try:
        assert "resumed the clock" in second.output
        host = httpx.Client(
            base_url=second.base, timeout=5, cookies={f"holdem_clock_host_{port}": token}
        )
        after = host.get("/api/clock").json()
        for key in ("level", "index", "blinds", "paused", "players_left", "entrants", "prize_pool"):
            assert after[key] == before[key], key
        assert after["seconds_left"] == pytest.approx(before["seconds_left"], abs=0.01)
        assert after["host"] is True  # a host stays the host across a restart
        running = host.post("/api/clock/resume").json()
        assert running["running"] is True
    finally:
        _kill(second)

    time.sleep(1.0)  # the server is down, the level goes on
    third = _start(port, state, "--players", "9")
    try:
        assert "keeps its own structure, players and buy-in" in third.output
        later = httpx.get(f"{third.base}/api/clock", timeout=5).json()
        assert later["running"] is True and later["level"] == 2 and later["entrants"] == 8
        assert later["seconds_left"] <= running["seconds_left"] - 1.0
    finally:
        _kill(third)

    # The host token never appears in any output; each key only on its own link line.
    for served in (first, second, third):
        assert token not in served.output
        assert [line for line in served.lines if served.key in line] == [
            line for line in served.lines if line.startswith("host link")
        ]
        assert len([line for line in served.lines if served.key in line]) == 1
    assert token not in state.read_text()


def test_the_page_and_its_files(clock_server: tuple[Served, Path]) -> None:
    served, _ = clock_server
    page = httpx.get(served.base + "/", timeout=5)
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for testid in ("clock-level", "clock-time", "clock-blinds", "clock-pause", "clock-bust"):
        assert f'data-testid="{testid}"' in page.text
    script = httpx.get(served.base + "/clock.js", timeout=5)
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert httpx.get(served.base + "/clock.css", timeout=5).status_code == 200
    assert httpx.get(served.base + "/host?key=wrong", timeout=5).status_code == 403


def test_a_host_link_for_another_device(clock_server: tuple[Served, Path]) -> None:
    served, _ = clock_server
    host = _host_client(served)
    assert httpx.post(served.base + "/api/host-link", timeout=5).status_code == 403
    made = host.post("/api/host-link").json()
    phone = httpx.Client(base_url=served.base, timeout=5)
    assert phone.get(made["path"]).status_code == 303
    assert phone.get("/api/clock").json()["host"] is True
    assert phone.post("/api/clock/start").status_code == 200


def test_a_busy_port_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = run("clock", "--port", str(port), "--state", str(tmp_path / "c.json"))
    assert result.returncode == 2
    assert f"port {port} is in use on 127.0.0.1: pass another --port" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "is not JSON"),
        ('{"clock": {"version": 7}}', "version 7 is not supported"),
    ],
)
def test_a_bad_state_file_is_one_clear_line(tmp_path: Path, text: str, words: str) -> None:
    state = tmp_path / "c.json"
    state.write_text(text)
    result = run("clock", "--port", str(free_port()), "--state", str(state))
    assert result.returncode == 2
    assert words in result.stderr and "--new" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_structure_file_and_bad_options(tmp_path: Path) -> None:
    bad = tmp_path / "s.toml"
    bad.write_text("starting_stack = 1000\n[[levels]]\nsmall_blind = 10\n")
    result = run("clock", "--structure", str(bad), "--state", str(tmp_path / "c.json"))
    assert result.returncode == 2
    assert f"--structure {bad}: levels[0].big_blind: missing" in result.stderr
    both = run("clock", "--structure", str(bad), "--preset", "home")
    assert both.returncode == 2 and "not both" in both.stderr


def _seconds(text: str | None) -> int:
    minutes, seconds = (text or "").split(":")
    return int(minutes) * 60 + int(seconds)


def test_the_page_counts_down_and_the_host_pauses(clock_server, browser_page) -> None:
    served, _ = clock_server
    host = _host_client(served)
    host.post("/api/clock/start")
    page = browser_page
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(served.base + "/")
    level = page.get_by_test_id("clock-level")
    clock_time = page.get_by_test_id("clock-time")
    page.wait_for_function(
        "() => /^\\d+:\\d\\d$/.test(document.querySelector('[data-testid=clock-time]').textContent)"
    )
    assert level.text_content() == "Level 1"
    assert page.get_by_test_id("clock-blinds").text_content() == "25/50"
    first = clock_time.text_content()
    page.wait_for_function(
        "(first) => document.querySelector('[data-testid=clock-time]').textContent !== first",
        arg=first,
        timeout=5000,
    )
    assert 1190 <= _seconds(first) <= 1200
    assert _seconds(clock_time.text_content()) < _seconds(first)  # counting down
    for control in ("clock-pause", "clock-skip", "clock-bust"):  # a viewer has no controls
        assert page.get_by_test_id(control).is_hidden()

    link = host.post("/api/host-link").json()["path"]
    page.goto(served.base + link)  # now the host's device: the link sets the cookie
    pause = page.get_by_test_id("clock-pause")
    pause.wait_for(state="visible")
    pause.click()
    page.get_by_test_id("clock-resume").wait_for(state="visible")
    assert httpx.get(served.base + "/api/clock", timeout=5).json()["paused"] is True
    shown = clock_time.text_content()
    time.sleep(1.5)
    assert clock_time.text_content() == shown  # paused: the time stands still
    page.get_by_test_id("clock-sound").click()  # sound needs a click first (autoplay rules)
    assert page.get_by_test_id("clock-sound").text_content() == "Sound on"
    page.get_by_test_id("clock-skip").click()  # a level change flashes the screen and beeps
    page.wait_for_function("() => document.getElementById('clock').classList.contains('flash')")
    assert level.text_content() == "Level 2"
    assert errors == []


def test_the_clock_answers_to_its_own_names_and_those_allowed(tmp_path: Path) -> None:
    served = _start(free_port(), tmp_path / "c.json", "--allowed-host", "clock.home")
    try:
        url = served.base + "/api/clock"
        assert httpx.get(url, headers={"host": "clock.home"}, timeout=5).status_code == 200
        rebound = httpx.get(url, headers={"host": "attacker.example"}, timeout=5)
        assert rebound.status_code == 400
        assert "--allowed-host attacker.example" in rebound.json()["error"]
    finally:
        _kill(served)
