"""A throwaway PostgreSQL server for the tests: initdb in a temporary folder, listening on
127.0.0.1 at a free port, stopped and removed at the end of the session.

`initdb` refuses to run as root, so as root the server runs as the `postgres` user (Debian's
package makes it), in a folder that user owns. Where PostgreSQL is not installed the tests
that need it are skipped, except under CI=true, where that is a failure.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from storage import open_store

SUPERUSER = "postgres"


def server_binaries() -> Path | None:
    """The folder of initdb and pg_ctl: on PATH, or Debian's /usr/lib/postgresql/N/bin."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
        key=lambda path: int(Path(path).parts[-3]) if Path(path).parts[-3].isdigit() else 0,
    )
    return Path(versions[-1]).parent if versions else None


def tool(binaries: Path, as_user: list[str], name: str, *arguments: str) -> list[str]:
    """The command line of a server program, run as `as_user` (empty: as ourselves)."""
    return [*as_user, str(binaries / name), *arguments]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class PostgresServer:
    """A running server; `new_database()` gives the URL of a fresh empty database."""

    # Each test's database is a schema of its own in one database (the URL sets the search
    # path): creating a schema takes milliseconds, CREATE DATABASE half a second.

    folder: Path
    binaries: Path
    port: int
    as_user: list[str]

    def __post_init__(self) -> None:
        self._numbers = itertools.count(1)
        self._shared: str | None = None
        self._truncate = ""

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        name = f"test_{os.getpid()}_{next(self._numbers)}"
        self.psql(f"CREATE SCHEMA {name}")
        # asyncpg passes the URL's unknown parameters to the server as settings.
        return f"{self.url()}?search_path={name}"

    async def emptied_database(self) -> str:
        """The URL of one database with the current schema, shared by the tests of a
        session and emptied (every row deleted, ids restarted) for each."""
        if self._shared is None:
            self._shared = self.new_database()
            await (await open_store(self._shared)).close()
            schema = self._shared.rpartition("search_path=")[2]
            tables = self.psql(
                f"SELECT string_agg('{schema}.' || tablename, ', ') FROM pg_tables "
                f"WHERE schemaname = '{schema}' AND tablename <> 'damas_schema'"
            )
            self._truncate = f"TRUNCATE {tables.strip()} RESTART IDENTITY CASCADE"
        else:
            self.psql(self._truncate)
        return self._shared

    def psql(self, sql: str, database: str = "postgres") -> str:
        psql = self.binaries / "psql"
        if not psql.exists():
            psql = Path(shutil.which("psql") or "psql")
        done = subprocess.run(
            [str(psql), "-XAtq", "-v", "ON_ERROR_STOP=1", "-c", sql, self.url(database)],
            check=True,
            capture_output=True,
            text=True,
        )
        return done.stdout

    def stop(self) -> None:
        control = ("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        subprocess.run(
            tool(self.binaries, self.as_user, *control), check=False, capture_output=True
        )
        shutil.rmtree(self.folder, ignore_errors=True)


def start_server(*, durable: bool = False) -> PostgresServer:
    """Start a server, or raise LookupError saying why there is none to start. Not `durable`
    (the tests): no fsync, as the data is thrown away; `durable` (benchmarks): PostgreSQL's
    defaults, every commit on disk, as SQLite's synchronous=FULL."""
    binaries = server_binaries()
    if binaries is None:
        raise LookupError(
            "PostgreSQL is not installed (no pg_ctl on PATH or in /usr/lib/postgresql/*/bin)"
        )
    folder = Path(tempfile.mkdtemp(prefix="damas-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        as_user = ["runuser", "-u", SUPERUSER, "--"]
        shutil.chown(folder, SUPERUSER)
    port = free_port()
    try:
        initdb = ("initdb", "-D", str(folder / "data"), "-U", SUPERUSER, "-A", "trust", "-E")
        subprocess.run(
            tool(binaries, as_user, *initdb, "UTF8", "--no-sync", "--no-instructions"),
            check=True,
            capture_output=True,
        )
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={folder} "
            "-c max_connections=200"
        )
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        control = ("pg_ctl", "-D", str(folder / "data"), "-o", options, "-l")
        subprocess.run(
            tool(binaries, as_user, *control, str(folder / "server.log"), "-w", "start"),
            check=True,
            capture_output=True,
        )
    except subprocess.CalledProcessError as error:
        log = folder / "server.log"
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(
            f"PostgreSQL did not start: {error.stderr.decode(errors='replace')}"
            f"{log.read_text() if log.exists() else ''}"
        ) from error
    return PostgresServer(folder, binaries, port, as_user)
