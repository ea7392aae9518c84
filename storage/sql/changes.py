"""The outbox of game changes (migration 0006): every new version of a game is a row written in
the transaction that makes it, with a notification once it committed; the other processes read
the rows they did not write and show the new boards. The writers delete the old rows as they
go."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

from storage.records import GameChange
from storage.sql.base import SqlStoreBase
from storage.sql.engines.engine import Connection

CHANNEL = "damas_game_changes"
# How many changes are kept: far more than a reader that was away for a moment needs.
KEPT = 10_000
PRUNE_EVERY = 1000


async def record_change(connection: Connection, game_id: int, version: int, origin: str) -> None:
    """In the transaction that gives `game_id` its new `version`; every PRUNE_EVERY changes,
    the changes older than the KEPT last ones go."""
    change_id = await connection.fetchval(
        "INSERT INTO game_changes (game_id, version, origin) VALUES ($1, $2, $3) RETURNING id",
        game_id,
        version,
        origin,
    )
    connection.notify_after_commit(CHANNEL)
    if change_id % PRUNE_EVERY == 0:
        await connection.execute("DELETE FROM game_changes WHERE id <= $1", change_id - KEPT)


class ChangeQueries(SqlStoreBase):
    async def last_change(self) -> int:
        rows = await self._engine.fetch_once("SELECT coalesce(max(id), 0) FROM game_changes")
        return int(rows[0][0])

    async def changes_elsewhere(self, after: int) -> list[GameChange]:
        rows = await self._engine.fetch_once(
            "SELECT id, game_id, version FROM game_changes WHERE id > $1 AND origin <> $2 "
            "ORDER BY id",
            after,
            self._origin,
        )
        return [GameChange(row["id"], row["game_id"], row["version"]) for row in rows]

    @property
    def shared(self) -> bool:
        return self._engine.shared

    def follow_changes(self, wake: Callable[[], None]) -> AbstractAsyncContextManager[None]:
        return self._engine.follow(CHANNEL, wake)
