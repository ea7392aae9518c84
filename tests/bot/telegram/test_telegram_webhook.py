"""The Telegram front end taking its updates by webhook (issue 41): it sets the webhook with
its secret token and never polls; a push without the secret is refused and not handled; an
update pushed twice (Telegram sending again what it got no answer for) is handled once; an
update a dead process stored but never handled is taken over once its lease ran out."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import aiohttp
import pytest

from bot.service.game_service import GameService
from bot.settings.parts import Webhook
from bot.telegram import TelegramFront, bot_name, start_front, stop_front
from bot.telegram.posting.delivery import PLATFORM
from storage import Store
from tests.bot.telegram.conftest import quick_settings
from tests.fakes.telegram_api import SECRET_HEADER, TOKEN, FakeBotApi
from tests.postgres_server import free_port
from tests.waiting import eventually

PUBLIC = "https://damas.example"
SECRET = "s3cret_Token-1"


@pytest.fixture
def webhook() -> Webhook:
    return Webhook(f"{PUBLIC}/telegram/hook", "127.0.0.1", free_port(), SECRET)


@pytest.fixture
async def front(
    service: GameService, api: FakeBotApi, webhook: Webhook
) -> AsyncIterator[TelegramFront]:
    api.route(PUBLIC, f"http://127.0.0.1:{webhook.port}")
    settings = replace(quick_settings(api), webhook=webhook)
    started = await start_front(service, TOKEN, settings)
    yield started
    await stop_front(started, settings)


async def push(webhook: Webhook, update: dict[str, Any], secret: str | None = SECRET) -> int:
    """POST an update to the bot's listener as Telegram (or someone else) would."""
    headers = {SECRET_HEADER: secret} if secret is not None else {}
    url = f"http://127.0.0.1:{webhook.port}/telegram/hook"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json=update, headers=headers) as answer,
    ):
        return answer.status


def help_update(api: FakeBotApi, update_id: int) -> dict[str, Any]:
    ana = api.users[1]
    return {
        "update_id": update_id,
        "message": {
            "message_id": 500 + update_id,
            "date": 0,
            "chat": api.private_chat(ana),
            "from": ana,
            "text": "/help",
            "entities": [{"type": "bot_command", "offset": 0, "length": 5}],
        },
    }


@pytest.fixture
def people(api: FakeBotApi) -> dict[str, Any]:
    ana = api.user(1, "Ana", "ana")
    chat = api.private_chat(ana)
    api.chats[chat["id"]].open_to_bot = True
    return chat


@pytest.mark.usefixtures("front")
async def test_the_bot_sets_its_webhook_and_answers_what_telegram_pushes(
    api: FakeBotApi, webhook: Webhook, people: dict[str, Any]
) -> None:
    (call,) = api.calls_of("setWebhook")
    assert call.params["url"] == webhook.url
    assert call.params["secret_token"] == SECRET
    api.send_text(api.users[1], people, "/help")
    await eventually(lambda: api.texts(people), "the answer to /help")
    assert api.pushes
    assert all(status == 200 for _, status in api.pushes)
    assert not api.calls_of("getUpdates")


async def test_a_push_without_the_secret_is_refused_and_not_handled(
    api: FakeBotApi, front: TelegramFront, webhook: Webhook, people: dict[str, Any]
) -> None:
    assert await push(webhook, help_update(api, 900), secret=None) == 403
    assert await push(webhook, help_update(api, 901), secret="guessed") == 403
    # A pushed update with the secret after them: the bot is listening, and answers it only.
    assert await push(webhook, help_update(api, 902)) == 200
    await eventually(lambda: api.texts(people), "the answer to the right push")
    await front.service.kernel.background.idle()
    assert len(api.texts(people)) == 1


@pytest.mark.usefixtures("front")
async def test_an_update_pushed_twice_is_handled_once(
    api: FakeBotApi, webhook: Webhook, people: dict[str, Any]
) -> None:
    update = help_update(api, 903)
    assert [await push(webhook, update) for _ in range(3)] == [200, 200, 200]
    await eventually(lambda: api.texts(people), "the answer")
    assert await push(webhook, update) == 200  # a late repeat, once it was handled
    assert await push(webhook, help_update(api, 904)) == 200
    await eventually(lambda: len(api.texts(people)) == 2, "the answer to the next update")
    assert len(api.texts(people)) == 2


async def test_an_update_a_dead_process_held_is_taken_over(
    api: FakeBotApi,
    store: Store,
    service: GameService,
    webhook: Webhook,
    people: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("bot.service.inbound.updates.LEASE", 0.5)
    monkeypatch.setattr("bot.telegram.webhook.inbox.RENEW_EVERY", 0.1)
    # Another process stored the update (Telegram got its 200), then was killed.
    body = json.dumps(help_update(api, 905))
    assert await store.take_update(PLATFORM, bot_name(TOKEN), 905, body, "a dead process")
    api.route(PUBLIC, f"http://127.0.0.1:{webhook.port}")
    settings = replace(quick_settings(api), webhook=webhook)
    started = await start_front(service, TOKEN, settings)
    try:
        await eventually(lambda: api.texts(people), "the dead process's update handled")
        assert await push(webhook, help_update(api, 905)) == 200  # Telegram's repeat
        await service.kernel.background.idle()
        assert len(api.texts(people)) == 1
    finally:
        await stop_front(started, settings)


@pytest.mark.usefixtures("front")
async def test_getupdates_is_refused_while_the_webhook_is_set(api: FakeBotApi) -> None:
    async with aiohttp.ClientSession() as session:
        async with session.post(f"{api.url}/bot{TOKEN}/getUpdates", json={}) as answer:
            assert answer.status == 409
            assert "webhook is active" in (await answer.json())["description"]
        async with session.post(f"{api.url}/bot{TOKEN}/getWebhookInfo", json={}) as answer:
            info = (await answer.json())["result"]
    assert info["url"] == f"{PUBLIC}/telegram/hook"
    assert info["pending_update_count"] == 0
