"""What every group of queries shares: the engine, the clock, the checks that a row exists.

The store is put together from one class per group (storage/sql/players.py, challenges.py,
games.py, clocks.py), each implementing its part of `Store` on this base."""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Literal

from storage.api import Store
from storage.errors import NotFound
from storage.records import GameRecord
from storage.sql.codec import encode_time, epoch
from storage.sql.engines.engine import Connection, Engine

Clock = Callable[[], datetime]

# A write that belongs to the end of a game (a rating change, say): run inside the
# transaction that stores the game's result, with the finished game, so that it happens
# exactly once, and not at all if the game could not be finished.
GameEndWrite = Callable[[Connection, GameRecord], Awaitable[None]]


def utc_now() -> datetime:
    return datetime.now(UTC)


class SqlStoreBase(Store):
    """A `Store` over an `Engine`; the groups of queries add the methods."""

    def __init__(
        self, engine: Engine, clock: Clock, on_game_end: Sequence[GameEndWrite] = ()
    ) -> None:
        self._engine = engine
        self._clock = clock
        # Marks the game changes this store writes (storage/sql/changes.py).
        self._origin = uuid.uuid4().hex
        self._on_game_end = tuple(on_game_end)

    def _now(self) -> str:
        return encode_time(self._clock())

    def _now_epoch(self) -> float:
        return epoch(self._clock())

    async def close(self) -> None:
        await self._engine.close()


Table = Literal["players", "games", "challenges"]


def player_lock(player_id: int) -> str:
    """The name of the lock (`Connection.lock`) of a player's vacations and the running of
    their clocks, which are read before they are written."""
    return f"player {player_id}"


async def require(connection: Connection, table: Table, row_id: int) -> None:
    if await connection.fetchrow(f"SELECT 1 FROM {table} WHERE id = $1", row_id) is None:
        raise NotFound(f"there is no {table[:-1]} with id {row_id}")


async def require_players(connection: Connection, player_ids: Iterable[int | None]) -> None:
    for player_id in sorted({pid for pid in player_ids if pid is not None}):
        await require(connection, "players", player_id)
