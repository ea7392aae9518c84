"""`python -m storage copy SOURCE TARGET`: copy a damas-bot database (an SQLite file) into an
empty one (a postgresql:// URL), with a progress bar, then check the copy (see copy.py).
`python -m storage backup DATABASE FILE`: back the bot's SQLite database up while it runs.
`python -m storage restore FILE DATABASE`: put a backup back, once the bot is stopped (see
backup.py)."""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Callable, Sequence

from storage.backup import BackupRefused, back_up_database, restore_database
from storage.copy import CopyRefused, copy_database
from storage.database_names import database_label, without_secrets
from storage.errors import StorageError

BAR_WIDTH = 30
# Bad input (a source that is not a damas-bot database, a target that cannot be reached or
# holds data, a database in use) and a command that went wrong (its check found a
# difference, a migration failed, the disk is full).
EXIT_BAD_INPUT, EXIT_FAILED = 2, 1


class ProgressBar:
    """The part done so far, as a bar on one line of stderr, redrawn at each batch."""

    def __init__(self, doing: str = "copying", unit: str = "rows") -> None:
        self.doing = doing
        self.unit = unit
        self.open = False  # a bar is on the line, not yet ended

    def __call__(self, done: int, total: int) -> None:
        share = done / total if total else 1.0
        filled = round(BAR_WIDTH * share)
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        print(
            f"\r{self.doing} [{bar}] {share:4.0%} {done}/{total} {self.unit}",
            end="",
            file=sys.stderr,
        )
        self.open = done < total
        if not self.open:
            print(file=sys.stderr)

    def end_line(self) -> None:
        """End a bar left halfway, so that a message starts on a line of its own."""
        if self.open:
            print(file=sys.stderr)
            self.open = False


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m storage", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser(
        "copy", help="copy a database into an empty one (SQLite to PostgreSQL, say)"
    )
    copy.add_argument(
        "source", help="the database to copy: an SQLite file (or a URL), only read, never changed"
    )
    copy.add_argument("target", help="an empty database: postgresql://user:password@host/name")
    backup = commands.add_parser(
        "backup", help="back the bot's SQLite database up into a file, while the bot runs"
    )
    backup.add_argument("database", help="the bot's database file (the --db it runs with)")
    backup.add_argument(
        "file", help="the backup file (an earlier backup there is replaced; never the database)"
    )
    restore = commands.add_parser(
        "restore", help="put a backup back in place of the bot's database; stop the bot first"
    )
    restore.add_argument("file", help="the backup file")
    restore.add_argument("database", help="the bot's database file (the --db it runs with)")
    return parser.parse_args(argv)


def copy(options: argparse.Namespace, progress: ProgressBar) -> str:
    report = asyncio.run(copy_database(options.source, options.target, progress))
    tables = ", ".join(f"{table} {rows}" for table, rows in report.rows.items())
    return (
        f"copied into {database_label(options.target)}: {tables}; "
        f"all {report.games} games have the same move log and state"
    )


def on_terminal(progress: ProgressBar) -> ProgressBar | None:
    """The bar where a person watches; none in a cron job's mail or a log."""
    return progress if sys.stderr.isatty() else None


def backup(options: argparse.Namespace, progress: ProgressBar) -> str:
    copied = back_up_database(options.database, options.file, on_terminal(progress))
    return f"backed up {options.database} into {options.file}: {copied}"


def restore(options: argparse.Namespace, progress: ProgressBar) -> str:
    restored = restore_database(options.file, options.database, on_terminal(progress))
    return f"restored {options.database} from {options.file}: {restored}; start the bot again"


COMMANDS: dict[str, Callable[[argparse.Namespace, ProgressBar], str]] = {
    "copy": copy,
    "backup": backup,
    "restore": restore,
}
PAGES = {"backup": "backing up", "restore": "restoring"}


def main(argv: Sequence[str] | None = None) -> int:
    options = arguments(argv)
    if options.command in PAGES:
        progress = ProgressBar(PAGES[options.command], "pages")
    else:
        progress = ProgressBar()
    try:
        print(COMMANDS[options.command](options, progress))
    except (StorageError, OSError, sqlite3.Error) as error:
        progress.end_line()
        # One line, whatever the driver's message holds, and no secret of either database.
        message = " ".join(str(error).split())
        for name, database in vars(options).items():
            if name != "command":
                message = without_secrets(database, message)
        print(f"python -m storage {options.command}: {message}", file=sys.stderr)
        refused = isinstance(error, CopyRefused | BackupRefused)
        return EXIT_BAD_INPUT if refused else EXIT_FAILED
    return 0


if __name__ == "__main__":
    sys.exit(main())
