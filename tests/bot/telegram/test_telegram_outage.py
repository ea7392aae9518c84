"""Telegram out of reach: one log line per outage, one when it answers again, no tracebacks;
a token Telegram refuses ends `python -m bot` in one line with a non-zero status."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

import pytest

from tests.fakes.telegram_api import FakeBotApi
from tests.processes import bot_environment


@pytest.mark.usefixtures("bot", "service")
async def test_an_outage_is_logged_once_and_its_end_too(
    api: FakeBotApi, caplog: pytest.LogCaptureFixture
) -> None:
    ana = api.user(1, "Ana", "ana")
    chat = api.private_chat(ana)
    with caplog.at_level(logging.DEBUG, logger="telegram"), caplog.at_level(logging.INFO):
        api.go_down()
        polls = len(api.calls_of("getUpdates"))
        # The waiting long poll is cut off, and python-telegram-bot's next try 1 s later.
        await api.wait_for(lambda: api.cut_off.count("getUpdates") >= 2, "two failed polls")
        api.come_back()
        api.send_text(ana, chat, "/help")
        await api.wait_for(lambda: api.texts(chat), "the answer after the outage")
    warnings = [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert [record.exc_info for record in warnings] == [None] * len(warnings), "a traceback"
    messages = [record.getMessage() for record in warnings]
    assert len([m for m in messages if "out of reach" in m]) == 1, messages
    assert len([m for m in messages if "answers again" in m]) == 1, messages
    assert len(messages) == 2, messages
    assert "up to 30 s" in messages[0]
    assert len(api.calls_of("getUpdates")) > polls


async def test_a_refused_token_ends_the_start_in_one_line(api: FakeBotApi, tmp_path: Path) -> None:
    bot = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "--db",
        str(tmp_path / "bot.sqlite3"),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        cwd=tmp_path,
        env=bot_environment(TELEGRAM_TOKEN="1:not-the-fake-token", TELEGRAM_API_URL=api.url),
    )
    _, errors = await asyncio.wait_for(bot.communicate(), 60)
    lines = errors.decode().splitlines()
    assert bot.returncode == 2
    assert (
        lines[-1]
        == "damas-bot: Telegram refused the token: check TELEGRAM_TOKEN (from @BotFather)."
    ), lines
    assert not [line for line in lines if "Traceback" in line or "Error" in line], lines
