"""The words of the slash commands in three languages, from the command table: their names
(`Command.names`), their options' names (`Option.names`), descriptions and choices (catalogue
messages through `bot.i18n.translate`, English where a translation is missing), given to
Discord by `CatalogueTranslator`; and /help's list of them."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord.locales import LANGUAGES
from bot.i18n import Text, translate
from bot.service.command_table.entry import Command
from bot.service.command_table.spec import Option
from bot.service.command_table.table import TABLE

# The languages of the names after English, in the order of `Command.names`.
NAME_LANGUAGES = ("pt", "it")


class CatalogueTranslator(app_commands.Translator):
    """Portuguese and Italian for Discord's command menus."""

    async def translate(
        self,
        string: locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = LANGUAGES.get(locale)
        if language is None:
            return None
        if context.location in (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
            app_commands.TranslationContextLocation.parameter_name,
        ):
            name = string.extras.get(language)
            return str(name) if name else None
        translated = translate(language, string.extras.get("text", string.message))
        return translated[:100] if translated != string.message else None


def command_name(command: Command) -> locale_str:
    english, portuguese, italian = command.names
    return locale_str(english, pt=portuguese, it=italian)


def option_name(option: Option) -> locale_str:
    portuguese, italian = option.names
    return locale_str(option.name, pt=portuguese, it=italian)


def slash_options(command: Command) -> tuple[Option, ...]:
    """A command's options in Discord's order: the required ones first (Discord's rule),
    else as declared (as typed)."""
    return tuple(sorted(command.options, key=lambda option: not option.required))


def menu_text(message: Text) -> locale_str:
    """A description or choice name: its catalogue message, translated on demand."""
    return locale_str(translate(None, message), text=message)


def slash_help(language: str | None) -> list[str]:
    """Discord's own commands with their options, in the reader's language:
    "/jogar lance [jogo] - ..." (optional options in brackets)."""
    place = NAME_LANGUAGES.index(language) + 1 if language in NAME_LANGUAGES else 0
    lines = []
    for command in TABLE:
        words = []
        for option in slash_options(command):
            shown = (option.name, *option.names)[place]
            words.append(shown if option.required else f"[{shown}]")
        summary = translate(language, command.summary)
        lines.append(" ".join([f"/{command.names[place]}", *words, "-", summary]))
    return lines
