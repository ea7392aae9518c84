"""/lang on Telegram: the confirmation comes in the language just chosen."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from bot.i18n import text, translate
from tests.fakes.telegram_api import FakeBotApi


def answers(api: FakeBotApi, chat: dict[str, Any], count: int) -> list[str] | None:
    """What the bot wrote in `chat` from its `count`th message on, once it has written that many."""
    return api.texts(chat)[count - 1 :] or None


@pytest.mark.usefixtures("bot")
async def test_lang_is_confirmed_in_the_new_language(api: FakeBotApi) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    chat = api.private_chat(ana)
    confirmation = text("From now on I write to you in English.")
    for number, language in enumerate(("pt", "it", "en"), start=1):
        api.send_text(ana, chat, f"/lang {language}")
        replies = await api.wait_for(
            partial(answers, api, chat, number), f"the answer to {language}"
        )
        assert replies == [translate(language, confirmation)]
