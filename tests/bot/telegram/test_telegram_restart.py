"""Nothing stranded by a crash (issue 11, item 2): the real bot process is killed with
SIGKILL while the board of a move is being edited in; started again on the same database, it
brings the chat's board up to date, once."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.fakes.telegram_api import FakeBotApi
from tests.processes import kill, start_bot

FORCED_REPLIES = "W:W13,24,30:B7,16,20"


def stored_version(database: Path) -> int:
    with contextlib.closing(sqlite3.connect(database)) as connection:
        row = connection.execute("SELECT version FROM games WHERE id = 1").fetchone()
    return int(row[0]) if row else 0


def board_deliveries(api: FakeBotApi, chat_id: int, since: int) -> list[str]:
    """The boards sent or edited in (and not cut off) in a chat after call number `since`."""
    return [
        call.method
        for call in api.calls[since:]
        if call.method in ("sendPhoto", "editMessageMedia")
        and call.params.get("chat_id") == chat_id
        and call.error is None
    ]


def buttons_of_version(api: FakeBotApi, message: dict[str, Any], version: int) -> bool:
    data = list(api.buttons(message).values())
    return bool(data) and all(f":1:{version}" in item for item in data)


@pytest.mark.slow
async def test_a_board_cut_off_by_sigkill_comes_back_once(api: FakeBotApi, tmp_path: Path) -> None:
    database = tmp_path / "bot.sqlite3"
    log = tmp_path / "bot.log"
    ana = api.user(1, "Ana", "ana")
    chat = api.private_chat(ana)
    bot = start_bot(api, database, log)
    try:
        api.send_text(ana, chat, f"/new brazilian vs computer white normal fen={FORCED_REPLIES}")
        board = await api.wait_for(lambda: api.boards(chat), "the first board", timeout=60)
        key = (chat["id"], board[0]["message_id"])
        piece = next(d for d in api.buttons(api.messages[key]).values() if d.startswith("p:"))
        api.slow_edits(3.0)  # the board of the move is on its way when the bot dies
        api.press(ana, api.messages[key], piece)
        destinations = await api.wait_for(
            lambda: [d for d in api.buttons(api.messages[key]).values() if d.startswith("m:")],
            "the destinations of a piece",
            timeout=30,
        )
        api.press(ana, api.messages[key], destinations[0])
        # Ana's move and the computer's forced reply are stored; their board is in flight.
        await api.wait_for(lambda: stored_version(database) >= 3, "both moves", timeout=30)
        await api.wait_for(lambda: api.calls_of("editMessageMedia"), "an edit", timeout=30)
        kill(bot)
        await api.wait_for(lambda: api.edits_waiting == 0, "the cut-off edit's end", timeout=30)
        assert not buttons_of_version(api, api.messages[key], 3), "the edit was not cut off"
        api.slow_edits(0.0)
        since = len(api.calls)
        bot = start_bot(api, database, log)
        await api.wait_for(
            lambda: buttons_of_version(api, api.messages[key], 3),
            lambda: f"the current board after the restart; log: {log.read_text()[-2000:]}",
            timeout=60,
        )
        await asyncio.sleep(1.5)  # a window: a second copy would come in it
        assert board_deliveries(api, chat["id"], since) == ["editMessageMedia"]
        assert "Ana (White) to move" in api.messages[key]["caption"]
        # Nobody was told of the computer's reply before the kill: the board says it now.
        assert "Computer (normal) played" in api.messages[key]["caption"]
        assert len(api.boards(chat)) == 1, "the board was edited in place, not posted anew"
    finally:
        kill(bot)
