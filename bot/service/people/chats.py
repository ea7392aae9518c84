"""What a chat chose for itself: the side its boards between people are drawn from (/flip),
and the language of its public messages (/lang chat)."""

from __future__ import annotations

from bot.i18n import language_of, text
from bot.service.kernel.capability import Capability
from bot.service.kernel.events import Actor, Event, Reply, ServiceError
from bot.service.kernel.kernel import Kernel
from storage import ChatRef, ChatStore

CHAT_LANGUAGE_SET = {
    "pt": text("This chat's boards and public messages are in Portuguese now."),
    "it": text("This chat's boards and public messages are in Italian now."),
    "en": text("This chat's boards and public messages are in English now."),
}


class ChatChoices(Capability):
    def __init__(self, kernel: Kernel, chats: ChatStore) -> None:
        super().__init__(kernel)
        self.chats = chats

    # A command: anyone in the chat may turn its boards.
    async def flip(self, actor: Actor, chat: ChatRef) -> list[Event]:  # noqa: ARG002
        """Turn the chat's boards between people around (White's side is the default); the
        next board shows it. Boards read privately stay on the reader's side."""
        flipped = not await self.flipped(chat)
        await self.chats.set_chat_flipped(chat.platform, chat.chat_id, flipped)
        if flipped:
            return [Reply(text("Boards between people in this chat now show Black's side."))]
        return [Reply(text("Boards between people in this chat now show White's side."))]

    async def flipped(self, chat: ChatRef) -> bool:
        return await self.chats.chat_flipped(chat.platform, chat.chat_id)

    async def chat_language(self, chat: ChatRef, place_language: str | None = None) -> str | None:
        """The language of the chat's public messages (boards, challenges): the one its
        administrators chose (/lang chat), else the platform's for the place (`place_language`:
        a Discord server's locale), else the language of the first person who played there
        (first_players.py: a game or a move, not /help), so that a board between a Portuguese
        and an Italian player does not change language every move; None until one of these
        is known. Private messages use the reader's own."""
        chosen = await self.chats.chosen_chat_language(chat.platform, chat.chat_id)
        if chosen is not None:
            return chosen
        # The place's language is kept as the chat's first one when it has none yet, so that
        # a restart that posts there before anyone acts still writes in it.
        kept = await self.chats.chat_language(chat.platform, chat.chat_id, place_language)
        return place_language or kept

    async def set_chat_language(  # whether the actor may: `administrator`, from the platform
        self,
        actor: Actor,  # noqa: ARG002
        chat: ChatRef,
        choice: str,
        administrator: bool,
    ) -> list[Event]:
        """Choose the language of the chat's public messages for everyone; only for its
        administrators (`administrator`: the front end asked the platform)."""
        language = language_of(choice)
        if language is None:
            raise ServiceError(text("Languages: pt (português), it (italiano), en (English)."))
        if not administrator:
            raise ServiceError(
                text(
                    "Only an administrator of this chat (on Discord, a member who may manage "
                    "the server) chooses its language; {/lang} {language} chooses yours.",
                    language=language,
                )
            )
        await self.chats.set_chosen_chat_language(chat.platform, chat.chat_id, language)
        return [Reply(CHAT_LANGUAGE_SET[language])]
