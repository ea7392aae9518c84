"""Telegram going wrong: a restart in the middle of a game, 429s, timeouts, a deleted board,
a group that removed the bot, a player who blocked it. The move is stored first; the board
catches up later; nothing is lost and nothing is played twice."""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.refusals import StartRefused
from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.events import GameState
from bot.settings import TelegramSettings
from bot.telegram import serve, stop_front
from games.computer import Limit
from storage import ChatRef, open_store
from tests.bot.conftest import ANA, BIA
from tests.bot.telegram.conftest import (
    QUICK,
    Bot,
    current_board,
    play_one_move_by_buttons,
    start_bot,
)
from tests.fakes.telegram_api import TOKEN, FakeBotApi
from tests.waiting import eventually


def quick_service(store: Any) -> GameService:
    return GameService(
        store, ComputerPlayers(ThreadPoolExecutor(max_workers=1), Limit(depth=2, seconds=0.2))
    )


async def group_game(
    api: FakeBotApi, service: GameService, *options: str
) -> tuple[dict[str, Any], ...]:
    """Ana (White) and Bia in a group, game #1 started by typed commands."""
    ana = api.user(1, "Ana", "ana", "en")
    bia = api.user(2, "Bia", "bia", "en")
    group = api.group(-100300, "Club")
    api.send_text(bia, group, "hello")
    api.send_text(ana, group, " ".join(("/new brazilian vs @bia white", *options)))
    await api.wait_for(lambda: api.texts(group), "the challenge")
    api.send_text(bia, group, "/accept")
    await current_board(api, service, group, 1)
    return ana, bia, group


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "restart.sqlite3"


async def test_a_button_sent_before_a_restart_still_plays(api: FakeBotApi, database: Path) -> None:
    store = await open_store(database)
    service = quick_service(store)
    running = await start_bot(service, api)
    ana, bia, group = await group_game(api, service)
    state, board = await current_board(api, service, group, 1)
    await play_one_move_by_buttons(api, service, ana, group, board, random.Random(1))
    state, board = await current_board(api, service, group, 1)
    buttons_before_restart = api.buttons(board)
    await stop_front(running.front, running.settings)
    await service.kernel.close()
    await store.close()

    store = await open_store(database)
    service = quick_service(store)
    running = await start_bot(service, api)
    try:
        assert api.buttons(api.messages[(group["id"], board["message_id"])]) == (
            buttons_before_restart
        )
        await play_one_move_by_buttons(api, service, bia, group, board, random.Random(2))
        after, shown = await current_board(api, service, group, 1)
        assert after.plies == state.plies + 1
        assert shown["message_id"] == board["message_id"], "the board is edited in place"
        assert len(api.boards(group)) == 1
    finally:
        await stop_front(running.front, running.settings)
        await service.kernel.close()
        await store.close()


@pytest.mark.usefixtures("bot")
async def test_a_429_during_a_move_delays_the_board_not_the_move(
    api: FakeBotApi, service: GameService
) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/new brazilian vs computer white normal")
    state, board = await current_board(api, service, chat, 1)
    api.flood("editMessageMedia", retry_after=1)
    started = time.monotonic()
    await play_one_move_by_buttons(api, service, ana, chat, board, random.Random(4))
    assert (await service.kernel.state(1)).plies >= 1, (
        "the move is stored before the board is shown"
    )
    assert time.monotonic() - started < 1.0
    state, board = await current_board(api, service, chat, 1)
    assert time.monotonic() - started >= 1.0, "the bot waited out retry_after"
    assert state.plies == 2, "one move and the computer's reply, nothing twice"
    edits = api.calls_of("editMessageMedia")
    assert edits[0].error is not None
    assert edits[0].error.startswith("Too Many Requests")
    assert all(edit.error is None for edit in edits[1:])
    assert len(api.boards(chat)) == 1


