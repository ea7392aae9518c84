"""Moving up: copy a whole database into an empty one of another engine (an SQLite file into
PostgreSQL, typically), then check that everything arrived.

The source is only read: opened read-only (SQLite's `mode=ro`, PostgreSQL's read-only
transactions) and never migrated. The target is brought to the source's schema version, the
rows go in, then the target alone is migrated to the current schema: a source of an older
damas-bot is copied as it is, and upgraded on the other side.

Every table of the schema is copied, in foreign-key order (a table after those it points to),
so tables that later migrations add (tournaments, ratings) come along without a change here.
Rows travel in batches, read through a cursor, so the memory of the copy does not grow with
the database; the check afterwards walks both databases in the same ordered batches. The copy
is one transaction on the target: a failure leaves it empty, ready for another try.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from storage.database_names import database_label, is_database_url, without_secrets
from storage.errors import StorageError
from storage.sql.engines.engine import Connection, ConstraintViolated, Engine
from storage.sql.engines.migrations import bundled_migrations, migrate
from storage.sql.store import open_engine

# How many rows are read, written and compared at a time (one progress step).
BATCH = 1000

# The tables of damas-bot's first migration: a database without them is not one of its own.
DAMAS_TABLES = frozenset({"players", "games", "moves"})

# Told the rows copied so far and the rows in all.
Progress = Callable[[int, int], None]


class CopyRefused(StorageError):
    """The copy cannot start: the source is not a damas-bot database, the target cannot be
    reached or holds data; the message names which and says what to do."""


class CopyDiffers(StorageError):
    """The check after the copy found a difference between the two databases."""


@dataclass(frozen=True, slots=True)
class CopyReport:
    """What was copied: the rows of each table, in the order they were copied."""

    rows: dict[str, int]
    games: int


async def count_rows(connection: Connection, table: str) -> int:
    # Table names come from the schema's own catalogue, not from input.
    return int(await connection.fetchval(f"SELECT count(*) FROM {table}"))


async def copy_order(engine: Engine, connection: Connection) -> list[str]:
    """The tables, each after the tables its foreign keys point to."""
    pending = {
        table: await engine.referenced_tables(connection, table) - {table}
        for table in sorted(await engine.tables(connection))
    }
    order: list[str] = []
    while pending:
        ready = sorted(table for table, needs in pending.items() if needs <= set(order))
        if not ready:
            raise CopyRefused(
                f"the tables {sorted(pending)} point to each other in a circle; "
                "the copy cannot order them"
            )
        order.extend(ready)
        for table in ready:
            del pending[table]
    return order


async def refuse_unless_empty(engine: Engine, connection: Connection, label: str) -> None:
    for table in sorted(await engine.tables(connection)):
        rows = await count_rows(connection, table)
        if rows:
            raise CopyRefused(
                f"{label} is not empty (table {table} has {rows} rows); "
                "copy into a new, empty database"
            )


def refuse_missing_file(database: str | Path) -> None:
    """A source that is a path must be a file that exists (opening it would create it)."""
    if is_database_url(database):
        return
    path = Path(database)
    if not path.exists():
        raise CopyRefused(
            f"{path} does not exist; give the path of the bot's database file "
            "(damas-bot.sqlite3, or the --db it runs with)"
        )
    if not path.is_file():
        raise CopyRefused(f"{path} is a folder, not a database; give the database file in it")


def cannot_open(database: str | Path, label: str, error: Exception) -> CopyRefused:
    """The refusal of a database that did not open or answer, saying what to do."""
    if getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_NOTADB:
        return CopyRefused(f"{label} is not an SQLite database; give the bot's database file")
    # OSError: a refused connection or an unknown host; ValueError: a URL asyncpg cannot
    # read; StorageError: the server's own refusal (a wrong password, say).
    hint = "; check the URL and that the server runs" if is_database_url(database) else ""
    return CopyRefused(f"cannot open {label} ({without_secrets(database, str(error))}){hint}")


# What opening a database, or its first query, raises when it is not there or not one.
OPEN_ERRORS = (OSError, TimeoutError, ValueError, sqlite3.Error, StorageError)


async def open_refusing(database: str | Path, label: str, *, read_only: bool) -> Engine:
    """The engine of `database`, or CopyRefused saying why it cannot be opened."""
    try:
        return await open_engine(database, read_only=read_only)
    except OPEN_ERRORS as error:
        raise cannot_open(database, label, error) from error


async def source_version(source: Engine, database: str | Path, label: str, known: int) -> int:
    """The schema version of the source, refused unless it is a damas-bot database that
    this program knows."""
    try:
        async with source.reading() as connection:
            version = await source.schema_version(connection)
            tables = set(await source.tables(connection))
    except OPEN_ERRORS as error:
        raise cannot_open(database, label, error) from error
    if version < 1 or not DAMAS_TABLES.issubset(tables):
        raise CopyRefused(
            f"{label} is not a damas-bot database (it has no damas-bot tables); "
            "give the bot's database file"
        )
    if version > known:
        raise CopyRefused(
            f"{label} was written by a newer damas-bot (schema {version}, this program knows "
            f"up to {known}); copy it with that damas-bot"
        )
    return version


async def prepare_target(target: Engine, label: str, version: int) -> None:
    """Refuse a target that holds data or a newer schema than the source, before anything
    is written to it; then bring it to the source's schema `version`."""
    async with target.reading() as connection:
        await refuse_unless_empty(target, connection, label)
        found = await target.schema_version(connection)
    if found > version:
        raise CopyRefused(
            f"{label} is empty but already has a newer schema ({found}) than the source "
            f"({version}); copy into a new, empty database, or upgrade the source first "
            "(start this damas-bot on it once)"
        )
    await migrate(target, bundled_migrations()[:version])


