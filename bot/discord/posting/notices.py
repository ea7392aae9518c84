"""Messages for one player on Discord: reminders, losses on time, the end of a vacation, and
the turn in a game that lives on another platform; privately where Discord lets us."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.discord.posting.answers import Answer
from bot.discord.posting.board_posts import PLATFORM, BoardPoster
from bot.discord.posting.channels import Channels
from bot.discord.posting.pages import CONTENT_LIMIT
from bot.discord.widgets.views import board_view
from bot.i18n import text, translate
from bot.service.game_service import GameService
from bot.service.kernel.events import GameState, PlayerNotice, TurnNotice

logger = logging.getLogger(__name__)


class PlayerNotices:
    """The messages for one player, over one client and service."""

    def __init__(
        self,
        client: discord.Client,
        service: GameService,
        poster: BoardPoster,
        channels: Channels,
    ) -> None:
        self.client = client
        self.service = service
        self.poster = poster
        self.channels = channels

    async def notify(self, notice: PlayerNotice, answer: Answer | None) -> None:
        """A message for one player: privately, else with a mention in the game's channel."""
        user_id = await self.poster.discord_user(notice.player_id)
        if user_id is None:
            return
        player = await self.service.identities.player_by_id(notice.player_id)
        if await self._tell_privately(user_id, translate(player.language, notice.text)):
            return
        chat = notice.state.record.chat if notice.state is not None else None
        if chat is not None and chat.platform == PLATFORM:
            language = await self.channels.language(chat.chat_id)
            content = f"<@{user_id}> {translate(language, notice.text)}"
            await self.channels.post_text(chat.chat_id, content, None, answer)

    async def notify_turn(self, notice: TurnNotice) -> None:
        """Its turn, for a player last seen on Discord. A game that lives in a Discord channel
        needs nothing more: its board mentions the player to move. For a game elsewhere (a
        Telegram group, played from here after /link) the board comes privately, with its
        buttons."""
        chat = notice.state.record.chat
        if chat is not None and chat.platform == PLATFORM:
            return
        user_id = await self.poster.discord_user(notice.player_id)
        if user_id is None:
            return
        player = await self.service.identities.player_by_id(notice.player_id)
        headline = text(
            "{name}, your turn in game #{game}.", name=player.display_name, game=notice.state.id
        )
        readers = [
            seat.seat for seat in notice.state.record.seats if seat.player_id == notice.player_id
        ]
        await self._tell_privately(
            user_id, translate(player.language, headline), notice.state, player.language, readers
        )

    async def _tell_privately(
        self,
        user_id: str,
        content: str,
        state: GameState | None = None,
        language: str | None = None,
        readers: Sequence[int] = (),
    ) -> bool:
        """A direct message (with the board of `state`, if given); False where Discord refuses
        it (the person takes no direct messages, shares no server with the bot)."""
        try:
            channel = await self.client.create_dm(discord.Object(int(user_id)))
            if state is None:
                await channel.send(content=content[:CONTENT_LIMIT])
            else:
                embed, picture = await self.poster.embed(state, None, language, readers)
                await channel.send(
                    content=content[:CONTENT_LIMIT],
                    embed=embed,
                    file=picture,
                    view=board_view(state, language) or discord.utils.MISSING,
                )
        except discord.HTTPException as error:
            logger.info("no direct message to %s: %s", user_id, error)
            return False
        return True