async def test_a_timed_out_edit_is_tried_again_without_a_second_board(
    bot: Bot, api: FakeBotApi, service: GameService
) -> None:
    ana, _, group = await group_game(api, service)
    state, board = await current_board(api, service, group, 1)
    api.delay("editMessageMedia", seconds=1.6)  # longer than the bot's read timeout of 1 s
    await play_one_move_by_buttons(api, service, ana, group, board, random.Random(5))
    # Telegram did the edit the bot gave up waiting for: trying again is "not modified", done.
    await api.wait_for(lambda: len(api.calls_of("editMessageMedia")) >= 2, "a second edit")
    state, board = await current_board(api, service, group, 1)
    assert state.plies == 1
    first, second = api.calls_of("editMessageMedia")
    assert first.error is None
    assert second.error is not None
    assert "message is not modified" in second.error
    await asyncio.wait_for(bot.front.desk.settled(), 2)
    assert len(api.calls_of("editMessageMedia")) == 2, "nothing more to send"
    assert len(api.calls_of("sendPhoto")) == 1


@pytest.mark.usefixtures("bot")
async def test_a_deleted_board_is_sent_again(api: FakeBotApi, service: GameService) -> None:
    ana = api.user(1, "Ana", "ana", "en")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/new brazilian vs computer white normal")
    state, board = await current_board(api, service, chat, 1)
    api.delete_message(board)
    api.send_text(ana, chat, "/move c3-d4")
    state, fresh = await current_board(api, service, chat, 1)
    assert state.log[0] == "c3-d4"
    assert state.plies == 2
    assert fresh["message_id"] != board["message_id"]
    assert any(
        call.error == "Bad Request: message to edit not found"
        for call in api.calls_of("editMessageMedia")
    )


@pytest.mark.usefixtures("bot")
async def test_a_group_that_removed_the_bot_keeps_its_game(
    api: FakeBotApi, service: GameService
) -> None:
    ana, bia, group = await group_game(api, service)
    api.remove_bot_from(group)
    ana_private = api.private_chat(ana)
    api.send_text(ana, ana_private, "/move #1 c3-d4")
    await api.wait_for(
        lambda: any(call.error and "kicked" in call.error for call in api.calls),
        "the refused board",
    )
    assert (await service.kernel.state(1)).log == ("c3-d4",)
    api.chats[group["id"]].open_to_bot = True  # added back
    api.send_text(bia, group, "/board")
    state, board = await current_board(api, service, group, 1)
    assert state.log == ("c3-d4",)
    assert "c3-d4" in board["caption"]


async def test_a_player_who_blocked_the_bot_is_mentioned_by_the_new_board_alone(
    bot: Bot, api: FakeBotApi, service: GameService
) -> None:
    # A correspondence game: its turn notice goes to the player privately; blocked, he is
    # forgotten there, and the move's new board, which mentions him, is his notification
    # (docs/notifications.md: no second mention in the group).
    ana, bia, group = await group_game(api, service, "3d")
    bia_private = api.private_chat(bia)
    api.send_text(bia, bia_private, "/help")
    await api.wait_for(lambda: api.texts(bia_private), "the help for Bia")
    api.block(bia, announce=False)
    api.send_text(ana, group, "/move c3-d4")
    player = await service.kernel.roster.player(bot.front.people.users["2"])

    async def forgotten() -> bool:
        [account] = await service.identities.contacts(player.id)
        return account.private_chat_id is None

    await eventually(forgotten, "Bia's private chat forgotten")
    await api.wait_for(
        lambda: [m for m in api.boards(group) if "tg://user?id=2" in m.get("caption", "")],
        "the new board that mentions Bia",
    )
    assert len(api.boards(group)) == 2, "a new board for the move"
    assert not [m for m in api.bot_messages(group) if "tg://user?id=2" in m.get("text", "")]


