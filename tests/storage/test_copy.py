"""`python -m storage copy` (issue 22, item 7): a source that is not a damas-bot database is
refused in one line (exit 2) and nothing is created; the source is only read, never migrated
(its bytes are the same afterwards, an older schema too); rows travel in batches and arrive
exactly; a target that holds data or cannot be reached is refused in one line, its password
masked."""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from storage import open_store
from storage.copy import BATCH, CopyDiffers, CopyRefused, check_copy, copy_database
from storage.sql.engines.migrations import bundled_migrations
from storage.sql.store import open_engine
from tests.postgres_server import PostgresServer, free_port

# The schema of damas-bot before ratings (migration 5) and the later ones.
OLD_SCHEMA = 4
MOVES = 2 * BATCH + 345
GAMES = 7
CREATED = "2026-01-31T12:00:00.000000+00:00"


def run_copy(source: Path | str, target: Path | str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "storage", "copy", str(source), str(target)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def assert_one_line_refusal(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("python -m storage copy: ")
    for word in words:
        assert word in lines[0]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def fill(path: Path, schema: int) -> None:
    """A damas-bot database at `schema` with two players and GAMES finished games of MOVES
    moves in all, written straight into its tables."""
    await (await open_store(path, migrations=bundled_migrations()[:schema])).close()
    connection = sqlite3.connect(path)
    with connection:
        connection.executemany(
            "INSERT INTO players (id, display_name, created_at) VALUES (?, ?, ?)",
            [(1, "Ana", CREATED), (2, "Bia", CREATED)],
        )
        per_game = MOVES // GAMES + 1
        plies = [min(per_game, MOVES - per_game * game) for game in range(GAMES)]
        for game_id, count in enumerate(plies, start=1):
            connection.execute(
                "INSERT INTO games (id, kind, options, status, version, result, snapshot, "
                "created_at, updated_at) VALUES (?, 'brazilian', '{}', 'finished', ?, "
                "'{\"winners\": [0]}', ?, ?, ?)",
                (game_id, count + 1, f"W:W{game_id}:B{count}", CREATED, CREATED),
            )
            connection.executemany(
                "INSERT INTO game_seats (game_id, seat, player_id) VALUES (?, ?, ?)",
                [(game_id, 0, 1), (game_id, 1, 2)],
            )
            connection.executemany(
                "INSERT INTO moves (game_id, ply, notation, seat, player_id, played_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (game_id, ply, f"{ply % 50 + 1}-{ply % 45 + 2}", ply % 2, ply % 2 + 1, CREATED)
                    for ply in range(1, count + 1)
                ],
            )
    connection.close()


def test_a_source_that_does_not_exist_is_refused_and_nothing_is_created(tmp_path: Path) -> None:
    typo = tmp_path / "damas-bto.sqlite3"
    target = tmp_path / "target.sqlite3"
    done = run_copy(typo, target)
    assert_one_line_refusal(done, str(typo), "does not exist")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_is_refused(tmp_path: Path) -> None:
    done = run_copy(tmp_path, tmp_path / "target.sqlite3")
    assert_one_line_refusal(done, str(tmp_path), "is a folder")
    assert list(tmp_path.iterdir()) == []


def test_a_text_file_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database, only some notes about the bot\n" * 100)
    before = digest(notes)
    done = run_copy(notes, tmp_path / "target.sqlite3")
    assert_one_line_refusal(done, str(notes), "is not an SQLite database")
    assert digest(notes) == before
    assert not (tmp_path / "target.sqlite3").exists()


def test_an_sqlite_file_of_another_program_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite3"
    connection = sqlite3.connect(other)
    with connection:
        connection.execute("CREATE TABLE recipes (name TEXT)")
        connection.execute("INSERT INTO recipes VALUES ('feijoada')")
    connection.close()
    before = digest(other)
    done = run_copy(other, tmp_path / "target.sqlite3")
    assert_one_line_refusal(done, str(other), "is not a damas-bot database")
    assert digest(other) == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["other.sqlite3"]


async def test_an_older_source_is_copied_as_it_is_and_never_changed(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    source = tmp_path / "old.sqlite3"
    await fill(source, OLD_SCHEMA)
    before = digest(source)
    target = postgres_server.new_database()
    steps: list[tuple[int, int]] = []
    report = await copy_database(source, target, lambda done, total: steps.append((done, total)))

    assert digest(source) == before
    connection = sqlite3.connect(source)
    assert connection.execute("PRAGMA user_version").fetchone() == (OLD_SCHEMA,)
    assert connection.execute("SELECT count(*) FROM moves").fetchone() == (MOVES,)
    connection.close()
    assert report.games == GAMES
    assert report.rows["moves"] == MOVES
    assert "ratings" not in report.rows  # not in the source's schema
    # Batches: progress after each one, up to every row.
    total = MOVES + GAMES * 3 + 2
    assert steps[0] == (0, total)
    assert steps[-1] == (total, total)
    assert len(steps) > MOVES // BATCH + 1
    assert [done for done, _ in steps] == sorted(done for done, _ in steps)

    # The target was migrated on: it has the current schema, and the copied rows.
    async with await open_store(target) as store:
        moves = await store.moves(3)
        assert [move.ply for move in moves] == list(range(1, len(moves) + 1))
    engine = await open_engine(target)
    try:
        async with engine.reading() as reading:
            assert await engine.schema_version(reading) == len(bundled_migrations())
            assert "ratings" in await engine.tables(reading)
            copied = await reading.fetch(
                "SELECT game_id, ply, notation, seat, player_id, played_at FROM moves "
                "ORDER BY game_id, ply"
            )
    finally:
        await engine.close()
    connection = sqlite3.connect(source)
    original = connection.execute(
        "SELECT game_id, ply, notation, seat, player_id, played_at FROM moves ORDER BY game_id, ply"
    ).fetchall()
    connection.close()
    assert [tuple(row) for row in copied] == original


async def test_a_current_source_copied_by_the_command_keeps_its_bytes(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    source = tmp_path / "current.sqlite3"
    await fill(source, len(bundled_migrations()))
    before = digest(source)
    target = postgres_server.new_database()
    done = run_copy(source, target)
    assert done.returncode == 0, done.stderr
    assert f"all {GAMES} games have the same move log and state" in done.stdout
    assert f"moves {MOVES}" in done.stdout
    assert digest(source) == before

    # A second copy into the same target: refused in one line, the target left as it was.
    again = run_copy(source, target)
    assert_one_line_refusal(again, "is not empty (table ", "copy into a new, empty database")
    with pytest.raises(CopyRefused, match="is not empty"):
        await copy_database(source, target)
    assert digest(source) == before


async def test_an_unreachable_target_is_refused_with_its_password_masked(tmp_path: Path) -> None:
    source = tmp_path / "current.sqlite3"
    await fill(source, len(bundled_migrations()))
    target = f"postgresql://damas:s3cr3t-word@127.0.0.1:{free_port()}/damas"
    done = run_copy(source, target)
    assert_one_line_refusal(done, "cannot open postgresql://damas:***@127.0.0.1:")
    assert "s3cr3t-word" not in done.stderr


async def test_an_empty_target_of_a_newer_schema_than_the_source_is_refused(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    source = tmp_path / "old.sqlite3"
    await fill(source, OLD_SCHEMA)
    target = postgres_server.new_database()
    await (await open_store(target)).close()
    with pytest.raises(CopyRefused, match=r"already has a newer schema \(\d+\) than the source"):
        await copy_database(source, target)


async def test_the_check_walks_both_databases_and_finds_a_changed_move(tmp_path: Path) -> None:
    source, target = tmp_path / "source.sqlite3", tmp_path / "target.sqlite3"
    await fill(source, len(bundled_migrations()))
    report = await copy_database(source, target)
    last_game = sqlite3.connect(target)
    with last_game:
        last_game.execute(
            "UPDATE moves SET notation = '1-2' WHERE game_id = ? AND ply = 5", (GAMES,)
        )
    last_game.close()
    engines = [await open_engine(source, read_only=True), await open_engine(target)]
    try:
        with pytest.raises(
            CopyDiffers,
            match=rf"\({GAMES}, 5, '[^']+'\) in the source arrived "
            rf"as \({GAMES}, 5, '1-2'\)",
        ):
            await check_copy(engines[0], engines[1], report.rows)
    finally:
        for engine in engines:
            await engine.close()


async def test_a_postgresql_source_is_read_in_read_only_transactions(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    first = tmp_path / "first.sqlite3"
    await fill(first, len(bundled_migrations()))
    middle = postgres_server.new_database()
    await copy_database(first, middle)
    source = await open_engine(middle, read_only=True)
    try:
        with pytest.raises(source.database_error, match="read-only transaction"):
            async with source.writing() as writing:
                await writing.execute("DELETE FROM moves")
    finally:
        await source.close()

    back = tmp_path / "back.sqlite3"
    report = await copy_database(middle, back)
    assert report.rows["moves"] == MOVES
    assert report.games == GAMES
    original, copied = sqlite3.connect(first), sqlite3.connect(back)
    query = "SELECT * FROM moves ORDER BY game_id, ply"
    assert copied.execute(query).fetchall() == original.execute(query).fetchall()
    original.close()
    copied.close()
