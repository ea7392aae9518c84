"""The addresses of the pages, signed, for the chats (a board's message, /tournament show)."""

from __future__ import annotations

from urllib.parse import quote

from bot.web.settings import WebSettings
from bot.web.signing import game_subject, player_subject, sign, tournament_subject


def game_link(settings: WebSettings, game_id: int, language: str | None = None) -> str:
    """The game's page, in `language` (None: the reader's browser's)."""
    link = f"{settings.url}/game/{game_id}?t={sign(settings.secret, game_subject(game_id))}"
    return f"{link}&lang={language}" if language else link


def tournament_link(settings: WebSettings, tournament_id: int) -> str:
    token = sign(settings.secret, tournament_subject(tournament_id))
    return f"{settings.url}/tournament/{tournament_id}?t={token}"


def player_link(settings: WebSettings, platform: str, user_id: str) -> str:
    token = sign(settings.secret, player_subject(platform, user_id))
    return f"{settings.url}/player/{quote(platform)}/{quote(user_id)}?t={token}"


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
