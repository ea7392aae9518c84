"""Discord's locales and the bot's languages: the one place that maps one to the other.

Discord names a client's language `pt-BR`, `it`, `en-US`...; the bot speaks pt, it and en.
A player's own choice (/language) wins over the client's locale: that is the service's
`language(actor)`, which reads the language given here only as a hint.
"""

from __future__ import annotations

import discord

from bot.i18n import DEFAULT_LANGUAGE

LANGUAGES = {
    discord.Locale.brazil_portuguese: "pt",
    discord.Locale.italian: "it",
}


def language_of_locale(locale: discord.Locale | str | None) -> str:
    """The bot's language for a Discord locale: pt for pt-BR, it for it, else English."""
    try:
        known = discord.Locale(str(locale)) if locale is not None else None
    except ValueError:
        return DEFAULT_LANGUAGE
    return LANGUAGES.get(known, DEFAULT_LANGUAGE) if known is not None else DEFAULT_LANGUAGE


def server_language(locale: discord.Locale | None) -> str | None:
    """The bot's language for a server's preferred locale (Discord's `guild_locale`), or None
    where it says nothing the bot can use (the first player's language is used then).

    en-US says nothing: it is what Discord sends for every server that is not a Community
    server (its preferred locale is only set there), so a Brazilian club's ordinary server
    reads en-US too. British English is a choice someone made."""
    if locale is None or locale is discord.Locale.american_english:
        return None
    if locale is discord.Locale.british_english:
        return DEFAULT_LANGUAGE
    return LANGUAGES.get(locale)
