"""Fixtures for the storage tests: a store on a fresh database of each engine (an SQLite file,
a PostgreSQL database on the session's server), a clock that ticks, a second engine on the
same database to tamper with it, two players and a game between them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from storage import ChatRef, GameRecord, Player, SeatRecord, Store, open_store
from storage.sql.engines.engine import Engine
from storage.sql.store import open_engine

CHAT = ChatRef("telegram", "-1001")
ENGINES = ("sqlite", "postgresql")


class TickingClock:
    """Each reading is one second after the previous one, so orderings by time are exact."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """An SQLite file, for the tests of what only SQLite has (its file, its pragmas)."""
    return tmp_path / "data" / "damas.sqlite"


@pytest.fixture(params=ENGINES)
def fresh_database(request: pytest.FixtureRequest, db_path: Path) -> str:
    """A new, empty database of each engine (no schema yet): its path or postgresql:// URL.
    For the tests that change the schema."""
    if request.param == "sqlite":
        return str(db_path)
    server = request.getfixturevalue("postgres_server")
    url: str = server.new_database()
    return url


@pytest.fixture(params=ENGINES)
async def database(request: pytest.FixtureRequest, db_path: Path) -> str:
    """A database of each engine with the current schema and no rows: a new SQLite file, or
    on PostgreSQL the session's one migrated schema, emptied (much faster than a new one)."""
    if request.param == "sqlite":
        return str(db_path)
    server = request.getfixturevalue("postgres_server")
    url: str = await server.emptied_database()
    return url


@pytest.fixture
def clock() -> TickingClock:
    return TickingClock()


@pytest.fixture
async def store(database: str, clock: TickingClock) -> AsyncIterator[Store]:
    async with await open_store(database, clock=clock) as opened:
        yield opened


# `store` is asked for so that it is opened first: it creates the database and its tables.
@pytest.fixture
async def raw(store: Store, database: str) -> AsyncIterator[Engine]:  # noqa: ARG001
    """A second engine on the store's database, to tamper with it or hold its locks."""
    engine = await open_engine(database)
    try:
        yield engine
    finally:
        await engine.close()


@pytest.fixture
async def ana(store: Store) -> Player:
    return await store.player_for_identity("telegram", "111", "Ana", "pt-BR")


@pytest.fixture
async def bruno(store: Store) -> Player:
    return await store.player_for_identity("discord", "222", "Bruno", "it")


@pytest.fixture
async def game(store: Store, ana: Player, bruno: Player) -> GameRecord:
    """A fresh Brazilian game, Ana (seat 0) against Bruno (seat 1), in the test chat."""
    return await store.create_game(
        "brazilian",
        {"variant": "brazilian"},
        [SeatRecord(0, ana.id), SeatRecord(1, bruno.id)],
        "start",
        CHAT,
    )
