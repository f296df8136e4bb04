"""Any ASGI app under a real uvicorn, in a thread of the test process, on a free port."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator

import uvicorn
from starlette.types import ASGIApp

from tests.support import free_port


@contextlib.contextmanager
def serving(app: ASGIApp) -> Iterator[str]:
    """``app`` served for the block; yields its base URL (http://127.0.0.1:PORT)."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, port=port, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()))
    thread.start()
    try:
        while not server.started:
            assert thread.is_alive(), "the server did not start"
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
