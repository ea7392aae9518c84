"""The turns of a bot's calls in each chat, shared by its processes
(bot/service/sends/chat_turns.py): on a shared database each call takes its turn there and
waits what the database says; on SQLite (one process) the database is not asked; a turn that
cannot be taken is logged, and the call goes on its own process's pacing."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path

import pytest

from bot.service.game_service import GameService
from bot.service.kernel.game_flow.clocks import ManualClock
from bot.service.sends.chat_turns import ChatPace, ChatTurns
from storage import DiskFull, SendStore, open_store
from tests.bot.conftest import make_service

PACE = ChatPace(spacing=1.0, interval=3.5, burst=3.5, handover=0.5)


class TurnsAsked(SendStore):
    """A store that answers every turn with `wait` (or fails when told), and keeps them."""

    def __init__(self, wait: float) -> None:
        self.wait = wait
        self.asked: list[tuple[str, str, str, float, float, float, float]] = []
        self.failing = False

    async def last_send(self, platform: str, bot: str) -> datetime | None:
        raise AssertionError(f"not asked here ({platform}, {bot})")

    async def note_send(self, platform: str, bot: str, at: datetime) -> None:
        raise AssertionError(f"not asked here ({platform}, {bot}, {at})")

    async def take_chat_turn(
        self,
        platform: str,
        bot: str,
        chat_id: str,
        spacing: float,
        interval: float,
        burst: float,
        handover: float,
    ) -> float:
        self.asked.append((platform, bot, chat_id, spacing, interval, burst, handover))
        if self.failing:
            raise DiskFull("database or disk is full")
        return self.wait


@pytest.fixture
async def service(tmp_path: Path, clock: ManualClock) -> AsyncIterator[GameService]:
    async with await open_store(tmp_path / "games.sqlite3") as store:
        made = make_service(store, clock)
        yield made
        await made.kernel.close()


async def test_a_shared_database_gives_each_call_its_turn(service: GameService) -> None:
    store = TurnsAsked(wait=2.5)
    turns = ChatTurns(service.kernel, sends=store, shared=True)
    assert await turns.wait("telegram", "b1", "-100", PACE) == 2.5
    assert store.asked == [("telegram", "b1", "-100", 1.0, 3.5, 3.5, 0.5)]


async def test_one_process_on_sqlite_does_not_ask_the_database(service: GameService) -> None:
    assert not service.chat_turns.shared  # the service's own, on its SQLite store
    store = TurnsAsked(wait=2.5)
    turns = ChatTurns(service.kernel, sends=store, shared=False)
    assert await turns.wait("telegram", "b1", "-100", PACE) == 0.0
    assert store.asked == []


async def test_a_turn_that_cannot_be_taken_lets_the_call_go(
    service: GameService, caplog: pytest.LogCaptureFixture
) -> None:
    store = TurnsAsked(wait=2.5)
    store.failing = True
    turns = ChatTurns(service.kernel, sends=store, shared=True)
    with caplog.at_level(logging.ERROR):
        assert await turns.wait("telegram", "b1", "-100", PACE) == 0.0
    assert "disk is full" in caplog.text
