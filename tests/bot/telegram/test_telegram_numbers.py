"""Numbers from outside (button data, command arguments) beyond what the store can hold are
refused in the reader's language, and every press is answered."""

from __future__ import annotations

import pytest

from bot.i18n import text, translate
from bot.service.game_service import GameService
from tests.bot.telegram.conftest import current_board, press
from tests.fakes.telegram_api import FakeBotApi

HUGE = "1000000000000000000000000000000"


@pytest.mark.usefixtures("bot")
async def test_ids_beyond_64_bits_are_refused_and_every_press_answered(
    api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "pt-br")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/new brazilian vs computer white normal")
    _, board = await current_board(api, service, chat, 1)
    no_game = translate("pt", text("There is no game {game}.", game=HUGE))
    assert (await press(api, ana, board, f"m:{HUGE}:1:0"))["text"] == no_game
    assert (await press(api, ana, board, f"p:1:{HUGE}:{HUGE}"))["text"]
    no_challenge = translate("pt", text("There is no challenge {id}.", id=HUGE))
    assert (await press(api, ana, board, f"a:{HUGE}"))["text"] == no_challenge
    assert (await press(api, ana, board, "m:" + "9" * 5000 + ":1:0"))["text"]
    before = len(api.texts(chat))
    for command in (f"/use {HUGE}", f"/board #{HUGE}", f"/accept {HUGE}"):
        api.send_text(ana, chat, command)
    replies = await api.wait_for(
        lambda: api.texts(chat)[before:] if len(api.texts(chat)) >= before + 3 else None,
        "the three refusals",
    )
    assert sorted(replies) == sorted([no_game, no_game, no_challenge])  # handled side by side
    assert not api.unanswered_presses()
