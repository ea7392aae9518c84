"""Start damas-bot: `python -m bot [--db PATH_OR_URL] [--player NAME]`.

The database is `--db`, else the environment's DATABASE_URL, else a file in the per-user
data folder: an SQLite file path, or `postgresql://...` for several processes on one database.

With no chat token in the environment (or in a `.env` file of the current folder), the
console front end starts: play in the terminal against the computer or a second person.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from platformdirs import user_data_dir

from bot.console import DEFAULT_PLAYER, Console, run_console
from bot.i18n import text, translate
from bot.render import warm_up
from bot.service.clocks import Clock, ManualClock, utc_now
from bot.service.core import GameService
from storage import StorageError, database_label, open_store

DATABASE_NAME = "damas-bot.sqlite3"


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
        "--db",
        default=None,
        help="the database: an SQLite file, or postgresql://user:password@host/name "
        f"(default: $DATABASE_URL, else {default_database()})",
    )
    parser.add_argument(
        "--fake-clock",
        action="store_true",
        help="test mode: time stands still until /clock +2d (or +5h, +30m) moves it on",
    )
    parser.add_argument(
        "--player", default=DEFAULT_PLAYER, help="your name in the console (switch with /as NAME)"
    )
    return parser.parse_args(argv)


# Each chat front end: the variable of its token, and the module whose `serve(service, token)`
# runs it until cancelled. Imported only when its token is set.
FRONT_ENDS = {"TELEGRAM_TOKEN": "bot.telegram", "DISCORD_TOKEN": "bot.discord"}


async def serve_chats(service: GameService, tokens: dict[str, str]) -> None:
    """Run every front end whose token is set, side by side on one service."""
    runners = []
    for variable, token in tokens.items():
        module = importlib.import_module(FRONT_ENDS[variable])
        runners.append(module.serve(service, token))
    await asyncio.gather(*runners)


async def serve(database: str | Path, player: str, fake_clock: bool) -> int:
    clock: Clock = ManualClock() if fake_clock else utc_now
    shown = database_label(database)
    try:
        store = await open_store(database, clock=clock)
    except (StorageError, OSError) as error:
        print(f"damas-bot: cannot open the database {shown}: {error}", file=sys.stderr)
        return 1
    service = GameService(store, clock=clock)
    # Draw the board backgrounds now, not during the first move.
    await asyncio.to_thread(warm_up)
    await service.resume()
    scheduler = asyncio.create_task(service.scheduler.run())
    elsewhere = asyncio.create_task(service.elsewhere.run())
    try:
        tokens = {name: os.environ[name] for name in FRONT_ENDS if os.environ.get(name)}
        if tokens:
            print(
                f"damas-bot: database {shown}; front ends: "
                f"{', '.join(FRONT_ENDS[name] for name in tokens)}",
                file=sys.stderr,
            )
            await serve_chats(service, tokens)
            return 0

        def announce(console: Console) -> None:
            console.say(text("damas-bot console. Database: {path}", path=shown))
            console.say(
                text(
                    "You are {name}. Type /help for the commands, or /new brazilian vs computer.",
                    name=player,
                )
            )

        await run_console(service, player=player, announce=announce)
    finally:
        scheduler.cancel()
        elsewhere.cancel()
        await asyncio.gather(scheduler, elsewhere, return_exceptions=True)
        await service.close()
        await store.close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    load_dotenv(Path.cwd() / ".env")
    options = arguments(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    database = options.db or os.environ.get("DATABASE_URL") or default_database()
    try:
        return asyncio.run(serve(database, options.player, options.fake_clock))
    except KeyboardInterrupt:
        print(translate(None, "Bye."), file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
