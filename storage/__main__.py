"""`python -m storage copy SOURCE TARGET`: copy a damas-bot database (an SQLite file) into an
empty one (a postgresql:// URL), with a progress bar, then check the copy (see copy.py)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence

from storage.copy import copy_database
from storage.errors import StorageError
from storage.sql.store import database_label

BAR_WIDTH = 30


def show_progress(done: int, total: int) -> None:
    share = done / total if total else 1.0
    filled = round(BAR_WIDTH * share)
    bar = "#" * filled + "-" * (BAR_WIDTH - filled)
    print(f"\rcopying [{bar}] {share:4.0%} {done}/{total} rows", end="", file=sys.stderr)
    if done >= total:
        print(file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    copy = commands.add_parser(
        "copy", help="copy a database into an empty one (SQLite to PostgreSQL, say)"
    )
    copy.add_argument("source", help="the database to copy: an SQLite file (or a URL)")
    copy.add_argument("target", help="an empty database: postgresql://user:password@host/name")
    options = parser.parse_args(argv)
    try:
        report = asyncio.run(copy_database(options.source, options.target, show_progress))
    except (StorageError, OSError) as error:
        print(f"\npython -m storage copy: {error}", file=sys.stderr)
        return 1
    tables = ", ".join(f"{table} {rows}" for table, rows in report.rows.items())
    print(
        f"copied into {database_label(options.target)}: {tables}; "
        f"all {report.games} games have the same move log and state"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
