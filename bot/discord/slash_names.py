"""The words of the slash commands in three languages: their names (the Portuguese and Italian
aliases of the typed commands, bot/service/commands.py), their options' names, descriptions
and choices (catalogue messages through `bot.i18n.translate`, English where a translation is
missing), given to Discord by `CatalogueTranslator`; and /help's list of them."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.discord.locales import LANGUAGES
from bot.i18n import Text, translate
from bot.service.commands import COMMANDS, CommandSpec
from bot.service.families import family_of
from games.base import find_game

GAMES = ("brazilian", "international", "italian", "italian-familiar", "ludo")

# The slash command of each typed command, and its name in Portuguese and Italian (aliases
# of the typed command, so that both ways of playing share their words).
SLASH_NAMES: dict[str, tuple[str, str, str]] = {
    "new": ("new", "novo", "nuovo"),
    "accept": ("accept", "aceitar", "accetta"),
    "decline": ("decline", "recusar", "rifiuta"),
    "begin": ("begin", "iniciar", "inizia"),
    "move": ("move", "jogar", "muovi"),
    "roll": ("roll", "rolar", "lancia"),
    "board": ("board", "tabuleiro", "tavoliere"),
    "moves": ("moves", "lances", "mosse"),
    "games": ("games", "partidas", "partite"),
    "resign": ("resign", "desistir", "abbandona"),
    "claim": ("claim", "reclamar", "reclama"),
    "abort": ("abort", "abortar", "annulla"),
    "history": ("history", "historico", "storia"),
    "vacation": ("vacation", "ferias", "vacanza"),
    "remind": ("remind", "lembretes", "promemoria"),
    "link": ("link", "vincular", "collega"),
    "draw": ("draw", "empate", "patta"),
    "pdn": ("pdn", "exportar", "esporta"),
    "flip": ("flip", "girar", "ruota"),
    "lang": ("language", "idioma", "lingua"),
    "help": ("help", "ajuda", "aiuto"),
    "profile": ("profile", "perfil", "profilo"),
    "top": ("top", "ranking", "classifica"),
    "tournament": ("tournament", "torneio", "torneo"),
}

# The options of the slash commands in Portuguese and Italian (Discord's option names:
# lowercase, no spaces).
OPTION_NAMES: dict[str, tuple[str, str]] = {
    "game": ("jogo", "gioco"),
    "opponent": ("adversário", "avversario"),
    "computer": ("computador", "computer"),
    "level": ("nível", "livello"),
    "side": ("lado", "colore"),
    "players": ("jogadores", "giocatori"),
    "options": ("opções", "opzioni"),
    "thread": ("tópico", "discussione"),
    "challenge": ("desafio", "sfida"),
    "move": ("lance", "mossa"),
    "answer": ("resposta", "risposta"),
    "language": ("idioma", "lingua"),
    "player": ("jogador", "giocatore"),
    "pace": ("ritmo", "ritmo"),
    "days": ("dias", "giorni"),
    "on": ("ligados", "attivi"),
    "code": ("código", "codice"),
    "action": ("ação", "azione"),
    "tournament": ("torneio", "torneo"),
    "partner": ("parceiro", "compagno"),
    "channel": ("canal", "canale"),
}
OPTION_LANGUAGES = ("pt", "it")


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
        if context.location is app_commands.TranslationContextLocation.command_name:
            name = string.extras.get(language)
            return str(name) if name else None
        if context.location is app_commands.TranslationContextLocation.parameter_name:
            names = OPTION_NAMES.get(string.message)
            return names[OPTION_LANGUAGES.index(language)] if names else None
        translated = translate(language, string.extras.get("text", string.message))
        return translated[:100] if translated != string.message else None


def _spec(name: str) -> CommandSpec:
    return next(spec for spec in COMMANDS if spec.name == name)


def command_name(command: str) -> locale_str:
    english, portuguese, italian = SLASH_NAMES[command]
    return locale_str(english, pt=portuguese, it=italian)


def menu_text(message: Text) -> locale_str:
    """A description or choice name: its catalogue message, translated on demand."""
    return locale_str(translate(None, message), text=message)


def command_description(command: str) -> locale_str:
    return menu_text(_spec(command).summary)


def game_kind_choices() -> list[app_commands.Choice[str]]:
    choices = []
    for key in GAMES:
        kind = find_game(key)
        choices.append(app_commands.Choice(name=menu_text(family_of(kind).title(kind)), value=key))
    return choices


def slash_help(
    commands: list[app_commands.Command[Any, Any, Any]], language: str | None
) -> list[str]:
    """Discord's own commands with their options, in the reader's language:
    "/jogar lance [jogo] - ..." (optional options in brackets)."""
    by_english = {english: names for english, *names in SLASH_NAMES.values()}
    place = OPTION_LANGUAGES.index(language) if language in OPTION_LANGUAGES else None
    lines = []
    for command in commands:
        names = by_english.get(command.name)
        name = names[place] if names and place is not None else command.name
        words = []
        for parameter in command.parameters:
            option = OPTION_NAMES.get(parameter.name)
            shown = option[place] if option and place is not None else parameter.name
            words.append(shown if parameter.required else f"[{shown}]")
        summary = translate(language, _spec_of(command.name).summary)
        lines.append(" ".join([f"/{name}", *words, "-", summary]))
    return lines


def _spec_of(english: str) -> CommandSpec:
    typed = next(key for key, (name, _, _) in SLASH_NAMES.items() if name == english)
    return _spec(typed)
