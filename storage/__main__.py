"""`python -m storage copy SOURCE TARGET`: copy a damas-bot database (an SQLite file) into an
empty one (a postgresql:// URL), with a progress bar, then check the copy (see copy.py)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from storage.copy import CopyRefused, copy_database
from storage.database_names import database_label, without_secrets
from storage.errors import StorageError

BAR_WIDTH = 30
# Bad input (a source that is not a damas-bot database, a target that cannot be reached or
# holds data) and a copy that went wrong (its check found a difference, a migration failed).
EXIT_BAD_INPUT, EXIT_FAILED = 2, 1


class ProgressBar:
    """The rows copied so far, as a bar on one line of stderr, redrawn at each batch."""

    def __init__(self) -> None:
        self.open = False  # a bar is on the line, not yet ended

    def __call__(self, done: int, total: int) -> None:
        share = done / total if total else 1.0
        filled = round(BAR_WIDTH * share)
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        print(f"\rcopying [{bar}] {share:4.0%} {done}/{total} rows", end="", file=sys.stderr)
        self.open = done < total
        if not self.open:
            print(file=sys.stderr)

    def end_line(self) -> None:
        """End a bar left halfway, so that a message starts on a line of its own."""
        if self.open:
            print(file=sys.stderr)
            self.open = False


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser(
        "copy", help="copy a database into an empty one (SQLite to PostgreSQL, say)"
    )
    copy.add_argument(
        "source", help="the database to copy: an SQLite file (or a URL), only read, never changed"
    )
    copy.add_argument("target", help="an empty database: postgresql://user:password@host/name")
    options = parser.parse_args(argv)
    progress = ProgressBar()
    try:
        report = asyncio.run(copy_database(options.source, options.target, progress))
    except (StorageError, OSError) as error:
        progress.end_line()
        # One line, whatever the driver's message holds, and no secret of either database.
        message = " ".join(str(error).split())
        for database in (options.source, options.target):
            message = without_secrets(database, message)
        print(f"python -m storage copy: {message}", file=sys.stderr)
        return EXIT_BAD_INPUT if isinstance(error, CopyRefused) else EXIT_FAILED
    tables = ", ".join(f"{table} {rows}" for table, rows in report.rows.items())
    print(
        f"copied into {database_label(options.target)}: {tables}; "
        f"all {report.games} games have the same move log and state"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
