"""The Bot API out of reach: one log line when it stops answering, one when it answers again.

python-telegram-bot retries a failed poll by itself (after 1 s, then 1.5 times longer each
time, up to 30 s) and would log a traceback for every failure; the polling requests go
through `WatchedRequest`, which tells `Outage` how each one went.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from telegram.error import NetworkError, TelegramError
from telegram.request import HTTPXRequest

logger = logging.getLogger(__name__)

# python-telegram-bot's pauses between failed polls (telegram.ext._utils.networkloop).
FIRST_PAUSE_SECONDS = 1
LONGEST_PAUSE_SECONDS = 30


class Outage:
    """Whether the Bot API answers; logs each change once."""

    def __init__(self) -> None:
        self.since: float | None = None

    def failed(self, error: TelegramError) -> None:
        if self.since is not None:
            return
        self.since = time.monotonic()
        logger.warning(
            "the Telegram Bot API is out of reach (%s): trying again in %d s, then at growing "
            "intervals of up to %d s",
            error,
            FIRST_PAUSE_SECONDS,
            LONGEST_PAUSE_SECONDS,
        )

    def answered(self) -> None:
        if self.since is None:
            return
        logger.warning(
            "the Telegram Bot API answers again, after %.0f s", time.monotonic() - self.since
        )
        self.since = None


class WatchedRequest(HTTPXRequest):
    """The requests of the polling loop, reporting to an `Outage`."""

    def __init__(self, outage: Outage, **options: Any) -> None:
        super().__init__(**options)
        self.outage = outage

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        try:
            answer = await super().do_request(*args, **kwargs)
        except NetworkError as error:
            self.outage.failed(error)
            raise
        self.outage.answered()
        return answer
