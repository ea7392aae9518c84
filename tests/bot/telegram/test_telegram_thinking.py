"""The computer's thinking shows in the chat (issue 25 item 11): Telegram's chat action
"typing" in the game's chat, once for each move the computer thinks about, before that
move's board; the person's own moves show none."""

from __future__ import annotations

import pytest

from bot.service.core import GameService
from tests.bot.telegram.conftest import current_board
from tests.fakes.telegram_api import FakeBotApi

BOARD_CALLS = ("sendPhoto", "editMessageMedia")


@pytest.mark.usefixtures("bot")
@pytest.mark.parametrize(("language", "new"), [("pt-br", "/novo"), ("it", "/nuova")])
async def test_the_chat_shows_typing_while_the_computer_thinks(
    api: FakeBotApi, service: GameService, language: str, new: str
) -> None:
    ana = api.user(1, "Ana", "ana", language)
    chat = api.private_chat(ana)
    api.send_text(ana, chat, f"{new} brasileira vs computer black")
    state, _board = await current_board(api, service, chat, 1)
    assert state.plies == 1, "the computer (White) opened"
    assert api.chat_actions == [(chat["id"], "typing")]
    methods = [call.method for call in api.calls]
    typing = methods.index("sendChatAction")
    assert any(method in BOARD_CALLS for method in methods[typing:]), "the move's board after"
    move = state.position.notation(state.position.legal_moves()[0])
    api.send_text(ana, chat, f"/move {move}")
    await api.wait_for(lambda: len(api.chat_actions) == 2, "the typing of the second answer")
    state, _board = await current_board(api, service, chat, 1)
    assert state.plies == 3
    assert api.chat_actions == [(chat["id"], "typing")] * 2
