"""Real services for the cardroom's tests: PostgreSQL, Chromium and the server itself.

Each module starts the real program (no fakes) and cleans up after it. A program that is
not installed skips its tests on a workstation and fails them in CI (`CI` set), so a
broken CI image can never pass by skipping.
"""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, NoReturn, TypeVar

import pytest

T = TypeVar("T")


def in_ci() -> bool:
    """True when the environment variable CI is set (CI=true on the CI machine)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def unavailable(reason: str) -> NoReturn:
    """Skip the test for a missing program, or fail it in CI, where nothing may be missing."""
    if in_ci():
        pytest.fail(f"{reason} (CI is set, so this is a failure, not a skip)", pytrace=False)
    pytest.skip(reason)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now (callers retry if they lose it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run`, also inside a test that uses the browser: there Playwright's loop is
    marked as running in this thread, so the coroutine runs on a thread of its own."""
    if asyncio.events._get_running_loop() is None:
        return asyncio.run(coroutine)
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
