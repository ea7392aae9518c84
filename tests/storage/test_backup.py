"""`python -m storage backup` and `restore` (issue 34, item 4): each refusal is one line (exit
2) that leaves every file as it was; a restore is refused while a process has the database
open; a backup or a restore that fails halfway leaves the file it would have replaced whole;
what is restored is the backup, and no write-ahead log of the old database is replayed onto
it. (The guide's own backup, crash and restore: tests/test_hosting_doc.py.)"""

from __future__ import annotations

import hashlib
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from storage import StorageError, open_store
from storage.__main__ import main
from storage.backup import BackupRefused, back_up_database, restore_database
from storage.sql.engines import sqlite_files
from storage.sql.engines.migrations import Migration, bundled_migrations
from tests.processes import bot_environment


def storage_command(*arguments: str, folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "storage", *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=folder,
        env=bot_environment(),
        check=False,
    )


async def damas_database(path: Path, players: int = 3) -> Path:
    async with await open_store(path) as store:
        for number in range(players):
            await store.player_for_identity("telegram", str(number), f"P{number}", "en")
    return path


def contents(path: Path) -> list[str]:
    connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


def digests(folder: Path) -> dict[str, str]:
    """The files of `folder` by their contents. A database in WAL mode read by a read-only
    connection gets an empty log and its shared memory beside it (SQLite's own doing, as
    `sqlite3 -readonly` does); they hold nothing and are left out."""
    found = {}
    for path in sorted(folder.iterdir()):
        if not path.is_file() or path.name.endswith("-shm"):
            continue
        if path.name.endswith("-wal") and path.stat().st_size == 0:
            continue
        found[path.name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


async def test_a_backup_is_the_database_in_one_file_and_replaces_an_earlier_one(
    tmp_path: Path,
) -> None:
    database = await damas_database(tmp_path / "damas.sqlite3")
    done = storage_command("backup", "damas.sqlite3", "backups/damas.sqlite3", folder=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("backed up damas.sqlite3 into backups/damas.sqlite3: schema ")
    assert ", 0 games, 3 players, " in done.stdout
    assert done.stderr == "", "a progress bar where nobody watches (a cron job's mail)"
    backup = tmp_path / "backups" / "damas.sqlite3"
    assert contents(backup) == contents(database)
    assert sorted(path.name for path in backup.parent.iterdir()) == ["damas.sqlite3"]
    assert backup.read_bytes()[18:20] == b"\x01\x01", "a backup in WAL mode needs its log"
    await damas_database(database, players=5)
    again = storage_command("backup", "damas.sqlite3", "backups/damas.sqlite3", folder=tmp_path)
    assert again.returncode == 0, again.stderr
    assert contents(backup) == contents(database)


async def test_refusals_are_one_line_and_change_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Run by the command's `main`, in this process, as `python -m storage` runs it."""
    await damas_database(tmp_path / "damas.sqlite3")
    await damas_database(tmp_path / "live.sqlite3")
    (tmp_path / "live.sqlite3-wal").write_bytes(b"a log, not empty")
    (tmp_path / "notes.txt").write_text("not a database\n", encoding="utf-8")
    other = sqlite3.connect(tmp_path / "other.sqlite3")
    other.execute("CREATE TABLE things (x)")
    other.commit()
    other.close()
    newer = tmp_path / "newer.sqlite3"
    known = bundled_migrations()
    future = Migration(known[-1].number + 1, "9999_newer.sql", "CREATE TABLE newer (x);")
    await (await open_store(newer, migrations=[*known, future])).close()
    (tmp_path / "folder").mkdir()
    before = digests(tmp_path)
    url = "postgresql://damas:s3cret@localhost/damas"
    for arguments, said in (
        (["backup", "damas.sqlite3", "damas.sqlite3"], "is the database damas.sqlite3 itself"),
        (["backup", "damas.sqlite3", "./damas.sqlite3-wal"], "itself (or a file of it)"),
        (["backup", "missing.sqlite3", "b.sqlite3"], "missing.sqlite3 does not exist"),
        (["backup", "folder", "b.sqlite3"], "folder is a folder, not a file"),
        (["backup", "notes.txt", "b.sqlite3"], "notes.txt is not an SQLite database"),
        (["backup", "other.sqlite3", "b.sqlite3"], "is not a damas-bot database"),
        (["backup", "damas.sqlite3", "notes.txt"], "notes.txt exists and is not a damas-bot"),
        (["backup", "damas.sqlite3", "live.sqlite3"], "live.sqlite3 is a database in use"),
        (["backup", "damas.sqlite3", "folder"], "folder is a folder; give the backup's file"),
        (["backup", url, "b.sqlite3"], "postgresql://damas:***@localhost/damas is a PostgreSQL"),
        (["restore", "damas.sqlite3", url], "restore it from pg_dump's file with psql"),
        (["restore", "damas.sqlite3", "damas.sqlite3"], "itself (or a file of it)"),
        (["restore", "notes.txt", "damas.sqlite3"], "notes.txt is not an SQLite database"),
        (["restore", "other.sqlite3", "damas.sqlite3"], "is not a damas-bot database"),
        (["restore", "newer.sqlite3", "damas.sqlite3"], "was written by a newer damas-bot"),
        (["restore", "damas.sqlite3", "notes.txt"], "(mv notes.txt notes.txt.damaged)"),
        (["restore", "damas.sqlite3", "folder"], "folder is a folder"),
        (["restore", "missing.sqlite3", "damas.sqlite3"], "missing.sqlite3 does not exist"),
    ):
        monkeypatch.chdir(tmp_path)
        status = main(arguments)
        printed = capsys.readouterr()
        assert status == 2, (arguments, printed.err)
        assert printed.out == ""
        [line] = printed.err.splitlines()
        assert line.startswith(f"python -m storage {arguments[0]}: "), line
        assert said in line, line
        assert "s3cret" not in line
    assert digests(tmp_path) == before
    assert not (tmp_path / "b.sqlite3").exists()


async def test_a_restore_is_refused_while_a_process_has_the_database_open(
    tmp_path: Path,
) -> None:
    database = await damas_database(tmp_path / "damas.sqlite3")
    backup = await damas_database(tmp_path / "backup.sqlite3", players=7)
    async with await open_store(database) as store:
        await store.player_for_identity("telegram", "new", "New", "en")
        kept = contents(database)
        done = storage_command("restore", "backup.sqlite3", "damas.sqlite3", folder=tmp_path)
        assert done.returncode == 2, done.stderr
        assert "damas.sqlite3 is open in another process, the running bot most likely" in (
            done.stderr
        )
        assert contents(database) == kept
    done = storage_command("restore", "backup.sqlite3", "damas.sqlite3", folder=tmp_path)
    assert done.returncode == 0, done.stderr
    assert contents(database) == contents(backup)


def failing_halfway() -> Callable[[int, int], None]:
    def progress(done: int, total: int) -> None:
        if done < total:
            raise OSError("the disk went away")

    return progress


async def test_a_restore_that_fails_halfway_leaves_the_database_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_files, "STEP_PAGES", 2)
    database = await damas_database(tmp_path / "damas.sqlite3")
    backup = await damas_database(tmp_path / "backup.sqlite3", players=300)
    kept = contents(database)
    with pytest.raises(StorageError, match=r"the disk went away.*was left as it was"):
        restore_database(backup, database, failing_halfway())
    assert contents(database) == kept
    assert not (tmp_path / "damas.sqlite3-journal").exists()
    steps: list[tuple[int, int]] = []
    restored = restore_database(backup, database, lambda done, total: steps.append((done, total)))
    assert restored.players == 300
    assert len(steps) > 2
    assert steps[-1][0] == steps[-1][1]
    assert contents(database) == contents(backup)


async def test_a_backup_that_fails_halfway_keeps_the_earlier_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_files, "STEP_PAGES", 2)
    database = await damas_database(tmp_path / "damas.sqlite3")
    saved = tmp_path / "backups" / "damas.sqlite3"
    back_up_database(database, saved)
    earlier = contents(saved)
    await damas_database(database, players=300)
    with pytest.raises(StorageError, match=r"the disk went away.*was left as it was"):
        back_up_database(database, saved, failing_halfway())
    assert contents(saved) == earlier
    assert sorted(path.name for path in saved.parent.iterdir()) == ["damas.sqlite3"]


async def test_the_backups_own_checks_refuse_before_anything_is_written(tmp_path: Path) -> None:
    database = await damas_database(tmp_path / "damas.sqlite3")
    with pytest.raises(BackupRefused, match="itself"):
        back_up_database(database, tmp_path / "." / "damas.sqlite3")
    (tmp_path / "damas.sqlite3-wal").write_bytes(b"")
    with pytest.raises(BackupRefused, match="itself"):
        restore_database(tmp_path / "damas.sqlite3-wal", database)
