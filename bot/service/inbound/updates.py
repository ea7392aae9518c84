"""The updates a platform pushes to the bot (Telegram's webhook), each handled by one process.

Behind a proxy that spreads the pushes over several processes, the platform may push an
update again (it did not get the answer: a timeout, a process killed mid-answer), and the
repeat may reach another process. So each update is stored by its id before it is handled;
the process that stores it first handles it and renews its lease while it works, a repeat
finds it stored and is dropped, and an update whose process died before it was handled is
taken over by another once the lease ran out (`stale`). The store keeps handled ids for a
while (FORGET_AFTER), longer than the platform repeats an update.
"""

from __future__ import annotations

import uuid

from bot.service.kernel.capability import Capability
from bot.service.kernel.kernel import Kernel
from storage import UpdateStore

# Seconds an update stays with a process that stopped renewing it (killed, cut off), and how
# often a working process renews the updates it holds: a third of that.
LEASE = 20.0
RENEW_EVERY = LEASE / 3
# Updates taken over at once by one process.
TAKEN_OVER = 100
# Seconds a handled update's id is kept against repeats (Telegram repeats for hours at most).
FORGET_AFTER = 2 * 24 * 60 * 60.0


class InboundUpdates(Capability):
    def __init__(self, kernel: Kernel, updates: UpdateStore) -> None:
        super().__init__(kernel)
        self.updates = updates
        # This process, as the holder of the updates it handles.
        self.holder = uuid.uuid4().hex

    async def take(self, platform: str, bot: str, update_id: int, body: str) -> bool:
        """Store a pushed update as this process's to handle; False for a repeat."""
        return await self.updates.take_update(platform, bot, update_id, body, self.holder)

    async def renew(self, platform: str, bot: str) -> None:
        """This process still works on the updates it holds."""
        await self.updates.renew_updates(platform, bot, self.holder)

    async def finish(self, platform: str, bot: str, update_id: int) -> None:
        """This process handled the update."""
        await self.updates.finish_update(platform, bot, update_id, self.holder)

    async def stale(self, platform: str, bot: str) -> list[tuple[int, str]]:
        """The updates of processes that died before handling them, now this one's: their ids
        and bodies, oldest first."""
        return await self.updates.retake_updates(platform, bot, self.holder, LEASE, TAKEN_OVER)

    async def forget_handled(self, platform: str, bot: str) -> int:
        """Forget the ids of updates handled long ago; how many."""
        return await self.updates.forget_updates(platform, bot, FORGET_AFTER)
