"""The addresses of the pages, signed, for the chats (a board's message, /tournament show)."""

from __future__ import annotations

from urllib.parse import quote

from bot.i18n import Text, text
from bot.service.kernel.events import (
    ChatPage,
    PlayerPage,
    Reply,
    SignInPage,
    TournamentPage,
    WebPage,
)
from bot.settings import WebSettings
from bot.web.signing import chat_subject, game_subject, player_subject, sign, tournament_subject
from storage import ChatRef


def game_link(settings: WebSettings, game_id: int, language: str | None = None) -> str:
    """The game's page, in `language` (None: the reader's browser's)."""
    link = f"{settings.url}/game/{game_id}?t={sign(settings.secret, game_subject(game_id))}"
    return f"{link}&lang={language}" if language else link


def tournament_link(settings: WebSettings, tournament_id: int) -> str:
    token = sign(settings.secret, tournament_subject(tournament_id))
    return f"{settings.url}/tournament/{tournament_id}?t={token}"


def page_link(settings: WebSettings, page: WebPage) -> str:
    """The address of a reply's page for the chats: an open tournament's unsigned (anyone
    may see it), the others signed."""
    if isinstance(page, PlayerPage):
        return player_link(settings, page.platform, page.user_id, page.chat)
    if isinstance(page, ChatPage):
        return chat_link(settings, page.chat)
    if isinstance(page, SignInPage):
        return f"{settings.url}/signin?key={page.key}"
    if page.open:
        return f"{settings.url}/tournament/{page.tournament_id}"
    return tournament_link(settings, page.tournament_id)


NO_PAGES = text("This bot has no web pages: its organiser has not set WEB_URL.")


def reply_text(settings: WebSettings | None, reply: Reply) -> Text:
    """A reply's words, but where the bot serves no pages a sign-in link's (/web), whose
    link there is none: that it has no pages."""
    if settings is None and isinstance(reply.page, SignInPage):
        return NO_PAGES
    return reply.text


def page_label(page: WebPage) -> Text:
    """The words of a link to a reply's page (a button's label)."""
    if isinstance(page, TournamentPage):
        return text("Tournament page")
    if isinstance(page, ChatPage):
        return text("Chat page")
    if isinstance(page, SignInPage):
        return text("Sign in to the web pages")
    return text("Player page")


def player_link(
    settings: WebSettings, platform: str, user_id: str, chat: ChatRef | None = None
) -> str:
    """A player's page; given in `chat`, it links the games that chat may see."""
    token = sign(settings.secret, player_subject(platform, user_id, chat))
    link = f"{settings.url}/player/{quote(platform)}/{quote(user_id)}?t={token}"
    return f"{link}&chat={chat_parameter(chat)}" if chat is not None else link


def chat_link(settings: WebSettings, chat: ChatRef) -> str:
    """The chat's page (the site's index, as that chat sees it)."""
    token = sign(settings.secret, chat_subject(chat))
    return f"{settings.url}/?chat={chat_parameter(chat)}&t={token}"


def chat_parameter(chat: ChatRef) -> str:
    """A chat in an address: "telegram:-100123" (a platform's name has no colon)."""
    return quote(f"{chat.platform}:{chat.chat_id}", safe="")


def mini_app_link(settings: WebSettings, game_id: int) -> str:
    """The Mini App's address for a web_app button (a private chat)."""
    return f"{settings.url}/app?game={game_id}"


def start_parameter(settings: WebSettings, game_id: int) -> str:
    """`startapp` of a t.me link: the game and its token (A-Z a-z 0-9 _ -, up to 512)."""
    return f"{game_id}-{sign(settings.secret, game_subject(game_id))}"


def direct_link(settings: WebSettings, game_id: int) -> str | None:
    """t.me/BOT/APP?startapp=GAME-TOKEN for a group, where web_app buttons are refused;
    None without the bot's and the Mini App's names."""
    if not settings.bot_name or not settings.app_name:
        return None
    start = start_parameter(settings, game_id)
    return f"https://t.me/{settings.bot_name}/{settings.app_name}?startapp={start}"
