"""When each bot last wrote on its platform, so that a process that starts keeps to the
platform's rate limits across a restart, and pays for that only when the bot wrote lately.

Telegram counts a bot's messages over the last minute whichever process sent them, and a
process that starts does not know what the one before it sent (a crash, kill -9, a restart).
So the front end notes every call its platform counts (`sending`, before the call goes) and
the service writes the time down, at most once every WRITE_INTERVAL: a small write every few
seconds while the bot writes, none while it is quiet. The last call of a process then comes
less than WRITE_INTERVAL after the last time written, and a process that starts asks
`wrote_within` whether that call may still be inside the platform's window.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

from bot.service.kernel.capability import Capability
from bot.service.kernel.kernel import Kernel
from storage import SendStore, StorageError

logger = logging.getLogger(__name__)

WRITE_INTERVAL = timedelta(seconds=5)


class LastSends(Capability):
    def __init__(self, kernel: Kernel, sends: SendStore) -> None:
        super().__init__(kernel)
        self.sends = sends
        # The last time written per platform and bot, by this process.
        self._written: dict[tuple[str, str], datetime] = {}
        self._writing = asyncio.Lock()

    async def sending(self, platform: str, bot: str) -> None:
        """The bot is about to make a call that its platform counts: write the time down if
        the last time written is WRITE_INTERVAL old (or none was yet); the call goes only once
        that is stored. A write that fails is logged and the call goes all the same."""
        key = (platform, bot)
        if self._lately_written(key):
            return
        async with self._writing:
            if self._lately_written(key):  # written while this call waited for the lock
                return
            now = self.kernel.clock()
            try:
                await self.sends.note_send(platform, bot, now)
            except StorageError as error:
                self.kernel.failures.log(error, logger, "could not note a send on %s", platform)
            # Also after a failure: the next try comes an interval later, not at every call.
            self._written[key] = now

    async def wrote_within(self, platform: str, bot: str, seconds: float) -> bool:
        """Whether the bot may have made a call that its platform counts in the last
        `seconds`: its last time written is less than `seconds` plus WRITE_INTERVAL ago (or
        in the future: a clock set back). False for a bot never written down."""
        last = await self.sends.last_send(platform, bot)
        if last is None:
            return False
        return self.kernel.clock() - last < timedelta(seconds=seconds) + WRITE_INTERVAL

    def _lately_written(self, key: tuple[str, str]) -> bool:
        written = self._written.get(key)
        return written is not None and self.kernel.clock() - written < WRITE_INTERVAL
