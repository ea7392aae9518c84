"""Signed links: a page of a game, a tournament, a player or a chat the reader may not see
without one opens only with the token the bot gave where the reader could see it (a chat of
the game, the chat itself)."""

from __future__ import annotations

import hashlib
import hmac
import json

from storage import ChatRef

TOKEN_CHARACTERS = 32


def sign(secret: bytes, what: str) -> str:
    """The token of `what` ("game:12"): hex, so that it fits a URL and Telegram's startapp."""
    digest = hmac.new(secret, what.encode(), hashlib.sha256).hexdigest()
    return digest[:TOKEN_CHARACTERS]


def signed(secret: bytes, what: str, token: str | None) -> bool:
    """Whether `token` is the one of `what` (anything else, a token of other characters too,
    is not)."""
    return token is not None and token.isascii() and hmac.compare_digest(sign(secret, what), token)


def game_subject(game_id: int) -> str:
    return f"game:{game_id}"


def tournament_subject(tournament_id: int) -> str:
    return f"tournament:{tournament_id}"


def player_subject(platform: str, user_id: str, chat: ChatRef | None = None) -> str:
    """A player's page; given in `chat`, the page of him as that chat sees him (its games
    linked). The chat's fields are written as JSON: no user id can end like a chat."""
    if chat is None:
        return f"player:{platform}:{user_id}"
    return "player-in-chat:" + json.dumps([platform, user_id, chat.platform, chat.chat_id])


def chat_subject(chat: ChatRef) -> str:
    """A chat's page: its live games and tournaments."""
    return "chat:" + json.dumps([chat.platform, chat.chat_id])
