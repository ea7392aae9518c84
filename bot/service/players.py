"""Computer players for the service, run off the event loop.

A search is pure Python and holds the interpreter lock, so it runs in a worker process: the
bot keeps answering while the computer thinks. The worker gets the game as text (kind,
options, snapshot) and answers with the move's notation, so nothing but strings crosses.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from concurrent.futures import Executor
from typing import Any

from bot.service.workers import worker_processes
from games.base import AnyGame, find_game
from games.computer import LEVELS, Limit, choose


def _choose_notation(kind: str, rules: Mapping[str, Any], snapshot: str, limit: Limit) -> str:
    position = find_game(kind).from_snapshot(snapshot, rules)
    return position.notation(choose(position, limit))


class ComputerPlayers:
    """Chooses the computer's moves in a worker process (or the given executor)."""

    def __init__(self, executor: Executor | None = None, limit: Limit = LEVELS["normal"]) -> None:
        self._executor = executor
        self._own_executor = executor is None
        self.limit = limit

    def _pool(self) -> Executor:
        if self._executor is None:
            self._executor = worker_processes(1)
        return self._executor

    async def choose(self, kind: str, rules: Mapping[str, Any], position: AnyGame) -> Any:
        """The computer's move in `position` (a move of that position)."""
        loop = asyncio.get_running_loop()
        notation = await loop.run_in_executor(
            self._pool(), _choose_notation, kind, dict(rules), position.snapshot(), self.limit
        )
        return position.parse(notation)

    def close(self) -> None:
        if self._own_executor and self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
