"""Issue 40, item 2: a simul in a Telegram group, end to end through the fake Bot API: opened
by a typed command, joined with the Join button, started (a board a challenger, each a game
with its move buttons), the host's desk with its Next board button, a move on the board the
desk shows, the results and the summary in the group, every board's PDN."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.game_service import GameService
from bot.telegram.widgets.callbacks import MAX_CALLBACK_BYTES
from tests.bot.telegram.conftest import press
from tests.fakes.telegram_api import FakeBotApi


def with_buttons(api: FakeBotApi, group: dict[str, Any], label: str) -> list[dict[str, Any]]:
    return [m for m in api.bot_messages(group) if label in api.buttons(m)]


def said(api: FakeBotApi, group: dict[str, Any], words: str) -> list[str]:
    return [line for line in api.texts(group) if words in line]


@pytest.mark.usefixtures("bot")
async def test_a_simul_from_the_join_button_to_the_summary(
    api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    bia = api.user(2, "Bia", "bia", "en")
    caio = api.user(3, "Caio", "caio", "en")
    group = api.group(-100500, "Clube")
    api.send_text(ana, group, "/simul new italian 2 10m")
    [opened] = await api.wait_for(lambda: with_buttons(api, group, "Join"), "the Join button")
    assert api.buttons(opened) == {"Join": "sj:1", "Leave": "sl:1"}
    assert "Ana gives simul #1: Italian draughts on up to 2 boards" in opened["text"]

    assert "text" not in await press(api, bia, opened, "sj:1")
    assert "already" in (await press(api, bia, opened, "sj:1"))["text"]
    assert "text" not in await press(api, caio, opened, "sj:1")
    assert "The host plays every board" in (await press(api, ana, opened, "sj:1"))["text"]
    await api.wait_for(lambda: said(api, group, "Caio takes a board"), "the second join")

    api.send_text(ana, group, "/simul start")
    await api.wait_for(lambda: said(api, group, "Simul #1 starts"), "the start")
    await api.wait_for(lambda: not with_buttons(api, group, "Join"), "no Join after the start")
    games = [board.game_id or 0 for board in (await service.store.simul_facts(1)).boards]
    await api.wait_for(lambda: len(api.boards(group)) >= 2, "a board for each challenger")

    api.send_text(ana, group, "/simul desk")
    [desk] = await api.wait_for(lambda: with_buttons(api, group, "Next board"), "the desk")
    assert "2 boards wait for you" in desk["text"]
    assert api.buttons(desk) == {"Next board": f"sn:1:{games[0]}"}
    assert len(api.buttons(desk)["Next board"].encode()) <= MAX_CALLBACK_BYTES
    # Only the host has a desk.
    assert "Only the host" in (await press(api, bia, desk, f"sn:1:{games[0]}"))["text"]
    await press(api, ana, desk, f"sn:1:{games[0]}")
    await api.wait_for(lambda: said(api, group, "Now board 2"), "the next board's desk")
    api.send_text(ana, group, "/move 22-18")
    await api.wait_for(lambda: _played(service, games[1]), "the move on the desk's board")

    api.send_text(bia, group, f"/resign {games[0]} yes")
    await api.wait_for(lambda: said(api, group, "board 1, Bia: the host won"), "a result")
    api.send_text(caio, group, f"/resign {games[1]} yes")
    [summary] = await api.wait_for(lambda: said(api, group, "Simul #1 is over"), "the summary")
    assert "Ana scored +2 =0 -0" in summary
    api.send_text(caio, group, "/simul pdn")
    await api.wait_for(lambda: api.documents, "the PDN file")
    [(name, content)] = api.documents.values()
    assert name == "simul-1.pdn"
    assert content.decode().count("[Event ") == 2


async def _played(service: GameService, game_id: int) -> bool:
    return (await service.kernel.state(game_id)).log == ("22-18",)
