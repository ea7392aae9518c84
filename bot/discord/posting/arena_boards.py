"""An arena's leaderboard in its Discord channel: one message, edited as the standings
change, at most once every `LEADERBOARD_EVERY` seconds (bot/paced_edits.py), the final
standings at once. A restart, or the message deleted, posts a new one."""

from __future__ import annotations

import logging

import discord

from bot.discord.posting.channels import Channels
from bot.i18n import translate
from bot.paced_edits import PacedEdits
from bot.recent import REMEMBERED_CHATS, Recent
from bot.service.kernel.events import TournamentUpdate

logger = logging.getLogger(__name__)

# A channel takes five messages in five seconds; a leaderboard needs far fewer.
LEADERBOARD_EVERY = 10.0


class ArenaBoards:
    """Each arena's leaderboard message, kept up to date."""

    def __init__(self, client: discord.Client, channels: Channels) -> None:
        self.client = client
        self.channels = channels
        self.edits: PacedEdits[int, TournamentUpdate] = PacedEdits(LEADERBOARD_EVERY, self._show)
        self.messages: Recent[int, int] = Recent(REMEMBERED_CHATS)

    async def offer(self, event: TournamentUpdate) -> None:
        over = event.tournament.status == "finished"
        await self.edits.offer(event.tournament.id, event, at_once=over)

    async def _show(self, tournament_id: int, event: TournamentUpdate) -> None:
        channel_id = event.tournament.chat.chat_id
        content = translate(await self.channels.language(channel_id), event.text)
        known = self.messages.get(tournament_id)
        if known is not None:
            channel = self.client.get_partial_messageable(int(channel_id))
            try:
                await channel.get_partial_message(known).edit(content=content)
                return
            except discord.NotFound:
                pass  # deleted: a new one
            except discord.HTTPException as error:
                logger.warning("arena %s leaderboard was not edited: %s", tournament_id, error)
                return
        posted = await self.channels.post_text(channel_id, content, None, None)
        if posted is not None:
            self.messages[tournament_id] = posted
