"""The buttons after a bare /new, end to end through the fake Bot API: the game, then the
computer's level, and the game starts at that level; data this bot never wrote does
nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.game_service import GameService
from bot.telegram.widgets.callbacks import MAX_CALLBACK_BYTES
from bot.telegram.widgets.game_picker import Pick, decode_pick
from tests.bot.telegram.conftest import current_board, press
from tests.fakes.telegram_api import FakeBotApi


def questions(api: FakeBotApi, chat: dict[str, Any], data: str) -> list[dict[str, Any]]:
    return [m for m in api.bot_messages(chat) if data in api.buttons(m).values()]


@pytest.mark.usefixtures("bot")
async def test_a_bare_new_asks_for_the_game_then_the_level(
    api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "pt-br")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/novo")
    [question] = await api.wait_for(lambda: questions(api, chat, "ng:brazilian"), "the games")
    assert "Qual jogo?" in question["text"]
    buttons = api.buttons(question)
    assert buttons["Damas brasileiras"] == "ng:brazilian"
    assert "ng:ludo" in buttons.values()
    assert all(len(data.encode()) <= MAX_CALLBACK_BYTES for data in buttons.values())

    assert "text" not in await press(api, ana, question, "ng:italian")
    [levels] = await api.wait_for(lambda: questions(api, chat, "nc:italian:strong"), "the levels")
    assert levels["message_id"] == question["message_id"], "the question is edited in place"
    assert api.buttons(levels)["Computador (forte)"] == "nc:italian:strong"

    await press(api, ana, levels, "nc:italian:strong")
    state, board = await current_board(api, service, chat, 1)
    assert state.record.kind == "italian"
    assert state.record.options["level"] == "strong"
    assert "Computador (forte)" in board["caption"]
    # The question loses its buttons once the game has started.
    assert not questions(api, chat, "nc:italian:strong")


@pytest.mark.usefixtures("bot")
async def test_ludo_against_the_computer_asks_for_the_level(
    api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "it")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/new")
    [question] = await api.wait_for(lambda: questions(api, chat, "ng:ludo"), "the games")
    await press(api, ana, question, "ng:ludo")
    [ludo] = await api.wait_for(lambda: questions(api, chat, "nc:ludo:strong"), "the levels")
    assert list(api.buttons(ludo).values()) == [
        f"nc:ludo:{level}" for level in ("beginner", "easy", "normal", "strong")
    ]
    assert api.buttons(ludo)["Computer (forte)"] == "nc:ludo:strong"
    await press(api, ana, ludo, "nc:ludo:strong")
    await api.wait_for(lambda: service.store is not None and api.boards(chat), "the Ludo board")
    record = (await service.kernel.state(1)).record
    assert (record.kind, record.options["level"]) == ("ludo", "strong")


def test_a_ludo_button_from_before_its_levels_starts_at_the_default_level() -> None:
    assert decode_pick("nc:ludo") == Pick("ludo", None, start=True)
    assert decode_pick("nc:brazilian") is None


@pytest.mark.usefixtures("bot")
@pytest.mark.parametrize(
    "data",
    [
        "ng:",
        "ng:chess",
        "ng:brazilian:strong",
        "nc:brazilian",
        "nc:brazilian:mighty",
        "nc:ludo:mighty",
    ],
)
async def test_a_pick_this_bot_never_wrote_does_nothing(
    api: FakeBotApi, service: GameService, data: str
) -> None:
    assert decode_pick(data) is None
    ana = api.user(1, "Ana", "ana", "en")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/new")
    [question] = await api.wait_for(lambda: questions(api, chat, "ng:brazilian"), "the games")
    answer = await press(api, ana, question, data)
    assert answer["text"] == "This button no longer works."
    assert await service.store.games_with_computers() == []


def test_picks_decode_to_the_command_they_stand_for() -> None:
    pick = decode_pick("nc:brazilian:easy")
    assert pick == Pick("brazilian", "easy", start=True)
    assert pick.command().args == ("brazilian", "vs", "computer", "easy")
    assert decode_pick("ng:international") == Pick("international", None, start=False)
