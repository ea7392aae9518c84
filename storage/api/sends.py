"""The store of what the bots send: when each last wrote on its platform
(bot/service/sends/last_sends.py), and the turns of its calls in each chat, shared by its
processes (bot/service/sends/chat_turns.py)."""

from __future__ import annotations

from abc import abstractmethod
from datetime import datetime
from typing import Protocol, runtime_checkable


@runtime_checkable
class SendStore(Protocol):
    """When a bot last noted a call that its platform counts against its rate limits, and the
    turns of its calls in each chat."""

    @abstractmethod
    async def last_send(self, platform: str, bot: str) -> datetime | None:
        """The time of the bot's latest note; None if it never noted one."""

    @abstractmethod
    async def note_send(self, platform: str, bot: str, at: datetime) -> None:
        """Note that the bot wrote at `at`; a time older than the one kept changes nothing
        (two processes of one bot during a rolling restart)."""

    @abstractmethod
    async def take_chat_turn(
        self,
        platform: str,
        bot: str,
        chat_id: str,
        spacing: float,
        interval: float,
        burst: float,
        handover: float,
    ) -> float:
        """Take the chat's next turn for one call of the bot, whichever of its processes asks:
        the seconds to wait until it may go (0: now). Turns are `spacing` seconds apart, or
        `spacing` and `handover` after a turn another process took (its call may still be on
        its way to the platform, which counts arrivals). At most one turn comes every
        `interval` seconds on average, with `burst` seconds of tolerance (the generic cell
        rate algorithm: `burst` equal to `interval` allows two calls at once, then one every
        interval). Taken atomically: two processes asking at once get two turns."""
