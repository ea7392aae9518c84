"""A live game between two people in a Telegram group: the board keeps White's side and
names (mentions) the player to move; no turn notices pile up in the chat (issue 11, items 5
and 6)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import boards
from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.events import GameState
from storage import ChatRef
from tests.bot.telegram.conftest import Bot, current_board, press, wait_for_version
from tests.fakes.telegram_api import FakeBotApi


async def group_game(
    api: FakeBotApi, service: GameService, languages: tuple[str, str] = ("en", "en")
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], GameState, dict[str, Any]]:
    """Ana (White) and Bia play Brazilian draughts in a group, speaking `languages`: (ana,
    bia, group, state, board message)."""
    ana = api.user(1, "Ana", "ana", languages[0])
    bia = api.user(2, "Bia", "bia", languages[1])
    group = api.group(-100300, "Clube")
    api.send_text(bia, group, "oi")
    api.send_text(ana, group, "/new brazilian vs @bia white")
    challenge = await api.wait_for(
        lambda: [m for m in api.bot_messages(group) if api.buttons(m)], "the challenge"
    )
    accept = next(d for d in api.buttons(challenge[0]).values() if d.startswith("a:"))
    await press(api, bia, challenge[0], accept)
    state, board = await current_board(api, service, group, 1)
    return ana, bia, group, state, board


@pytest.mark.usefixtures("bot")
async def test_the_shared_board_keeps_whites_side(api: FakeBotApi, service: GameService) -> None:
    ana, _, group, state, board = await group_game(api, service)
    key = (group["id"], board["message_id"])
    assert api.photos[key] == boards.picture(state, 0)
    api.send_text(ana, group, "/move c3-d4")
    await wait_for_version(service, 1, state.version)
    state, board = await current_board(api, service, group, 1)
    assert seat_to_act(state) == 1
    assert api.photos[key] == boards.picture(state, 0), "the board turned to Black's side"
    assert api.photos[key] != boards.picture(state, 1)
    # The live board names and mentions the player to move: no notice besides it.
    assert '<a href="tg://user?id=2">Bia</a>, your turn in game #1.' in board["caption"]
    assert not [line for line in api.texts(group) if "your turn" in line]
    accepted = "Challenge accepted: Ana - Bia play Brazilian draughts, game #1."
    assert accepted in api.texts(group), api.texts(group)


@pytest.mark.usefixtures("bot")
async def test_flip_turns_the_groups_boards_to_blacks_side(
    api: FakeBotApi, service: GameService
) -> None:
    ana, _, group, state, board = await group_game(api, service)
    key = (group["id"], board["message_id"])
    api.send_text(ana, group, "/flip")
    await api.wait_for(
        lambda: "Boards between people in this chat now show Black's side." in api.texts(group),
        "the answer to /flip",
    )
    api.send_text(ana, group, "/move c3-d4")
    await wait_for_version(service, 1, state.version)
    state, board = await current_board(api, service, group, 1)
    assert api.photos[key] == boards.picture(state, 1), "the flipped group sees Black's side"
    assert await service.chats.flipped(ChatRef("telegram", str(group["id"])))


async def test_a_double_tap_plays_once_and_answers_in_the_toast(
    bot: Bot, api: FakeBotApi, service: GameService
) -> None:
    ana, _, group, state, board = await group_game(api, service)
    key = (group["id"], board["message_id"])
    texts_before = len(api.texts(group))
    await press(api, ana, board, api.buttons(board)["c3"])
    destination = await api.wait_for(
        lambda: [d for d in api.buttons(api.messages[key]).values() if d.startswith("m:")],
        "the destinations of c3",
    )
    first = api.press(ana, api.messages[key], destination[0])
    second = api.press(ana, api.messages[key], destination[0])
    await api.wait_for(lambda: {first, second} <= set(api.answers), "both answers")
    await wait_for_version(service, 1, state.version)
    await service.kernel.background.idle()
    await bot.front.desk.settled()
    assert (await service.kernel.state(1)).version == state.version + 1, "played once"
    toasts = [api.answers[query].get("text") for query in (first, second)]
    assert toasts[0] is None, toasts
    assert toasts[1] is not None, toasts
    assert len(api.texts(group)) == texts_before, api.texts(group)[texts_before:]


@pytest.mark.usefixtures("bot")
async def test_a_group_board_keeps_the_groups_language(
    api: FakeBotApi, service: GameService
) -> None:
    """Ana writes Portuguese, Bia Italian: the board in their group stays in Portuguese (the
    first player's) whoever moved last; Bia's own refusals come in Italian."""
    ana, bia, group, state, board = await group_game(api, service, ("pt-br", "it"))
    for player, move in ((ana, "c3-d4"), (bia, "f6-e5")):
        api.send_text(player, group, f"/move {move}")
        await wait_for_version(service, 1, state.version)
        state, board = await current_board(api, service, group, 1)
        assert "Damas brasileiras" in board["caption"], board["caption"]
    api.send_text(bia, group, "/move a3-b4")
    await api.wait_for(
        lambda: "Non è il tuo turno: tocca a Ana." in api.texts(group), "Bia's refusal in Italian"
    )
