"""The real cardroom server (`holdem serve`) as a subprocess.

    with ServerProcess(postgres_url) as server:
        httpx.get(f"{server.url}/api/tables")
        server.kill()       # SIGKILL: a crash, for recovery tests
        server.restart()    # same port, same database
        assert token not in server.log_text()

The server runs from the console script beside the running interpreter
(`.venv/bin/holdem`), exactly as a user starts it. Its stdout and stderr go to one log
file, kept across restarts, so tests can check what it writes (never a token).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Self

from tests.support import free_port

STARTUP_TIMEOUT = 20.0
STOP_TIMEOUT = 10.0
READY_PATH = "/api/tables"
LOG_TAIL = 4000  # characters of the log quoted when the server fails to start

# Requests to 127.0.0.1 must never go through a proxy named in the environment.
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class ServerProcess:
    """`holdem serve --host 127.0.0.1 --port PORT --database DATABASE` in a subprocess.

    `database` is passed to `--database` as given (`PostgresServer.url` for PostgreSQL).
    `port` defaults to a free one, chosen once: restarts keep it. `env` is added to the
    environment (`HOLDEM_CACHE_DIR`, say); `args` are more command-line arguments. The
    log goes in `workdir` (a temporary directory, deleted by `close`, if not given).
    """

    def __init__(
        self,
        database: str,
        *,
        port: int | None = None,
        env: Mapping[str, str] | None = None,
        args: Sequence[str] = (),
        workdir: Path | None = None,
        startup_timeout: float = STARTUP_TIMEOUT,
    ) -> None:
        self.database = database
        self.port = port if port is not None else free_port()
        self.env = dict(env or {})
        self.args = list(args)
        self.startup_timeout = startup_timeout
        self._own_workdir = workdir is None
        self.workdir = workdir if workdir is not None else Path(tempfile.mkdtemp("-holdem"))
        self.log_path = self.workdir / "server.log"
        self._process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None
        self._final_log: str | None = None

    @property
    def url(self) -> str:
        """`http://127.0.0.1:PORT`, without a trailing slash."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        """`ws://127.0.0.1:PORT`, the base of the WebSocket paths."""
        return f"ws://127.0.0.1:{self.port}"

    @property
    def command(self) -> list[str]:
        """The command line that starts the server."""
        program = Path(sys.executable).with_name("holdem")
        return [
            str(program),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--database",
            self.database,
            *self.args,
        ]

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    def start(self) -> None:
        """Start the server and wait until `GET /api/tables` answers 200.

        Raises RuntimeError, with the end of the log, if the server exits first or is not
        ready within `startup_timeout` seconds (it is killed then).
        """
        if self.running:
            raise RuntimeError("the server is already running")
        program = Path(self.command[0])
        if not program.exists():
            raise RuntimeError(f"{program} does not exist: install the project (make install)")
        self._close_log()
        self._log = self.log_path.open("ab")
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **self.env}
        self._process = subprocess.Popen(
            self.command,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=self.workdir,
            start_new_session=True,  # signals from the terminal reach pytest, not the server
        )
        self._wait_until_ready()

    def stop(self) -> int | None:
        """SIGTERM, then wait for a clean exit (SIGKILL after STOP_TIMEOUT seconds).
        Returns the exit status (uvicorn re-raises the SIGTERM after a clean shutdown:
        -15), or None if the server was not started."""
        process = self._process
        if process is None:
            return None
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        _kill_group(process.pid)
        self._close_log()
        return process.returncode

    def kill(self) -> None:
        """SIGKILL: the server dies as in a crash, with no chance to clean up."""
        process = self._process
        if process is None:
            return
        _kill_group(process.pid)  # the server and anything it started, all at once
        process.wait()
        self._close_log()

    def restart(self) -> None:
        """Stop the server if it runs, then start it again on the same port and database."""
        self.stop()
        self.start()

    def log_text(self) -> str:
        """Everything the server wrote to stdout and stderr, over every start."""
        if self._final_log is not None:
            return self._final_log
        if self._log is not None:
            self._log.flush()
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    def close(self) -> None:
        """Stop the server and delete the temporary work directory (`log_text` still works)."""
        self.stop()
        if self._own_workdir and self._final_log is None:
            self._final_log = self.log_text()
            shutil.rmtree(self.workdir, ignore_errors=True)

    def __enter__(self) -> Self:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _wait_until_ready(self) -> None:
        assert self._process is not None
        deadline = time.monotonic() + self.startup_timeout
        last_error = "no answer yet"
        while True:
            status = self._process.poll()
            if status is not None:
                self._close_log()
                raise RuntimeError(
                    f"the server exited with status {status} before it was ready:\n"
                    f"$ {' '.join(self.command)}\n{self._log_tail()}"
                )
            try:
                with _DIRECT.open(self.url + READY_PATH, timeout=2) as response:
                    if response.status == 200:
                        return
                    last_error = f"status {response.status}"
            except urllib.error.HTTPError as error:
                last_error = f"status {error.code}"
            except OSError as error:  # refused while it starts, or a timeout
                last_error = str(error)
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(
                    f"the server was not ready within {self.startup_timeout:g} s "
                    f"(GET {READY_PATH}: {last_error}):\n"
                    f"$ {' '.join(self.command)}\n{self._log_tail()}"
                )
            time.sleep(0.1)

    def _log_tail(self) -> str:
        text = self.log_text()
        return text if len(text) <= LOG_TAIL else "..." + text[-LOG_TAIL:]

    def _close_log(self) -> None:
        if self._log is not None:
            self._log.close()
            self._log = None


def _kill_group(pgid: int) -> None:
    """SIGKILL the session the server leads (it was started in a new one), if still there."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)