async def test_a_player_who_blocks_the_bot_is_no_longer_written_to_privately(
    bot: Bot, api: FakeBotApi, service: GameService
) -> None:
    bia = api.user(2, "Bia", "bia", "en")
    chat = api.private_chat(bia)
    api.send_text(bia, chat, "/start")
    await api.wait_for(lambda: api.texts(chat), "the help")
    player = await service.kernel.roster.player(bot.front.people.users["2"])
    [account] = await service.identities.contacts(player.id)
    assert account.private_chat_id == "2"
    api.block(bia)

    async def forgotten() -> bool:
        [account] = await service.identities.contacts(player.id)
        return account.private_chat_id is None

    await eventually(forgotten, "Bia's private chat forgotten")


async def test_board_edits_are_paced_and_skip_boards_already_overtaken(
    api: FakeBotApi, service: GameService
) -> None:
    """A game in a Telegram group played from elsewhere (as from Discord) at full speed: the
    group gets at most one board per interval, and the last one shows the last move."""
    interval = 0.4
    running = await start_bot(service, api, replace(QUICK, group_interval=interval, group_burst=1))
    try:
        group = api.group(-100600, "Club")
        home = ChatRef("telegram", str(group["id"]))
        # Events of a game that lives on Telegram reach the front end by subscription.
        assert await service.challenges.new_game(ANA, home, "brazilian", opponent=BIA, seat=0) == []
        await service.challenges.accept(BIA, None, home)
        state = await service.kernel.state(1)
        rng = random.Random(8)

        async def play(count: int) -> GameState:
            state = await service.kernel.state(1)
            for _ in range(count):
                actor = ANA if seat_to_act(state) == 0 else BIA
                notation = state.position.notation(rng.choice(list(state.position.legal_moves())))
                await service.play.move(actor, notation, state.id, state.version)
                state = await service.kernel.state(1)
            return state

        state = await play(8)
        final, board = await current_board(api, service, group, 1)
        assert final.version == state.version
        assert state.last_move in board["caption"]
        assert len(api.calls_of("sendPhoto", "editMessageMedia")) < 1 + 8, "boards were skipped"
        # One more move right after a board went out still waits for the chat's turn.
        state = await play(1)
        final, board = await current_board(api, service, group, 1)
        assert final.version == state.version
        shown = api.calls_of("sendPhoto", "editMessageMedia")
        gaps = [later.at - earlier.at for earlier, later in itertools.pairwise(shown)]
        assert all(gap >= interval * 0.9 for gap in gaps), gaps
    finally:
        await stop_front(running.front, running.settings)


async def test_serve_runs_until_cancelled_and_then_closes(
    api: FakeBotApi, service: GameService
) -> None:
    """bot/__main__ awaits serve(service, settings): the address comes from the settings
    (TELEGRAM_API_URL), and cancelling it stops polling and shuts the application down."""
    task = asyncio.create_task(serve(service, TelegramSettings(TOKEN, api.url), web=None))
    await api.wait_for(lambda: api.calls_of("getUpdates"), "the first long poll")
    ana = api.user(1, "Ana", "ana", "en")
    chat = api.private_chat(ana)
    api.send_text(ana, chat, "/help")
    await api.wait_for(lambda: api.texts(chat), "the help")
    started = time.monotonic()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert time.monotonic() - started < 5, "cancelling does not wait out a long poll"
    polls = len(api.calls_of("getUpdates"))
    await asyncio.sleep(0.3)  # a window: a poll after the end would come in it
    assert len(api.calls_of("getUpdates")) == polls, "nothing polls after the end"


async def test_a_token_telegram_refuses_stops_the_start_cleanly(
    api: FakeBotApi, service: GameService
) -> None:
    with pytest.raises(StartRefused, match="TELEGRAM_TOKEN"):
        await serve(service, TelegramSettings("1:not-the-fake-token", api.url), web=None)
    assert [call.method for call in api.calls] == [], "the fake refuses before recording"
