"""SQLite serves one cardroom process: a second ``holdem serve`` on the same file is
refused, with the reason, rather than left to run tables the first also runs (two
processes would each deal the same tables, and their logs would clash).

The lock is ``flock`` on the database file itself, held as long as the process lives
(the kernel drops it when the process dies, however it dies). SQLite's own locks are
POSIX record locks, which ``flock`` does not touch.
"""

from __future__ import annotations

import contextlib
import os
from typing import IO

from holdem.errors import ConfigError
from holdem.server.store import database_url

_held: list[IO[bytes]] = []  # open for the life of the process: closing would unlock


def hold_sqlite_file(url: str) -> None:
    """Lock the SQLite file of ``url`` for this process; ConfigError if another holds it.
    Nothing to do for PostgreSQL (several processes share it), an in-memory database, or
    a system without ``flock``."""
    parsed = database_url(url)
    path = parsed.database or ""
    if parsed.get_backend_name() != "sqlite" or not path or path.startswith("file:"):
        return
    try:
        import fcntl
    except ImportError:  # not on this system: documented, not enforced
        return
    handle = open(path, "ab")  # noqa: SIM115 - kept open on purpose, see _held
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise ConfigError(
            f"another holdem serve already has the SQLite database {path} open: SQLite "
            "serves one process; stop the other one, or run several processes on "
            "PostgreSQL (--database postgresql://USER@HOST/DB)"
        ) from None
    with contextlib.suppress(OSError):
        os.set_inheritable(handle.fileno(), False)
    _held.append(handle)
