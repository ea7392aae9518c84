"""The one table of commands every front end reads: per command its names in
English, Portuguese and Italian, its options, its handler and whether it asks for a yes.

The console and chat messages read typed words as each entry's options say (typed.py), /help
shows each entry's usage made from them (usage.py), Telegram builds its command menus from the
table, Discord its slash commands; all of them end in `run`, where the service asks for the
yes before a command that ends a game for good."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Text, quote, text, translate
from bot.service.command_table.clubmatches import CLUB_MATCH
from bot.service.command_table.entry import Command
from bot.service.command_table.game_commands import ask_yes
from bot.service.command_table.games import ACCEPT, BEGIN, DECLINE, NEW, REMATCH
from bot.service.command_table.people import (
    FLIP,
    LANG,
    LINK,
    PROFILE,
    REMIND,
    TOP,
    VACATION,
    WEB,
)
from bot.service.command_table.play import (
    ABORT,
    BOARD,
    CLAIM,
    DRAW,
    GAMES,
    HISTORY,
    MOVE,
    MOVES,
    PDN,
    RESIGN,
    ROLL,
    RULES,
    TAKEBACK,
    USE,
    VERIFY,
)
from bot.service.command_table.puzzles import PUZZLE
from bot.service.command_table.review import REVIEW
from bot.service.command_table.simuls import SIMUL
from bot.service.command_table.spec import Args
from bot.service.command_table.tournaments import TOURNAMENT
from bot.service.command_table.typed import Misread
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, Event, Reply, ServiceError
from bot.service.kernel.words.rules_text import help_footer
from storage import ChatRef


async def _help(service: GameService, actor: Actor, _chat: ChatRef, _args: Args) -> list[Event]:
    return [Reply(Text(line)) for line in help_lines(await service.identities.language(actor))]


HELP = Command("help", ("start",), text("what the commands do"), _help)

TABLE: tuple[Command, ...] = (
    NEW,
    ACCEPT,
    BEGIN,
    DECLINE,
    MOVE,
    ROLL,
    BOARD,
    MOVES,
    GAMES,
    USE,
    RESIGN,
    DRAW,
    CLAIM,
    ABORT,
    HISTORY,
    PDN,
    REVIEW,
    PROFILE,
    TOP,
    VACATION,
    REMIND,
    LINK,
    WEB,
    FLIP,
    LANG,
    TAKEBACK,
    REMATCH,
    VERIFY,
    RULES,
    TOURNAMENT,
    SIMUL,
    CLUB_MATCH,
    PUZZLE,
    HELP,
)
BY_WORD = {word: command for command in TABLE for word in command.words}
BY_NAME = {command.name: command for command in TABLE}


def subcommand(command: Command, words: Sequence[str]) -> tuple[Command, Sequence[str]]:
    """The subcommand the first word names and the words after it; no words, the command
    itself."""
    if not command.subcommands or not words:
        return command, words
    found = next((sub for sub in command.subcommands if words[0].lower() in sub.words), None)
    if found is None:
        # Named by the usage of its help ("/torneio ajuda"), in the reader's words.
        listing = next((sub.usage for sub in command.subcommands if sub.name == "help"), None)
        raise ServiceError(
            text(
                "Unknown subcommand {word}: {help} lists them.",
                word=quote(words[0]),
                help=listing or command.usage,
            )
        )
    return found, words[1:]


def usage_refusal(command: Command) -> ServiceError:
    return ServiceError(text("Usage: {usage}", usage=command.usage))


def help_lines(language: str | None) -> list[str]:
    commands = [
        f"{translate(language, command.usage)} - {translate(language, command.summary)}"
        for command in TABLE
    ]
    return commands + [translate(language, line) for line in help_footer()]


async def run(
    command: Command, service: GameService, actor: Actor, chat: ChatRef, args: Args
) -> list[Event]:
    """Run one command with its option values, from whichever front end. A command that ends
    a game for good runs only with a yes (`confirm`); without one the service asks for it."""
    try:
        if command.confirm and not args.flag("confirm"):
            return await ask_yes(service, actor, chat, command.name, args.game(), args.slash)
        return await command.handler(service, actor, chat, args)
    except Misread:
        raise usage_refusal(command) from None
