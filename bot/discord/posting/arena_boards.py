"""An arena's leaderboard, or a club match's score board, in a Discord channel: one
message, edited as the standings
change, at most once every `LEADERBOARD_EVERY` seconds (bot/paced_edits.py), the final
standings at once. A restart, or the message deleted, posts a new one."""

from __future__ import annotations

import logging

import discord

from bot.discord.posting.channels import Channels
from bot.i18n import Text, translate
from bot.paced_edits import PacedEdits
from bot.recent import REMEMBERED_CHATS, Recent
from bot.service.kernel.events import TournamentUpdate
from storage import ChatRef

logger = logging.getLogger(__name__)

# A channel takes five messages in five seconds; a leaderboard needs far fewer.
LEADERBOARD_EVERY = 10.0


class ArenaBoards:
    """Each leaderboard message (an arena's, a club match's in each of its channels), kept
    up to date."""

    def __init__(self, client: discord.Client, channels: Channels) -> None:
        self.client = client
        self.channels = channels
        self.edits: PacedEdits[str, tuple[ChatRef, Text]] = PacedEdits(
            LEADERBOARD_EVERY, self._show
        )
        self.messages: Recent[str, int] = Recent(REMEMBERED_CHATS)

    async def offer(self, event: TournamentUpdate) -> None:
        over = event.tournament.status == "finished"
        key = f"tournament:{event.tournament.id}"
        await self.offer_board(key, event.tournament.chat, event.text, over)

    async def offer_board(self, key: str, chat: ChatRef, board: Text, final: bool) -> None:
        """The leaderboard `key` in `chat`: edited in within the pace, or at once if `final`."""
        await self.edits.offer(key, (chat, board), at_once=final)

    async def _show(self, key: str, shown: tuple[ChatRef, Text]) -> None:
        chat, board = shown
        channel_id = chat.chat_id
        content = translate(await self.channels.language(channel_id), board)
        known = self.messages.get(key)
        if known is not None:
            channel = self.client.get_partial_messageable(int(channel_id))
            try:
                await channel.get_partial_message(known).edit(content=content)
                return
            except discord.NotFound:
                pass  # deleted: a new one
            except discord.HTTPException as error:
                logger.warning("leaderboard %s was not edited: %s", key, error)
                return
        posted = await self.channels.post_text(channel_id, content, None, None)
        if posted is not None:
            self.messages[key] = posted
