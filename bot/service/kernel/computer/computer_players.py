"""Computer players for the service, run off the event loop, shared fairly between games.

A search is pure Python and holds the interpreter lock, so it runs in a worker process: the
bot keeps answering while the computer thinks. The worker gets the game as text (kind,
options, snapshot) and answers with the move's notation, so nothing but strings crosses.

Fair sharing: a job goes to the pool only when a worker is free for it (so the engine's clock,
which starts in the worker, never counts time spent waiting), and long thinks (the strong
level, correspondence games) may hold all workers but one: a quick think never waits behind
two long ones.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from bot.service.kernel.computer.workers import worker_processes
from games.base import AnyGame, find_game
from games.computer import LEVELS, Limit, choose

# A think longer than this (in seconds) is a long one.
LONG_THINK_SECONDS = 1.0
# Workers by default: at least 2 (one always free for quick thinks), at most 4.
DEFAULT_WORKERS = max(2, min(4, os.cpu_count() or 2))

Chooser = Callable[[str, Mapping[str, Any], str, Limit], str]
T = TypeVar("T")


def choose_notation(kind: str, rules: Mapping[str, Any], snapshot: str, limit: Limit) -> str:
    position = find_game(kind).from_snapshot(snapshot, rules)
    return position.notation(choose(position, limit))


@dataclass(frozen=True)
class Think:
    """A finished think: the move's notation, the seconds it waited for a worker and the
    seconds the worker took (measured by the worker)."""

    notation: str
    waited: float
    thought: float


def _timed(chooser: Chooser, *args: Any) -> tuple[str, float]:
    started = time.perf_counter()
    notation = chooser(*args)
    return notation, time.perf_counter() - started


class ComputerPlayers:
    """Chooses the computer's moves in worker processes (or the given executor, with
    `workers` workers), sharing them fairly between games. `limit` fixes the limit of every
    think (quick tests); None: each game's level decides. The workers play with the endgame
    databases of the folder `databases` (None: without)."""

    def __init__(
        self,
        executor: Executor | None = None,
        limit: Limit | None = None,
        *,
        workers: int = DEFAULT_WORKERS,
        chooser: Chooser = choose_notation,
        databases: Path | None = None,
    ) -> None:
        self._executor = executor
        self.databases = databases
        self._own_executor = executor is None
        self.limit = limit
        self.workers = workers
        self._chooser = chooser
        self._free: asyncio.Semaphore | None = None
        self._long: asyncio.Semaphore | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            self._executor = worker_processes(self.workers, self.databases)
        return self._executor

    def _slots(self) -> tuple[asyncio.Semaphore, asyncio.Semaphore]:
        if self._free is None or self._long is None:
            self._free = asyncio.Semaphore(self.workers)
            self._long = asyncio.Semaphore(max(1, self.workers - 1))
        return self._free, self._long

    async def think(
        self, kind: str, rules: Mapping[str, Any], snapshot: str, limit: Limit | None = None
    ) -> Think:
        """The computer's move as notation, once a worker fit for the think is free."""
        limit = self.limit or limit or LEVELS["normal"]
        free, long = self._slots()
        asked = time.perf_counter()
        if limit.seconds is not None and limit.seconds > LONG_THINK_SECONDS:
            async with long, free:
                return await self._run(kind, rules, snapshot, limit, asked)
        async with free:
            return await self._run(kind, rules, snapshot, limit, asked)

    async def _run(
        self, kind: str, rules: Mapping[str, Any], snapshot: str, limit: Limit, asked: float
    ) -> Think:
        waited = time.perf_counter() - asked
        loop = asyncio.get_running_loop()
        notation, thought = await loop.run_in_executor(
            self._pool(), _timed, self._chooser, kind, dict(rules), snapshot, limit
        )
        return Think(notation, waited, thought)

    async def work(self, job: Callable[..., T], *args: Any) -> T:
        """Other CPU work of a quick think's size (one position of a review), in a worker
        once one is free: between two such jobs the computers' thinks get their turn."""
        free, _ = self._slots()
        async with free:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._pool(), job, *args)

    async def choose(
        self, kind: str, rules: Mapping[str, Any], position: AnyGame, limit: Limit | None = None
    ) -> Any:
        """The computer's move in `position` (a move of that position) within `limit`."""
        think = await self.think(kind, rules, position.snapshot(), limit)
        return position.parse(think.notation)

    def close(self) -> None:
        if self._own_executor and self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
