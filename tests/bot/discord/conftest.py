"""Fixtures for the Discord front end: the fake Discord and the real client connected to it."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import AsyncIterator, Awaitable, Callable
from urllib.parse import urlparse

import pytest

# discord.py imports the deprecated audioop (voice, unused here); with warnings as errors that
# import would fail. pyproject.toml could ignore this one warning instead.
with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import discord

from bot.discord.app import DISCORD_API_URL, DISCORD_GATEWAY_URL, point_at, serve
from bot.discord.posting import board_posts
from bot.service.game_service import GameService
from tests.fakes.discord_api import TOKEN, FakeDiscord

Connect = Callable[[GameService], Awaitable[asyncio.Task[None]]]


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    discord_api = FakeDiscord()
    await discord_api.start()
    yield discord_api
    await discord_api.close()


@pytest.fixture
async def connect(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Connect]:
    """Start `serve` on a service against the fake; returns the running task. Every client
    still running is cancelled at the end, and discord.py points at Discord again."""
    assert urlparse(fake.api_url).hostname == "127.0.0.1"
    assert urlparse(fake.gateway_url).hostname == "127.0.0.1"
    monkeypatch.setenv("DISCORD_API_URL", fake.api_url)
    monkeypatch.setenv("DISCORD_GATEWAY_URL", fake.gateway_url)
    # Boards that could not be posted are tried again quickly, not every minute.
    monkeypatch.setattr(board_posts, "RESEND_INTERVAL", 0.2)
    tasks: list[asyncio.Task[None]] = []

    async def start(service: GameService) -> asyncio.Task[None]:
        fake.identified.clear()
        task = asyncio.create_task(serve(service, TOKEN))
        tasks.append(task)
        waiting = asyncio.create_task(fake.identified.wait())
        done, _ = await asyncio.wait(
            {task, waiting}, timeout=10, return_when=asyncio.FIRST_COMPLETED
        )
        if waiting not in done:
            waiting.cancel()
            if task.done():
                task.result()
            raise AssertionError("the client did not identify on the fake gateway")
        # Only loopback was ever called: no test talks to the real Discord.
        assert fake.api_url == discord.http.Route.BASE
        return task

    yield start
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    # Nothing the client sent broke Discord's limits, and every interaction was answered in time.
    assert fake.violations == []
    assert [item.payload["data"] for item in fake.unanswered()] == []
    point_at(None, None)
    assert discord.http.Route.BASE == DISCORD_API_URL
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == DISCORD_GATEWAY_URL
