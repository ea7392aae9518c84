"""What the front ends' standings messages share (an arena's leaderboard, a club match's score
board in each of its chats): one message per key, edited at the front end's pace
(bot/paced_edits.py), the final standings at once, and never standings read before those
shown or waiting. Each front end gives how it edits or posts the message (`show`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.i18n import Text
from bot.paced_edits import PacedEdits
from bot.service.kernel.events import ClubMatchUpdate, TournamentUpdate
from storage import ChatRef

# Edits the standings message of a key in its chat, or posts it.
Show = Callable[[str, tuple[ChatRef, Text]], Awaitable[None]]


class StandingsBoards:
    """Each standings message of a front end, kept up to date by `show`."""

    def __init__(self, interval: float, show: Show) -> None:
        self.edits: PacedEdits[str, tuple[ChatRef, Text]] = PacedEdits(interval, show)

    async def offer(self, event: TournamentUpdate) -> None:
        """An arena's leaderboard."""
        over = event.tournament.status == "finished"
        key = f"tournament:{event.tournament.id}"
        await self._offer(key, event.tournament.chat, event.text, over, event.read_at)

    async def offer_club_match(self, event: ClubMatchUpdate) -> None:
        """A club match's score board in one of its chats."""
        over = event.match.status != "running"
        key = f"clubmatch:{event.match.id}:{event.chat.chat_id}"
        await self._offer(key, event.chat, event.text, over, event.read_at)

    async def _offer(
        self, key: str, chat: ChatRef, board: Text, final: bool, read_at: float
    ) -> None:
        """The standings `key` in `chat`, read at `read_at`: edited in within the pace, or at
        once if `final`; never after standings read later."""
        await self.edits.offer(key, (chat, board), at_once=final, read_at=read_at)
