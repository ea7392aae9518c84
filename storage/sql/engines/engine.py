"""What the query modules know of a database: connections that run `$1`-style queries inside
transactions, and the dialect table of the few things SQL engines spell differently.

After mautrix-python's `async_db`: every query is written once, with PostgreSQL's numbered
placeholders, and an engine adapts it (SQLite turns `$1` into `?1`). An engine for another
database is one `Engine` subclass plus its `Dialect`; nothing else in storage/sql changes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol


class Row(Protocol):
    """One result row, read by column name or position (sqlite3.Row, asyncpg.Record)."""

    def __getitem__(self, key: str | int, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]:
        """The values, in column order."""
        ...


class ConstraintViolated(Exception):
    """A statement broke a constraint of the schema (unique, primary or foreign key, check)."""


@dataclass(frozen=True, slots=True)
class Dialect:
    """The few spellings that differ between engines, in one place. Each entry is a piece of
    SQL that the query modules put into their statements as is (how a transaction begins is
    each engine's own business: `Engine.writing`, `Engine.reading`)."""

    # The larger of two numbers: SQLite's scalar max(), PostgreSQL's greatest().
    greatest: str
    # Where a text occurs in another, 0 if nowhere: instr(haystack, needle) / strpos(...).
    find_text: str
    # The challenge entrants are a JSON array in a text column. `entrants_after_join($n)` adds
    # the player `$n`; `entrant_count` counts them; `has_entrant($n)` is true if `$n` is one.
    entrants_after_join: str
    entrant_count: str
    has_entrant: str
    # After a SELECT of rows to update: skip those another transaction holds (PostgreSQL's
    # FOR UPDATE SKIP LOCKED); nothing on SQLite, whose writers go one at a time.
    skip_locked: str
    # The statements of one migration, written in SQLite's DDL (storage/migrations/README.md),
    # as this engine's own.
    ddl: Callable[[Sequence[str]], list[str]]


class Connection(ABC):
    """A connection inside one transaction, for the queries of storage/sql. Arguments are
    positional, matching `$1`, `$2`, ... in the query."""

    dialect: Dialect

    @abstractmethod
    async def execute(self, query: str, *args: object) -> None:
        """Run a statement whose rows, if any, nobody needs."""

    @abstractmethod
    async def executemany(self, query: str, args: Iterable[Sequence[object]]) -> None:
        """Run one statement once for each tuple of arguments."""

    @abstractmethod
    async def fetch(self, query: str, *args: object) -> list[Row]:
        """Every row the statement gives."""

    @abstractmethod
    def batches(self, query: str, *args: object, size: int) -> AsyncIterator[list[Row]]:
        """The rows the statement gives, `size` at a time, each batch read from the database
        when it is asked for (a cursor): for reading a whole table without holding it."""

    @abstractmethod
    async def lock(self, key: str) -> None:
        """Hold the lock named `key` until the transaction ends: for a write that depends on
        what the transaction read before (no row to lock yet, or rows of another table)."""

    @abstractmethod
    def notify_after_commit(self, channel: str) -> None:
        """Wake the processes following `channel` (`Engine.follow`) once this transaction has
        committed; nothing if it rolls back."""

    async def fetchrow(self, query: str, *args: object) -> Row | None:
        """The first row the statement gives, or None."""
        rows = await self.fetch(query, *args)
        return rows[0] if rows else None

    async def fetchcolumn(self, query: str, *args: object) -> list[Any]:
        """The first column of every row."""
        return [row[0] for row in await self.fetch(query, *args)]

    async def fetchval(self, query: str, *args: object) -> Any:
        """The first column of the first row, or None when there is no row."""
        row = await self.fetchrow(query, *args)
        return None if row is None else row[0]


class Engine(ABC):
    """One database: hands out transactions, and keeps the schema version for migrations."""

    # Whether several processes may use the database at once (see `Store.shared`).
    shared: bool = False

    dialect: Dialect
    # The base class of the driver's errors, which a failed migration is reported as.
    database_error: type[Exception]

    @abstractmethod
    def writing(self) -> AbstractAsyncContextManager[Connection]:
        """One write transaction: committed if the block ends normally, rolled back if it
        raises or is cancelled."""

    @abstractmethod
    def reading(self) -> AbstractAsyncContextManager[Connection]:
        """One read-only transaction: several statements that see one consistent state."""

    @abstractmethod
    async def fetch_once(self, query: str, *args: object) -> list[Row]:
        """The rows of one statement, which sees one state by itself: no transaction around
        it, for the cheapest reads (the version of a game, its notations)."""

    @abstractmethod
    async def schema_version(self, connection: Connection) -> int:
        """The number of the last migration applied (0 for a new database)."""

    @abstractmethod
    async def set_schema_version(self, connection: Connection, number: int) -> None:
        """Record, in the migration's own transaction, that migration `number` is applied."""

    @abstractmethod
    async def tables(self, connection: Connection) -> list[str]:
        """The names of the tables the migrations made, in no particular order."""

    @abstractmethod
    async def columns(self, connection: Connection, table: str) -> list[str]:
        """The column names of `table`, in their order."""

    @abstractmethod
    async def referenced_tables(self, connection: Connection, table: str) -> set[str]:
        """The tables that the foreign keys of `table` point to."""

    @abstractmethod
    async def reset_row_ids(self, connection: Connection, table: str) -> None:
        """After rows were inserted with their ids given, make new ids follow the largest."""

    @abstractmethod
    def follow(self, channel: str, wake: Callable[[], None]) -> AbstractAsyncContextManager[None]:
        """While the block runs, call `wake` after each commit that notified `channel` in
        another process, and after a lost connection came back."""

    @abstractmethod
    async def close(self) -> None:
        """Release the connections; the engine is unusable afterwards."""
