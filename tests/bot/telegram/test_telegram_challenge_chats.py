"""A challenge is answered only where it lives, or by its players: a stranger's /accept,
/decline or /begin of a challenge of another group, typed in his group or privately, gets the
answer of an id no challenge has, and no game starts with him in it."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from tests.fakes.telegram_api import FakeBotApi


def _answered(api: FakeBotApi, chat: dict[str, Any], count: int) -> bool:
    return len(api.texts(chat)) >= count


@pytest.mark.usefixtures("bot")
async def test_a_stranger_cannot_answer_a_challenge_of_another_group(
    api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    zed = api.user(9, "Zed", "zed", "en")
    group, other = api.group(-100910, "Ana's club"), api.group(-100920, "Zed's club")
    api.send_text(ana, group, "/new italian")
    await api.wait_for(lambda: api.texts(group), "the open challenge")
    private = api.private_chat(zed)
    for chat in (other, private):
        for command in ("/accept 1", "/decline 1", "/begin 1"):
            api.send_text(zed, chat, command)
        await api.wait_for(partial(_answered, api, chat, 3), "the three answers")
        assert api.texts(chat)[-3:] == ["There is no challenge 1."] * 3
    assert (await service.store.get_challenge(1)).status == "open"
    player = await service.kernel.roster.player(Actor("telegram", str(zed["id"]), "Zed"))
    assert await service.store.games_of_player(player.id) == []
