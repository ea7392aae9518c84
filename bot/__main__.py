"""Start damas-bot: `python -m bot [--db PATH_OR_URL] [--player NAME]`; rebuild the ratings
from the stored results: `python -m bot recompute-ratings [--db PATH_OR_URL]`.

The database is `--db`, else the environment's DATABASE_URL, else a file in the per-user
data folder: an SQLite file path, or `postgresql://...` for several processes on one database.

With no chat token in the environment (or in a `.env` file of the current folder), the
console front end starts: play in the terminal against the computer or a second person.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Mapping, Sequence
from contextlib import AsyncExitStack
from datetime import timedelta
from pathlib import Path

from platformdirs import user_data_dir

from bot import checks, puzzle_search, recompute_ratings
from bot.console import DEFAULT_PLAYER, Console, run_console
from bot.fronts import FRONT_ENDS, FrontEnd, serve_chats
from bot.i18n import text, translate
from bot.opening import BAD_DATABASE_STATUS, DatabaseUnusable, chosen_database, open_database
from bot.refusals import StartRefused
from bot.render import warm_up
from bot.service.game_service import GameService
from bot.service.kernel.clocks import MAX_SLEEP, Clock, ManualClock, utc_now
from bot.service.kernel.rated_games import rating_writes
from bot.terminal import Terminal
from bot.web import WebSettings, serving_web, web_settings
from games.damas.engine.compiled import COMPILED as engine_compiled
from storage import database_label, database_tag

DATABASE_NAME = "damas-bot.sqlite3"
# The exit status of a start with a setting that cannot work (a token the platform refuses).
BAD_SETTING_STATUS = 2
# Seconds between the scheduler's looks at the database when nothing is expected sooner.
SCHEDULER_INTERVAL_VARIABLE = "SCHEDULER_INTERVAL"


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


SETTINGS_HELP = f"""\
settings (environment variables, or NAME=value lines of a .env file in this folder):
  TELEGRAM_TOKEN        the Telegram bot's token (from @BotFather); starts the Telegram
                        front end. Default: none
  DISCORD_TOKEN         the Discord bot's token (Developer Portal, Bot); starts the
                        Discord front end. Default: none
  DATABASE_URL          postgresql://user:password@host/name, or an SQLite file; --db
                        wins. Default: {default_database()}
  SCHEDULER_INTERVAL    seconds (1-600) between the scheduler's looks at the database.
                        Default: 600
  DISCORD_SHARD_COUNT, DISCORD_SHARD_IDS
                        Discord's gateway in shards, and this process's share (0,1).
                        Default: no shards
  WEB_URL               the public https:// address of the web pages and the Telegram Mini
                        App (docs/web.md); starts the web server. Default: none (off)
  WEB_LISTEN            host:port the web server listens on, behind the HTTPS proxy.
                        Default: 127.0.0.1:8080
  WEB_SECRET            the key of the signed links to the pages. Default: derived from
                        the chat token
  TELEGRAM_BOT_NAME, WEB_APP_NAME
                        the bot's username and the Mini App's short name (@BotFather), for
                        the t.me/BOT/APP links in groups. Default: none
  TELEGRAM_API_URL, DISCORD_API_URL, DISCORD_GATEWAY_URL
                        other servers for the platforms' APIs (a local Bot API server, a
                        test double). Default: the platforms' own

commands:
  python -m bot check [--db DB] [--lang pt|it|en]
                        check the tokens and the database and say what to do (alias: doctor)
  python -m bot recompute-ratings [--db DB]
                        rebuild every rating from the stored results
  python -m bot puzzles [--db DB] [--after GAME]
                        search the finished draughts games for new puzzles

