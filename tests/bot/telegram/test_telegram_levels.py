"""The computer's level on Telegram: typed with /new, or chosen by buttons when not typed."""

from __future__ import annotations

from bot.service.core import GameService
from tests.bot.telegram.conftest import Bot, current_board, press
from tests.fakes.telegram_api import FakeBotApi


async def test_level_buttons_after_new_without_a_level(
    bot: Bot, api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "pt-br")
    bia = api.user(2, "Bia", "bia", "it")
    group = api.group(-100200, "Clube")
    api.send_text(ana, group, "/new brazilian vs computer white")
    [question] = await api.wait_for(
        lambda: [m for m in api.bot_messages(group) if api.buttons(m)], "the level question"
    )
    buttons = api.buttons(question)
    assert list(buttons) == ["iniciante", "fácil", "normal", "forte"]
    assert (await press(api, bia, question, buttons["forte"]))["text"] == (
        "Questa scelta spetta a chi ha chiesto la partita."
    )
    assert await press(api, ana, question, buttons["forte"]) == {"callback_query_id": "2"}
    state, board = await current_board(api, service, group, 1)
    assert state.record.options["level"] == "strong"
    assert "Computador (forte)" in board["caption"]
    assert not api.buttons(api.messages[(group["id"], question["message_id"])])
    stale = await press(api, ana, question, buttons["normal"])
    assert stale["text"] == "Esta pergunta é antiga: digite o comando de novo."


async def test_a_typed_level_needs_no_question(
    bot: Bot, api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "it")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/nuovo italiana contro computer principiante bianco")
    state, board = await current_board(api, service, chat, 1)
    assert state.record.options["level"] == "beginner"
    assert "Computer (principiante)" in board["caption"]
