"""The service's note of when each bot last wrote (bot/service/sends/last_sends.py), on both
engines: a start knows whether a call of the bot may still be in the platform's window; the
time is written before the call goes, at most once every WRITE_INTERVAL however busy the bot,
and a write that fails never stops the call."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from datetime import datetime, timedelta

import pytest

from bot.service.game_service import GameService
from bot.service.kernel.game_flow.clocks import ManualClock
from bot.service.sends.last_sends import WRITE_INTERVAL, LastSends
from storage import DiskFull, SendStore, Store, open_store
from tests.bot.conftest import START, make_service

WINDOW = 60.0  # Telegram's minute for a group's twenty messages
BOT = "5f2b9c0d1e7a3344"


class CountedSends(SendStore):
    """The store's sends, counting the writes (and failing them when told)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.writes: list[datetime] = []
        self.failing = False

    async def last_send(self, platform: str, bot: str) -> datetime | None:
        return await self.store.last_send(platform, bot)

    async def note_send(self, platform: str, bot: str, at: datetime) -> None:
        self.writes.append(at)
        if self.failing:
            raise DiskFull("database or disk is full")
        await self.store.note_send(platform, bot, at)

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
        return await self.store.take_chat_turn(
            platform, bot, chat_id, spacing, interval, burst, handover
        )


@pytest.fixture
async def both_store(database: str) -> AsyncIterator[Store]:
    async with await open_store(database) as opened:
        yield opened


@pytest.fixture
async def timed_service(both_store: Store, clock: ManualClock) -> AsyncIterator[GameService]:
    service = make_service(both_store, clock)
    yield service
    await service.kernel.close()


@pytest.fixture
def counted(both_store: Store) -> CountedSends:
    return CountedSends(both_store)


@pytest.fixture
def sends(timed_service: GameService, counted: CountedSends) -> LastSends:
    return LastSends(timed_service.kernel, sends=counted)


async def test_a_bot_never_written_down_wrote_nothing_lately(
    timed_service: GameService,
) -> None:
    assert not await timed_service.sends.wrote_within("telegram", BOT, WINDOW)


async def test_a_start_after_a_call_knows_it_until_the_window_and_the_interval_pass(
    both_store: Store, timed_service: GameService, clock: ManualClock
) -> None:
    await timed_service.sends.sending("telegram", BOT)
    # A calls after the last one written may have come up to WRITE_INTERVAL later.
    clock.advance(timedelta(seconds=WINDOW) + WRITE_INTERVAL - timedelta(seconds=0.5))
    restarted = make_service(both_store, clock)
    try:
        assert await restarted.sends.wrote_within("telegram", BOT, WINDOW)
        assert not await restarted.sends.wrote_within("discord", BOT, WINDOW)
        assert not await restarted.sends.wrote_within("telegram", "another bot", WINDOW)
        clock.advance(timedelta(seconds=1))
        assert not await restarted.sends.wrote_within("telegram", BOT, WINDOW)
    finally:
        await restarted.kernel.close()


async def test_a_time_written_in_the_future_counts_as_lately(
    timed_service: GameService, clock: ManualClock
) -> None:
    """The clock was set back since: the calls may have been a moment ago."""
    await timed_service.sends.sending("telegram", BOT)
    clock.advance(-timedelta(hours=1))
    assert await timed_service.sends.wrote_within("telegram", BOT, WINDOW)


async def test_a_busy_bot_writes_at_most_once_an_interval(
    sends: LastSends, counted: CountedSends, clock: ManualClock
) -> None:
    # A call every tenth of a second for 12 s, five at a time.
    for _ in range(120):
        await asyncio.gather(*(sends.sending("telegram", BOT) for _ in range(5)))
        clock.advance(timedelta(seconds=0.1))
    assert counted.writes == [START + k * WRITE_INTERVAL for k in range(3)]
    assert await counted.last_send("telegram", BOT) == START + 2 * WRITE_INTERVAL


async def test_each_platform_and_bot_is_written_on_its_own(
    sends: LastSends, counted: CountedSends
) -> None:
    for platform, bot in (("telegram", BOT), ("telegram", "other"), ("discord", BOT)):
        await sends.sending(platform, bot)
        await sends.sending(platform, bot)
    assert len(counted.writes) == 3


async def test_calls_at_once_go_only_once_the_time_is_stored(
    sends: LastSends, counted: CountedSends
) -> None:
    """Twenty calls of a bot at one moment: one write, and none of the calls goes before it
    is stored (a kill -9 just after any of them is covered)."""
    stored_when_returned = []

    async def call() -> None:
        await sends.sending("telegram", BOT)
        stored_when_returned.append(await counted.last_send("telegram", BOT))

    await asyncio.gather(*(call() for _ in range(20)))
    assert counted.writes == [START]
    assert stored_when_returned == [START] * 20


async def test_a_write_that_fails_lets_the_call_go_and_is_tried_an_interval_later(
    sends: LastSends,
    counted: CountedSends,
    clock: ManualClock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    counted.failing = True
    with caplog.at_level(logging.ERROR):
        for _ in range(10):
            await sends.sending("telegram", BOT)
            clock.advance(timedelta(seconds=1))
    assert counted.writes == [START, START + WRITE_INTERVAL]
    assert "disk is full" in caplog.text
    assert "Traceback" not in caplog.text