docs: README.md, docs/deploy.md, docs/web.md
"""


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="damas-bot: draughts and Ludo in Telegram chats, Discord channels and the "
        "terminal. With no chat token set it plays in the terminal.",
        epilog=SETTINGS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
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


def scheduler_interval(environment: Mapping[str, str]) -> timedelta:
    """How often the scheduler looks at the database at least (docs/deploy.md); ValueError
    saying what is wrong for a value that is not 1 to 600 seconds."""
    written = environment.get(SCHEDULER_INTERVAL_VARIABLE, "").strip()
    if not written:
        return MAX_SLEEP
    try:
        seconds = float(written)
    except ValueError:
        seconds = 0
    if not 1 <= seconds <= MAX_SLEEP.total_seconds():
        raise ValueError(
            f"{SCHEDULER_INTERVAL_VARIABLE} is a number of seconds from 1 to "
            f"{MAX_SLEEP.total_seconds():.0f}, not {written!r}"
        )
    return timedelta(seconds=seconds)


def chat_tokens() -> dict[FrontEnd, str]:
    """The front ends whose token is set, with their tokens."""
    return {
        front: os.environ[front.token_variable]
        for front in FRONT_ENDS
        if os.environ.get(front.token_variable)
    }


async def serve(
    database: str | Path,
    player: str,
    fake_clock: bool,
    interval: timedelta,
    terminal: Terminal | None = None,
    web: WebSettings | None = None,
) -> int:
    clock: Clock = ManualClock() if fake_clock else utc_now
    shown = database_label(database)
    try:
        store = await open_database(database, clock, on_game_end=rating_writes())
    except DatabaseUnusable as error:
        print(f"damas-bot: {translate(None, error.reason)}", file=sys.stderr)
        return BAD_DATABASE_STATUS
    service = GameService(store, clock=clock)
    # Draw the board backgrounds now, not during the first move.
    await asyncio.to_thread(warm_up)
    background: list[asyncio.Task[None]] = []

    async def start_work() -> None:
        """The computers whose turn it is, the correspondence scheduler (reminders, losses on
        time) and the boards other processes changed: their events need someone listening."""
        await service.resume()
        background.append(asyncio.create_task(service.scheduler.run(interval)))
        background.append(asyncio.create_task(service.elsewhere.run()))

    # The web pages (when WEB_URL is set) serve from the chats' start to their end.
    pages = AsyncExitStack()
    try:
        await pages.enter_async_context(serving_web(service, web))
        tokens = chat_tokens()
        if tokens:
            print(
                f"damas-bot: database {shown}; front ends: "
                f"{', '.join(front.platform for front in tokens)}",
                file=sys.stderr,
            )
            return await serve_chats(service, tokens, start_work)

        def announce(console: Console) -> None:
            console.say(text("damas-bot console. Database: {path}", path=shown))
            console.say(
                text(
                    "You are {name}. Type {/help} for the commands, or "
                    "{/new brazilian vs computer}.",
                    name=player,
                )
            )
            # The console shows events from now on: the computers and the scheduler may start.
            background.append(asyncio.create_task(start_work()))

        await run_console(
            service,
            player=player,
            announce=announce,
            tag=database_tag(database),
            terminal=terminal,
            web=web,
        )
    except StartRefused as refusal:
        print(f"damas-bot: {translate(None, refusal.reason)}", file=sys.stderr)
        return BAD_SETTING_STATUS
    finally:
        await pages.aclose()
        for task in background:
            task.cancel()
        await asyncio.gather(*background, return_exceptions=True)
        await service.kernel.close()
        await store.close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    load_dotenv(Path.cwd() / ".env")
    words = sys.argv[1:] if argv is None else list(argv)
    if words[:1] == ["recompute-ratings"]:
        return recompute_ratings.main(words[1:], default_database())
    if words[:1] == ["puzzles"]:
        return puzzle_search.main(words[1:], default_database())
    if words[:1] in (["check"], ["doctor"]):
        return checks.main(words[1:], default_database())
    options = arguments(words)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if not engine_compiled:
        logging.getLogger(__name__).warning(
            "the draughts engine runs in pure Python, slower and weaker: install a C compiler "
            "(Debian: build-essential) and reinstall to build its compiled core"
        )
    database = chosen_database(options.db, default_database())
    try:
        interval = scheduler_interval(os.environ)
        web = web_settings(os.environ)
    except ValueError as error:
        print(f"damas-bot: {error}", file=sys.stderr)
        return BAD_SETTING_STATUS
    try:
        if not chat_tokens() and sys.stdin.isatty() and sys.stdout.isatty():
            terminal = Terminal()
            return terminal.run(
                lambda: serve(database, options.player, options.fake_clock, interval, terminal, web)
            )
        return asyncio.run(serve(database, options.player, options.fake_clock, interval, web=web))
    except KeyboardInterrupt:
        print(translate(None, "Bye."), file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
