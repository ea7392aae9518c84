"""The store of game changes: what other processes on the same database wrote."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Protocol, runtime_checkable

from storage.records import GameChange


@runtime_checkable
class ChangeStore(Protocol):
    """The game changes other processes wrote, to show their boards here too."""

    @property
    @abstractmethod
    def shared(self) -> bool:
        """Whether other bot processes may use this database too (PostgreSQL), so that their
        changes are worth following; SQLite serves one process."""

    @abstractmethod
    async def last_change(self) -> int:
        """The id of the newest game change (0 if none): where to start following."""

    @abstractmethod
    async def changes_elsewhere(self, after: int) -> list[GameChange]:
        """The game changes after id `after` that other stores (other processes) wrote,
        oldest first (the last 10,000 changes are kept). A change committed late may carry a
        smaller id than one already read: callers read again from a little before their last
        id and skip versions they showed (bot/service/elsewhere/changes.py)."""

    @abstractmethod
    def follow_changes(self, wake: Callable[[], None]) -> AbstractAsyncContextManager[None]:
        """While the block runs, call `wake` when another process may have changed a game,
        and after a lost connection to the database came back (read the changes then).
        Nothing where one process has the database (SQLite)."""
