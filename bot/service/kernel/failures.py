"""What an unexpected failure tells the person and leaves in the log, for every front end and
the service's own background work.

A bug: "Something went wrong with that command; your games are safe." and its traceback in
the log. A full disk (storage's DiskFull, on SQLite or PostgreSQL) is no bug: each command it
refuses gets, in the reader's language, that the disk is full, that nothing was done and what
happens next; the log gets one short line when it is found full, then at most one line each
FULL_DISK_REPEAT while it stays full, never a traceback. Nothing needs a restart: a write that
failed was rolled back whole, what was stored before is intact, and the first write once space
is freed works.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from bot.i18n import Text, text
from storage import DiskFull

logger = logging.getLogger(__name__)

# Seconds between two lines in the log while the disk stays full.
FULL_DISK_REPEAT = 600.0

SOMETHING_WENT_WRONG = text("Something went wrong with that command; your games are safe.")
# Short enough for a Telegram toast (200 characters) in every language.
DISK_FULL = text(
    "The bot's disk is full: this was not stored. Your games so far are safe; play goes on "
    "once whoever runs the bot frees space on it."
)


def full_disk(error: BaseException) -> DiskFull | None:
    """The DiskFull that `error` is or was raised from, if any."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, DiskFull):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


class Failures:
    """Says and logs unexpected failures; remembers when the full disk was last logged."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._full_logged_at: float | None = None
        self._full_since_logged = 0

    def log(self, error: BaseException, log: logging.Logger, what: str, *args: object) -> None:
        """Log `error`: a full disk as one short line now and then, anything else as `what`
        (a %-format line with `args`, in the caller's `log`) with its traceback."""
        full = full_disk(error)
        if full is None:
            log.error(what, *args, exc_info=error)
            return
        now = self._clock()
        if self._full_logged_at is None:
            logger.error("%s", full)
        elif now - self._full_logged_at < FULL_DISK_REPEAT:
            self._full_since_logged += 1
            return
        else:
            logger.error(
                "%s; still full: %d commands or jobs refused since the last line",
                full,
                self._full_since_logged + 1,
            )
        self._full_logged_at = now
        self._full_since_logged = 0

    def reason(self, error: BaseException, log: logging.Logger, what: str, *args: object) -> Text:
        """What the person whose command failed with `error` is told; logged as `log` says."""
        self.log(error, log, what, *args)
        return SOMETHING_WENT_WRONG if full_disk(error) is None else DISK_FULL
