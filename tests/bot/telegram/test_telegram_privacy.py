"""Another group's game through Telegram (issue 22, item 11): a typed command and a forged
button answer exactly as for a game number nothing has."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from bot.service.game_service import GameService
from tests.bot.telegram.conftest import press
from tests.bot.telegram.test_telegram_group import group_game
from tests.fakes.telegram_api import FakeBotApi


def said(api: FakeBotApi, chat: dict[str, Any], answer: str) -> bool:
    return answer in api.texts(chat)


@pytest.mark.usefixtures("bot")
async def test_another_groups_game_is_as_unknown(api: FakeBotApi, service: GameService) -> None:
    _, _, _, state, board = await group_game(api, service)
    caio = api.user(3, "Caio", "caio")
    other = api.group(-100400, "Outro clube")
    for command, answer in (
        (f"/board {state.id}", f"There is no game {state.id}."),
        ("/board 77", "There is no game 77."),
        (f"/pdn {state.id}", f"There is no game {state.id}."),
        (f"/resign {state.id}", f"There is no game {state.id}."),
    ):
        api.send_text(caio, other, command)
        await api.wait_for(partial(said, api, other, answer), answer)
    assert not api.boards(other), "a board of another group was shown"
    # A button of the game's board pressed from a message in the other group (a forged
    # callback): the same answer, and nothing played.
    [message, *_] = api.bot_messages(other)
    data = next(iter(api.buttons(board).values()))
    answered = await press(api, caio, message, data)
    assert answered.get("text") == f"There is no game {state.id}."
    assert (await service.kernel.state(state.id)).version == state.version
