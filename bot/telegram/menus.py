"""Telegram's command menus and the bot's descriptions, in Portuguese, Italian and English:
per language (the person's Telegram language picks one; English is the default for the
others) and per scope (private chats list every command; groups leave out the settings of
one's own). Set at start only where they differ from what Telegram already has, so that a
restart costs a few reads."""

from __future__ import annotations

import logging
from functools import partial

from telegram import (
    Bot,
    BotCommand,
    BotCommandScope,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
)
from telegram.error import TelegramError

from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES, text, translate
from bot.service.command_table.table import TABLE
from bot.telegram.posting.delivery import with_retries
from bot.telegram.sending.budget import Pacing

logger = logging.getLogger(__name__)

# Each language's place in a command's `names` (English, Portuguese, Italian).
NAME_INDEX = {"en": 0, "pt": 1, "it": 2}
# A person's own settings: in his private chat with the bot, not in a group's menu.
PERSONAL = frozenset({"vacation", "remind", "link"})
MAX_DESCRIPTION = 256  # of a command in a menu
# What Telegram shows in the bot's empty chat (at most 512) and on its profile (120).
DESCRIPTION = text(
    "Draughts (Brazilian, International, Italian) and Ludo: play in this chat or in your "
    "club's group, against the computer or each other, live or by correspondence, with "
    "ratings and tournaments. Start with {/new} or press Start."
)
SHORT_DESCRIPTION = text("Draughts and Ludo with your club: against the computer or each other.")


def menu(language: str, group: bool) -> list[BotCommand]:
    """The menu of `language` for groups or private chats."""
    return [
        BotCommand(
            command.names[NAME_INDEX[language]],
            translate(language, command.summary)[:MAX_DESCRIPTION],
        )
        for command in TABLE
        if not (group and command.name in PERSONAL)
    ]


async def publish(bot: Bot, pacing: Pacing) -> None:
    """Every menu and description that differs from what Telegram has; a failure is logged
    (the commands work without a menu) and the next start tries again."""
    for language in LANGUAGES:
        code = None if language == DEFAULT_LANGUAGE else language
        try:
            await _menus(bot, pacing, language, code)
            await _descriptions(bot, pacing, language, code)
        except TelegramError as error:
            logger.warning("the %s command menus were not set: %s", language, error)


async def _menus(bot: Bot, pacing: Pacing, language: str, code: str | None) -> None:
    scopes: tuple[tuple[BotCommandScope, bool], ...] = (
        (BotCommandScopeAllPrivateChats(), False),
        (BotCommandScopeAllGroupChats(), True),
    )
    for scope, group in scopes:
        wanted = menu(language, group)
        current = await bot.get_my_commands(scope=scope, language_code=code)
        if [(c.command, c.description) for c in current] != [
            (c.command, c.description) for c in wanted
        ]:
            await with_retries(
                partial(bot.set_my_commands, wanted, scope=scope, language_code=code), pacing
            )


async def _descriptions(bot: Bot, pacing: Pacing, language: str, code: str | None) -> None:
    description = translate(language, DESCRIPTION)
    if (await bot.get_my_description(language_code=code)).description != description:
        await with_retries(partial(bot.set_my_description, description, language_code=code), pacing)
    short = translate(language, SHORT_DESCRIPTION)
    if (await bot.get_my_short_description(language_code=code)).short_description != short:
        await with_retries(partial(bot.set_my_short_description, short, language_code=code), pacing)
