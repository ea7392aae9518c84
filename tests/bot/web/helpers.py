"""The web companion under test: its application on the service of tests/bot/conftest.py,
served on 127.0.0.1 by aiohttp's test server."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

from aiohttp import ClientResponse
from aiohttp.test_utils import TestClient, TestServer

from bot.service.game_service import GameService
from bot.settings import WebSettings
from bot.web.app import web_app
from bot.web.play.init_data import signed_init_data
from tests.fakes.telegram_api import TOKEN

SETTINGS = WebSettings(
    url="https://damas.example",
    host="127.0.0.1",
    port=0,
    secret=b"k" * 32,
    telegram_token=TOKEN,
    app_name="board",
    bot_name="damas_bot",
)
# How long a test waits for something that should happen at once on a loaded machine.
DEADLINE = 30.0


async def web_client(
    service: GameService, settings: WebSettings = SETTINGS
) -> AsyncIterator[TestClient[Any, Any]]:
    client: TestClient[Any, Any] = TestClient(TestServer(web_app(service, settings)))
    await client.start_server()
    try:
        yield client
    finally:
        await client.close()


def local(link: str) -> str:
    """A page's address on the test server, from its public link."""
    return link.removeprefix(SETTINGS.url)


async def next_event(response: ClientResponse) -> dict[str, Any]:
    """The next server-sent event's data, waiting at most DEADLINE."""

    async def read() -> dict[str, Any]:
        while True:
            line = (await response.content.readline()).decode()
            if line.startswith("data: "):
                loaded: dict[str, Any] = json.loads(line.removeprefix("data: "))
                return loaded

    return await asyncio.wait_for(read(), DEADLINE)


def init_data(
    user_id: int,
    name: str,
    signed_at: datetime,
    token: str = TOKEN,
    language: str = "en",
    start: str | None = None,
) -> str:
    """initData as Telegram signs it for the Mini App (core.telegram.org/bots/webapps)."""
    user = {"id": user_id, "first_name": name, "username": name.lower(), "language_code": language}
    fields = {
        "auth_date": str(int(signed_at.timestamp())),
        "query_id": f"AAH{user_id}",
        "user": json.dumps(user, separators=(",", ":")),
    }
    if start is not None:
        fields["start_param"] = start
    return signed_init_data(fields, token)
