"""The fake Bot API refuses a private chat as Telegram does: 403 "bot can't initiate
conversation with a user" to a person who never wrote to the bot, 403 "bot was blocked by the
user" once they blocked it, 400 "chat not found" to an id nobody has; a message from the person
opens the chat."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from telegram import Bot
from telegram.error import BadRequest, Forbidden

from tests.fakes.telegram_api import TOKEN, FakeBotApi


@pytest.fixture
async def api() -> AsyncIterator[FakeBotApi]:
    fake = FakeBotApi(limit_scale=None)  # these sends test refusals, not pacing
    await fake.start()
    yield fake
    await fake.close()


@pytest.fixture
async def bot(api: FakeBotApi) -> AsyncIterator[Bot]:
    client = Bot(TOKEN, base_url=f"{api.url}/bot")
    async with client:
        yield client


async def test_a_person_who_never_wrote_cannot_be_written_to(api: FakeBotApi, bot: Bot) -> None:
    ana = api.user(1, "Ana")
    with pytest.raises(Forbidden, match="bot can't initiate conversation with a user"):
        await bot.send_message(ana["id"], "olá")
    api.private_chat(ana)
    with pytest.raises(Forbidden, match="bot can't initiate conversation with a user"):
        await bot.send_message(ana["id"], "olá")


async def test_a_message_opens_the_chat_and_a_block_closes_it(api: FakeBotApi, bot: Bot) -> None:
    ana = api.user(1, "Ana")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/start")
    await bot.send_message(ana["id"], "olá")
    api.block(ana, announce=False)
    with pytest.raises(Forbidden, match="bot was blocked by the user"):
        await bot.send_message(ana["id"], "olá")


async def test_an_unknown_id_is_not_found(bot: Bot) -> None:
    with pytest.raises(BadRequest, match="Chat not found"):
        await bot.send_message(424242, "olá")
