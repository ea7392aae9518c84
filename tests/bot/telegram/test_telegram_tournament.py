"""A knockout in a Telegram group, end to end through the fake Bot API: opened by a typed
command, joined with the Join button, started, a table played (a resignation), the bracket
picture for /tournament show."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.game_service import GameService
from bot.telegram.widgets.callbacks import MAX_CALLBACK_BYTES
from tests.bot.telegram.conftest import current_board, press
from tests.fakes.telegram_api import PNG_SIGNATURE, FakeBotApi


def registration(api: FakeBotApi, group: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in api.bot_messages(group) if "Join" in api.buttons(m)]


@pytest.mark.usefixtures("bot")
async def test_a_knockout_from_the_join_buttons_to_the_bracket(
    api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    bia = api.user(2, "Bia", "bia", "en")
    caio = api.user(3, "Caio", "caio", "en")
    group = api.group(-100400, "Clube")
    api.send_text(ana, group, "/tournament new brazilian knockout")
    [opened] = await api.wait_for(lambda: registration(api, group), "the tournament's buttons")
    assert api.buttons(opened) == {"Join": "tj:1", "Leave": "tl:1"}
    for data in api.buttons(opened).values():
        assert len(data.encode()) <= MAX_CALLBACK_BYTES

    assert "text" not in await press(api, ana, opened, "tj:1")
    assert "text" not in await press(api, bia, opened, "tj:1")
    # Only the newest news keeps the buttons; an older message's button still works.
    await api.wait_for(
        lambda: len(registration(api, group)) == 1 and len(api.texts(group)) == 3, "the news"
    )
    assert registration(api, group)[0]["message_id"] != opened["message_id"]
    twice = await press(api, bia, opened, "tj:1")
    assert "already" in twice["text"], twice
    # Leaving without an entry, an id no store can hold: a toast each, nothing stored.
    assert "text" in await press(api, caio, opened, "tl:1")
    assert "no tournament" in (await press(api, caio, opened, f"tj:{2**70}"))["text"]
    assert len((await service.store.tournament_facts(1)).entries) == 2

    api.send_text(ana, group, "/torneio iniciar")
    await api.wait_for(
        lambda: [line for line in api.texts(group) if "starts with 2 entries" in line],
        "the start notice",
    )
    await api.wait_for(lambda: not registration(api, group), "no Join button after the start")
    facts = await service.store.tournament_facts(1)
    game_id = facts.games[0].game_id or 0
    state, board = await current_board(api, service, group, game_id)
    assert api.buttons(board), "the table's board takes moves by buttons"

    loser = ana if state.seat_names[0] == "Bia" else bia
    api.send_text(loser, group, "/resign yes")
    await api.wait_for(
        lambda: [line for line in api.texts(group) if "winner" in line.lower()],
        "the end of the tournament",
    )
    api.send_text(caio, group, "/torneo mostra #1")
    await api.wait_for(
        lambda: [line for line in api.texts(group) if "Tournament #1: " in line], "the standings"
    )
    [bracket] = await api.wait_for(
        lambda: [m for m in api.boards(group) if m.get("caption") == "Tournament #1"],
        "the bracket picture",
    )
    assert api.photos[group["id"], bracket["message_id"]].startswith(PNG_SIGNATURE)
    assert (await service.store.tournament_facts(1)).tournament.status == "finished"
