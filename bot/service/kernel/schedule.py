"""What the scheduler (correspondence/) is told by the rest of the service: that something may
have moved a deadline (`poke`), and the jobs it runs besides the correspondence clocks."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime

# Work the scheduler runs besides the correspondence clocks (a tournament's registration
# deadline, its no-show forfeits, a chat's daily puzzle): does what is due at the time given,
# publishes its events, and answers when it next has something to do (None: nothing planned).
DueJob = Callable[[datetime], Awaitable[datetime | None]]


class Schedule:
    def __init__(self) -> None:
        # Set when a deadline may have moved: the scheduler looks again.
        self.changed = asyncio.Event()
        self._jobs: list[DueJob] = []

    def poke(self) -> None:
        """Something that moves a deadline happened."""
        self.changed.set()

    def add_job(self, job: DueJob) -> None:
        self._jobs.append(job)

    @property
    def jobs(self) -> tuple[DueJob, ...]:
        return tuple(self._jobs)
