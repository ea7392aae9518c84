"""Moving up: copy a whole database into an empty one of another engine (an SQLite file into
PostgreSQL, typically), then check that everything arrived.

Every table of the schema is copied, in foreign-key order (a table after those it points to),
so tables that later migrations add (tournaments, ratings) come along without a change here.
The copy is one transaction on the target: a failure leaves it empty, ready for another try.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from storage.errors import StorageError
from storage.sql.engine import Connection, ConstraintViolated, Engine
from storage.sql.migrations import bundled_migrations, migrate
from storage.sql.store import database_label, open_engine

# How many rows go to the target in one batch (one progress step).
BATCH = 1000

# Told the rows copied so far and the rows in all.
Progress = Callable[[int, int], None]


class CopyRefused(StorageError):
    """The copy cannot start (the target holds data, the schema has a foreign-key circle) or
    its check found a difference; the message says which."""


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


async def copy_table(
    source: Connection, target: Connection, table: str, columns: Sequence[str]
) -> AsyncIterator[int]:
    """Read the rows of `table` from the source and insert them into the target, telling
    after each batch how many rows it held."""
    listed = ", ".join(columns)
    rows = await source.fetch(f"SELECT {listed} FROM {table}")
    placeholders = ", ".join(f"${n}" for n in range(1, len(columns) + 1))
    insert = f"INSERT INTO {table} ({listed}) VALUES ({placeholders})"
    for start in range(0, len(rows), BATCH):
        batch = rows[start : start + BATCH]
        await target.executemany(insert, [tuple(row) for row in batch])
        yield len(batch)


# The move log and the state of each game, to compare source and target game by game.
GAME_LOG = "SELECT game_id, ply, notation FROM moves ORDER BY game_id, ply"
GAME_STATE = "SELECT id, version, status, snapshot FROM games ORDER BY id"


async def check_copy(source: Engine, target: Engine, rows: dict[str, int]) -> int:
    """Raise CopyRefused unless the target holds as many rows as the source in every table,
    and every game has the same move log (plies 1..n, the same moves) and state. Returns
    the number of games."""
    async with target.reading() as connection:
        for table, expected in rows.items():
            found = await count_rows(connection, table)
            if found != expected:
                raise CopyRefused(f"table {table}: {expected} rows copied, {found} arrived")
        logs, states = await connection.fetch(GAME_LOG), await connection.fetch(GAME_STATE)
    async with source.reading() as connection:
        source_logs = await connection.fetch(GAME_LOG)
        source_states = await connection.fetch(GAME_STATE)
    if [tuple(row) for row in logs] != [tuple(row) for row in source_logs]:
        raise CopyRefused("the move logs differ between the two databases")
    if [tuple(row) for row in states] != [tuple(row) for row in source_states]:
        raise CopyRefused("the games differ between the two databases")
    expected_ply: dict[int, int] = {}
    for game_id, ply, _ in logs:
        expected_ply[game_id] = expected_ply.get(game_id, 0) + 1
        if ply != expected_ply[game_id]:
            raise CopyRefused(f"game {game_id}: the move log skips to ply {ply}")
    return len(states)


async def copy_database(
    source_database: str | Path, target_database: str | Path, progress: Progress | None = None
) -> CopyReport:
    """Copy every row of `source_database` into the empty `target_database` (each a path or
    a URL, as `open_store` takes), both first brought to the current schema; then check it."""
    source = await open_engine(source_database)
    try:
        target = await open_engine(target_database)
        try:
            return await copy_between(source, target, database_label(target_database), progress)
        finally:
            await target.close()
    finally:
        await source.close()


async def copy_between(
    source: Engine, target: Engine, label: str, progress: Progress | None
) -> CopyReport:
    migrations = bundled_migrations()
    await migrate(source, migrations)
    await migrate(target, migrations)
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
                columns = await target.columns(writing, table)
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
    games = await check_copy(source, target, copied)
    return CopyReport(copied, games)
