"""The service's background work: tasks that outlive the call that started them (the
computer's turns, events delivered to other platforms), kept until they end, their failures
logged, awaited by `idle` and cancelled by `close`."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from bot.service.kernel.failures import Failures

logger = logging.getLogger(__name__)


class Background:
    def __init__(self, failures: Failures) -> None:
        self.failures = failures
        self._tasks: set[asyncio.Task[None]] = set()

    def run(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` in the background."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        error = None if task.cancelled() else task.exception()
        if error is not None:
            self.failures.log(error, logger, "background work failed")

    async def idle(self) -> None:
        """Wait until the background work (computer moves) has finished."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)
