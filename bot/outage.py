"""A platform out of reach: one log line when it stops answering, one when it answers again,
and the growing pauses between tries (the front ends retry by themselves; a traceback per
failed try would bury the log)."""

from __future__ import annotations

import logging
import time

logger = logging.getLogger(__name__)

# The pauses between tries: the first, then 1.5 times longer each time, up to the longest
# (python-telegram-bot's own polling loop pauses the same way).
FIRST_PAUSE_SECONDS = 1
LONGEST_PAUSE_SECONDS = 30
PAUSE_GROWTH = 1.5


class Outage:
    """Whether `platform` (e.g. "the Telegram Bot API") answers; logs each change once."""

    def __init__(self, platform: str) -> None:
        self.platform = platform
        self.since: float | None = None
        self.pause = float(FIRST_PAUSE_SECONDS)

    def failed(self, error: BaseException) -> None:
        if self.since is not None:
            return
        self.since = time.monotonic()
        logger.warning(
            "%s is out of reach (%s): trying again in %d s, then at growing intervals of up "
            "to %d s",
            self.platform,
            error or type(error).__name__,
            FIRST_PAUSE_SECONDS,
            LONGEST_PAUSE_SECONDS,
        )

    def answered(self) -> None:
        self.pause = float(FIRST_PAUSE_SECONDS)
        if self.since is None:
            return
        logger.warning(
            "%s answers again, after %.0f s", self.platform, time.monotonic() - self.since
        )
        self.since = None

    def next_pause(self) -> float:
        """The seconds to wait before the next try (growing with each call)."""
        pause = self.pause
        self.pause = min(float(LONGEST_PAUSE_SECONDS), self.pause * PAUSE_GROWTH)
        return pause