async def copy_table(
    source: Connection, target: Connection, table: str, columns: Sequence[str]
) -> AsyncIterator[int]:
    """Read the rows of `table` from the source batch by batch and insert each into the
    target, telling how many rows it held."""
    listed = ", ".join(columns)
    placeholders = ", ".join(f"${n}" for n in range(1, len(columns) + 1))
    insert = f"INSERT INTO {table} ({listed}) VALUES ({placeholders})"
    async for batch in source.batches(f"SELECT {listed} FROM {table}", size=BATCH):
        await target.executemany(insert, [tuple(row) for row in batch])
        yield len(batch)


async def copy_rows(
    source: Engine, target: Engine, label: str, progress: Progress | None
) -> dict[str, int]:
    """Every row of the source into the target, in one transaction of each; the rows of
    each table."""
    async with source.reading() as reading:
        order = await copy_order(source, reading)
        total = sum([await count_rows(reading, table) for table in order])
        copied: dict[str, int] = {}
        async with target.writing() as writing:
            await refuse_unless_empty(target, writing, label)
            done = 0
            if progress is not None:
                progress(done, total)
            for table in order:
                columns = await source.columns(reading, table)
                copied[table] = 0
                try:
                    async for batch in copy_table(reading, writing, table, columns):
                        copied[table] += batch
                        done += batch
                        if progress is not None:
                            progress(done, total)
                    await target.reset_row_ids(writing, table)
                except (target.database_error, ConstraintViolated) as error:
                    raise CopyRefused(
                        f"table {table} does not go into {label} ({error}); nothing was copied"
                    ) from error
    return copied


# The move log and the state of each game, to compare source and target game by game.
GAME_LOG = "SELECT game_id, ply, notation FROM moves ORDER BY game_id, ply"
GAME_STATE = "SELECT id, version, status, snapshot FROM games ORDER BY id"


async def ordered_rows(connection: Connection, query: str) -> AsyncIterator[tuple[Any, ...]]:
    async for batch in connection.batches(query, size=BATCH):
        for row in batch:
            yield tuple(row)


async def compare(
    source: Connection, target: Connection, query: str
) -> AsyncIterator[tuple[Any, ...]]:
    """The rows of `query` in the target, each checked to equal the source's row at the same
    place (the counts were compared before)."""
    theirs = ordered_rows(source, query)
    async for row in ordered_rows(target, query):
        original = await anext(theirs, None)
        if row != original:
            raise CopyDiffers(f"{original} in the source arrived as {row}")
        yield row


async def check_copy(source: Engine, target: Engine, rows: dict[str, int]) -> int:
    """Raise CopyDiffers unless the target holds as many rows as the source in every table,
    and every game has the same move log (plies 1..n, the same moves) and state. Returns
    the number of games."""
    async with source.reading() as theirs, target.reading() as ours:
        for table, expected in rows.items():
            found = await count_rows(ours, table)
            if found != expected:
                raise CopyDiffers(f"table {table}: {expected} rows copied, {found} arrived")
        game, expected_ply = None, 0
        async for game_id, ply, _ in compare(theirs, ours, GAME_LOG):
            expected_ply = expected_ply + 1 if game_id == game else 1
            game = game_id
            if ply != expected_ply:
                raise CopyDiffers(f"game {game_id}: the move log skips to ply {ply}")
        games = 0
        async for _ in compare(theirs, ours, GAME_STATE):
            games += 1
        return games


async def copy_database(
    source_database: str | Path, target_database: str | Path, progress: Progress | None = None
) -> CopyReport:
    """Copy every row of `source_database` (never written to) into the empty
    `target_database` (each a path or a URL, as `open_store` takes), check it, and bring the
    target to the current schema. CopyRefused if it cannot start, CopyDiffers if the check
    finds a difference."""
    source_label, target_label = database_label(source_database), database_label(target_database)
    refuse_missing_file(source_database)
    migrations = bundled_migrations()
    source = await open_refusing(source_database, source_label, read_only=True)
    try:
        version = await source_version(source, source_database, source_label, len(migrations))
        target = await open_refusing(target_database, target_label, read_only=False)
        try:
            await prepare_target(target, target_label, version)
            copied = await copy_rows(source, target, target_label, progress)
            games = await check_copy(source, target, copied)
            await migrate(target, migrations)
            return CopyReport(copied, games)
        finally:
            await target.close()
    finally:
        await source.close()
