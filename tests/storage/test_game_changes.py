"""The outbox of game changes: written with each new version of a game, read by the other
processes (stores) only, and on PostgreSQL a notification wakes them."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

from storage import GameChange, GameRecord, Player, Store, open_store
from storage.sql.changes import KEPT, PRUNE_EVERY, record_change
from storage.sql.engines.engine import Engine


@asynccontextmanager
async def followed(store: Store, database: str) -> AsyncIterator[asyncio.Event]:
    """`store` following the changes (PostgreSQL only), past its first wake-up (the catch-up
    at the start): the event is set by each later one."""
    if not database.startswith("postgresql"):
        pytest.skip("SQLite serves one process: nothing to follow")
    woken = asyncio.Event()
    async with store.follow_changes(woken.set):
        await asyncio.wait_for(woken.wait(), 5)
        woken.clear()
        yield woken


async def test_a_change_is_read_by_the_other_stores_only(
    store: Store, game: GameRecord, ana: Player, database: str
) -> None:
    async with await open_store(database) as other:
        start = await other.last_change()
        moved = await store.append_move(game.id, 1, "11-15", 0, ana.id, "after 1")
        changes = await other.changes_elsewhere(start)
        assert [(c.game_id, c.version) for c in changes] == [(game.id, moved.version)]
        assert await store.changes_elsewhere(start) == []
        await other.finish_game(game.id, 2, "aborted", None)
        (mine,) = await store.changes_elsewhere(changes[-1].id)
        assert mine == GameChange(mine.id, game.id, 3)
        assert await other.last_change() == mine.id


async def test_a_change_wakes_a_process_that_follows(
    store: Store, game: GameRecord, ana: Player, database: str
) -> None:
    async with await open_store(database) as other, followed(other, database) as woken:
        await store.append_move(game.id, 1, "11-15", 0, ana.id, "after 1")
        await asyncio.wait_for(woken.wait(), 5)
        assert len(await other.changes_elsewhere(0)) == 1


async def test_only_a_committed_change_wakes_the_followers(
    store: Store, game: GameRecord, raw: Engine, database: str
) -> None:
    async with followed(store, database) as woken:
        # A transaction that fails after writing its change: the whole of it is inside.
        with pytest.raises(RuntimeError, match="rolled back"):  # noqa: PT012
            async with raw.writing() as connection:
                await record_change(connection, game.id, 2, "elsewhere")
                raise RuntimeError("rolled back")
        await asyncio.sleep(0.5)  # a window: a wake for the rolled-back change would come in it
        assert not woken.is_set()
        async with raw.writing() as connection:
            await record_change(connection, game.id, 2, "elsewhere")
        await asyncio.wait_for(woken.wait(), 5)
        assert [change.version for change in await store.changes_elsewhere(0)] == [2]


async def test_a_lost_listening_connection_comes_back_and_wakes(
    store: Store, raw: Engine, database: str
) -> None:
    async with followed(store, database) as woken:
        async with raw.writing() as connection:
            cut = await connection.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE query LIKE 'LISTEN%'"
            )
        assert cut >= 1
        await asyncio.wait_for(woken.wait(), 10)


async def test_old_changes_are_deleted_as_new_ones_come(
    store: Store, game: GameRecord, ana: Player, raw: Engine
) -> None:
    newest = KEPT + PRUNE_EVERY - 1
    async with raw.writing() as connection:
        await connection.executemany(
            "INSERT INTO game_changes (id, game_id, version, origin) VALUES ($1, $2, 1, 'x')",
            [(1, game.id), (newest, game.id)],
        )
        await raw.reset_row_ids(connection, "game_changes")
    await store.append_move(game.id, 1, "11-15", 0, ana.id, "after 1")
    async with raw.reading() as connection:
        kept = await connection.fetchcolumn("SELECT id FROM game_changes ORDER BY id")
    assert kept == [newest, newest + 1]
