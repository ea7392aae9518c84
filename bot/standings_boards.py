"""What the front ends' standings messages share (an arena's leaderboard, a club match's score
board in each of its chats): one message per key, edited at the front end's pace
(bot/paced_edits.py), the final standings at once, and never standings read before those
shown or waiting. Each front end edits or posts the message its own way (`_show`)."""

from __future__ import annotations

from abc import ABC, abstractmethod

from bot.i18n import Text
from bot.paced_edits import PacedEdits
from bot.service.kernel.events import TournamentUpdate
from storage import ChatRef


class StandingsBoards(ABC):
    """Each standings message of a front end, kept up to date."""

    def __init__(self, interval: float) -> None:
        self.edits: PacedEdits[str, tuple[ChatRef, Text]] = PacedEdits(interval, self._show)

    async def offer(self, event: TournamentUpdate) -> None:
        """An arena's leaderboard."""
        over = event.tournament.status == "finished"
        key = f"tournament:{event.tournament.id}"
        await self.offer_board(key, event.tournament.chat, event.text, over, event.read_at)

    async def offer_board(
        self, key: str, chat: ChatRef, board: Text, final: bool, read_at: float
    ) -> None:
        """The standings `key` in `chat`, read at `read_at`: edited in within the pace, or at
        once if `final`; never after standings read later."""
        await self.edits.offer(key, (chat, board), at_once=final, read_at=read_at)

    @abstractmethod
    async def _show(self, key: str, shown: tuple[ChatRef, Text]) -> None:
        """Edit the message of `key` in its chat to `shown`, or post it."""
