"""What every part of the Discord front end shares: the client, the service, the channels'
languages, the messages that carry buttons, and posting a text message in a channel."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterable

import discord

from bot.discord.posting.answers import CONTENT_LIMIT, Answer
from bot.discord.posting.board_posts import BoardPoster
from bot.discord.posting.tournament_threads import TournamentThreads
from bot.i18n import language_of
from bot.service.core import GameService
from storage import ChatRef

logger = logging.getLogger(__name__)


class FrontBase:
    """The state of the Discord front end (set up by DiscordFront)."""

    client: discord.Client
    service: GameService
    # The language of the public text of a channel: a direct message's person's; a server
    # channel's own (chosen by its managers, else the server's locale, else the first
    # player's there: the service's `chat_language`).
    _channel_languages: dict[str, str | None]
    # The message of each open challenge that shows its buttons (challenge id -> ids).
    _challenge_messages: dict[int, list[int]]
    # The message of each registering tournament that shows Join and Leave.
    _tournament_messages: dict[int, int]
    # The private answers whose menu a click is being answered in now (message ids), and the
    # last ones a move played from their menu took away: a second click there never edits them.
    _answering: set[int]
    _taken_away: deque[int]
    poster: BoardPoster
    threads: TournamentThreads

    def chose_channel_language(self, chat: ChatRef, language: str) -> None:
        """A server manager chose the channel's language: its next public text speaks it."""
        self._channel_languages[chat.chat_id] = language_of(language)

    async def _post_text(
        self,
        channel_id: str,
        content: str,
        view: discord.ui.View | None,
        answer: Answer | None,
    ) -> int | None:
        """Post a message in a channel; its id, or None where Discord refused it (then the
        person who acted reads it in their answer)."""
        channel = self.client.get_partial_messageable(int(channel_id))
        try:
            sent = await channel.send(
                content=content[:CONTENT_LIMIT],
                view=view or discord.utils.MISSING,
                allowed_mentions=discord.AllowedMentions(users=True),
            )
        except discord.HTTPException as error:
            logger.warning("a message cannot be posted in %s: %s", channel_id, error)
            if answer is not None:
                answer.lines.append(content)
                answer.view = view
            return None
        return sent.id

    async def _remove_buttons(self, channel_id: str, message_ids: Iterable[int], what: str) -> None:
        """Take the buttons off earlier messages (`what` they are, for the log)."""
        channel = self.client.get_partial_messageable(int(channel_id))
        for message_id in message_ids:
            try:
                await channel.get_partial_message(message_id).edit(view=None)
            except discord.HTTPException as error:
                logger.info("%s keeps its buttons: %s", what, error)
