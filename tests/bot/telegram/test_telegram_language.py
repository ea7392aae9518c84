"""/lang on Telegram: the confirmation comes in the language just chosen."""

from __future__ import annotations

from bot.i18n import text, translate
from tests.bot.telegram.conftest import Bot
from tests.fakes.telegram_api import FakeBotApi


async def test_lang_is_confirmed_in_the_new_language(bot: Bot, api: FakeBotApi) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    chat = api.private_chat(ana)
    confirmation = text("From now on I write to you in English.")
    for number, language in enumerate(("pt", "it", "en"), start=1):
        api.send_text(ana, chat, f"/lang {language}")
        replies = await api.wait_for(
            lambda count=number: api.texts(chat)[count - 1 :] or None, f"the answer to {language}"
        )
        assert replies == [translate(language, confirmation)]
