"""A thread of its own for each game of a tournament whose organiser chose `boards=threads`
(or `private`: Discord's answer to a busy channel is the same).

The thread is opened when the game's first board comes; its board message, stored by the
service like every board's, finds the thread again after a restart."""

from __future__ import annotations

import logging
from typing import Final

import discord

from bot.discord.posting.board_posts import PLATFORM
from bot.recent import REMEMBERED_BOARDS, Recent
from bot.service.game_service import GameService
from bot.service.kernel.events import GameState
from bot.service.tournaments.options import GROUP

logger = logging.getLogger(__name__)

# A week, the longest a thread stays open without activity (a correspondence game is slow).
ARCHIVE_MINUTES: Final = 10080
PUBLIC_THREAD: Final = 11


class TournamentThreads:
    def __init__(
        self, client: discord.Client, service: GameService, languages: dict[str, str | None]
    ) -> None:
        self.client = client
        self.service = service
        # The front end's channel languages: a thread speaks its channel's.
        self.languages = languages
        # game id -> the channel its boards go to (its thread, or its own channel); one
        # forgotten is found again by its board message, stored by the service.
        self._places: Recent[int, str] = Recent(REMEMBERED_BOARDS)

    async def place(self, state: GameState, channel_id: str) -> str:
        """Where the boards of `state`'s game go, its chat being `channel_id`."""
        known = self._places.get(state.id)
        if known is None:
            known = await self._find_or_open(state, channel_id)
        if state.active:
            self._places[state.id] = known
        else:
            self._places.pop(state.id, None)
        return known

    async def _find_or_open(self, state: GameState, channel_id: str) -> str:
        # A busy channel's answer on Discord is a thread per game, for `private` too
        # (docs/tournaments.md): the boards stay where everyone can follow them.
        if await self.service.reports.board_place(state.id) == GROUP:
            return channel_id
        for shown in await self.service.records.board_messages(state.id):
            if shown.platform == PLATFORM and shown.chat_id != channel_id:
                return shown.chat_id
        if not state.active:
            return channel_id
        tournament_id = await self.service.reports.tournament_of_game(state.id)
        name = f"#{tournament_id}: {' - '.join(state.seat_names)}"[:100]
        try:
            thread = await self.client.http.start_thread_without_message(
                int(channel_id),
                name=name,
                auto_archive_duration=ARCHIVE_MINUTES,
                type=PUBLIC_THREAD,
            )
        except discord.HTTPException as error:
            logger.info("no thread for game %s in %s: %s", state.id, channel_id, error)
            return channel_id
        self.languages[str(thread["id"])] = self.languages.get(channel_id)
        return str(thread["id"])
