"""`python -m bot check` for the database: reachable, its schema against the code's, the free
disk of an SQLite file, and the command that backs it up (into a file of its own, never onto
the database). Nothing is written."""

from __future__ import annotations

import shlex
import shutil
import sqlite3
from pathlib import Path

from bot.checks.findings import Finding, fine, problem
from bot.i18n import text
from storage import (
    StorageError,
    backup_path,
    database_label,
    is_database_url,
    schema_of,
    without_secrets,
)

# Below this much free disk beside an SQLite file, the moves may soon fail to be stored.
LOW_DISK_BYTES = 200 * 1024 * 1024


async def database_findings(database: str | Path) -> list[Finding]:
    label = database_label(database)
    if not is_database_url(database) and not Path(database).exists():
        return [
            fine(
                text(
                    "The database {path} does not exist yet: the bot creates it at its first "
                    "start.",
                    path=label,
                )
            )
        ]
    try:
        stored, known = await schema_of(database)
    except (StorageError, sqlite3.Error, OSError, ValueError) as error:
        return [
            problem(
                text(
                    "The database {database} cannot be read: {error}",
                    database=label,
                    error=without_secrets(database, str(error)),
                )
            )
        ]
    found = [_schema(label, stored, known)]
    if is_database_url(database):
        found.append(
            fine(
                text(
                    "Back it up with pg_dump, giving it the URL with its password: "
                    'pg_dump --no-owner "{url}" > damas.sql',
                    url=label,
                )
            )
        )
        return found
    free = shutil.disk_usage(Path(database).resolve().parent).free
    space = text("{megabytes} MB free on its disk.", megabytes=free // (1024 * 1024))
    found.append(problem(space) if free < LOW_DISK_BYTES else fine(space))
    backup = shlex.join(
        ["python", "-m", "storage", "backup", str(database), str(backup_path(database))]
    )
    found.append(fine(text("Back it up, while the bot runs too, with: {command}", command=backup)))
    return found


def _schema(label: str, stored: int, known: int) -> Finding:
    if stored > known:
        return problem(
            text(
                "The database {database} was written by a newer damas-bot (schema {stored}; "
                "this one knows {known}): update this damas-bot.",
                database=label,
                stored=stored,
                known=known,
            )
        )
    if stored < known:
        return fine(
            text(
                "The database {database} is at schema {stored}: the bot brings it to {known} "
                "by itself at its next start.",
                database=label,
                stored=stored,
                known=known,
            )
        )
    return fine(
        text(
            "The database {database} is reachable, at schema {known}.", database=label, known=known
        )
    )
