"""The engine layer: queries written once with `$1` placeholders, constraint errors named the
same for every engine, and the driver known to one module only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import storage
from storage import StorageError, database_label, open_store
from storage.sql.engines.engine import ConstraintViolated
from storage.sql.engines.sqlite import sqlite_query
from storage.sql.store import open_engine
from tests.postgres_server import PostgresServer

STORAGE = Path(storage.__file__).parent


@pytest.fixture
def database(fresh_database: str) -> str:
    """These tests make tables of their own: a new database each, never the shared one."""
    return fresh_database


def test_placeholders_become_numbered_sqlite_parameters() -> None:
    query = "UPDATE c SET e = json_insert(e, '$[#]', $1) WHERE id = $12 AND x = $1"
    assert sqlite_query(query) == (
        "UPDATE c SET e = json_insert(e, '$[#]', ?1) WHERE id = ?12 AND x = ?1"
    )


async def test_numbered_parameters_bind_by_number(database: str) -> None:
    engine = await open_engine(database)
    try:
        async with engine.reading() as connection:
            row = await connection.fetchrow(
                "SELECT CAST($2 AS INTEGER), CAST($1 AS INTEGER), $1 + $2", 1, 10
            )
            assert row is not None
            assert tuple(row) == (10, 1, 11)
            assert await connection.fetchval("SELECT 1 WHERE CAST($1 AS INTEGER) = 2", 1) is None
    finally:
        await engine.close()


async def test_broken_constraint_is_named_and_rolls_the_transaction_back(
    database: str,
) -> None:
    engine = await open_engine(database)
    try:
        async with engine.writing() as connection:
            await connection.execute("CREATE TABLE codes (code TEXT PRIMARY KEY)")
        # The transaction fails as a whole: the rows before the duplicate are not kept.
        with pytest.raises(ConstraintViolated, match=r"(?i)unique|duplicate key"):  # noqa: PT012
            async with engine.writing() as connection:
                await connection.executemany("INSERT INTO codes VALUES ($1)", [("a",), ("b",)])
                await connection.execute("INSERT INTO codes VALUES ($1)", "a")
        (count,) = await engine.fetch_once("SELECT count(*) FROM codes")
        assert count[0] == 0
    finally:
        await engine.close()


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize(
    ("driver", "engine"),
    [("aiosqlite", "sql/engines/sqlite.py"), ("asyncpg", "sql/engines/postgres.py")],
)
def test_only_its_engine_knows_a_driver(driver: str, engine: str) -> None:
    knowing = {
        path.relative_to(STORAGE).as_posix()
        for path in STORAGE.rglob("*.py")
        if driver in imported_modules(path)
    }
    assert knowing == {engine}
    for group in ("players", "challenges", "games", "clocks", "base", "store"):
        assert "sqlite3" not in imported_modules(STORAGE / "sql" / f"{group}.py")


async def test_a_refused_postgresql_connection_is_a_clear_storage_error(
    postgres_server: PostgresServer,
) -> None:
    with pytest.raises(StorageError, match='refused the connection: database "nowhere" does not'):
        await open_store(postgres_server.url("nowhere"))


def test_a_shown_database_url_hides_its_password() -> None:
    assert database_label("postgresql://bot:s3cret@db:5432/damas") == (
        "postgresql://bot:***@db:5432/damas"
    )
    assert database_label("/srv/damas.sqlite3") == "/srv/damas.sqlite3"


def test_a_shown_database_url_hides_a_password_in_its_query() -> None:
    assert database_label(
        "postgresql://bot@db/damas?sslmode=require&password=s3cret&sslpassword=k3y"
    ) == ("postgresql://bot@db/damas?sslmode=require&password=***&sslpassword=***")
    assert database_label("postgresql://bot:pw@db/damas?password=s3cret") == (
        "postgresql://bot:***@db/damas?password=***"
    )
