"""A message kept up to date by edits no more often than its chat allows: an arena's
leaderboard changes with every game that ends, and a Telegram group has twenty messages a
minute for everything (edits included). Each key (an arena) is edited at most once per
`interval`; a change that comes sooner waits, and only the newest waiting change is shown
when the interval is over (the ones it replaced are never sent). A final change (`at_once`)
goes out at once. A value may say when it was read (`read_at`): one read before the value
shown or waiting is dropped, since two handlers' changes may arrive in either order and the
older must not replace the newer."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Generic, TypeVar

from bot.recent import REMEMBERED_CHATS, Recent

K = TypeVar("K")
V = TypeVar("V")

logger = logging.getLogger(__name__)


class PacedEdits(Generic[K, V]):
    """Shows each key's newest value with `show`, at most once per `interval` seconds."""

    def __init__(self, interval: float, show: Callable[[K, V], Awaitable[None]]) -> None:
        self.interval = interval
        self._show = show
        self._last: Recent[K, float] = Recent(REMEMBERED_CHATS)
        self._read: Recent[K, float] = Recent(REMEMBERED_CHATS)
        self._waiting: dict[K, V] = {}
        self._timers: dict[K, asyncio.Task[None]] = {}

    async def offer(
        self, key: K, value: V, *, at_once: bool = False, read_at: float | None = None
    ) -> None:
        """Show `value` now if the key's interval is over (or `at_once`), else when it is,
        unless a newer value comes first; nothing if it was read before the key's last."""
        if read_at is not None:
            if read_at < self._read.get(key, float("-inf")):
                return
            self._read[key] = read_at
        due = self._last.get(key, float("-inf")) + self.interval
        if at_once or time.monotonic() >= due:
            self._waiting.pop(key, None)
            timer = self._timers.pop(key, None)
            if timer is not None:
                timer.cancel()
            await self._put(key, value)
            return
        self._waiting[key] = value
        if key not in self._timers:
            self._timers[key] = asyncio.create_task(self._later(key, due - time.monotonic()))

    async def _later(self, key: K, delay: float) -> None:
        await asyncio.sleep(delay)
        self._timers.pop(key, None)
        value = self._waiting.pop(key, None)
        if value is not None:
            await self._put(key, value)

    async def _put(self, key: K, value: V) -> None:
        self._last[key] = time.monotonic()
        try:
            await self._show(key, value)
        except Exception:  # one failed edit must not stop the next ones
            logger.exception("a paced edit of %s failed", key)

    async def close(self) -> None:
        """Drop the changes still waiting (at a stop)."""
        timers = list(self._timers.values())
        self._timers.clear()
        self._waiting.clear()
        for timer in timers:
            timer.cancel()
        await asyncio.gather(*timers, return_exceptions=True)
