"""The SQLite engine, through aiosqlite: the only module of storage/ that knows the driver.

Habits (after mautrix-python's async SQLite layer):
- every connection runs with WAL (readers never block the writer), foreign keys on, a busy
  timeout (several processes may share one file) and synchronous=FULL (a move confirmed in
  chat survives a power loss);
- one writer connection, guarded by an asyncio lock, and every write is one explicit
  `BEGIN IMMEDIATE ... COMMIT`: taking the write lock at BEGIN means a transaction never fails
  halfway for want of it, and other processes wait (busy timeout) instead;
- one read-only reader connection, also behind a lock, so that a read of several statements
  sees one consistent state;
- the schema version is `PRAGMA user_version`;
- SQLITE_FULL (a full disk) is storage's DiskFull, the transaction rolled back whole.
The asyncio locks only share one connection between tasks; what two writers may do is
decided by SQLite's own write lock, which other processes on the file respect too.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path

import aiosqlite

from storage.errors import DiskFull, StorageError
from storage.sql.engines.engine import Connection, ConstraintViolated, Dialect, Engine, Row
from storage.sql.engines.sqlite_files import read_only_uri

# Long enough for another process's move transaction (milliseconds each) to finish many times
# over; short enough that a stuck process shows up as an error instead of a silent hang.
BUSY_TIMEOUT_MS = 10_000

# A write transaction holds the write lock from its first statement on, so that it never
# fails halfway for want of it; a read transaction sees one state in all its statements.
BEGIN_WRITE = "BEGIN IMMEDIATE"
BEGIN_READ = "BEGIN"

SQLITE = Dialect(
    greatest="max",
    find_text="instr",
    entrants_after_join="json_insert(entrants, '$[#]', {player})",
    entrant_count="json_array_length(entrants)",
    has_entrant="EXISTS (SELECT 1 FROM json_each(entrants) WHERE value = {player})",
    skip_locked="",
    # Nobody to wake: SQLite serves one bot process (docs/deploy.md).
    ddl=list,
)

PLACEHOLDER = re.compile(r"\$(\d+)")


@lru_cache(maxsize=512)
def sqlite_query(query: str) -> str:
    """The query with PostgreSQL's `$1` placeholders as SQLite's numbered `?1`."""
    return PLACEHOLDER.sub(r"?\1", query)


def is_disk_full(error: BaseException) -> bool:
    """SQLite's SQLITE_FULL: the disk (or a quota) is full, or the file may grow no more."""
    return isinstance(error, sqlite3.Error) and error.sqlite_errorcode == sqlite3.SQLITE_FULL


class SqliteConnection(Connection):
    """An aiosqlite connection inside a transaction that the engine opened."""

    dialect = SQLITE

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._connection = connection

    async def fetch(self, query: str, *args: object) -> list[Row]:
        try:
            return list(await self._connection.execute_fetchall(sqlite_query(query), args))
        except sqlite3.IntegrityError as error:
            raise ConstraintViolated(str(error)) from error

    async def execute(self, query: str, *args: object) -> None:
        await self.fetch(query, *args)

    async def batches(self, query: str, *args: object, size: int) -> AsyncIterator[list[Row]]:
        async with self._connection.execute(sqlite_query(query), args) as cursor:
            while True:
                rows: list[Row] = list(await cursor.fetchmany(size))
                if not rows:
                    return
                yield rows

    async def lock(self, key: str) -> None:
        """Nothing to do: BEGIN IMMEDIATE holds the database's one write lock already."""

    def notify_after_commit(self, channel: str) -> None:
        """Nothing to do: SQLite serves one process, there is no one else to wake."""

    async def executemany(self, query: str, args: Iterable[Sequence[object]]) -> None:
        try:
            await self._connection.executemany(sqlite_query(query), args)
        except sqlite3.IntegrityError as error:
            raise ConstraintViolated(str(error)) from error


async def _use_wal(connection: aiosqlite.Connection, path: Path) -> None:
    """Switch the file to WAL (it stays so). Two processes opening a new file at once may both
    try; SQLite then answers BUSY at once, without its busy handler, so wait here instead."""
    deadline = asyncio.get_running_loop().time() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            rows = list(await connection.execute_fetchall("PRAGMA journal_mode = WAL"))
            break
        except sqlite3.OperationalError as error:
            busy = error.sqlite_errorcode == sqlite3.SQLITE_BUSY
            if not busy or asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(0.01)
    if rows[0][0] != "wal":
        raise StorageError(
            f"{path} cannot use write-ahead logging (journal mode stays {rows[0][0]!r}); "
            "put the database on a local disk"
        )


