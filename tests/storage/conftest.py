"""Fixtures for the storage tests: a store on a fresh file, a clock that ticks, raw access to
the file, two players and a game between them."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Iterator
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from storage import ChatRef, GameRecord, Player, SeatRecord, Store, open_store

CHAT = ChatRef("telegram", "-1001")


class TickingClock:
    """Each reading is one second after the previous one, so orderings by time are exact."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "damas.sqlite"


@pytest.fixture
def clock() -> TickingClock:
    return TickingClock()


@pytest.fixture
async def store(db_path: Path, clock: TickingClock) -> AsyncIterator[Store]:
    async with await open_store(db_path, clock=clock) as opened:
        yield opened


@pytest.fixture
def raw(store: Store, db_path: Path) -> Iterator[sqlite3.Connection]:
    """A plain sqlite3 connection to the store's file (autocommit), to tamper with it."""
    with closing(sqlite3.connect(db_path, isolation_level=None)) as connection:
        yield connection


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
