"""Schema migrations: the numbered .sql files of storage/migrations, each applied in one
transaction together with the bump of the engine's schema version; a newer database is
refused."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

from storage.errors import MigrationFailed, SchemaTooNew
from storage.sql.engines.engine import ConstraintViolated, Engine


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered schema step: the file storage/migrations/NNNN_name.sql."""

    number: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        """The SQL split into single statements, so that they run inside our own transaction
        (running a script at once would commit it first)."""
        statements: list[str] = []
        pending = ""
        for line in self.sql.splitlines(keepends=True):
            pending += line
            # Only a text check (does `pending` end in a whole statement?), usable for the
            # SQL of any engine.
            if sqlite3.complete_statement(pending):
                statements.append(pending.strip())
                pending = ""
        leftover = [line for line in pending.splitlines() if line.strip()]
        if any(not line.lstrip().startswith("--") for line in leftover):
            raise MigrationFailed(
                f"migration {self.name} ends in an unfinished statement: "
                f"{pending.strip()[:80]!r}; end every statement with ';'"
            )
        return statements


MIGRATION_FILE = re.compile(r"(\d{4})_\w+\.sql")


def bundled_migrations() -> list[Migration]:
    """The migrations shipped in storage/migrations, in order, checked to be numbered 1..n."""
    folder = resources.files("storage").joinpath("migrations")
    found = sorted(
        (int(match.group(1)), entry.name, entry.read_text(encoding="utf-8"))
        for entry in folder.iterdir()
        if (match := MIGRATION_FILE.fullmatch(entry.name))
    )
    numbers = [number for number, _, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise MigrationFailed(
            f"storage/migrations holds migrations numbered {numbers}; they must be 1, 2, 3, "
            "... without gaps or repeats"
        )
    return [Migration(number, name, sql) for number, name, sql in found]


async def migrate(engine: Engine, migrations: Sequence[Migration]) -> None:
    """Bring the schema up to the last of `migrations`: SchemaTooNew for a database of a newer
    damas-bot, MigrationFailed (that migration rolled back) if a step fails."""
    known = migrations[-1].number if migrations else 0
    async with engine.reading() as connection:
        found = await engine.schema_version(connection)
    if found > known:
        raise SchemaTooNew(found, known)
    for migration in migrations:
        current = found
        try:
            async with engine.writing() as connection:
                # Re-read inside the transaction: another process opening the same database
                # at the same moment may have applied this step already.
                current = await engine.schema_version(connection)
                if current < migration.number:
                    for statement in engine.dialect.ddl(migration.statements()):
                        await connection.execute(statement)
                    await engine.set_schema_version(connection, migration.number)
        except (engine.database_error, ConstraintViolated) as error:
            raise MigrationFailed(
                f"migration {migration.name} failed ({error}); the database was left at "
                f"schema {current}"
            ) from error
