"""A throwaway PostgreSQL server for the test session.

`start_postgres()` runs `initdb` into a temporary directory, starts the server on a free
port of 127.0.0.1 (its unix socket stays in that directory too, so it never meets a system
cluster), creates the database `holdem_test`, and on exit stops the server and deletes
everything. Authentication is `trust`: the superuser `holdem` connects without a password.

URLs come in two forms (see `PostgresServer`):

- `url`, `postgresql://holdem@127.0.0.1:PORT/holdem_test`: for asyncpg, psql, and
  `holdem serve --database`;
- `sqlalchemy_url`, `postgresql+asyncpg://...`: for SQLAlchemy's async engine.

PostgreSQL refuses to run as root, so as root (CI) every PostgreSQL program runs as the
`postgres` system user, who then owns the temporary directory.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.support import free_port

SUPERUSER = "holdem"
DATABASE = "holdem_test"
SYSTEM_USER = "postgres"
START_ATTEMPTS = 3  # a free port can be taken between choosing it and binding it

# Settings for a disposable cluster: durability buys nothing when the data dies with the
# test session, and turning it off makes every commit much cheaper.
SETTINGS = {
    "listen_addresses": "'127.0.0.1'",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
}


def find_bin_dir() -> Path | None:
    """The directory holding `initdb` and `pg_ctl`: from PATH, else the newest of
    /usr/lib/postgresql/*/bin (where Debian puts them, off PATH). None if there is none."""
    on_path = shutil.which("initdb")
    if on_path is not None:
        # /usr/local/bin/initdb may be a link into /usr/lib/postgresql/15/bin: follow it so
        # pg_ctl and createdb come from the same version.
        for directory in (Path(on_path).resolve().parent, Path(on_path).parent):
            if _has_programs(directory):
                return directory
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin"),
        key=lambda path: _version_key(path.parent.name),
        reverse=True,
    )
    for directory in versions:
        if _has_programs(directory):
            return directory
    return None


def sqlalchemy_url(url: str) -> str:
    """`postgresql://...` as SQLAlchemy's async engine wants it: `postgresql+asyncpg://...`."""
    return re.sub(r"^postgres(ql)?://", "postgresql+asyncpg://", url)


@dataclass
class PostgresServer:
    """A running throwaway server; see the module's docstring for the URL forms."""

    bin_dir: Path
    base_dir: Path
    port: int
    database: str = DATABASE
    user: str = SUPERUSER
    _names: Iterator[int] = field(default_factory=lambda: itertools.count(1), repr=False)

    @property
    def url(self) -> str:
        """`postgresql://holdem@127.0.0.1:PORT/holdem_test` (asyncpg, psql, holdem serve)."""
        return self.url_for(self.database)

    @property
    def sqlalchemy_url(self) -> str:
        """The same database as `postgresql+asyncpg://...`, for SQLAlchemy."""
        return sqlalchemy_url(self.url)

    def url_for(self, database: str) -> str:
        """The `postgresql://` URL of another database on this server."""
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str | None = None) -> str:
        """Create an empty database (named `holdem_test_N` unless given); return its URL.

        Tests that must not see each other's tables each take one of these.
        """
        name = name or f"{DATABASE}_{next(self._names)}"
        _run_as_owner(
            [str(self.bin_dir / "createdb"), *self._client_args(), name], cwd=self.base_dir
        )
        return self.url_for(name)

    def log_text(self) -> str:
        """What the server wrote to its log so far (for error messages)."""
        return _read(self.base_dir / "postgres.log")

    def _client_args(self) -> list[str]:
        return ["-h", "127.0.0.1", "-p", str(self.port), "-U", self.user]


@contextlib.contextmanager
def start_postgres(bin_dir: Path) -> Iterator[PostgresServer]:
    """Start a fresh cluster with the programs in `bin_dir`; stop and delete it on exit."""
    as_root = os.geteuid() == 0
    if as_root:
        _ensure_system_user()
    # As root, /tmp rather than a TMPDIR the postgres user might not be allowed to enter.
    base_dir = Path(tempfile.mkdtemp(prefix="holdem-pg-", dir="/tmp" if as_root else None))
    data_dir = base_dir / "data"
    started = False
    try:
        if as_root:
            owner = pwd.getpwnam(SYSTEM_USER)
            os.chown(base_dir, owner.pw_uid, owner.pw_gid)
        _run_as_owner(
            [
                str(bin_dir / "initdb"),
                "--pgdata",
                str(data_dir),
                "--username",
                SUPERUSER,
                "--auth",
                "trust",
                "--encoding",
                "UTF8",
                "--locale",
                "C",
                "--no-sync",
            ],
            cwd=base_dir,
        )
        server: PostgresServer | None = None
        for attempt in range(1, START_ATTEMPTS + 1):
            port = free_port()
            settings = {**SETTINGS, "port": str(port), "unix_socket_directories": f"'{base_dir}'"}
            _append_settings(data_dir / "postgresql.conf", settings)
            try:
                _run_as_owner(_pg_ctl(bin_dir, data_dir, base_dir, "start"), cwd=base_dir)
            except RuntimeError:
                if attempt == START_ATTEMPTS:
                    raise
                continue
            started = True
            server = PostgresServer(bin_dir=bin_dir, base_dir=base_dir, port=port)
            break
        assert server is not None
        server.create_database(DATABASE)
        yield server
    finally:
        if started:
            # Best effort: a failed stop must not hide the test's own error.
            with contextlib.suppress(RuntimeError):
                _run_as_owner(_pg_ctl(bin_dir, data_dir, base_dir, "stop"), cwd=base_dir)
        shutil.rmtree(base_dir, ignore_errors=True)


def _pg_ctl(bin_dir: Path, data_dir: Path, base_dir: Path, command: str) -> list[str]:
    args = [str(bin_dir / "pg_ctl"), "--pgdata", str(data_dir), "--wait", "--timeout", "30"]
    if command == "start":
        args += ["--log", str(base_dir / "postgres.log")]
    else:
        args += ["--mode", "fast"]
    return [*args, command]


def _run_as_owner(args: Sequence[str], cwd: Path) -> None:
    """Run a PostgreSQL program, as the postgres user when we are root."""
    extra: dict[str, Any] = {}
    if os.geteuid() == 0:
        owner = pwd.getpwnam(SYSTEM_USER)
        extra = {"user": owner.pw_uid, "group": owner.pw_gid, "extra_groups": []}
    result = subprocess.run(
        args,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        **extra,
    )
    if result.returncode != 0:
        log = _read(cwd / "postgres.log")
        raise RuntimeError(
            f"{Path(args[0]).name} failed with exit status {result.returncode}:\n"
            f"{result.stdout}{result.stderr}" + (f"\nserver log:\n{log}" if log else "")
        )


def _ensure_system_user() -> None:
    try:
        pwd.getpwnam(SYSTEM_USER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--user-group", "--no-create-home", SYSTEM_USER], check=True
        )


def _append_settings(path: Path, settings: dict[str, str]) -> None:
    # Later lines win in postgresql.conf, so a retry on another port just appends again.
    with path.open("a", encoding="utf-8") as conf:
        conf.write("".join(f"\n{name} = {value}" for name, value in settings.items()) + "\n")


def _has_programs(directory: Path) -> bool:
    return all(os.access(directory / name, os.X_OK) for name in ("initdb", "pg_ctl", "createdb"))


def _version_key(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", name))


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
