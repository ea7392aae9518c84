"""Schema migrations: numbered, one transaction each, the same history on both engines, a
newer database refused."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from storage import MigrationFailed, SchemaTooNew, SeatRecord, open_store
from storage.sql.engines.migrations import Migration, bundled_migrations
from storage.sql.store import open_engine

# The number a migration of a later issue would have.
NEXT = len(bundled_migrations()) + 1


@pytest.fixture
def database(fresh_database: str) -> str:
    """These tests change the schema: a new database each, never the shared one."""
    return fresh_database


async def schema_version(database: str) -> int:
    engine = await open_engine(database)
    try:
        async with engine.reading() as connection:
            return await engine.schema_version(connection)
    finally:
        await engine.close()


async def set_schema_version(database: str, number: int) -> None:
    engine = await open_engine(database)
    try:
        async with engine.writing() as connection:
            await engine.set_schema_version(connection, number)
    finally:
        await engine.close()


async def tables(database: str) -> set[str]:
    engine = await open_engine(database)
    try:
        async with engine.reading() as connection:
            return set(await engine.tables(connection))
    finally:
        await engine.close()


def test_bundled_migrations_are_numbered_from_one() -> None:
    migrations = bundled_migrations()
    assert [m.number for m in migrations] == list(range(1, len(migrations) + 1))
    assert migrations[0].name == "0001_initial.sql"
    assert "CREATE TABLE moves" in migrations[0].sql


async def test_every_bundled_migration_applies(database: str) -> None:
    async with await open_store(database):
        pass
    assert await schema_version(database) == bundled_migrations()[-1].number
    assert {"players", "identities", "games", "game_seats", "moves"} <= await tables(database)
    assert {"board_messages", "challenges", "clocks", "notices"} <= await tables(database)


async def test_sqlite_file_uses_write_ahead_logging(db_path: Path) -> None:
    async with await open_store(db_path):
        pass
    with closing(sqlite3.connect(db_path)) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_reopening_applies_nothing_twice(database: str) -> None:
    async with await open_store(database) as store:
        ana = await store.player_for_identity("console", "ana", "Ana")
    async with await open_store(database) as store:
        assert (await store.get_player(ana.id)).display_name == "Ana"


async def test_newer_database_is_refused_and_left_alone(database: str) -> None:
    async with await open_store(database):
        pass
    await set_schema_version(database, 99)
    known = bundled_migrations()[-1].number
    with pytest.raises(SchemaTooNew) as refused:
        await open_store(database)
    assert str(refused.value) == (
        f"this database was written by a newer damas-bot (schema 99, this program knows up "
        f"to {known}); upgrade damas-bot"
    )
    assert await schema_version(database) == 99


async def test_failing_migration_leaves_the_database_unchanged(database: str) -> None:
    async with await open_store(database):
        pass
    before = await tables(database)
    broken = Migration(
        NEXT,
        f"{NEXT:04}_broken.sql",
        "CREATE TABLE deadlines (game_id INTEGER);\nINSERT INTO nowhere VALUES (1);\n",
    )
    with pytest.raises(MigrationFailed, match=rf"{NEXT:04}_broken\.sql failed .*nowhere"):
        await open_store(database, migrations=[*bundled_migrations(), broken])
    assert await schema_version(database) == NEXT - 1
    assert await tables(database) == before


async def test_later_migration_applies_on_top(database: str) -> None:
    async with await open_store(database):
        pass
    deadlines = Migration(
        NEXT,
        f"{NEXT:04}_deadlines.sql",
        "-- a later issue's table\nCREATE TABLE deadlines (\n  id INTEGER PRIMARY KEY,\n"
        "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
        "  due REAL NOT NULL\n);\n"
        "CREATE INDEX deadlines_by_game ON deadlines (game_id) WHERE due > 0;\n",
    )
    async with await open_store(database, migrations=[*bundled_migrations(), deadlines]):
        pass
    assert await schema_version(database) == NEXT
    assert "deadlines" in await tables(database)


async def test_sqlite_migration_may_hold_a_trigger(db_path: Path) -> None:
    # A trigger's body holds semicolons: the statement splitter must keep it whole.
    trigger = Migration(
        NEXT,
        f"{NEXT:04}_trigger.sql",
        "CREATE TABLE deadlines (game_id INTEGER);\n"
        "CREATE TRIGGER no_negative BEFORE INSERT ON deadlines\n"
        "BEGIN SELECT raise(ABORT, 'negative') WHERE NEW.game_id < 0; END;\n",
    )
    async with await open_store(db_path, migrations=[*bundled_migrations(), trigger]):
        pass
    assert "deadlines" in await tables(str(db_path))


def test_unfinished_statement_is_reported() -> None:
    migration = Migration(2, "0002_typo.sql", "CREATE TABLE a (x);\nCREATE TABLE b (y)\n")
    with pytest.raises(MigrationFailed, match=r"0002_typo\.sql ends in an unfinished statement"):
        migration.statements()


async def test_openers_racing_on_a_new_database_all_succeed(
    request: pytest.FixtureRequest, tmp_path: Path, database: str
) -> None:
    # Several rounds: the race (who switches the new file to WAL, who migrates) is short.
    postgres = not database.endswith(".sqlite")
    for round_number in range(4 if postgres else 15):
        if postgres:
            fresh = request.getfixturevalue("postgres_server").new_database()
        else:
            fresh = str(tmp_path / f"race{round_number}.sqlite")
        stores = await asyncio.gather(*(open_store(fresh) for _ in range(6)))
        ana = await stores[0].player_for_identity("console", "ana", "Ana")
        for store in stores:
            assert await store.get_player(ana.id) == ana
            await store.close()
        assert await schema_version(fresh) == bundled_migrations()[-1].number


async def test_the_boards_shown_before_the_upgrade_still_name_their_games(database: str) -> None:
    """Migration 17 keeps every message that shows a board in shown_boards: the boards a
    database of schema 16 already showed name their games after the upgrade."""
    migrations = bundled_migrations()
    before = [migration for migration in migrations if migration.number < 17]
    async with await open_store(database, migrations=before) as store:
        ana = await store.player_for_identity("telegram", "1", "Ana")
        bia = await store.player_for_identity("telegram", "2", "Bia")
        seats = [SeatRecord(0, ana.id), SeatRecord(1, bia.id)]
        game = await store.create_game("brazilian", {}, seats, "W:W:B", None)
        engine = await open_engine(database)
        try:
            async with engine.writing() as connection:
                await connection.execute(
                    "INSERT INTO board_messages (game_id, platform, chat_id, message_id) "
                    "VALUES ($1, 'telegram', '-1001', '10')",
                    game.id,
                )
        finally:
            await engine.close()
    async with await open_store(database, migrations=migrations) as store:
        assert await store.game_shown_by("telegram", "-1001", "10") == game.id
