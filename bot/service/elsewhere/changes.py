"""The moves other bot processes make, shown by this one (several processes on one PostgreSQL
database, docs/deploy.md): a process is woken by the database's notification of a change (or
after its connection came back), reads the changes it did not write, and publishes the new
board of each game to its own front ends. On SQLite (one process) it is never woken.
"""

from __future__ import annotations

import asyncio
import logging

from bot.service.kernel.events import BoardUpdate, ServiceError
from bot.service.kernel.kernel import Kernel
from storage import ChangeStore

logger = logging.getLogger(__name__)

# Changes are read again from this many ids before the newest one seen: a transaction that
# committed late may have taken a smaller id (at most one per writer busy at that moment).
CHANGE_OVERLAP = 1000
# How many games' shown versions are remembered (a changed game beyond is shown again).
REMEMBERED = 10_000


class ChangesElsewhere:
    """Follows the changes of other processes; `run` until cancelled."""

    def __init__(self, kernel: Kernel, changes: ChangeStore) -> None:
        self.kernel = kernel
        self.changes = changes
        self._shown: dict[int, int] = {}

    @property
    def shared(self) -> bool:
        """Whether other processes share the database (and may show a board first)."""
        return self.changes.shared

    async def run(self) -> None:
        if not self.changes.shared:
            return
        woken = asyncio.Event()
        seen = await self.changes.last_change()
        await self._known(seen)
        async with self.changes.follow_changes(woken.set):
            while True:
                await woken.wait()
                woken.clear()
                try:
                    seen = await self.show_changes(seen)
                except Exception as error:
                    self.kernel.failures.log(
                        error, logger, "the changes of other processes could not be shown"
                    )

    async def _known(self, seen: int) -> None:
        """The changes committed before this process started count as shown: their boards
        were shown by the processes that made them (and a board a crash left behind is
        brought up to date by the front end's own catch-up). Without this, every start would
        post the boards of the last changes again."""
        for change in await self.changes.changes_elsewhere(max(0, seen - CHANGE_OVERLAP)):
            if change.id <= seen and self._shown.get(change.game_id, 0) < change.version:
                self._remember(change.game_id, change.version)

    async def show_changes(self, seen: int) -> int:
        """Show the games changed elsewhere since change `seen`; the newest change seen."""
        newest: dict[int, int] = {}
        for change in await self.changes.changes_elsewhere(max(0, seen - CHANGE_OVERLAP)):
            seen = max(seen, change.id)
            newest[change.game_id] = max(newest.get(change.game_id, 0), change.version)
        for game_id, version in newest.items():
            if self._shown.get(game_id, 0) >= version:
                continue
            self._remember(game_id, version)
            try:
                state = await self.kernel.state(game_id)
            except ServiceError as error:
                logger.error("game %s changed elsewhere cannot be shown: %s", game_id, error)
                continue
            headline = await self.kernel.changes.latest_headline(state)
            update = BoardUpdate(state, headline, state.record.chat, echo=True)
            await self.kernel.bus.publish([update])
        return seen

    def _remember(self, game_id: int, version: int) -> None:
        self._shown.pop(game_id, None)
        self._shown[game_id] = version
        if len(self._shown) > REMEMBERED:
            del self._shown[next(iter(self._shown))]
