"""Board messages on Discord: every board goes out through `BoardPoster`.

A live game edits its one board message in place, a correspondence game posts a new board
per move (the old one loses its components); an older board never replaces a newer one; a
board that could not be posted (no permission, a channel out of reach) goes out with the next
interaction there, or by `resend_forever`; after a start `catch_up` brings every board that
fell behind up to date.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import discord

from bot.discord.widgets.views import board_view
from bot.i18n import Text, translate
from bot.recent import REMEMBERED_BOARDS, Recent
from bot.service import boards
from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.events import GameState, ServiceError
from bot.service.kernel.families import family_of
from games.base import find_game
from storage import BoardMessage, ChatRef

logger = logging.getLogger(__name__)

PLATFORM = "discord"
BOARD_COLOUR = discord.Colour(0x8B5A2B)
RESEND_INTERVAL = 60.0


def chat_of(interaction: discord.Interaction[Any]) -> ChatRef:
    return ChatRef(PLATFORM, str(interaction.channel_id))


class BoardPoster:
    """The board messages of one client over one service."""

    def __init__(
        self,
        client: discord.Client,
        service: GameService,
        language: Callable[[str], Awaitable[str | None]],
        activity: bool = False,
    ) -> None:
        self.client = client
        self.service = service
        # Whether the bot's Activity is set up: each live board then opens it (Play here).
        self.activity = activity
        # The language of a channel's public text (channels.py).
        self.language = language
        # Boards that could not be posted (game id -> channel id), sent again with the next
        # interaction in their channel or by `resend_forever`; one forgotten waits for the
        # game's next board, or the catch-up after a restart.
        self._unsent: Recent[int, str] = Recent(REMEMBERED_BOARDS)
        self.resend_interval = RESEND_INTERVAL
        # The newest version shown per (game, channel): an older board arriving late (a
        # computer reply racing the mover's board) is not posted over a newer one. Once
        # forgotten, the version stored with the board message says it.
        self._shown: Recent[tuple[int, str], int] = Recent(REMEMBERED_BOARDS)
        # Boards of one channel go out one at a time (a rate limit there waits alone): the
        # lock of each channel with a post under way or waiting, and how many hold or wait.
        self._posting: dict[str, tuple[asyncio.Lock, int]] = {}

    async def embed(
        self,
        state: GameState,
        headline: Text | None,
        language: str | None,
        readers: Sequence[int] = (),
        flipped: bool = False,
    ) -> tuple[discord.Embed, discord.File]:
        """The board as an embed with its picture, from the side the service's policy names
        (`readers`: the seats of the one person who reads it privately; `flipped`: the
        channel chose /flip)."""
        viewer = boards.viewer_seat(state, readers, flipped=flipped)
        picture = await asyncio.to_thread(boards.picture, state, viewer)
        name = f"game-{state.id}-{state.version}.png"
        kind = find_game(state.record.kind)
        # The next step at a game's end: the rematch has its button, the review is typed.
        steps = boards.next_steps(state, rematch_button=True)
        description = [boards.caption(state), *([steps] if steps else [])]
        embed = discord.Embed(
            title=translate(language, headline or family_of(kind).title(kind))[:256],
            description="\n".join(translate(language, line) for line in description)[:4096],
            colour=BOARD_COLOUR,
        )
        embed.set_image(url=f"attachment://{name}")
        return embed, discord.File(io.BytesIO(picture), name)

    async def mention(self, state: GameState) -> str | None:
        """A mention of the Discord player who must act, so that Discord notifies them."""
        seat = seat_to_act(state)
        player_id = state.record.seats[seat].player_id if seat is not None else None
        user_id = await self.discord_user(player_id) if player_id is not None else None
        return f"<@{user_id}>" if user_id else None

    async def post_board(
        self,
        state: GameState,
        headline: Text | None,
        channel_id: str,
        fallback: list[tuple[GameState, Text | None]] | None,
    ) -> None:
        """Show the board in its channel with its components: a live game edits its board
        message in place, a correspondence game posts a new board per move (the old one loses
        its components); the result goes into the last board's message."""
        async with self._posting_in(channel_id):
            key = (state.id, channel_id)
            if self._shown.get(key, -1) > state.version:
                return
            language = await self.language(channel_id)
            flipped = await self.service.chats.flipped(ChatRef(PLATFORM, channel_id))
            embed, picture = await self.embed(state, headline, language, flipped=flipped)
            channel = self.client.get_partial_messageable(int(channel_id))
            content = await self.mention(state)
            view = board_view(state, language, self.activity)
            stored = await self._board_message(state.id, channel_id)
            if stored is not None and stored.version > state.version:
                return  # a newer board is out already (posted before a restart)
            shown = stored.message_id if stored is not None else None
            in_place = shown is not None and not (state.active and boards.correspondence(state))
            try:
                if shown is not None and in_place:
                    try:
                        await channel.get_partial_message(int(shown)).edit(
                            content=content, embed=embed, attachments=[picture], view=view
                        )
                        message_id = shown
                    except discord.NotFound:  # deleted: a new board takes its place
                        in_place = False
                        embed, picture = await self.embed(
                            state, headline, language, flipped=flipped
                        )
                if not in_place:
                    message = await channel.send(
                        content=content,
                        embed=embed,
                        file=picture,
                        view=view or discord.utils.MISSING,
                        allowed_mentions=discord.AllowedMentions(users=True),
                    )
                    message_id = str(message.id)
            except discord.HTTPException as error:
                logger.warning(
                    "game %s: the board cannot be posted in %s: %s", state.id, channel_id, error
                )
                if fallback is not None:  # the person who acted gets it as a follow-up
                    fallback.append((state, headline))
                else:
                    self._unsent[state.id] = channel_id
                return
            self._unsent.pop(state.id, None)
            self._shown[key] = state.version
            await self._replace_board_message(state, channel_id, message_id)

    async def _board_message(self, game_id: int, channel_id: str) -> BoardMessage | None:
        """The message that shows the game's board in the channel (and its version), if any."""
        for shown in await self.service.records.board_messages(game_id):
            if shown.platform == PLATFORM and shown.chat_id == channel_id:
                return shown
        return None

    @asynccontextmanager
    async def _posting_in(self, channel_id: str) -> AsyncIterator[None]:
        """The channel's turn to post a board; its lock is dropped once nobody holds or waits
        for it, so that the locks do not grow with the channels ever posted in."""
        lock, users = self._posting.get(channel_id, (asyncio.Lock(), 0))
        self._posting[channel_id] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._posting[channel_id]
            if users == 1:
                del self._posting[channel_id]
            else:
                self._posting[channel_id] = (lock, users - 1)

    async def catch_up(self) -> None:
        """After a start: every channel whose board of an active game is older than the game
        (a post cut off by a crash, a move made while the bot was down) gets the current
        board, once, with the line of the move nobody was told of."""
        for state, chat, headline in await self.service.records.boards_behind(PLATFORM):
            await self.post_board(state, headline, chat.chat_id, None)

    async def _replace_board_message(
        self, state: GameState, channel_id: str, message_id: str
    ) -> None:
        """Remember the new board message and take the components off the one before."""
        game_id = state.id
        old = [
            shown.message_id
            for shown in await self.service.records.board_messages(game_id)
            if shown.platform == PLATFORM and shown.chat_id == channel_id
        ]
        chat = ChatRef(PLATFORM, channel_id)
        await self.service.records.board_shown(game_id, chat, message_id, state.version)
        channel = self.client.get_partial_messageable(int(channel_id))
        for previous in old:
            if previous == message_id:
                continue
            try:
                await channel.get_partial_message(int(previous)).edit(view=None)
            except discord.HTTPException as error:
                # Deleted or out of reach: its buttons are refused as old anyway.
                logger.info("game %s: the old board %s stays: %s", game_id, previous, error)

    async def post_as_followup(
        self,
        interaction: discord.Interaction[Any],
        state: GameState,
        headline: Text | None,
        language: str | None,
    ) -> None:
        """The board as a public follow-up of the interaction (needs no channel permission),
        mentioning the player to move like every board; the board before it loses its
        components. One post at a time per channel, as `post_board`: a newer board being
        posted meanwhile (the computer's reply) goes to this message, not the one before."""
        channel_id = str(interaction.channel_id)
        async with self._posting_in(channel_id):
            if self._shown.get((state.id, channel_id), -1) > state.version:
                return
            flipped = await self.service.chats.flipped(chat_of(interaction))
            embed, picture = await self.embed(state, headline, language, flipped=flipped)
            try:
                message = await interaction.followup.send(
                    content=await self.mention(state) or discord.utils.MISSING,
                    allowed_mentions=discord.AllowedMentions(users=True),
                    embed=embed,
                    file=picture,
                    view=board_view(state, language, self.activity) or discord.utils.MISSING,
                    wait=True,
                )
            except discord.HTTPException as error:
                logger.warning("game %s: the board cannot be sent at all: %s", state.id, error)
                self._unsent[state.id] = channel_id
                return
            self._shown[(state.id, channel_id)] = state.version
            await self._replace_board_message(state, channel_id, str(message.id))

    async def resend_forever(self) -> None:
        """Every `resend_interval` seconds, try again every board that could not be posted
        (a permission given back, a channel that answers again)."""
        while True:
            await asyncio.sleep(self.resend_interval)
            for channel_id in set(self._unsent.values()):
                try:
                    await self.send_unsent(channel_id)
                except Exception:
                    # The next round tries again; this loop must outlive any one failure.
                    logger.exception("boards waiting for %s could not be sent", channel_id)

    async def send_unsent(self, channel_id: str) -> None:
        """Try again the boards of this channel that could not be posted before."""
        for game_id, waiting_in in list(self._unsent.items()):
            if waiting_in != channel_id:
                continue
            try:
                state = await self.service.kernel.state(game_id)
            except ServiceError:
                self._unsent.pop(game_id, None)
                continue
            await self.post_board(state, None, channel_id, None)

    async def discord_user(self, player_id: int) -> str | None:
        """The Discord account of a player, if they have one."""
        for identity in await self.service.identities.contacts(player_id):
            if identity.platform == PLATFORM:
                return identity.user_id
        return None
