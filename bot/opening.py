"""Opening the database at start-up: a file that cannot serve says so in one line.

A text file, a folder, random bytes, a damaged SQLite file or a place the bot may not write
all end the start with one line naming the file, what is wrong and what to do.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.i18n import Text, text, translate
from bot.service.kernel.game_flow.clocks import Clock, utc_now
from storage import (
    GameEndWrite,
    SchemaTooNew,
    StorageError,
    Store,
    database_label,
    is_database_url,
    open_store,
    without_secrets,
)

# The exit status of a start that cannot use its database (as for a wrong argument).
BAD_DATABASE_STATUS = 2


class DatabaseUnusable(Exception):
    def __init__(self, reason: Text) -> None:
        super().__init__(reason)
        self.reason = reason


def _problem(database: str | Path, error: Exception) -> Text:
    name = database_label(database)
    if isinstance(error, SchemaTooNew) and is_database_url(database):
        return text(
            "{url} was written by a newer damas-bot: update the bot, or give another database "
            "with --db or DATABASE_URL.",
            url=name,
        )
    if isinstance(error, SchemaTooNew):
        return text(
            "{path} was written by a newer damas-bot: update the bot, or give another file "
            "with --db PATH.",
            path=name,
        )
    if is_database_url(database):
        return text(
            "Cannot use the database {url} ({reason}): check the server, the user, the "
            "password and the database name in the URL.",
            url=name,
            reason=without_secrets(database, str(error)),
        )
    path = Path(database)
    if path.is_dir():
        return text(
            "{path} is a folder, not a database file: give a file with --db PATH.", path=name
        )
    message = str(error).lower()
    if "not a database" in message or "malformed" in message or "corrupt" in message:
        return text(
            "{path} is not a damas-bot database, or it is damaged: restore it from a backup, "
            "or give another file with --db PATH.",
            path=name,
        )
    reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    reason = without_secrets(database, reason)
    return text(
        "Cannot open or write the database {path} ({reason}): make sure its folder exists and "
        "may be written, or give another file with --db PATH.",
        path=name,
        reason=reason,
    )


def _probe(path: Path) -> None:
    """Raise what is wrong with `path` as a database, read and written by plain sqlite3
    (a failed aiosqlite connection leaves a thread behind that prints a traceback at exit)."""
    if path.is_dir():
        raise IsADirectoryError(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path, timeout=5, isolation_level=None)
    try:
        (verdict,) = connection.execute("PRAGMA quick_check(1)").fetchone()
        if verdict != "ok":
            raise sqlite3.DatabaseError(f"database disk image is malformed: {verdict}")
        # Takes the write lock without writing: a read-only file or folder fails here.
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("ROLLBACK")
    finally:
        connection.close()


async def open_database(
    database: str | Path,
    clock: Clock,
    on_game_end: Sequence[GameEndWrite] = (),
    *,
    existing: bool = False,
) -> Store:
    """The store of an SQLite file or a `postgresql://` URL; DatabaseUnusable with the reason
    when it cannot serve. `existing`: a file that is not there is refused, not created (for
    the commands that read what the bot stored)."""
    if existing and not is_database_url(database) and not Path(database).exists():
        raise DatabaseUnusable(
            text(
                "There is no database at {path}: give the one the bot uses with --db (a file, "
                "or a postgresql:// URL), or set DATABASE_URL.",
                path=database_label(database),
            )
        )
    try:
        if not is_database_url(database):
            await asyncio.to_thread(_probe, Path(database))
        return await open_store(database, clock=clock, on_game_end=on_game_end)
    except (sqlite3.Error, StorageError, OSError) as error:
        raise DatabaseUnusable(_problem(database, error)) from None


async def open_existing(database: str | Path) -> Store | None:
    """The store of a command that reads what the bot stored (never created), or None once
    the reason it cannot serve is said in one line on stderr (exit with BAD_DATABASE_STATUS)."""
    try:
        return await open_database(database, utc_now, existing=True)
    except DatabaseUnusable as error:
        print(f"damas-bot: {translate(None, error.reason)}", file=sys.stderr)
        return None
