"""Plain helpers of the Telegram front end: chats, people, origins, long texts."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from telegram import (
    Message,
    MessageEntity,
    Update,
    User,
)
from telegram.ext import (
    Application,
)

from bot.i18n import text
from bot.service.kernel.events import (
    Actor,
)
from bot.telegram.posting.delivery import (
    PLATFORM,
)
from storage import ChatRef, Identity

# python-telegram-bot's Application with its default bot, context and data types.
TelegramApplication = Application[Any, Any, Any, Any, Any, Any]

MAX_TEXT = 4096
USER_TOKEN = "tg:"
STALE_BOARD = text("This board is old: play on the newest one.")
BOARD_CHANGED = text("The board changed; here is the current one.")
# Where a notice names its reader: their name in a private message, a mention in a group.
NAME_SLOT = "\x00name\x00"
# The updates the bot asks Telegram for: messages, presses, and being blocked or removed.
UPDATE_KINDS = [Update.MESSAGE, Update.CALLBACK_QUERY, Update.MY_CHAT_MEMBER]


@dataclass(frozen=True)
class Origin:
    """Where a command or press came from and whom to answer, in which language."""

    chat: ChatRef
    actor: Actor
    language: str | None
    private: bool
    reply_to: int | None = None


def actor_of(user: User) -> Actor:
    return Actor(PLATFORM, str(user.id), user.full_name, user.language_code)


def chat_ref(chat_id: int | str) -> ChatRef:
    return ChatRef(PLATFORM, str(chat_id))


def is_private(chat: ChatRef) -> bool:
    # Telegram gives private chats positive ids (the person's own id), groups negative ones.
    return not chat.chat_id.startswith("-")


def mention_link(account: Identity) -> str:
    """A mention of a Telegram account in HTML (it notifies the person)."""
    return f'<a href="tg://user?id={account.user_id}">{html.escape(account.display_name)}</a>'


def chunks(lines: Sequence[str]) -> list[str]:
    """Lines joined into messages of at most Telegram's 4096 characters."""
    messages: list[str] = []
    current = ""
    for line in lines:
        for start in range(0, max(len(line), 1), MAX_TEXT):
            piece = line[start : start + MAX_TEXT]
            if current and len(current) + 1 + len(piece) > MAX_TEXT:
                messages.append(current)
                current = piece
            else:
                current = f"{current}\n{piece}" if current else piece
    if current:
        messages.append(current)
    return messages


def with_user_tokens(message: Message) -> str:
    """The message text with each mention of a user without a username (a text_mention,
    which may span several words) replaced by one word `tg:ID` the opponent resolver reads."""
    # A document's command is its caption (/review sent with a PDN file).
    content = message.text if message.text is not None else message.caption or ""
    entities = message.entities if message.text is not None else message.caption_entities
    mentions = [
        entity
        for entity in entities
        if entity.type == MessageEntity.TEXT_MENTION and entity.user is not None
    ]
    # Entity offsets count UTF-16 code units.
    encoded = content.encode("utf-16-le")
    for entity in sorted(mentions, key=lambda item: item.offset, reverse=True):
        assert entity.user is not None
        token = f"{USER_TOKEN}{entity.user.id}".encode("utf-16-le")
        start, end = entity.offset * 2, (entity.offset + entity.length) * 2
        encoded = encoded[:start] + token + encoded[end:]
    return encoded.decode("utf-16-le")
