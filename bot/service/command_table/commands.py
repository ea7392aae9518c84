"""Typed lines to commands of the table (bot/service/command_table/): "/move 32-28",
"/jogar@damas_bot c3-d4", a bare "32-28" (a move) or "ajuda" (help)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import Text, quote, text
from bot.service.command_table.games import NEW
from bot.service.command_table.play import MOVE
from bot.service.command_table.table import BY_WORD, HELP
from bot.service.command_table.words import HUFF_WORDS
from games.base import find_game


@dataclass(frozen=True)
class CommandLine:
    """A parsed command line: the command's English name and its words."""

    name: str
    args: tuple[str, ...]
    raw: str


class CommandError(Exception):
    """A line that is not a command we know, with the reason for people."""

    def __init__(self, reason: Text) -> None:
        super().__init__(reason.message)
        self.reason = reason


def _names_a_game(word: str) -> bool:
    """Whether a typed /move names a game instead ("/jogar brasileira": play Brazilian); a
    huff ("soffio") is a move although it also names the familiar game."""
    if word.lower() in HUFF_WORDS:
        return False
    try:
        find_game(word)
    except KeyError:
        return False
    return True


def parse_command(line: str, *, extra: tuple[str, ...] = ()) -> CommandLine:
    """The command of a line such as "/move 32-28" or "/jogar@damas_bot c3-d4".

    A line without a leading slash is a move ("32-28"). `extra` names commands the front end
    handles itself (the console's /as and /png), returned as they are."""
    words = line.split()
    if not words:
        raise CommandError(text("Type a command, for example {/help}."))
    if not words[0].startswith("/"):
        if len(words) == 1 and BY_WORD.get(words[0].lower()) is HELP:
            return CommandLine(HELP.name, (), line)  # "ajuda", "aiuto": people ask for help so
        return CommandLine(MOVE.name, tuple(words), line)
    head = words[0][1:].split("@", 1)[0].lower()
    args = tuple(words[1:])
    if head in extra:
        return CommandLine(head, args, line)
    command = BY_WORD.get(head)
    if command is None:
        raise CommandError(
            text("Unknown command /{name}. Type {/help} for the commands.", name=quote(head))
        )
    if command is MOVE and not args:
        return CommandLine(HELP.name, (), line)  # a bare /play or /jogar: how to start
    if command is MOVE and _names_a_game(args[0]):
        return CommandLine(NEW.name, args, line)
    return CommandLine(command.name, args, line)
