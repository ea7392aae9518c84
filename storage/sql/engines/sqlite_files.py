"""An SQLite database as a whole file, beside the engine: read without writing, also where
nothing may be written; copied while the bot writes to it; put back over a database that no
process holds. Plain sqlite3: these run in commands, not in the bot.

- Reading: `mode=ro`, as `sqlite3 -readonly` does. A database in WAL mode then needs its
  `-shm` beside it, which a read-only folder cannot get: with no write-ahead log there (no
  process has the file open) the file alone is the whole database, and `immutable=1` reads
  it; a log that cannot be read is refused rather than left out.
- Backing up: SQLite's online backup, page by page inside one read transaction of the
  source, so the copy is one state of the database however the bot writes meanwhile
  (WAL: the reader blocks nobody), into a file beside the target, renamed over it at the end.
- Restoring: through SQLite, never by copying files: the old write-ahead log is part of the
  old state that the restore replaces, so nothing stale is replayed later. The target is
  locked exclusively first (an open connection of any process holds a shared lock on a
  database in WAL mode, so a running bot makes that fail), and the pages go in as one
  transaction: a failure halfway leaves the target as it was.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from storage.errors import StorageError

# Pages copied per step, between two reports of progress (4 MB of 4 kB pages).
STEP_PAGES = 1024
# How long a restore waits for a process that holds the database to let it go: long enough
# for a `python -m bot check` to end, short enough not to hang on a running bot.
HOLD_WAIT_SECONDS = 2.0
# How long a backup waits to begin reading, as the engine waits for a writer (the bot's
# moves take milliseconds; a WAL file being reset takes a moment).
READ_WAIT_MS = 10_000
SQLITE_HEADER = b"SQLite format 3\x00"

# Told the pages copied so far and the pages in all.
PageProgress = Callable[[int, int], None]


class DatabaseHeld(StorageError):
    """Another process has the database open (a running bot): it cannot be restored now."""


def beside(path: Path, suffix: str) -> Path:
    """The file SQLite keeps beside `path`: its `-wal`, `-shm` or `-journal`."""
    return path.with_name(path.name + suffix)


def read_only_uri(path: Path) -> str:
    """The URI that opens `path` for reading only (see the module's first lines).
    sqlite3.Error as SQLite raises it when the file cannot be read at all; StorageError for
    a write-ahead log that cannot be read where it is."""
    base = path.absolute().as_uri()
    read_only = f"{base}?mode=ro"
    try:
        probe = sqlite3.connect(read_only, uri=True)
        try:
            probe.execute("SELECT count(*) FROM sqlite_schema").fetchone()
        finally:
            probe.close()
    except sqlite3.OperationalError as error:
        if error.sqlite_errorcode != sqlite3.SQLITE_CANTOPEN or not path.is_file():
            raise
    else:
        return read_only
    log = beside(path, "-wal")
    if log.exists() and log.stat().st_size > 0:
        raise StorageError(
            f"{path} cannot be read where it is: its write-ahead log {log.name} holds its "
            f"latest changes, which SQLite reads only where it may write beside it; copy "
            f"{path.name} and {log.name} into a folder you may write and use that copy"
        )
    return f"{base}?mode=ro&immutable=1"


def open_read_only(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(read_only_uri(path), uri=True, isolation_level=None)
    connection.execute(f"PRAGMA busy_timeout = {READ_WAIT_MS}")
    return connection


def is_sqlite_file(path: Path) -> bool:
    """Whether `path` starts as an SQLite database does (an empty file is one too)."""
    with path.open("rb") as file:
        start = file.read(len(SQLITE_HEADER))
    return not start or start == SQLITE_HEADER


def _stepper(progress: PageProgress | None) -> Callable[[int, int, int], None] | None:
    if progress is None:
        return None
    return lambda _status, remaining, total: progress(total - remaining, total)


def _sync(path: Path) -> None:
    """Make what was written to `path` (a file, or a folder's entries) survive a power loss."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


@contextlib.contextmanager
def partial_file(target: Path) -> Iterator[Path]:
    """A new file beside `target` to write, renamed over `target` when the block ends well
    and removed (with whatever SQLite left beside it) when it does not."""
    descriptor, name = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    os.close(descriptor)
    partial = Path(name)
    try:
        yield partial
        _sync(partial)
        partial.replace(target)
        _sync(target.parent)
    finally:
        for leftover in (partial, beside(partial, "-journal"), beside(partial, "-wal")):
            leftover.unlink(missing_ok=True)


def back_up(
    source: sqlite3.Connection,
    target: Path,
    progress: PageProgress | None,
    check: Callable[[sqlite3.Connection], None],
) -> None:
    """Copy the database of `source` (a read-only connection) into the file `target`, as one
    state: the whole copy runs in one read transaction of `source`. The copy is a single
    file (rollback journal mode: no log beside it); `check` is called on it before it
    replaces `target`, and may raise to keep `target` as it was."""
    with partial_file(target) as partial:
        copy = sqlite3.connect(partial, isolation_level=None)
        try:
            source.execute("BEGIN")
            try:
                source.execute("SELECT count(*) FROM sqlite_schema").fetchone()
                source.backup(copy, pages=STEP_PAGES, progress=_stepper(progress))
            finally:
                source.execute("COMMIT")
            copy.execute("PRAGMA journal_mode = DELETE").fetchone()
            check(copy)
        finally:
            copy.close()


def hold(database: Path) -> sqlite3.Connection:
    """A connection that holds `database` alone until it is closed; DatabaseHeld when
    another process has it open."""
    connection = sqlite3.connect(database, timeout=HOLD_WAIT_SECONDS, isolation_level=None)
    try:
        connection.execute("PRAGMA locking_mode = EXCLUSIVE")
        # In exclusive locking mode the lock taken here stays after the COMMIT.
        connection.execute("BEGIN EXCLUSIVE")
        connection.execute("SELECT count(*) FROM sqlite_schema").fetchone()
        connection.execute("COMMIT")
    except sqlite3.OperationalError as error:
        connection.close()
        if error.sqlite_errorcode in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            raise DatabaseHeld(str(error)) from error
        raise
    return connection


def restore(source: sqlite3.Connection, database: Path, progress: PageProgress | None) -> None:
    """Replace the whole of `database` by the database of `source`, as one transaction, while
    no other process has it open (DatabaseHeld otherwise). Its old write-ahead log is
    checkpointed into the old state first and removed with its `-shm`; the restored file
    is in WAL mode, as the bot keeps it."""
    target = hold(database)
    try:
        # A rollback journal during the copy: it takes pages of any size, and a failure
        # halfway rolls back to the old state at the next opening.
        target.execute("PRAGMA journal_mode = DELETE").fetchone()
        # Held exclusively: no connection anywhere uses the old shared memory.
        beside(database, "-shm").unlink(missing_ok=True)
        try:
            source.backup(target, pages=STEP_PAGES, progress=_stepper(progress))
        finally:
            target.execute("PRAGMA journal_mode = WAL").fetchone()
    finally:
        target.close()
