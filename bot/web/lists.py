"""The lists of games and tournaments on the pages (a tournament's, a player's, the index),
each linked where the service gave its id: a game the reader may see, signed; a tournament
of the reader's chat, signed, or an open one, unsigned. The words are only words: a name may
be "Eve #3"."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from bot.i18n import Text, translate
from bot.service.kernel.events import GameRow, TournamentPage, TournamentRow
from bot.settings import WebSettings
from bot.web.links import game_link, page_link
from bot.web.pages import said


def game_list(
    settings: WebSettings, language: str, rows: Sequence[GameRow], empty: Text, name: str
) -> str:
    """The games as a list (`name`: its id), or `empty` said when there are none."""
    if not rows:
        return said(language, empty)
    items = []
    for row in rows:
        line = escape(translate(language, row.text))
        if row.game_id is not None:
            link = escape(game_link(settings, row.game_id, language))
            line = f'<a href="{link}">{line}</a>'
        items.append(f"<li>{line}</li>")
    return f'<ul id="{name}">{"".join(items)}</ul>'


def tournament_list(
    settings: WebSettings, language: str, rows: Sequence[TournamentRow], empty: Text
) -> str:
    """The tournaments as a list, or `empty` said when there are none."""
    if not rows:
        return said(language, empty)
    items = []
    for row in rows:
        page = TournamentPage(row.tournament_id, row.open)
        link = page_link(settings, page)
        link = escape(f"{link}{'&' if '?' in link else '?'}lang={language}")
        items.append(f'<li><a href="{link}">{escape(translate(language, row.text))}</a></li>')
    return f'<ul id="tournaments">{"".join(items)}</ul>'
