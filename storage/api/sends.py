"""The store of when each bot last wrote on its platform (bot/service/sends/last_sends.py)."""

from __future__ import annotations

from abc import abstractmethod
from datetime import datetime
from typing import Protocol, runtime_checkable


@runtime_checkable
class SendStore(Protocol):
    """When a bot last noted a call that its platform counts against its rate limits."""

    @abstractmethod
    async def last_send(self, platform: str, bot: str) -> datetime | None:
        """The time of the bot's latest note; None if it never noted one."""

    @abstractmethod
    async def note_send(self, platform: str, bot: str, at: datetime) -> None:
        """Note that the bot wrote at `at`; a time older than the one kept changes nothing
        (two processes of one bot during a rolling restart)."""
