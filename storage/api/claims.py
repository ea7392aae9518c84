"""Work that several processes on one database do once between them: the updates a platform
pushed to the bot (bot/service/inbound/), and the sending of a game's new board message in a
chat (bot/service/records/)."""

from __future__ import annotations

from abc import abstractmethod
from enum import Enum
from typing import Protocol, runtime_checkable


class BoardSlot(Enum):
    """What a process asking to send a new board message may do."""

    TAKEN = "taken"  # send it, then release the slot
    SHOWN = "shown"  # another process sent this version's board already
    BUSY = "busy"  # another process is sending it now: look again soon


@runtime_checkable
class UpdateStore(Protocol):
    """Updates pushed to a bot, each handled by one process (`holder`) at a time."""

    @abstractmethod
    async def take_update(
        self, platform: str, bot: str, update_id: int, body: str, holder: str
    ) -> bool:
        """Store the update as held by `holder`; False if it was stored before (a repeat)."""

    @abstractmethod
    async def renew_updates(self, platform: str, bot: str, holder: str) -> None:
        """The holder still works on the updates it holds: their leases start again now."""

    @abstractmethod
    async def finish_update(self, platform: str, bot: str, update_id: int, holder: str) -> None:
        """The holder handled the update."""

    @abstractmethod
    async def retake_updates(
        self, platform: str, bot: str, holder: str, lease: float, limit: int
    ) -> list[tuple[int, str]]:
        """Take over (for `holder`) at most `limit` unhandled updates whose lease of `lease`
        seconds ran out (their holder died), oldest first: their ids and bodies. Each is
        taken over by one caller only."""

    @abstractmethod
    async def forget_updates(self, platform: str, bot: str, older_than: float) -> int:
        """Forget the updates handled more than `older_than` seconds ago; how many."""


@runtime_checkable
class BoardSendStore(Protocol):
    """The slot of each game's board message in each chat, taken before a new one is sent."""

    @abstractmethod
    async def claim_board_send(
        self,
        game_id: int,
        platform: str,
        chat_id: str,
        version: int,
        holder: str,
        *,
        again: bool,
        lease: float,
    ) -> BoardSlot:
        """Take the slot to send the board of `version`: TAKEN if free (none sent, an older
        version sent, or the holder's lease of `lease` seconds ran out), SHOWN if a board of
        this version or newer was sent (unless `again`: a board asked for anew), else BUSY."""

    @abstractmethod
    async def release_board_send(
        self, game_id: int, platform: str, chat_id: str, holder: str, *, sent: bool
    ) -> None:
        """The holder is done: the board went out (`sent`), or the slot is free again."""
