"""Counted nouns for messages ("1 game", "3 games"), in the plural forms of the reader's
language (the catalogues' plural entries); the sentence around them takes the result."""

from __future__ import annotations

from bot.i18n import Text, plural


def games_count(count: int) -> Text:
    return plural("{count} game", "{count} games", count)


def entries_count(count: int) -> Text:
    return plural("{count} entry", "{count} entries", count)


def days_count(count: int) -> Text:
    return plural("{count} day", "{count} days", count)
