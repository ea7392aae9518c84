"""What a start costs a group (issue 34, item 7): a start within a minute of the bot's last
message keeps to the group's twenty a minute (its budget starts as spent); the first start of
a bot, and a restart after a quiet minute, answer at once. The service's note of the bot's
last message (bot/service/sends/last_sends.py) tells them apart."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import Any

import pytest

from bot.service.game_service import GameService
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.game_flow.clocks import utc_now
from bot.telegram import stop_front
from bot.telegram.sending.budget import Pacing
from games.computer import Limit
from storage import Store
from tests.bot.telegram.conftest import Bot, start_bot
from tests.fakes.telegram_api import Call, FakeBotApi
from tests.fakes.telegram_limits import PER_GROUP, counts

GROUP = -100800
# A spent group's first answer waits 9 s at Telegram's pacing; an unspent one goes at once.
AT_ONCE = 3.0


@pytest.fixture
async def unscaled_api(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[FakeBotApi]:
    """The fake with Telegram's own limits, unscaled (the bot paces as in production)."""
    fake = FakeBotApi()
    monkeypatch.setenv("TELEGRAM_API_URL", await fake.start())
    yield fake
    await fake.close()
    assert fake.violations == []


def service_at(store: Store, clock: Any = utc_now) -> GameService:
    computers = ComputerPlayers(ThreadPoolExecutor(max_workers=1), Limit(depth=1, seconds=0.1))
    return GameService(store, computers, clock=clock)


async def answer_time(api: FakeBotApi, group: dict[str, Any], count: int = 1) -> float:
    """Seconds from `count` /games in the group to their answers."""
    ana = api.users[1]
    answered = len(api.texts(group)) + count
    asked = time.monotonic()
    for _ in range(count):
        api.send_text(ana, group, "/games")
    await api.wait_for(lambda: len(api.texts(group)) >= answered, f"{count} answers", timeout=60)
    return time.monotonic() - asked


async def test_a_bots_first_start_answers_a_group_at_once(
    store: Store, unscaled_api: FakeBotApi
) -> None:
    api = unscaled_api
    api.user(1, "Ana", "ana")
    group = api.group(GROUP, "Clube")
    service = service_at(store)
    bot = await start_bot(service, api, Pacing())
    try:
        assert bot.front.desk.budget.spent_at is None, "nothing was ever noted for this bot"
        waited = await answer_time(api, group)
    finally:
        await stop_front(bot.front, bot.settings)
        await service.kernel.close()
    assert waited < AT_ONCE, waited


async def test_a_restart_after_a_quiet_minute_answers_a_group_at_once(
    store: Store, unscaled_api: FakeBotApi
) -> None:
    api = unscaled_api
    api.user(1, "Ana", "ana")
    group = api.group(GROUP, "Clube")
    first = service_at(store)
    bot = await start_bot(first, api, Pacing())
    try:
        await answer_time(api, group)
    finally:
        await stop_front(bot.front, bot.settings)
        await first.kernel.close()

    # The same database 66 s later (the minute and the 5 s between two notes have passed).
    def later() -> datetime:
        return utc_now() + timedelta(seconds=66)

    restarted = service_at(store, later)
    bot = await start_bot(restarted, api, Pacing())
    try:
        assert bot.front.desk.budget.spent_at is None
        waited = await answer_time(api, group)
    finally:
        await stop_front(bot.front, bot.settings)
        await restarted.kernel.close()
    assert waited < AT_ONCE, waited


def group_calls(api: FakeBotApi) -> list[Call]:
    """The group's calls that count, refused ones included."""
    return [c for c in api.calls if counts(c.method) and c.params.get("chat_id") == GROUP]


def most_in_a_window(calls: list[Call], window: float) -> int:
    times = sorted(call.at for call in calls)
    return max(sum(1 for t in times[i:] if t < start + window) for i, start in enumerate(times))


# Telegram's pacing and limits on a clock 10 times faster: a minute is 6 s, long enough
# for a restart to fall inside it.
FAST = 0.1
FAST_PACING = Pacing(
    private_interval=1.0 * FAST,
    group_interval=3.0 * FAST,
    group_window=60.0 * FAST,
    overall_per_second=25 / FAST,
)


async def test_a_restart_right_after_answers_keeps_to_the_groups_minute(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As many answers as the pacing allows in a minute, a restart at once, two more: the
    new budget starts as spent, so Telegram refuses nothing and the group never gets more
    than twenty in a minute (starting afresh, the two would be its 20th and 21st)."""
    api = FakeBotApi(limit_scale=FAST)
    monkeypatch.setenv("TELEGRAM_API_URL", await api.start())
    api.user(1, "Ana", "ana")
    group = api.group(GROUP, "Clube")
    running: list[Bot] = []
    try:
        for answers in (FAST_PACING.group_most, 2):
            service = service_at(store)
            running.append(await start_bot(service, api, FAST_PACING))
            try:
                await answer_time(api, group, answers)
            finally:
                await stop_front(running[-1].front, running[-1].settings)
                await service.kernel.close()
    finally:
        await api.close()
    assert running[1].front.desk.budget.spent_at is not None
    assert api.violations == []
    calls = group_calls(api)
    assert [call.error for call in calls if call.error is not None] == []
    assert len(calls) == FAST_PACING.group_most + 2
    most, _ = PER_GROUP
    assert most_in_a_window(calls, FAST_PACING.group_window) <= most
