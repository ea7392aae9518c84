"""Ratings on Telegram: the leaderboards as one HTML message (bold title, the ratings in
monospace so that the numbers line up)."""

from __future__ import annotations

import html

from bot.i18n import translate
from bot.service.ratings.views import (
    LEADERBOARD_HEADINGS,
    NOBODY,
    Leaderboards,
    Standing,
    leaderboard_title,
)


def _rows(rows: tuple[Standing, ...], language: str | None) -> str:
    if not rows:
        return html.escape(translate(language, NOBODY))
    return "\n".join(
        f"{row.place}. {html.escape(row.name)} <code>{row.shown}</code>" for row in rows
    )


def leaderboard_html(boards: Leaderboards, language: str | None) -> str:
    title = html.escape(translate(language, leaderboard_title(boards.pool)))
    here, everyone = (html.escape(translate(language, h)) for h in LEADERBOARD_HEADINGS)
    return (
        f"<b>{title}</b>\n<i>{here}</i>\n{_rows(boards.chat, language)}\n"
        f"<i>{everyone}</i>\n{_rows(boards.everyone, language)}"
    )
