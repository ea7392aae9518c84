"""A restart keeps to a group's twenty messages a minute (issue 34, item 7): the real bot
process answers twelve commands in a group, is killed with SIGKILL, is started again at once
and answers ten more, against the fake Bot API with Telegram's own limits, unscaled. The new
process reads in the database that the bot wrote a moment ago, so its budget starts as spent
(bot/telegram/sending/budget.py): Telegram refuses nothing, and no minute holds more than
twenty of the group's messages. The bot's first start had nothing noted: it answered at
once."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.fakes.telegram_api import Call, FakeBotApi
from tests.fakes.telegram_limits import PER_GROUP, counts
from tests.processes import kill, start_bot

GROUP = -100700


def in_group(telegram_as_is: FakeBotApi) -> list[Call]:
    """The calls that count against the group's limit, refused ones included."""
    return [
        c for c in telegram_as_is.calls if counts(c.method) and c.params.get("chat_id") == GROUP
    ]


def most_in_a_minute(calls: list[Call]) -> int:
    _, seconds = PER_GROUP
    times = sorted(call.at for call in calls if call.error is None)
    return max((sum(1 for t in times[i:] if t < start + seconds) for i, start in enumerate(times)))


async def answers(telegram_as_is: FakeBotApi, group: dict[str, object], count: int) -> None:
    await telegram_as_is.wait_for(
        lambda: len(telegram_as_is.texts(group)) >= count, f"{count} answers", timeout=90
    )


@pytest.mark.slow
async def test_a_restart_breaks_no_groups_minute(
    telegram_as_is: FakeBotApi, tmp_path: Path
) -> None:
    database, log = tmp_path / "bot.sqlite3", tmp_path / "bot.log"
    ana = telegram_as_is.user(1, "Ana", "ana")
    group = telegram_as_is.group(GROUP, "Clube")
    bot = start_bot(telegram_as_is, database, log)
    try:
        for _ in range(12):
            telegram_as_is.send_text(ana, group, "/games")  # one message each
        await answers(telegram_as_is, group, 12)
        kill(bot)
        restarted = time.monotonic()
        bot = start_bot(telegram_as_is, database, log)
        for _ in range(10):
            telegram_as_is.send_text(ana, group, "/games")
        await answers(telegram_as_is, group, 22)
    finally:
        kill(bot)
    calls = in_group(telegram_as_is)
    # The first process's first answer, from its first poll: nothing to wait for.
    first_poll = telegram_as_is.calls_of("getUpdates")[0].at
    assert calls[0].at - first_poll < 3, calls[0].at - first_poll
    refused = [call for call in calls if call.error is not None]
    assert not refused, [call.error for call in refused]
    assert len(calls) == 22
    assert most_in_a_minute(calls) <= PER_GROUP[0]
    # The cost of not knowing: the first answer after the restart waits for the oldest of
    # the calls the pacing allowed in the minute before it (9 s after the budget began).
    first_after = calls[12].at - restarted
    assert first_after < 20, first_after
