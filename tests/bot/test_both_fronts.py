"""Both chat front ends in one process (issue 21, item 2): Discord refusing the bot's slash
commands, or out of reach at its start, never takes Telegram down; Discord out of reach keeps
trying and serves once it answers, with one log line each way and no traceback."""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord.app import point_at
from bot.discord.app import serve as serve_discord
from bot.discord.posting import board_posts
from bot.discord.reconnects import quiet_reconnects
from bot.fronts import FRONT_ENDS, serve_chats
from bot.service.game_service import GameService
from bot.settings import DiscordSettings, TelegramSettings
from tests.bot.discord.clicks import ANA, CHANNEL, act
from tests.fakes import discord_api, telegram_api
from tests.fakes.discord_api import FakeDiscord
from tests.fakes.telegram_api import FakeBotApi
from tests.processes import bot_environment
from tests.waiting import eventually

TELEGRAM, DISCORD = FRONT_ENDS


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def discord_at(monkeypatch: pytest.MonkeyPatch, port: int) -> DiscordSettings:
    """The Discord front end's settings with its addresses at `port` of loopback."""
    monkeypatch.setattr(board_posts, "RESEND_INTERVAL", 0.2)
    return DiscordSettings(
        discord_api.TOKEN, f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/gateway"
    )


@pytest.fixture
async def telegram() -> AsyncIterator[FakeBotApi]:
    fake = FakeBotApi()
    await fake.start()
    yield fake
    await fake.close()


@pytest.fixture
async def discord_fake() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    yield fake
    await fake.close()
    point_at()


