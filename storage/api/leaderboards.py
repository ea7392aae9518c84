"""The message of each competition's leaderboard in each chat (bot/service/leaderboards/):
found after a restart or from another process, and posted anew by one process only."""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from typing import Protocol, runtime_checkable


@dataclass(frozen=True)
class LeaderboardSlot:
    """What a process about to show a leaderboard in a chat does: edit `message_id`; post a
    new message (`taken`: then `leaderboard_posted`, or `release_leaderboard` if it could
    not); or, with neither, wait: another process is posting one now."""

    message_id: str | None
    taken: bool


@runtime_checkable
class LeaderboardStore(Protocol):
    """The leaderboard message of each (competition, chat), and who posts a new one."""

    @abstractmethod
    async def claim_leaderboard(
        self,
        board: str,
        platform: str,
        chat_id: str,
        holder: str,
        *,
        gone: str | None,
        lease: float,
    ) -> LeaderboardSlot:
        """The leaderboard `board` in the chat: its message to edit; or taken by `holder` to
        post one if there is none, if the one there is `gone` (deleted in the chat), or if
        the process posting it held it over `lease` seconds (it died); else neither."""

    @abstractmethod
    async def leaderboard_posted(
        self, board: str, platform: str, chat_id: str, holder: str, message_id: str
    ) -> None:
        """The holder posted the leaderboard as `message_id`: the one edited from now on."""

    @abstractmethod
    async def release_leaderboard(
        self, board: str, platform: str, chat_id: str, holder: str
    ) -> None:
        """The holder posted nothing: any process may try again."""
