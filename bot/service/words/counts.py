"""Counted nouns for messages ("1 game", "3 games"): the catalogues have no plural forms,
so the one and the many are two messages, and the sentence around them takes the result."""

from __future__ import annotations

from bot.i18n import Text, text


def games_count(count: int) -> Text:
    return text("1 game") if count == 1 else text("{count} games", count=count)


def entries_count(count: int) -> Text:
    return text("1 entry") if count == 1 else text("{count} entries", count=count)


def days_count(count: int) -> Text:
    return text("1 day") if count == 1 else text("{count} days", count=count)
