"""What a chat chose for itself: the side its boards between people are drawn from (/flip),
and the language of its public messages."""

from __future__ import annotations

from bot.i18n import text
from bot.service.capability import Capability
from bot.service.events import Actor, Event, Reply
from storage import ChatRef


class ChatChoices(Capability):
    async def flip(self, actor: Actor, chat: ChatRef) -> list[Event]:
        """Turn the chat's boards between people around (White's side is the default); the
        next board shows it. Boards read privately stay on the reader's side."""
        flipped = not await self.flipped(chat)
        await self.core.store.set_chat_flipped(chat.platform, chat.chat_id, flipped)
        if flipped:
            return [Reply(text("Boards between people in this chat now show Black's side."))]
        return [Reply(text("Boards between people in this chat now show White's side."))]

    async def flipped(self, chat: ChatRef) -> bool:
        return await self.core.store.chat_flipped(chat.platform, chat.chat_id)

    async def chat_language(self, chat: ChatRef, actor_language: str | None) -> str | None:
        """The language of the chat's public messages (boards, challenges): the language of
        the first person who played there, so that a board between a Portuguese and an
        Italian player does not change language every move. Private messages use the
        reader's own."""
        return await self.core.store.chat_language(chat.platform, chat.chat_id, actor_language)
