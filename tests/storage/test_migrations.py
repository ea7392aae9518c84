"""Schema migrations: numbered, one transaction each, a newer database refused."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from storage import MigrationFailed, SchemaTooNew, open_store
from storage.sql.migrations import Migration, bundled_migrations

# The number a migration of a later issue would have.
NEXT = len(bundled_migrations()) + 1


def user_version(path: Path) -> int:
    with closing(sqlite3.connect(path)) as connection:
        return int(connection.execute("PRAGMA user_version").fetchone()[0])


def tables(path: Path) -> set[str]:
    with closing(sqlite3.connect(path)) as connection:
        rows = connection.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")
        return {name for (name,) in rows}


def test_bundled_migrations_are_numbered_from_one() -> None:
    migrations = bundled_migrations()
    assert [m.number for m in migrations] == list(range(1, len(migrations) + 1))
    assert migrations[0].name == "0001_initial.sql"
    assert "CREATE TABLE moves" in migrations[0].sql


async def test_fresh_database_gets_the_latest_schema(db_path: Path) -> None:
    async with await open_store(db_path):
        pass
    assert user_version(db_path) == bundled_migrations()[-1].number
    assert {"players", "identities", "games", "game_seats", "moves"} <= tables(db_path)
    assert {"board_messages", "challenges"} <= tables(db_path)
    with closing(sqlite3.connect(db_path)) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_reopening_applies_nothing_twice(db_path: Path) -> None:
    async with await open_store(db_path) as store:
        ana = await store.player_for_identity("console", "ana", "Ana")
    async with await open_store(db_path) as store:
        assert (await store.get_player(ana.id)).display_name == "Ana"


async def test_newer_database_is_refused_and_left_alone(db_path: Path) -> None:
    async with await open_store(db_path):
        pass
    with closing(sqlite3.connect(db_path)) as connection:
        connection.execute("PRAGMA user_version = 99")
    known = bundled_migrations()[-1].number
    with pytest.raises(SchemaTooNew) as refused:
        await open_store(db_path)
    assert str(refused.value) == (
        f"this database was written by a newer damas-bot (schema 99, this program knows up "
        f"to {known}); upgrade damas-bot"
    )
    assert user_version(db_path) == 99


async def test_failing_migration_leaves_the_database_unchanged(db_path: Path) -> None:
    async with await open_store(db_path):
        pass
    before = tables(db_path)
    broken = Migration(
        NEXT,
        f"{NEXT:04}_broken.sql",
        "CREATE TABLE deadlines (game_id INTEGER);\nINSERT INTO nowhere VALUES (1);\n",
    )
    with pytest.raises(MigrationFailed, match=rf"{NEXT:04}_broken\.sql failed .*nowhere"):
        await open_store(db_path, migrations=[*bundled_migrations(), broken])
    assert user_version(db_path) == NEXT - 1
    assert tables(db_path) == before


async def test_later_migration_applies_on_top(db_path: Path) -> None:
    async with await open_store(db_path):
        pass
    deadlines = Migration(
        NEXT,
        f"{NEXT:04}_deadlines.sql",
        "-- a later issue's table\nCREATE TABLE deadlines (\n  game_id INTEGER\n);\n"
        "CREATE TRIGGER no_negative BEFORE INSERT ON deadlines\n"
        "BEGIN SELECT raise(ABORT, 'negative') WHERE NEW.game_id < 0; END;\n",
    )
    async with await open_store(db_path, migrations=[*bundled_migrations(), deadlines]):
        pass
    assert user_version(db_path) == NEXT
    assert "deadlines" in tables(db_path)


def test_unfinished_statement_is_reported() -> None:
    migration = Migration(2, "0002_typo.sql", "CREATE TABLE a (x);\nCREATE TABLE b (y)\n")
    with pytest.raises(MigrationFailed, match=r"0002_typo\.sql ends in an unfinished statement"):
        migration.statements()


async def test_openers_racing_on_a_new_file_all_succeed(tmp_path: Path) -> None:
    # Several rounds: the race (who switches the new file to WAL, who migrates) is short.
    for round_number in range(15):
        db_path = tmp_path / f"race{round_number}.sqlite"
        stores = await asyncio.gather(*(open_store(db_path) for _ in range(6)))
        ana = await stores[0].player_for_identity("console", "ana", "Ana")
        for store in stores:
            assert await store.get_player(ana.id) == ana
            await store.close()
        assert user_version(db_path) == bundled_migrations()[-1].number
