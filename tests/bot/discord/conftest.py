"""Fixtures for the Discord front end: the fake Discord and the real client connected to it."""

from __future__ import annotations

import asyncio
import warnings
from collections.abc import AsyncIterator, Awaitable
from dataclasses import replace
from typing import Protocol
from urllib.parse import urlparse

import pytest

# discord.py imports the deprecated audioop (voice, unused here); with warnings as errors that
# import would fail. pyproject.toml could ignore this one warning instead.
with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    import discord

from bot.discord.app import point_at, serve
from bot.discord.posting import board_posts
from bot.service.game_service import GameService
from bot.settings import (
    DISCORD_API_URL,
    DISCORD_GATEWAY_URL,
    DiscordSettings,
    Shards,
    WebSettings,
)
from tests.fakes.discord_api import TOKEN, FakeDiscord


class Connect(Protocol):
    """Start the Discord front end on a service against the fake (with the web pages'
    settings, and as some shards)."""

    def __call__(
        self, service: GameService, *, web: WebSettings | None = None, shards: Shards | None = None
    ) -> Awaitable[asyncio.Task[None]]: ...


def fake_settings(fake: FakeDiscord, token: str = TOKEN) -> DiscordSettings:
    """The front end's settings as the environment gives them, pointing at the fake."""
    assert urlparse(fake.api_url).hostname == "127.0.0.1"
    assert urlparse(fake.gateway_url).hostname == "127.0.0.1"
    return DiscordSettings(token, fake.api_url, fake.gateway_url)


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
    # Boards that could not be posted are tried again quickly, not every minute.
    monkeypatch.setattr(board_posts, "RESEND_INTERVAL", 0.2)
    tasks: list[asyncio.Task[None]] = []

    async def start(
        service: GameService, *, web: WebSettings | None = None, shards: Shards | None = None
    ) -> asyncio.Task[None]:
        fake.identified.clear()
        settings = replace(fake_settings(fake), shards=shards)
        task = asyncio.create_task(serve(service, settings, web=web))
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
    point_at()
    assert discord.http.Route.BASE == DISCORD_API_URL
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == DISCORD_GATEWAY_URL
