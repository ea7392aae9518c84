"""What the Telegram front end knows of people and chats, and how it writes to them."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import partial
from typing import Any

from telegram import (
    CallbackQuery,
    InlineKeyboardMarkup,
    User,
)
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError
from telegram.ext import ExtBot

from bot.i18n import Text, text, translate
from bot.recent import REMEMBERED_CHATS, REMEMBERED_PEOPLE, Recent
from bot.service.game_service import GameService
from bot.service.kernel.events import (
    Actor,
    ServiceError,
)
from bot.telegram.chats import (
    USER_TOKEN,
    actor_of,
    chunks,
    is_private,
)
from bot.telegram.posting.delivery import (
    PLATFORM,
    with_retries,
)
from bot.telegram.sending.budget import Pacing
from storage import ChatRef, Identity

logger = logging.getLogger(__name__)


class People:
    """One bot account's people and chats: the service and the bot it writes with, what it
    knows of people and chats, and how it writes to them. Every part of the front end is
    built with it."""

    def __init__(self, service: GameService, bot: ExtBot[Any], pacing: Pacing) -> None:
        self.service = service
        self.bot = bot
        self.pacing = pacing
        self.users: Recent[str, Actor] = Recent(REMEMBERED_PEOPLE)
        self.usernames: Recent[str, str] = Recent(REMEMBERED_PEOPLE)
        self.chat_languages: Recent[str, str | None] = Recent(REMEMBERED_CHATS)
        # The private chats registered with the service since the start (once is enough).
        self.private_chats: Recent[str, bool] = Recent(REMEMBERED_PEOPLE)

    # -- people --------------------------------------------------------------------------------

    def remember(self, user: User) -> Actor:
        """The actor of a user, kept so that `vs @username` can name them later."""
        actor = actor_of(user)
        self.users[actor.user_id] = actor
        if user.username:
            self.usernames[user.username.lower()] = actor.user_id
        return actor

    async def resolve_opponent(self, name: str) -> Actor | None:
        if name.startswith(USER_TOKEN):
            known = self.users.get(name[len(USER_TOKEN) :])
        else:
            user_id = self.usernames.get(name.lstrip("@").lower())
            known = self.users.get(user_id) if user_id else None
        if known is None:
            raise ServiceError(
                text("I do not know {name} yet: ask them to write in this chat first.", name=name)
            )
        return known

    async def register_private_chat(self, actor: Actor, chat: ChatRef) -> None:
        if chat.chat_id not in self.private_chats:
            await self.service.identities.register_private_chat(actor, chat.chat_id)
            self.private_chats[chat.chat_id] = True

    def learn_private_language(self, chat: ChatRef, language: str | None) -> None:
        """A private chat's boards speak its person's language (`language`). A group's are
        the service's to say (`chat_language`): whoever writes there teaches it nothing."""
        if is_private(chat):
            self.chat_languages[chat.chat_id] = language

    def forget_chat_language(self, chat: ChatRef) -> None:
        """The chat's administrators chose another language: ask the service again."""
        self.chat_languages.pop(chat.chat_id, None)

    async def administers(self, chat: ChatRef, actor: Actor) -> bool:
        """Whether the person is the owner or an administrator of the chat (everyone is in
        their own private chat); asked of Telegram each time: admins come and go."""
        if is_private(chat):
            return True
        try:
            member = await with_retries(
                partial(self.bot.get_chat_member, chat.chat_id, int(actor.user_id)), self.pacing
            )
        except TelegramError as error:
            logger.info("chat %s: who administers it is unknown: %s", chat.chat_id, error)
            return False
        return member.status in (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)

    async def chat_language(self, chat: ChatRef) -> str | None:
        """The language public messages of a chat are written in: a group's is stored (its
        admins' choice, else its first player's), so that it holds after a restart too; asked
        again until it is known, as the next move there may be its first player's."""
        known = self.chat_languages.get(chat.chat_id)
        if known is None and not is_private(chat):
            known = await self.service.chats.chat_language(chat)
            if known is not None:
                self.chat_languages[chat.chat_id] = known
        return known

    async def account(self, player_id: int) -> Identity | None:
        """The player's Telegram account, if they have one."""
        contacts = await self.service.identities.contacts(player_id)
        return next((account for account in contacts if account.platform == PLATFORM), None)

    async def say(
        self,
        chat: ChatRef,
        lines: Sequence[Text],
        language: str | None,
        reply_to: int | None = None,
        keyboard: InlineKeyboardMarkup | None = None,
    ) -> None:
        """`lines` in as few messages as fit; `keyboard` under the last."""
        parts = chunks([translate(language, line) for line in lines])
        for number, part in enumerate(parts, start=1):
            try:
                await with_retries(
                    partial(
                        self.bot.send_message,
                        chat.chat_id,
                        part,
                        reply_to_message_id=reply_to,
                        allow_sending_without_reply=True,
                        reply_markup=keyboard if number == len(parts) else None,
                    ),
                    self.pacing,
                )
            except TelegramError as error:
                logger.warning("a message to chat %s was not delivered: %s", chat.chat_id, error)

    async def answer(self, query: CallbackQuery, reason: Text | None, language: str | None) -> None:
        """Answer a press (Telegram shows a spinner until then), with a short notice or not."""
        notice = translate(language, reason)[:200] if reason is not None else None
        try:
            await with_retries(lambda: query.answer(notice), self.pacing)
        except TelegramError as error:
            # Too late (Telegram's answer window passed) or unreachable: the press itself is
            # still handled, only its spinner stays a little longer.
            logger.info("a press could not be answered: %s", error)
