"""A full disk on Telegram (issue 34, item 8; the console: tests/bot/console/test_full_disk.py): a
typed command and a pressed move it refuses are each told so in the reader's language, the
log says it once, and play goes on once there is space, without a restart."""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.i18n import translate
from bot.service.game_service import GameService
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.failures import DISK_FULL, SOMETHING_WENT_WRONG
from bot.telegram import stop_front
from games.computer import Limit
from storage import Store, open_store
from tests.bot.console.test_full_disk import NEW_GAME, assert_logged_once
from tests.bot.telegram.conftest import current_board, press, start_bot, wait_for_version
from tests.fakes.telegram_api import FakeBotApi
from tests.filesystems import GrowthLimit, fill, small_disk

FULL_PT = translate("pt", DISK_FULL)
FULL_IT = translate("it", DISK_FULL)


async def test_telegram_says_the_disk_is_full_to_a_typed_command(
    service: GameService, store: Store, api: FakeBotApi, caplog: pytest.LogCaptureFixture
) -> None:
    bot = await start_bot(service, api)
    try:
        ana = api.user(1, "Ana", "ana", "it")
        chat = api.private_chat(ana)
        api.send_text(ana, chat, "/games")
        await api.wait_for(lambda: api.texts(chat), "Ana known to the bot")
        limit = GrowthLimit(store)
        await limit.stop()
        started = 0  # the games asked for until the disk refused one
        with caplog.at_level(logging.WARNING):
            while FULL_IT not in api.texts(chat):
                started += 1
                assert started < 100, "the database never filled up"
                boards, texts = len(api.boards(chat)), len(api.texts(chat))
                api.send_text(ana, chat, NEW_GAME)
                await api.wait_for(
                    lambda: len(api.boards(chat)) > boards or len(api.texts(chat)) > texts,  # noqa: B023
                    "the game or the refusal",
                )
                await service.kernel.background.idle()
            api.send_text(ana, chat, NEW_GAME)
            await api.wait_for(
                lambda: api.texts(chat).count(FULL_IT) == 2, f"a second refusal: {api.texts(chat)}"
            )
            assert_logged_once(caplog)
        assert translate("it", SOMETHING_WENT_WRONG) not in api.texts(chat)
        await limit.lift()
        api.send_text(ana, chat, NEW_GAME)
        await current_board(api, service, chat, started)
    finally:
        await stop_front(bot.front, bot.settings)


async def test_a_move_pressed_on_a_real_full_disk_is_refused_and_plays_once_freed(
    tmp_path: Path, api: FakeBotApi, caplog: pytest.LogCaptureFixture
) -> None:
    with small_disk(tmp_path / "disk") as disk:
        store = await open_store(disk / "games.sqlite3")
        computers = ComputerPlayers(ThreadPoolExecutor(max_workers=1), Limit(depth=1))
        service = GameService(store, computers)
        bot = await start_bot(service, api)
        try:
            ana = api.user(1, "Ana", "ana", "pt-br")
            chat = api.private_chat(ana)
            api.send_text(ana, chat, NEW_GAME)
            state, board = await current_board(api, service, chat, 1)
            piece = next(data for data in api.buttons(board).values() if data.startswith("p:"))
            await press(api, ana, board, piece)
            key = (chat["id"], board["message_id"])
            move = await api.wait_for(
                lambda: next(
                    (data for data in api.buttons(api.messages[key]).values() if data[:2] == "m:"),
                    None,
                ),
                "the destinations of a piece",
            )
            filler = fill(disk)
            with caplog.at_level(logging.WARNING):
                for _ in range(2):
                    answer = await press(api, ana, api.messages[key], move)
                    assert answer.get("text") == FULL_PT, answer
                assert_logged_once(caplog)
            assert (await service.kernel.state(1)).version == state.version
            filler.unlink()
            answer = await press(api, ana, api.messages[key], move)
            assert "text" not in answer, answer
            await wait_for_version(service, 1, state.version)
            assert FULL_PT not in api.texts(chat), "the toast said it, the chat need not"
            assert translate("pt", SOMETHING_WENT_WRONG) not in api.texts(chat)
        finally:
            await stop_front(bot.front, bot.settings)
            await service.kernel.close()
            await store.close()


def test_the_full_disk_answer_fits_a_toast_in_every_language() -> None:
    """A pressed button's answer is a toast of at most 200 characters: cut, it would lose
    what happens next."""
    assert all(len(translate(language, DISK_FULL)) <= 200 for language in ("en", "pt", "it"))
