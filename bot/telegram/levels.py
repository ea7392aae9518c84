"""Telegram's level buttons: `/new GAME vs computer` without a level asks for one.

The typed command waits in memory under the question; a press of a level runs it with that
level. Only its author may choose. After a restart (or once many questions came later) the
question is stale and the command is typed again; a level typed with the command needs no
question.
"""

from __future__ import annotations

from collections import OrderedDict
from contextlib import suppress
from functools import partial

from telegram import Bot, CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup
from telegram.error import TelegramError

from bot.i18n import Text, text, translate
from bot.service.commands import Command
from bot.service.dispatch import COMPUTER_WORDS
from bot.service.levels import LEVEL_TEXTS, is_level_option, level_word
from bot.telegram.delivery import Pacing, with_retries
from games.base import find_game
from storage import ChatRef

LEVEL_PRESS = "l:"
# Questions remembered at once; the oldest is forgotten first.
REMEMBERED_QUESTIONS = 1000
QUESTION = text("At which level shall the computer play?")
STALE_QUESTION = text("This question is old: type the command again.")
NOT_YOURS = text("This choice is for the one who asked for the game.")


def wants_level(command: Command) -> bool:
    """Whether a command starts a draughts game against the computer without naming a level
    (Ludo's computers have no levels)."""
    if command.name != "new" or not command.args:
        return False
    words = [word.lower() for word in command.args]
    if not COMPUTER_WORDS & set(words):
        return False
    if any(level_word(word) or is_level_option(word) for word in words):
        return False
    try:
        return find_game(command.args[0]).key != "ludo"
    except KeyError:
        return False  # the service names the games


def is_level_press(data: str | None) -> bool:
    return bool(data and data.startswith(LEVEL_PRESS))


class LevelQuestions:
    """The questions asked and the commands that wait for their answers."""

    def __init__(self, bot: Bot, pacing: Pacing) -> None:
        self.bot = bot
        self.pacing = pacing
        self._waiting: OrderedDict[tuple[str, int], tuple[str, Command]] = OrderedDict()

    async def ask(
        self, chat: ChatRef, user_id: str, command: Command, language: str | None
    ) -> None:
        buttons = [
            InlineKeyboardButton(translate(language, name), callback_data=LEVEL_PRESS + level)
            for level, name in LEVEL_TEXTS.items()
        ]
        sent = await with_retries(
            partial(
                self.bot.send_message,
                chat.chat_id,
                translate(language, QUESTION),
                reply_markup=InlineKeyboardMarkup([buttons]),
            ),
            self.pacing,
        )
        self._waiting[(chat.chat_id, sent.message_id)] = (user_id, command)
        while len(self._waiting) > REMEMBERED_QUESTIONS:
            self._waiting.popitem(last=False)

    async def chosen(self, query: CallbackQuery, chat: ChatRef) -> Command | Text:
        """The waiting command with the pressed level, or why the press does nothing. The
        question loses its buttons once answered."""
        message = query.message
        level = (query.data or "").removeprefix(LEVEL_PRESS)
        key = (chat.chat_id, message.message_id if message is not None else -1)
        waiting = self._waiting.get(key)
        if waiting is None or level not in LEVEL_TEXTS:
            return STALE_QUESTION
        user_id, command = waiting
        if user_id != str(query.from_user.id):
            return NOT_YOURS
        del self._waiting[key]
        with suppress(TelegramError):  # the buttons of an answered question do nothing anyway
            await with_retries(
                partial(
                    self.bot.edit_message_reply_markup, chat.chat_id, key[1], reply_markup=None
                ),
                self.pacing,
            )
        return Command(command.name, (*command.args, level), command.raw)
