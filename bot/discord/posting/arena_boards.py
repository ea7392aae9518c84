"""An arena's leaderboard, or a club match's score board, in a Discord channel: one
message, edited as the standings
change, at most once every `LEADERBOARD_EVERY` seconds (bot/paced_edits.py), the final
standings at once. Which message is the service's (bot/service/leaderboards/): the same one
after a restart and from every process; one deleted in the channel is posted anew, once."""

from __future__ import annotations

import logging

import discord

from bot.discord.posting.channels import Channels
from bot.i18n import Text, translate
from bot.standings_boards import StandingsBoards
from storage import ChatRef

logger = logging.getLogger(__name__)

# A channel takes five messages in five seconds; a leaderboard needs far fewer.
LEADERBOARD_EVERY = 10.0


def arena_boards(client: discord.Client, channels: Channels) -> StandingsBoards:
    """Each leaderboard message (an arena's, a club match's in each of its channels), kept
    up to date at Discord's pace."""
    return StandingsBoards(LEADERBOARD_EVERY, ArenaBoards(client, channels).show)


class ArenaBoards:
    """How a leaderboard message is edited, or posted, in a Discord channel."""

    def __init__(self, client: discord.Client, channels: Channels) -> None:
        self.client = client
        self.channels = channels

    async def show(self, key: str, shown: tuple[ChatRef, Text]) -> None:
        chat, board = shown
        channel_id = chat.chat_id
        content = translate(await self.channels.language(channel_id), board)

        async def edit(message_id: str) -> bool:
            channel = self.client.get_partial_messageable(int(channel_id))
            try:
                await channel.get_partial_message(int(message_id)).edit(content=content)
            except discord.NotFound:
                return False  # deleted: a new one
            except discord.HTTPException as error:
                logger.warning("leaderboard %s was not edited: %s", key, error)
            return True

        async def post() -> str | None:
            posted = await self.channels.post_text(channel_id, content, None, None)
            return None if posted is None else str(posted)

        await self.channels.service.leaderboards.show(key, chat, edit, post)