async def _connect(path: Path, *, read_only: bool, file_read_only: bool) -> aiosqlite.Connection:
    # isolation_level=None: no implicit transactions; every transaction here is explicit.
    if file_read_only:
        # SQLite itself opens the file read-only: no write, not even the switch to WAL; in a
        # read-only folder too (sqlite_files.read_only_uri).
        uri = await asyncio.to_thread(read_only_uri, path)
        connection = await aiosqlite.connect(uri, uri=True, isolation_level=None)
    else:
        connection = await aiosqlite.connect(path, isolation_level=None)
    try:
        connection.row_factory = sqlite3.Row
        for pragma in (
            f"busy_timeout = {BUSY_TIMEOUT_MS}",
            "foreign_keys = ON",
            "synchronous = FULL",
            f"query_only = {int(read_only)}",
        ):
            await connection.execute_fetchall(f"PRAGMA {pragma}")
        if not file_read_only:
            await _use_wal(connection, path)
    except BaseException:
        await connection.close()
        raise
    return connection


class SqliteEngine(Engine):
    """One SQLite file, with one writer and one reader connection. Make it with `open`."""

    dialect = SQLITE
    database_error = sqlite3.Error

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, *, read_only: bool = False) -> SqliteEngine:
        """Open the file at `path`, creating it and its folders if needed; `read_only`: the
        file must exist, and nothing can write to it (`writing` fails)."""
        path = Path(path)
        if not read_only:
            path.parent.mkdir(parents=True, exist_ok=True)
        writer = await _connect(path, read_only=read_only, file_read_only=read_only)
        try:
            reader = await _connect(path, read_only=True, file_read_only=read_only)
        except BaseException:
            await writer.close()
            raise
        return cls(writer, reader)

    @asynccontextmanager
    async def writing(self) -> AsyncIterator[Connection]:
        async with self._write_lock:
            try:
                # Inside the try: if the task is cancelled while BEGIN waits for another
                # process, the BEGIN still runs in aiosqlite's thread, and the rollback queued
                # after it must undo it.
                await self._writer.execute_fetchall(BEGIN_WRITE)
                yield SqliteConnection(self._writer)
                await self._writer.commit()
            except BaseException as error:
                await self._writer.rollback()
                if is_disk_full(error):
                    raise DiskFull(str(error)) from error
                raise

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Connection]:
        async with self._read_lock:
            try:
                await self._reader.execute_fetchall(BEGIN_READ)
                yield SqliteConnection(self._reader)
            except sqlite3.Error as error:
                if is_disk_full(error):
                    raise DiskFull(str(error)) from error
                raise
            finally:
                await self._reader.rollback()

    async def fetch_once(self, query: str, *args: object) -> list[Row]:
        async with self._read_lock:
            return await SqliteConnection(self._reader).fetch(query, *args)

    async def schema_version(self, connection: Connection) -> int:
        return int(await connection.fetchval("PRAGMA user_version"))

    async def set_schema_version(self, connection: Connection, number: int) -> None:
        # A pragma takes no parameters; `number` is an int, so the text is safe.
        await connection.execute(f"PRAGMA user_version = {int(number)}")

    async def tables(self, connection: Connection) -> list[str]:
        return await connection.fetchcolumn(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )

    async def columns(self, connection: Connection, table: str) -> list[str]:
        return await connection.fetchcolumn(
            "SELECT name FROM pragma_table_info($1) ORDER BY cid", table
        )

    async def referenced_tables(self, connection: Connection, table: str) -> set[str]:
        return set(
            await connection.fetchcolumn('SELECT "table" FROM pragma_foreign_key_list($1)', table)
        )

    @asynccontextmanager
    async def follow(  # the engines' signature; PostgreSQL follows the channel
        self,
        channel: str,  # noqa: ARG002
        wake: Callable[[], None],  # noqa: ARG002
    ) -> AsyncIterator[None]:
        """Nothing to follow: SQLite serves one bot process (docs/deploy.md)."""
        yield

    async def reset_row_ids(self, connection: Connection, table: str) -> None:
        """Nothing to do: SQLite's next row id is always the largest plus one."""

    async def close(self) -> None:
        async with self._write_lock, self._read_lock:
            await self._reader.close()
            await self._writer.close()
