"""A full disk is storage's DiskFull, on both engines (issue 34, item 8): a write it refuses
is rolled back whole, what was stored before stays, and writes work again once there is
space, on the same store, without reopening it."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import DiskFull, StorageError, Store, open_store
from storage.sql.store import open_engine
from tests.filesystems import GrowthLimit, fill, small_disk
from tests.postgres_server import PostgresServer


async def write_until_full(store: Store, start: int = 0, most: int = 2000) -> int:
    """Register players until the disk refuses one; the number registered."""
    for number in range(start, start + most):
        try:
            await store.player_for_identity("telegram", str(number), "N" * 200, "en")
        except DiskFull:
            return number
    raise AssertionError(f"{most} players and the disk is not full")


async def players(store: Store, count: int) -> list[str]:
    """The names of the players registered as 0, 1, ... `count - 1`, read back."""
    names = []
    for number in range(count):
        player = await store.known_player("telegram", str(number))
        assert player is not None, f"player {number} was lost"
        names.append(player.display_name)
    return names


async def test_sqlite_full_is_disk_full_and_the_store_goes_on(tmp_path: Path) -> None:
    async with await open_store(tmp_path / "games.sqlite3") as store:
        limit = GrowthLimit(store)
        await limit.stop()
        stored = await write_until_full(store)
        with pytest.raises(DiskFull, match=r"database or disk is full") as refused:
            await store.player_for_identity("telegram", str(stored), "N" * 200, "en")
        assert isinstance(refused.value, StorageError)
        assert await players(store, stored) == ["N" * 200] * stored
        await limit.lift()
        await store.player_for_identity("telegram", str(stored), "N" * 200, "en")


async def test_a_real_full_disk_is_disk_full_and_freed_space_serves_again(
    tmp_path: Path,
) -> None:
    with small_disk(tmp_path / "disk") as disk:
        async with await open_store(disk / "games.sqlite3") as store:
            await store.player_for_identity("telegram", "0", "N" * 200, "en")
            filler = fill(disk)
            stored = await write_until_full(store, start=1, most=200)
            assert await players(store, stored) == ["N" * 200] * stored
            filler.unlink()
            await store.player_for_identity("telegram", str(stored), "N" * 200, "en")
            assert await players(store, stored + 1) == ["N" * 200] * (stored + 1)


async def test_postgresql_disk_full_is_disk_full(postgres_server: PostgresServer) -> None:
    """The server's own error for a full disk (SQLSTATE 53100, disk_full), raised by a
    trigger as the server raises it when a table cannot grow."""
    url = postgres_server.new_database()
    async with await open_store(url) as store:
        await store.player_for_identity("telegram", "0", "Ana", "en")
        raw = await open_engine(url)
        try:
            async with raw.writing() as connection:
                await connection.execute(
                    "CREATE FUNCTION full_disk() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                    "RAISE EXCEPTION 'could not extend file: No space left on device' "
                    "USING ERRCODE = 'disk_full'; END $$"
                )
                await connection.execute(
                    "CREATE TRIGGER full_disk BEFORE INSERT ON players "
                    "FOR EACH ROW EXECUTE FUNCTION full_disk()"
                )
            with pytest.raises(DiskFull, match="No space left on device"):
                await store.player_for_identity("telegram", "1", "Bia", "en")
            async with raw.writing() as connection:
                await connection.execute("DROP TRIGGER full_disk ON players")
        finally:
            await raw.close()
        assert (await store.player_for_identity("telegram", "1", "Bia", "en")).id > 0
        assert await players(store, 1) == ["Ana"]