async def test_discord_refusing_its_commands_leaves_telegram_playing(
    service: GameService,
    telegram: FakeBotApi,
    discord_fake: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    await discord_fake.start()
    discord = discord_at(monkeypatch, discord_fake.port)
    discord_fake.fail_next(
        "PUT", r"/applications/\d+/commands$", 400, code=discord_api.INVALID_FORM_BODY
    )
    started = asyncio.Event()

    async def start_work() -> None:
        await service.resume()
        started.set()

    chats = {TELEGRAM: TelegramSettings(telegram_api.TOKEN, telegram.url), DISCORD: discord}
    running = asyncio.create_task(serve_chats(service, chats, start_work, web=None))
    await asyncio.wait_for(started.wait(), 20)
    ana = telegram.user(1, "Ana", "ana")
    chat = telegram.private_chat(ana)
    telegram.send_text(ana, chat, "/new brazilian vs computer white")
    await telegram.wait_for(lambda: telegram.boards(chat), "the board of the new game")
    telegram.send_text(ana, chat, "c3-d4")
    await telegram.wait_for(
        lambda: telegram.calls_of("editMessageMedia"), "the board after the move", timeout=20
    )
    state = await service.kernel.state(1)
    assert state.plies >= 1, "the move was not played"
    assert not running.done(), "Discord's refusal stopped the process"
    lines = capsys.readouterr().err.splitlines()
    refusals = [line for line in lines if "Discord refused the bot's slash commands" in line]
    assert len(refusals) == 1, lines
    assert "(400, code 50035: " in refusals[0], refusals
    assert not [line for line in lines if "Traceback" in line], lines
    running.cancel()
    await asyncio.gather(running, return_exceptions=True)


async def test_discord_out_of_reach_at_start_serves_once_it_answers(
    service: GameService,
    discord_fake: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    port = free_port()
    discord = discord_at(monkeypatch, port)
    listening = asyncio.Event()
    failed_tries: list[None] = []
    with caplog.at_level(logging.INFO):
        running = asyncio.create_task(
            serve_discord(
                service,
                discord,
                web=None,
                listening=listening.set,
                unreachable=lambda: failed_tries.append(None),
            )
        )
        # Two tries fail (the second 1 s after the first) before Discord answers.
        await eventually(lambda: len(failed_tries) >= 2, "two failed tries", 20)
        assert not running.done()
        await discord_fake.start(port)
        await asyncio.wait_for(listening.wait(), 20)
        answer = await act(discord_fake, await discord_fake.slash(ANA, CHANNEL, "help"))
        assert "/new" in answer.ephemeral_text
    warnings = [record for record in caplog.records if record.levelno >= logging.WARNING]
    messages = [record.getMessage() for record in warnings]
    assert [record.exc_info for record in warnings] == [None] * len(warnings), messages
    assert len([m for m in messages if "Discord is out of reach" in m]) == 1, messages
    assert len([m for m in messages if "Discord answers again" in m]) == 1, messages
    running.cancel()
    await asyncio.gather(running, return_exceptions=True)
    assert discord_fake.violations == []


async def both_tokens_bot(
    folder: Path, telegram: FakeBotApi, discord_api_url: str, discord_gateway_url: str
) -> asyncio.subprocess.Process:
    """`python -m bot` with both tokens: Telegram's fake, and Discord at the given address."""
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "--db",
        str(folder / "bot.sqlite3"),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
        cwd=folder,
        env=bot_environment(
            TELEGRAM_TOKEN=telegram_api.TOKEN,
            TELEGRAM_API_URL=telegram.url,
            DISCORD_TOKEN=discord_api.TOKEN,
            DISCORD_API_URL=discord_api_url,
            DISCORD_GATEWAY_URL=discord_gateway_url,
        ),
    )


async def test_python_m_bot_with_discord_out_of_reach_serves_telegram(
    telegram: FakeBotApi, tmp_path: Path
) -> None:
    port = free_port()
    bot = await both_tokens_bot(
        tmp_path, telegram, f"http://127.0.0.1:{port}/api/v10", f"ws://127.0.0.1:{port}/gateway"
    )
    try:
        ana = telegram.user(1, "Ana", "ana")
        chat = telegram.private_chat(ana)
        telegram.send_text(ana, chat, "/new brazilian vs computer white")
        await telegram.wait_for(lambda: telegram.boards(chat), "the board", timeout=60)
    finally:
        bot.terminate()
        _, errors = await asyncio.wait_for(bot.communicate(), 30)
    lines = errors.decode().splitlines()
    assert len([line for line in lines if "Discord is out of reach" in line]) == 1, lines
    assert not [line for line in lines if "Traceback" in line], lines


def test_a_lost_gateway_is_one_line(caplog: pytest.LogCaptureFixture) -> None:
    quiet_reconnects()
    with caplog.at_level(logging.INFO):
        try:
            raise ConnectionResetError("Connection lost")
        except ConnectionResetError:
            # What discord.py's gateway loop logs before each reconnect (Client.connect).
            logging.getLogger("discord.client").exception("Attempting a reconnect in %.2fs", 2.5)
    [record] = caplog.records
    assert record.exc_info is None
    assert record.levelno == logging.WARNING
    assert record.getMessage() == (
        "the Discord gateway connection was lost (ConnectionResetError: Connection lost): "
        "reconnecting in 2.5 s"
    )


async def test_python_m_bot_with_both_tokens_serves_both(
    telegram: FakeBotApi, discord_fake: FakeDiscord, tmp_path: Path
) -> None:
    await discord_fake.start()
    bot = await both_tokens_bot(tmp_path, telegram, discord_fake.api_url, discord_fake.gateway_url)
    try:
        await asyncio.wait_for(discord_fake.identified.wait(), 60)
        answer = await act(discord_fake, await discord_fake.slash(ANA, CHANNEL, "help"))
        assert "/new" in answer.ephemeral_text
        ana = telegram.user(1, "Ana", "ana")
        chat = telegram.private_chat(ana)
        telegram.send_text(ana, chat, "/help")
        await telegram.wait_for(lambda: telegram.texts(chat), "the help", timeout=60)
    finally:
        bot.terminate()
        _, errors = await asyncio.wait_for(bot.communicate(), 30)
    lines = errors.decode().splitlines()
    assert not [line for line in lines if "Traceback" in line], lines
    assert discord_fake.violations == []
    # The settings are said once at start, the tokens masked.
    [summary] = [line for line in lines if line.startswith("damas-bot: settings from")]
    assert f"database {tmp_path / 'bot.sqlite3'}; Telegram (token ***, Bot API " in summary
    assert f"Discord (token ***, API {discord_fake.api_url}, gateway " in summary
    assert telegram_api.TOKEN not in errors.decode()
    assert discord_api.TOKEN not in errors.decode()
