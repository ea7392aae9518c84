"""The engine layer: queries written once with `$1` placeholders, constraint errors named the
same for every engine, and the driver known to one module only."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import storage
from storage.sql.engine import ConstraintViolated
from storage.sql.sqlite import SqliteEngine, sqlite_query

STORAGE = Path(storage.__file__).parent


def test_placeholders_become_numbered_sqlite_parameters() -> None:
    query = "UPDATE c SET e = json_insert(e, '$[#]', $1) WHERE id = $12 AND x = $1"
    assert sqlite_query(query) == (
        "UPDATE c SET e = json_insert(e, '$[#]', ?1) WHERE id = ?12 AND x = ?1"
    )


async def test_numbered_parameters_bind_by_number(tmp_path: Path) -> None:
    engine = await SqliteEngine.open(tmp_path / "engine.sqlite")
    try:
        async with engine.reading() as connection:
            row = await connection.fetchrow("SELECT $2, $1, $1 + $2", 1, 10)
            assert row is not None and tuple(row) == (10, 1, 11)
            assert await connection.fetchval("SELECT 1 WHERE $1 = 2", 1) is None
    finally:
        await engine.close()


async def test_broken_constraint_is_named_and_rolls_the_transaction_back(
    tmp_path: Path,
) -> None:
    engine = await SqliteEngine.open(tmp_path / "engine.sqlite")
    try:
        async with engine.writing() as connection:
            await connection.execute("CREATE TABLE codes (code TEXT PRIMARY KEY)")
        with pytest.raises(ConstraintViolated, match="UNIQUE"):
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


def test_only_the_sqlite_engine_knows_the_driver() -> None:
    knowing = {
        path.relative_to(STORAGE).as_posix()
        for path in STORAGE.rglob("*.py")
        if "aiosqlite" in imported_modules(path)
    }
    assert knowing == {"sql/sqlite.py"}
    for group in ("players", "challenges", "games", "clocks", "base", "store"):
        assert "sqlite3" not in imported_modules(STORAGE / "sql" / f"{group}.py")
