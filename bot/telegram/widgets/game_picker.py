"""Telegram's buttons after a bare `/new`: which game, then the computer's level.

Stateless like every button of this bot, so a question asked before a restart still works:
`ng:GAME` asks whom to play GAME against, `nc:GAME:LEVEL` starts GAME against the computer
at LEVEL (`nc:GAME` for a game whose computer has no levels; `nc:ludo`, written before Ludo's
computer had levels, starts at the default level). Whoever presses plays. A
challenge to a person stays typed (`/new GAME vs NAME`), as the question says. A typed
`/new GAME vs computer` starts at once at the default level, as it always did.
"""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.i18n import Text, text, translate, word
from bot.service.command_table.commands import CommandLine
from bot.service.kernel.families import family_of, game_title
from bot.service.kernel.words.levels import LEVEL_TEXTS
from games.base import find_game, game_kinds

GAME_PRESS, COMPUTER_PRESS = "ng", "nc"
# Games whose computer had no levels when earlier versions wrote their buttons (`nc:GAME`).
LEVELLED_SINCE = frozenset({"ludo"})


@dataclass(frozen=True)
class Pick:
    """A press of the picker: `start` a game against the computer, or ask for the level."""

    game: str
    level: str | None
    start: bool

    def command(self) -> CommandLine:
        """The typed command this press stands for."""
        words = (self.game, "vs", "computer", *((self.level,) if self.level else ()))
        return CommandLine("new", words, "/new " + " ".join(words))


def is_pick(data: str | None) -> bool:
    return bool(data) and (data or "").split(":", 1)[0] in (GAME_PRESS, COMPUTER_PRESS)


def decode_pick(data: str | None) -> Pick | None:
    """The pick a button's data describes, or None for data this bot never wrote."""
    head, _, rest = (data or "").partition(":")
    game, _, level = rest.partition(":")
    if head not in (GAME_PRESS, COMPUTER_PRESS) or game not in _game_keys():
        return None
    if head == GAME_PRESS:
        return None if level else Pick(game, None, start=False)
    if level != "" and (level not in LEVEL_TEXTS or not _has_levels(game)):
        return None
    if level == "" and _has_levels(game) and game not in LEVELLED_SINCE:
        return None
    return Pick(game, level or None, start=True)


def games_question(language: str | None) -> tuple[str, InlineKeyboardMarkup]:
    """The question after a bare /new and its buttons, one per game."""
    question = text("Which game? To challenge someone, write {/new} GAME {=vs} NAME.")
    rows = [
        [_button(language, game_title(kind.key), GAME_PRESS, kind.key)] for kind in game_kinds()
    ]
    return translate(language, question), InlineKeyboardMarkup(rows)


def opponent_question(game: str, language: str | None) -> tuple[str, InlineKeyboardMarkup]:
    """Whom to play `game` against: the computer at each level (the challenge of a person
    is typed)."""
    if not _has_levels(game):
        question = text(
            "{game} against the computer. To challenge someone, write {/new} {key} {=vs} NAME.",
            game=game_title(game),
            key=word(game),
        )
        button = _button(language, text("Against the computer"), COMPUTER_PRESS, game)
        return translate(language, question), InlineKeyboardMarkup([[button]])
    question = text(
        "{game} against the computer: pick its level. To challenge someone, write "
        "{/new} {key} {=vs} NAME.",
        game=game_title(game),
        key=word(game),
    )
    buttons = [
        _button(language, text("Computer ({level})", level=name), COMPUTER_PRESS, game, level)
        for level, name in LEVEL_TEXTS.items()
    ]
    return translate(language, question), InlineKeyboardMarkup([buttons[:2], buttons[2:]])


def _button(language: str | None, label: Text, *fields: str) -> InlineKeyboardButton:
    return InlineKeyboardButton(translate(language, label), callback_data=":".join(fields))


def _has_levels(game: str) -> bool:
    return family_of(find_game(game)).computer_levels()


def _game_keys() -> set[str]:
    return {kind.key for kind in game_kinds()}
