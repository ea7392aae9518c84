"""The computer's thinks as jobs for engine workers on any machine (bot/engine_worker.py),
and the bot processes that post them and wait for their results
(bot/service/kernel/computer/engine_jobs.py)."""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from typing import Protocol, runtime_checkable


@dataclass(frozen=True)
class EngineJob:
    """A job a worker took: its id and the think it asks for (text, as posted)."""

    id: int
    request: str


@runtime_checkable
class EngineJobStore(Protocol):
    """Thinks posted by bot processes, each taken by one worker at a time (a lease)."""

    @abstractmethod
    async def workers_alive(self, within: float) -> int:
        """How many workers said they are alive in the last `within` seconds."""

    @abstractmethod
    async def post_engine_job(
        self, game_id: int, version: int, request: str, deadline: float
    ) -> int:
        """Post a think of the game at `version`, wanted within `deadline` seconds; its id."""

    @abstractmethod
    async def engine_job_result(self, job_id: int) -> str | None:
        """The job's result, None while it has none."""

    @abstractmethod
    async def drop_engine_job(self, job_id: int) -> None:
        """The poster no longer waits for the job (it has its result, or thinks itself)."""

    @abstractmethod
    async def worker_alive(self, name: str) -> None:
        """The worker `name` is alive now."""

    @abstractmethod
    async def take_engine_job(self, name: str, lease: float) -> EngineJob | None:
        """The oldest job before its deadline that no worker holds (or whose worker's lease
        ran out), now held by `name` for `lease` seconds; None if there is none. Of workers
        asking at once, each gets another job."""

    @abstractmethod
    async def renew_engine_job(self, job_id: int, name: str, lease: float) -> None:
        """The worker still thinks: its lease lasts `lease` seconds from now."""

    @abstractmethod
    async def finish_engine_job(self, job_id: int, name: str, result: str) -> bool:
        """The worker's result; False if the job is no longer its (taken over, dropped)."""
