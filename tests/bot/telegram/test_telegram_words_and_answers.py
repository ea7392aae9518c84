"""What an Italian player types and reads on Telegram (issue 37, items 5 to 9): the words
people use for a level, suggestions in the reader's own words, a game's number before a
move."""

from __future__ import annotations

import pytest

from bot.service.game_service import GameService
from tests.fakes.telegram_api import FakeBotApi
from tests.waiting import eventually


@pytest.mark.usefixtures("bot")
async def test_an_italian_player_types_levels_near_misses_and_numbered_moves(
    api: FakeBotApi, service: GameService
) -> None:
    bia = api.user(2, "Bia", "bia", "it")
    chat = api.private_chat(bia)
    api.send_text(bia, chat, "/nuova italiana contro computer esperto bianco")
    board = (await api.wait_for(lambda: api.boards(chat), "the board of game 1"))[0]
    assert "Computer (forte" in board["caption"], board["caption"]
    api.send_text(bia, chat, "/nuova italiana contro computer bianco")
    await api.wait_for(lambda: len(api.boards(chat)) >= 2, "the board of game 2")

    api.send_text(bia, chat, "/muovi 2 22-19")

    async def played_in_game_2() -> bool:
        return (await service.kernel.state(2)).plies >= 1

    await eventually(played_in_game_2, "the move in game 2")
    assert (await service.kernel.state(1)).plies == 0

    api.send_text(bia, chat, "/nuova italiana contro computer bianko")
    api.send_text(bia, chat, "/nuova italiana contro computer brnacas")
    refusals = await api.wait_for(
        lambda: [said for said in api.texts(chat) if "non è un'opzione" in said][1:],
        "both refusals",
    )
    assert [said for said in api.texts(chat) if "non è un'opzione" in said] == [
        "bianko non è un'opzione di /nuova. Intendevi bianco?",
        "brnacas non è un'opzione di /nuova.",
    ], refusals
