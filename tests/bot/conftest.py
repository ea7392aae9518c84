"""Fixtures for the service tests: a fresh store and a service whose computer thinks fast."""

from __future__ import annotations

from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.service.core import GameService
from bot.service.events import Actor, Event
from bot.service.players import ComputerPlayers
from games.computer import Limit
from storage import ChatRef, Store, open_store
from tests.bot.rated_play import RATED_DATABASE, rated_store_at

CHAT = ChatRef("test", "chat-1")
ANA = Actor("test", "ana", "Ana")
BIA = Actor("test", "bia", "Bia")
CAIO = Actor("test", "caio", "Caio")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with await open_store(tmp_path / "games.sqlite3") as opened:
        yield opened


@pytest.fixture
async def rated_store(tmp_path: Path) -> AsyncIterator[Store]:
    """A store that writes the rating change of a rated game with its end, as the bot opens
    it (a test module whose `store` fixture returns it plays rated games)."""
    async with await rated_store_at(tmp_path / RATED_DATABASE) as opened:
        yield opened


@pytest.fixture
async def service(store: Store) -> AsyncIterator[GameService]:
    # A thread instead of a process and a shallow search: the tests check the plumbing,
    # not the strength of the computer.
    computers = ComputerPlayers(ThreadPoolExecutor(max_workers=1), Limit(depth=2, seconds=0.2))
    game_service = GameService(store, computers)
    yield game_service
    await game_service.close()


@pytest.fixture
def published(service: GameService) -> list[Event]:
    """The events the service publishes after its calls returned (computer moves)."""
    events: list[Event] = []

    async def sink(event: Event) -> None:
        events.append(event)

    service.subscribe(sink)
    return events
