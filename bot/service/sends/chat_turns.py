"""The turns of the bot's calls in each chat, shared by all the processes of one bot.

Telegram counts a chat's messages per bot, whichever process sent them: about one a second in
a chat and twenty a minute in a group. Each process paces its own calls
(bot/telegram/sending/budget.py). Behind a webhook, though, two processes may write in one
group at once, and together they would overrun it. So on a shared database (PostgreSQL,
several processes) every counted call also takes its chat's turn in the database (table
`chat_turns`, migration 24) and waits for it. On SQLite, which serves one process, nothing is
asked: the process's own pacing is all the pacing there is.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.service.kernel.capability import Capability
from bot.service.kernel.kernel import Kernel
from storage import SendStore, StorageError

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ChatPace:
    """A chat's pace across processes: calls `spacing` seconds apart, and `handover` more
    after another process's call (it may still be on its way); one every `interval` seconds
    on average, with `burst` seconds of tolerance (SendStore.take_chat_turn)."""

    spacing: float
    interval: float
    burst: float
    handover: float


class ChatTurns(Capability):
    def __init__(self, kernel: Kernel, sends: SendStore, *, shared: bool) -> None:
        super().__init__(kernel)
        self.sends = sends
        self.shared = shared

    async def wait(self, platform: str, bot: str, chat_id: str, pace: ChatPace) -> float:
        """The seconds the bot's next call in the chat waits for its turn among all the bot's
        processes (SendStore.take_chat_turn); 0 with one process. If the database cannot be
        reached, the failure is logged and the call goes on its own process's pacing."""
        if not self.shared:
            return 0.0
        try:
            return await self.sends.take_chat_turn(
                platform,
                bot,
                chat_id,
                pace.spacing,
                pace.interval,
                pace.burst,
                pace.handover,
            )
        except StorageError as error:
            self.kernel.failures.log(error, logger, "could not take a turn in chat %s", chat_id)
            return 0.0
