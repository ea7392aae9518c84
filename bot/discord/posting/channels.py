"""The public text of Discord channels, shared by every part of the front end: the language
each channel speaks, posting a text message in one, and taking the buttons off earlier ones."""

from __future__ import annotations

import logging
from collections.abc import Iterable

import discord

from bot.discord.posting.answers import Answer
from bot.discord.posting.board_posts import PLATFORM
from bot.discord.posting.pages import CONTENT_LIMIT, pages
from bot.i18n import language_of
from bot.recent import REMEMBERED_CHATS, Recent
from bot.service.game_service import GameService
from storage import ChatRef

logger = logging.getLogger(__name__)

# A challenge names the person challenged: he is told.
MENTIONS = discord.AllowedMentions(users=True)


class Channels:
    """The channels of one client: their languages and their text messages."""

    def __init__(self, client: discord.Client, service: GameService) -> None:
        self.client = client
        self.service = service
        # The language of the public text of a channel: a direct message's person's; a server
        # channel's own (chosen by its managers, else the server's locale, else the first
        # player's there: the service's `chat_language`), learnt from its interactions.
        self.languages: Recent[str, str | None] = Recent(REMEMBERED_CHATS)

    async def language(self, channel_id: str) -> str | None:
        """The channel's language as the front end learnt it; where it knows none (no one
        acted there since the start, or long ago; a new game's thread), the one the service
        keeps, until someone acts there (their interaction brings the server's locale)."""
        known = self.languages.get(channel_id)
        if known is None:
            known = await self.service.chats.chat_language(ChatRef(PLATFORM, channel_id))
        return known

    def chose_language(self, chat: ChatRef, language: str) -> None:
        """A server manager chose the channel's language: its next public text speaks it."""
        self.languages[chat.chat_id] = language_of(language)

    async def post_text(
        self,
        channel_id: str,
        content: str,
        view: discord.ui.View | None,
        answer: Answer | None,
    ) -> int | None:
        """Post a message in a channel (a text too long for one: several, the last with the
        view); the id of the last, or None where Discord refused it (then the person who
        acted reads it in their answer)."""
        channel = self.client.get_partial_messageable(int(channel_id))
        *before, last = pages(content)
        try:
            for page in before:
                await channel.send(content=page, allowed_mentions=MENTIONS)
            sent = await channel.send(
                content=last, view=view or discord.utils.MISSING, allowed_mentions=MENTIONS
            )
        except discord.HTTPException as error:
            logger.warning("a message cannot be posted in %s: %s", channel_id, error)
            if answer is not None:
                answer.lines.append(content)
                answer.view = view
            return None
        return sent.id

    async def post_file(
        self, channel_id: str, content: str, file: discord.File, view: discord.ui.View | None
    ) -> None:
        """Post a picture with its caption (and its menus) in a channel (the daily puzzle);
        logged where Discord refuses it: nobody asked for it, so nobody is answered."""
        channel = self.client.get_partial_messageable(int(channel_id))
        try:
            await channel.send(
                content=content[:CONTENT_LIMIT], file=file, view=view or discord.utils.MISSING
            )
        except discord.HTTPException as error:
            logger.warning("a picture cannot be posted in %s: %s", channel_id, error)

    async def remove_buttons(self, channel_id: str, message_ids: Iterable[int], what: str) -> None:
        """Take the buttons off earlier messages (`what` they are, for the log)."""
        channel = self.client.get_partial_messageable(int(channel_id))
        for message_id in message_ids:
            try:
                await channel.get_partial_message(message_id).edit(view=None)
            except discord.HTTPException as error:
                logger.info("%s keeps its buttons: %s", what, error)
