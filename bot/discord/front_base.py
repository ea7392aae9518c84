"""What every part of the Discord front end shares: the client, the service, the channels'
languages, the messages that carry buttons, and posting a text message in a channel."""

from __future__ import annotations

import logging
from collections.abc import Iterable

import discord

from bot.discord.answers import CONTENT_LIMIT, Answer
from bot.discord.board_posts import BoardPoster
from bot.discord.tournament_threads import TournamentThreads
from bot.service.core import GameService

logger = logging.getLogger(__name__)


class FrontBase:
    """The state of the Discord front end (set up by DiscordFront)."""

    client: discord.Client
    service: GameService
    # The language of the public text of a channel: a direct message's person's; a server
    # channel's own (the first player's there, kept by the service).
    _channel_languages: dict[str, str | None]
    # The message of each open challenge that shows its buttons (challenge id -> ids).
    _challenge_messages: dict[int, list[int]]
    # The message of each registering tournament that shows Join and Leave.
    _tournament_messages: dict[int, int]
    poster: BoardPoster
    threads: TournamentThreads

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
