"""The buttons that open the web companion (docs/web.md), when WEB_URL is set.

The button under a board that opens the web companion (docs/web.md), when WEB_URL is set:
in a private chat the Mini App itself (a web_app button: Telegram allows them only there), in
a group the Mini App's t.me link (or, without its names, the game's page); under a finished
game its page, to replay it. Under an answer about something with a page of its own
(/tournament show, /profile), a link to that page."""

from __future__ import annotations

from collections.abc import Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from bot.i18n import text, translate
from bot.service.kernel.events import Event, GameState, Reply
from bot.settings import WebSettings
from bot.telegram.chats import is_private
from bot.web.links import direct_link, game_link, mini_app_link, page_label, page_link
from storage import ChatRef


def web_opening(
    web: WebSettings | None, state: GameState, chat: ChatRef, language: str | None
) -> InlineKeyboardButton | None:
    if web is None:
        return None
    if not state.active:
        label = translate(language, text("Replay on the web"))
        return InlineKeyboardButton(label, url=game_link(web, state.id, language))
    if is_private(chat) and web.telegram_token:
        label = translate(language, text("Play in the app"))
        return InlineKeyboardButton(label, web_app=WebAppInfo(mini_app_link(web, state.id)))
    link = direct_link(web, state.id)
    if link is not None:
        return InlineKeyboardButton(translate(language, text("Open in the app")), url=link)
    label = translate(language, text("Watch on the web"))
    return InlineKeyboardButton(label, url=game_link(web, state.id, language))


def page_buttons(
    web: WebSettings | None, events: Sequence[Event], language: str | None
) -> InlineKeyboardMarkup | None:
    """A url button to each page the replies among `events` are about."""
    if web is None:
        return None
    buttons = [
        [InlineKeyboardButton(translate(language, page_label(e.page)), url=page_link(web, e.page))]
        for e in events
        if isinstance(e, Reply) and e.page is not None
    ]
    return InlineKeyboardMarkup(buttons) if buttons else None
