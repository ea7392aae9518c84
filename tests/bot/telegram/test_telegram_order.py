"""Boards never go back in time: a computer's instant reply overtakes the slow edit of the
player's own move, and the board message still ends on the newest version, with its
headlines in the game's order (issue 11, item 1)."""

from __future__ import annotations

import re
from typing import Any

from bot.service import boards
from bot.service.game_service import GameService
from bot.service.kernel.events import Actor, BoardUpdate
from bot.telegram import stop_front
from storage import ChatRef
from tests.bot.telegram.conftest import (
    Bot,
    current_board,
    press,
    start_bot,
    wait_for_version,
)
from tests.fakes.telegram_api import FakeBotApi

# Every White move leaves the computer one forced capture: it answers at once.
FORCED_REPLIES = "W:W13,24,30:B7,16,20"
BUTTON_VERSION = re.compile(r"^[a-z]:\d+:(\d+)")


def versions_on(message: dict[str, Any]) -> set[int]:
    """The game versions the buttons of a board message belong to."""
    found = set()
    for data in FakeBotApi.buttons(message).values():
        match = BUTTON_VERSION.match(data)
        if match:
            found.add(int(match.group(1)))
    return found


def edited_captions(api: FakeBotApi) -> list[str]:
    return [call.params["media"].get("caption", "") for call in api.calls_of("editMessageMedia")]


async def test_a_slow_edit_never_replaces_the_computers_reply(
    bot: Bot, api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, f"/new brazilian vs computer white normal fen={FORCED_REPLIES}")
    state, board = await current_board(api, service, chat, 1)
    api.slow_edits(0.3)
    piece = next(data for data in api.buttons(board).values() if data.startswith("p:"))
    await press(api, ana, board, piece)
    key = (chat["id"], board["message_id"])
    destination = await api.wait_for(
        lambda: [d for d in api.buttons(api.messages[key]).values() if d.startswith("m:")],
        "the destinations of a piece",
    )
    await press(api, ana, api.messages[key], destination[0])
    # Ana's move and the computer's instant reply (a forced capture).
    await wait_for_version(service, 1, state.version + 1)
    await service.kernel.background.idle()
    # The press is answered before its move is played: wait until its board was sent too.
    await api.wait_for(
        lambda: any("Ana played" in caption for caption in edited_captions(api)),
        "the board of Ana's move",
    )
    await bot.front.desk.settled()
    after = await service.kernel.state(1)
    assert after.version == state.version + 2, "the computer answers at once"
    board = api.messages[key]
    caption = board["caption"]
    assert f"last move: {after.last_move}" in caption, caption
    assert versions_on(board) == {after.version}, "an older board without buttons came last"
    for shown in edited_captions(api):
        lines = shown.splitlines()
        mine, reply = f"Ana played {after.log[-2]}.", f"Computer (normal) played {after.last_move}."
        if mine in lines and reply in lines:
            assert lines.index(mine) < lines.index(reply), f"headlines out of order: {lines}"


async def test_a_board_that_comes_late_is_never_shown_over_a_newer_one(
    bot: Bot, api: FakeBotApi, service: GameService
) -> None:
    """The computer's board reaches the desk first and is being edited in (slowly) when the
    board of the player's own move comes: the message ends on the newest board, with both
    headlines in the game's order."""
    ana = api.user(1, "Ana", "ana")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, f"/new brazilian vs computer white normal fen={FORCED_REPLIES}")
    state, board = await current_board(api, service, chat, 1)
    api.slow_edits(0.3)
    # Ana's move is played (as a press would), and the computer's instant reply is published
    # to the front end at once: its board goes out first, slowly.
    actor = Actor("telegram", str(ana["id"]), "Ana")
    played = await service.play.move(actor, boards.move_choices(state)[0].notation, 1)
    await api.wait_for(lambda: api.calls_of("editMessageMedia"), "the computer's board in flight")
    reply = await service.kernel.state(1)
    assert reply.version == state.version + 2, "the computer answers at once"
    # Only now does the board of Ana's own move reach the desk (a slow press handler).
    desk = bot.front.desk
    mine = next(event for event in played if isinstance(event, BoardUpdate))
    desk.post(
        ChatRef("telegram", str(chat["id"])), mine.state, mine.headline, viewer=0, new_message=False
    )
    await desk.settled()
    final = api.messages[(chat["id"], board["message_id"])]
    assert versions_on(final) == {reply.version}, "the older board came last"
    lines = final["caption"].splitlines()
    assert lines[0].startswith("Ana played"), lines
    assert lines[1].startswith("Computer (normal) played"), lines


async def test_old_buttons_of_the_newest_board_bring_the_current_one(
    bot: Bot, api: FakeBotApi, service: GameService
) -> None:
    """A move the chat never saw (its board lost in a crash): the buttons of the board
    message, old now, answer with the current board instead of "This board is old"."""
    ana = api.user(1, "Ana", "ana")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/new brazilian vs computer white normal")
    state, board = await current_board(api, service, chat, 1)
    bot.front.running = False  # the board of the next moves is lost, as in a crash
    actor = Actor("telegram", str(ana["id"]), "Ana")
    await service.play.move(actor, boards.move_choices(state)[0].notation, 1)
    await service.kernel.background.idle()
    bot.front.running = True
    after = await service.kernel.state(1)
    old_button = next(iter(api.buttons(board).values()))
    answer = await press(api, ana, board, old_button)
    assert answer["text"] == "The board changed; here is the current one."
    await api.wait_for(
        lambda: versions_on(api.messages[(chat["id"], board["message_id"])]) == {after.version},
        "the current board in the same message",
    )
    assert len(api.boards(chat)) == 1
    assert (await service.kernel.state(1)).version == after.version, "the old press played nothing"


async def test_a_restart_brings_boards_that_fell_behind_up_to_date(
    bot: Bot, api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/new brazilian vs computer white normal")
    _, board = await current_board(api, service, chat, 1)
    await stop_front(bot.front, bot.settings)
    await service.play.move(Actor("telegram", str(ana["id"]), "Ana"), "c3-d4", 1)
    await service.kernel.background.idle()
    after = await service.kernel.state(1)
    since = len(api.calls)
    restarted = await start_bot(service, api)
    try:
        await api.wait_for(
            lambda: versions_on(api.messages[(chat["id"], board["message_id"])]) == {after.version},
            "the current board after the start",
        )
        await restarted.front.desk.settled()
        edits = [call for call in api.calls[since:] if call.method == "editMessageMedia"]
        assert len(edits) == 1, "the board came back once"
    finally:
        await stop_front(restarted.front, restarted.settings)
