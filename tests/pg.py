"""A throw-away PostgreSQL server for tests and benchmarks (Debian's `postgresql` binaries).

The suite's one server is the session fixture `pg_server` of tests/conftest.py, and each test
gets a fresh database on it (`pg_url`); benchmarks start their own. `PostgresServer.start()`
runs `initdb` and `pg_ctl` as a non-root user (the `postgres` system user when it exists, else
one created with `useradd`; as oneself when not root) in a new temporary folder, on a free
port on 127.0.0.1, with trust authentication for local tests only. `stop()` stops it and
removes the folder. `find_binaries()` returns None where the server binaries cannot be found;
the tests that need a server fail then, saying what to install.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

SERVICE_USER = "gomoku_pg"


def find_binaries() -> Path | None:
    """The folder holding initdb, pg_ctl and postgres (newest Debian version first)."""
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda p: [int(x) for x in Path(p).parent.name.split(".") if x.isdigit()],
        reverse=True,
    )
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(str(Path(os.path.realpath(on_path)).parent))
    for folder in candidates:
        path = Path(folder)
        if all((path / name).is_file() for name in ("initdb", "pg_ctl", "postgres")):
            return path
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _service_user() -> str | None:
    """None when we are not root (run as ourselves); else a non-root user to run the server."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", SERVICE_USER):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", SERVICE_USER],
        check=True,
        capture_output=True,
    )
    return SERVICE_USER


class PostgresServer:
    """One server on 127.0.0.1:<port>, its data in a temporary folder."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.port = 0
        self.folder: Path | None = None
        self.user: str | None = None

    # ----- running commands as the server's user ------------------------------------------

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = list(args)
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        # Run from the server's own folder: the caller's may be closed to the server's user.
        result = subprocess.run(command, capture_output=True, text=True, timeout=120,
                                cwd=self.folder)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
        return result

    def start(self) -> PostgresServer:
        self.user = _service_user()
        self.folder = Path(tempfile.mkdtemp(prefix="gomoku-pg-"))
        data = self.folder / "data"
        sockets = self.folder / "sockets"
        sockets.mkdir()
        if self.user is not None:
            record = pwd.getpwnam(self.user)
            for path in (self.folder, sockets):
                os.chown(path, record.pw_uid, record.pw_gid)
        self._run(
            str(self.binaries / "initdb"), "-D", str(data), "-U", "postgres",
            "--auth=trust", "--encoding=UTF8", "--no-locale",
        )
        for _attempt in range(5):
            self.port = _free_port()
            options = (
                f"-p {self.port} -k {sockets} -c listen_addresses=127.0.0.1"
                " -c max_connections=60 -c fsync=off -c full_page_writes=off"
            )
            try:
                self._run(
                    str(self.binaries / "pg_ctl"), "-D", str(data), "-o", options,
                    "-l", str(self.folder / "server.log"), "-w", "-t", "60", "start",
                )
                return self
            except RuntimeError:
                continue  # the port was taken meanwhile: try another
        raise RuntimeError(f"PostgreSQL did not start: see {self.folder / 'server.log'}")

    def stop(self) -> None:
        if self.folder is None:
            return
        try:
            self._run(str(self.binaries / "pg_ctl"), "-D", str(self.folder / "data"),
                      "-m", "immediate", "-w", "stop")
        except (RuntimeError, subprocess.TimeoutExpired):
            pass
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    # ----- databases ---------------------------------------------------------------------

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def _administer(self, statement: str) -> None:
        import psycopg

        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as connection:
            connection.execute(statement)

    def new_database(self) -> str:
        """A fresh, empty database; returns its SQLAlchemy URL."""
        name = "event_" + uuid.uuid4().hex[:12]
        self._administer(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Drop a database made by new_database, ending the connections still open to it."""
        name = url.rsplit("/", 1)[1]
        self._administer(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
