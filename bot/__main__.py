"""Start damas-bot: `python -m bot [--db PATH_OR_URL] [--player NAME]`; rebuild the ratings
from the stored results: `python -m bot recompute-ratings [--db PATH_OR_URL]`.

The settings are read once, here, from the environment and a `.env` file of the current
folder (bot/settings): the database is `--db`, else DATABASE_URL, else a file in the per-user
data folder (an SQLite file path, or `postgresql://...` for several processes on one
database). With no chat token the console front end starts: play in the terminal against the
computer or a second person.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Callable, Sequence
from contextlib import AsyncExitStack
from functools import partial
from pathlib import Path

from bot import checks, engine_worker, puzzle_search, recompute_ratings
from bot.console import Console, run_console
from bot.fronts import chats_to_serve, serve_chats
from bot.i18n import language_of, text, translate
from bot.opening import BAD_DATABASE_STATUS, DatabaseUnusable, open_database
from bot.refusals import SettingsRefused, StartRefused
from bot.render import warm_up
from bot.service.game_service import GameService
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.game_flow.clocks import Clock, ManualClock, utc_now
from bot.service.kernel.rated.rated_games import rating_writes
from bot.settings import Settings, SettingsLoader, endgame_folder, load_language, load_settings
from bot.start_arguments import arguments
from bot.terminal import Terminal
from bot.web import serving_web
from games.damas.engine.compiled import COMPILED as engine_compiled
from storage import database_label, database_tag

# The exit status of a start with a setting that cannot work (a port that is no port, a
# token the platform refuses).
BAD_SETTING_STATUS = 2
# The commands beside the bot's start, each `main(argv, load)`: it reads its arguments, then
# its settings with `load(--db)`.
COMMANDS: dict[str, Callable[[Sequence[str], SettingsLoader], int]] = {
    "recompute-ratings": recompute_ratings.main,
    "puzzles": puzzle_search.main,
    "engine-worker": engine_worker.main,
    "check": checks.main,
    "doctor": checks.main,
}


async def serve(
    settings: Settings, player: str | None, fake_clock: bool, terminal: Terminal | None = None
) -> int:
    clock: Clock = ManualClock() if fake_clock else utc_now
    database = settings.database
    shown = database_label(database)
    try:
        store = await open_database(database, clock, on_game_end=rating_writes())
    except DatabaseUnusable as error:
        print(f"damas-bot: {translate(None, error.reason)}", file=sys.stderr)
        return BAD_DATABASE_STATUS
    service = GameService(store, ComputerPlayers(databases=endgame_folder()), clock=clock)
    # Draw the board backgrounds now, not during the first move.
    await asyncio.to_thread(warm_up)
    background: list[asyncio.Task[None]] = []

    async def start_work() -> None:
        """The computers whose turn it is, the correspondence scheduler (reminders, losses on
        time) and the boards other processes changed: their events need someone listening."""
        await service.resume()
        background.append(asyncio.create_task(service.scheduler.run(settings.scheduler_interval)))
        background.append(asyncio.create_task(service.elsewhere.run()))

    # The web pages (when WEB_URL is set) serve from the chats' start to their end.
    pages = AsyncExitStack()
    try:
        await pages.enter_async_context(serving_web(service, settings.web))
        chats = chats_to_serve(settings)
        if chats:
            print(f"damas-bot: {settings.summary()}", file=sys.stderr)
            return await serve_chats(service, chats, start_work, web=settings.web)

        def announce(console: Console) -> None:
            console.say(text("damas-bot console. Database: {path}", path=shown))
            console.say(
                text(
                    "You are {name}. Type {/help} for the commands, or "
                    "{/new brazilian vs computer}.",
                    name=console.actor.display_name,
                )
            )
            # The console shows events from now on: the computers and the scheduler may start.
            background.append(asyncio.create_task(start_work()))

        await run_console(
            service,
            player=player,
            announce=announce,
            language=language_of(settings.language),
            tag=database_tag(database),
            terminal=terminal,
            web=settings.web,
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
    words = sys.argv[1:] if argv is None else list(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    load: SettingsLoader = partial(load_settings, Path.cwd())
    try:
        if words[:1] and words[0] in COMMANDS:
            return COMMANDS[words[0]](words[1:], load)
        options = arguments(words, language_of(load_language(Path.cwd())))
        settings = load(options.db)
    except SettingsRefused as refusal:
        print(f"damas-bot: {translate(None, refusal.reason)}", file=sys.stderr)
        return BAD_SETTING_STATUS
    return start(settings, options)


def start(settings: Settings, options: argparse.Namespace) -> int:
    """The bot on its settings: the chat front ends whose token is set, else the console."""
    if not engine_compiled:
        logging.getLogger(__name__).warning(
            "the draughts engine runs in pure Python, slower and weaker: install a C compiler "
            "(Debian: build-essential) and reinstall to build its compiled core"
        )
    try:
        if not settings.chats() and sys.stdin.isatty() and sys.stdout.isatty():
            terminal = Terminal()
            return terminal.run(
                lambda: serve(settings, options.player, options.fake_clock, terminal)
            )
        return asyncio.run(serve(settings, options.player, options.fake_clock))
    except KeyboardInterrupt:
        print(translate(None, "Bye."), file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
