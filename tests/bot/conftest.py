"""Fixtures for the service tests: a fresh store and a service whose computer thinks fast."""

from __future__ import annotations

from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.events import (
    Actor,
    ChallengeUpdate,
    Event,
    PlayerNotice,
    Reply,
    TournamentUpdate,
)
from bot.service.kernel.game_flow.clocks import ManualClock
from games.computer import Limit
from storage import ChatRef, Store, open_store
from tests.bot.rated_play import RATED_DATABASE, rated_store_at

CHAT = ChatRef("test", "chat-1")
ANA = Actor("test", "ana", "Ana")
BIA = Actor("test", "bia", "Bia")
CAIO = Actor("test", "caio", "Caio")
# When the tests with a controlled clock (`clock`, `timed`) begin.
START = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new database of each engine (a file path, or a URL on the session's server), for
    the tests of several services or processes on one database."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    url: str = request.getfixturevalue("postgres_server").new_database()
    return url


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
    await game_service.kernel.close()


def make_service(store: Store, clock: ManualClock) -> GameService:
    computers = ComputerPlayers(ThreadPoolExecutor(max_workers=1), Limit(depth=1, seconds=0.1))
    return GameService(store, computers, clock=clock)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(START)


@pytest.fixture
async def timed_store(tmp_path: Path, clock: ManualClock) -> AsyncIterator[Store]:
    async with await open_store(tmp_path / "games.sqlite3", clock=clock) as opened:
        yield opened


@pytest.fixture
async def timed(timed_store: Store, clock: ManualClock) -> AsyncIterator[GameService]:
    """A service whose time moves only when the test says (`clock.advance`)."""
    service = make_service(timed_store, clock)
    yield service
    await service.kernel.close()


@pytest.fixture
def published(service: GameService) -> list[Event]:
    """The events the service publishes after its calls returned (computer moves)."""
    events: list[Event] = []

    async def sink(event: Event) -> None:
        events.append(event)

    service.kernel.bus.subscribe(sink)
    return events


def said(language: str, event: Event) -> str:
    """The words of an event that carries a message (a reply, a notice), in `language`."""
    assert isinstance(event, Reply | PlayerNotice | ChallengeUpdate | TournamentUpdate), event
    return translate(language, event.text)
