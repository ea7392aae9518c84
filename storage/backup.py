"""`python -m storage backup DATABASE FILE` and `python -m storage restore FILE DATABASE`: the
bot's SQLite database copied into a backup file while the bot runs, and put back from one
once the bot is stopped (how, and why it is safe: sql/sqlite_files.py). Both check what they
read is a damas-bot database first, and neither leaves a half-written file: a failure keeps
the file it would have replaced as it was.

A PostgreSQL database is backed up with pg_dump and restored with psql (docs/hosting.md):
these commands say so rather than do half of it.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass, replace
from pathlib import Path

from storage.copy import DAMAS_TABLES
from storage.database_names import database_label, is_database_url, is_postgres_url
from storage.errors import StorageError
from storage.sql.engines.migrations import bundled_migrations
from storage.sql.engines.sqlite_files import (
    DatabaseHeld,
    PageProgress,
    back_up,
    beside,
    is_sqlite_file,
    open_read_only,
    restore,
)


class BackupRefused(StorageError):
    """The backup or restore cannot start: the message says why and what to do; nothing was
    written."""


@dataclass(frozen=True, slots=True)
class Contents:
    """What a damas-bot database holds, as the commands report it."""

    schema: int
    games: int
    players: int
    size: int  # bytes of the file

    def __str__(self) -> str:
        megabytes = self.size / (1024 * 1024)
        return (
            f"schema {self.schema}, {self.games} games, {self.players} players, {megabytes:.1f} MB"
        )


def backup_path(database: str | Path) -> Path:
    """Where the backup of an SQLite database goes by default: a `backups` folder beside it,
    under the same name (never the database itself)."""
    path = Path(database)
    return path.parent / "backups" / path.name


def contents(connection: sqlite3.Connection, label: str, size: int) -> Contents:
    """The contents of the damas-bot database on `connection`; BackupRefused if it is no
    such database or damaged."""
    try:
        (verdict,) = connection.execute("PRAGMA quick_check(1)").fetchone()
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_schema")}
        (schema,) = connection.execute("PRAGMA user_version").fetchone()
    except sqlite3.DatabaseError as error:
        raise BackupRefused(f"{label} is not an SQLite database ({error})") from error
    if verdict != "ok":
        raise BackupRefused(f"{label} is damaged ({verdict})")
    if schema < 1 or not tables >= DAMAS_TABLES:
        raise BackupRefused(f"{label} is not a damas-bot database (it has no damas-bot tables)")
    (games,) = connection.execute("SELECT count(*) FROM games").fetchone()
    (players,) = connection.execute("SELECT count(*) FROM players").fetchone()
    return Contents(int(schema), int(games), int(players), size)


def refuse_server_database(database: str | Path, *, restoring: bool) -> None:
    if not is_database_url(database):
        return
    label = database_label(database)
    if not is_postgres_url(database):
        raise BackupRefused(f"{label} is not a database file: give the bot's SQLite file")
    if restoring:
        raise BackupRefused(
            f"{label} is a PostgreSQL database: restore it from pg_dump's file with psql, "
            "into a new, empty database (docs/hosting.md, PostgreSQL)"
        )
    raise BackupRefused(
        f"{label} is a PostgreSQL database: back it up with pg_dump, "
        'pg_dump --no-owner "$DATABASE_URL" > damas.sql (docs/hosting.md, PostgreSQL)'
    )


def existing_file(path: Path, what: str) -> Path:
    if not path.exists():
        raise BackupRefused(f"{path} does not exist; give {what}")
    if not path.is_file():
        raise BackupRefused(f"{path} is a folder, not a file; give {what}")
    return path


def refuse_same_file(database: Path, backup: Path) -> None:
    """The backup may be neither the database nor one of the files SQLite keeps beside it."""
    database_files = [database, *(beside(database, end) for end in ("-wal", "-shm", "-journal"))]
    for taken in database_files:
        same = backup.absolute() == taken.absolute() or (
            backup.exists() and taken.exists() and os.path.samefile(backup, taken)
        )
        if same:
            raise BackupRefused(
                f"{backup} is the database {database} itself (or a file of it): give the "
                "backup another name, in another folder"
            )


def refuse_unless_backup(backup: Path) -> None:
    """An existing `backup` is replaced only if it is a damas-bot backup: not another file,
    and not a database in use (a write-ahead log beside it)."""
    if not backup.exists():
        return
    if not backup.is_file():
        raise BackupRefused(f"{backup} is a folder; give the backup's file name in it")
    if beside(backup, "-wal").exists():
        raise BackupRefused(
            f"{backup} is a database in use ({beside(backup, '-wal').name} is beside it), "
            "not a backup: give the backup another name"
        )
    keep = f"{backup} exists and is not a damas-bot backup; give a new file name"
    if not is_sqlite_file(backup):
        raise BackupRefused(keep)
    connection = open_read_only(backup)
    try:
        contents(connection, str(backup), backup.stat().st_size)
    except BackupRefused as error:
        raise BackupRefused(keep) from error
    finally:
        connection.close()


def back_up_database(
    database: str | Path, backup: str | Path, progress: PageProgress | None = None
) -> Contents:
    """Copy the damas-bot database `database` (an SQLite file, which the bot may be writing)
    into the file `backup` (its folder made if needed), as one state of it; an earlier
    backup there is replaced once the new one is whole and checked. BackupRefused if it
    cannot start."""
    refuse_server_database(database, restoring=False)
    if is_database_url(backup):
        raise BackupRefused(f"{database_label(backup)} is not a file: give the backup's file")
    source, target = Path(database), Path(backup)
    existing_file(source, "the bot's database file (the --db it runs with)")
    if not is_sqlite_file(source):
        raise BackupRefused(f"{source} is not an SQLite database; give the bot's database file")
    refuse_same_file(source, target)
    refuse_unless_backup(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    connection = open_read_only(source)
    found: list[Contents] = []
    try:
        contents(connection, str(source), source.stat().st_size)
        back_up(
            connection,
            target,
            progress,
            lambda copy: found.append(contents(copy, f"the copy of {source}", size=0)),
        )
    except (sqlite3.Error, OSError) as error:
        raise StorageError(
            f"cannot back {source} up into {target} ({error}); {target} was left as it was"
        ) from error
    finally:
        connection.close()
    return replace(found[0], size=target.stat().st_size)


def restore_database(
    backup: str | Path, database: str | Path, progress: PageProgress | None = None
) -> Contents:
    """Replace the damas-bot database `database` (an SQLite file, made if it is not there) by
    the backup `backup`, checked first to be a whole damas-bot database this damas-bot can
    run. BackupRefused if it cannot start, DatabaseHeld while a process (the bot) has
    `database` open."""
    refuse_server_database(database, restoring=True)
    if is_database_url(backup):
        raise BackupRefused(f"{database_label(backup)} is not a file: give the backup's file")
    source, target = Path(backup), Path(database)
    existing_file(source, "the backup's file")
    refuse_same_file(target, source)
    if not is_sqlite_file(source):
        raise BackupRefused(f"{source} is not an SQLite database; give the backup's file")
    if target.exists() and not target.is_file():
        raise BackupRefused(f"{target} is a folder; give the bot's database file")
    if target.exists() and not is_sqlite_file(target):
        raise BackupRefused(
            f"{target} is not an SQLite database, so it is not replaced: if it is the bot's "
            f"damaged database, move it aside first (mv {target} {target}.damaged)"
        )
    connection = open_read_only(source)
    try:
        restored = contents(connection, str(source), source.stat().st_size)
        known = bundled_migrations()[-1].number
        if restored.schema > known:
            raise BackupRefused(
                f"{source} was written by a newer damas-bot (schema {restored.schema}, this "
                f"one knows up to {known}): restore it with that damas-bot"
            )
        target.parent.mkdir(parents=True, exist_ok=True)
        restore(connection, target, progress)
    except DatabaseHeld as error:
        raise BackupRefused(
            f"{target} is open in another process, the running bot most likely: stop it "
            "first (sudo systemctl stop damas-bot), then restore; nothing was changed"
        ) from error
    except (sqlite3.Error, OSError) as error:
        raise StorageError(
            f"cannot restore {target} from {source} ({error}); {target} was left as it was"
        ) from error
    finally:
        connection.close()
    return restored
