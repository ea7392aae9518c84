"""The fake Bot API's webhook is the Bot API's: setWebhook refuses what Telegram refuses (an
address other than HTTPS on its four ports, a secret of other characters, connections out of
1 to 100), getUpdates is refused with 409 while a webhook is set, and every update is pushed
with the secret header and pushed again until it gets a 2xx answer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from aiohttp import web
from telegram import Bot
from telegram.error import BadRequest, Conflict

from tests.fakes.telegram_api import SECRET_HEADER, TOKEN, FakeBotApi
from tests.waiting import eventually


@pytest.fixture
async def api() -> AsyncIterator[FakeBotApi]:
    fake = FakeBotApi()
    await fake.start()
    fake.user(1, "Ana")
    fake.private_chat(fake.users[1])
    yield fake
    await fake.close()


@pytest.fixture
async def bot(api: FakeBotApi) -> AsyncIterator[Bot]:
    client = Bot(TOKEN, base_url=f"{api.url}/bot")
    async with client:
        yield client


@pytest.mark.parametrize(
    ("url", "secret", "refused"),
    [
        ("http://bot.example/hook", None, "An HTTPS URL must be provided"),
        ("https://bot.example:8080/hook", None, "only on ports 80, 88, 443 or 8443"),
        ("https://bot.example/hook", "not allowed!", "secret token contains unallowed"),
        ("https://bot.example/hook", "x" * 257, "secret token contains unallowed"),
    ],
)
async def test_set_webhook_refuses_what_telegram_refuses(
    bot: Bot, url: str, secret: str | None, refused: str
) -> None:
    # python-telegram-bot drops "Bad Request: " and capitalises the rest of the description.
    with pytest.raises(BadRequest, match=f"(?i){refused}"):
        await bot.set_webhook(url, secret_token=secret)


async def test_get_updates_is_a_conflict_while_a_webhook_is_set(api: FakeBotApi, bot: Bot) -> None:
    api.route("https://bot.example", "http://127.0.0.1:9")
    assert await bot.set_webhook("https://bot.example/hook", secret_token="s")
    with pytest.raises(Conflict, match="webhook is active"):
        await bot.get_updates()
    assert await bot.delete_webhook()
    assert await bot.get_updates() == ()


async def test_each_update_is_pushed_with_the_secret_until_a_2xx_answer(
    api: FakeBotApi, bot: Bot
) -> None:
    received: list[tuple[str | None, Any]] = []

    async def hook(request: web.Request) -> web.Response:
        received.append((request.headers.get(SECRET_HEADER), await request.json()))
        return web.Response(status=500 if len(received) <= 2 else 200)

    app = web.Application()
    app.router.add_post("/hook", hook)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        api.route("https://bot.example", f"http://127.0.0.1:{runner.addresses[0][1]}")
        api.push_retry = 0.05
        await bot.set_webhook("https://bot.example/hook", secret_token="Se_cret-1")
        api.send_text(api.users[1], api.chats[1].info, "hello")
        await eventually(lambda: any(status == 200 for _, status in api.pushes), "a 2xx")
        assert [status for _, status in api.pushes] == [500, 500, 200]
        assert {secret for secret, _ in received} == {"Se_cret-1"}
        assert {update["update_id"] for _, update in received} == {1}
        info = await bot.get_webhook_info()
        assert info.pending_update_count == 0
        assert info.last_error_message == "Wrong response: 500"
    finally:
        await runner.cleanup()
