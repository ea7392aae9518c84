"""Start damas-bot: `python -m bot [--db PATH] [--player NAME]`.

With no chat token in the environment (or in a `.env` file of the current folder), the
console front end starts: play in the terminal against the computer or a second person.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from platformdirs import user_data_dir

from bot.console import DEFAULT_PLAYER, Console, run_console
from bot.i18n import text, translate
from bot.service.core import GameService
from storage import StorageError, open_store

DATABASE_NAME = "damas-bot.sqlite3"
TOKEN_VARIABLES = ("TELEGRAM_TOKEN", "DISCORD_TOKEN")


def default_database() -> Path:
    """The database in the per-user data folder (e.g. ~/.local/share/damas-bot)."""
    return Path(user_data_dir("damas-bot", appauthor=False)) / DATABASE_NAME


def load_dotenv(path: Path) -> None:
    """Put the `NAME=value` lines of a .env file into the environment (the environment wins)."""
    if not path.is_file():
        return
    for line in path.read_text(encoding="utf-8").splitlines():
        name, equals, value = line.strip().partition("=")
        if equals and name and not name.startswith("#"):
            os.environ.setdefault(name.strip(), value.strip().strip("'\""))


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="damas-bot: draughts and Ludo. Without a chat token it plays in the terminal.",
    )
    parser.add_argument(
        "--db", type=Path, default=None, help=f"the database file (default: {default_database()})"
    )
    parser.add_argument(
        "--player", default=DEFAULT_PLAYER, help="your name in the console (switch with /as NAME)"
    )
    return parser.parse_args(argv)


async def serve(database: Path, player: str) -> int:
    try:
        store = await open_store(database)
    except (StorageError, OSError) as error:
        print(f"damas-bot: cannot open the database {database}: {error}", file=sys.stderr)
        return 1
    service = GameService(store)
    await service.resume()
    try:
        waiting = [name for name in TOKEN_VARIABLES if os.environ.get(name)]
        if waiting:
            print(
                f"damas-bot: {', '.join(waiting)} is set, but this version has only the "
                "console front end; starting it.",
                file=sys.stderr,
            )

        def announce(console: Console) -> None:
            console.say(text("damas-bot console. Database: {path}", path=str(database)))
            console.say(
                text(
                    "You are {name}. Type /help for the commands, or /new brazilian vs computer.",
                    name=player,
                )
            )

        await run_console(service, player=player, announce=announce)
    finally:
        await service.close()
        await store.close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    load_dotenv(Path.cwd() / ".env")
    options = arguments(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    database = options.db or default_database()
    try:
        return asyncio.run(serve(database, options.player))
    except KeyboardInterrupt:
        print(translate(None, "Bye."), file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
