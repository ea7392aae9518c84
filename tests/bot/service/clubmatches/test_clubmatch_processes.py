"""A club match between two Telegram groups, played through the real bot process against the
fake Bot API (Telegram's own limits), killed with SIGKILL in the middle of the round (one
game over, the other being played) and started again on the same database: no game and no
result is lost, nothing is created twice, the match ends once, and its score board goes on in
the same message in each group (its id is in the database, not in the dead process)."""

from __future__ import annotations

import contextlib
import re
import sqlite3
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from storage import ClubMatchFacts, open_store
from tests.fakes.telegram_api import FakeBotApi
from tests.processes import kill, start_bot

# The bot paces its group messages as on Telegram (one every 3 s): a step may take a while.
SLOWLY = 90.0
HEAD = "Club match #1, side A - side B: "


def said(telegram_as_is: FakeBotApi, group: dict[str, Any], words: str) -> list[str]:
    return [line for line in telegram_as_is.texts(group) if words in line]


def score_boards(telegram_as_is: FakeBotApi, group: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in telegram_as_is.bot_messages(group) if m.get("text", "").startswith(HEAD)]


def score_board_at(
    telegram_as_is: FakeBotApi, group: dict[str, Any], score: str
) -> list[dict[str, Any]]:
    return [m for m in score_boards(telegram_as_is, group) if m["text"].startswith(HEAD + score)]


def stored_games(database: Path) -> int:
    with contextlib.closing(sqlite3.connect(database)) as connection:
        return int(connection.execute("SELECT count(*) FROM games").fetchone()[0])


async def facts(database: Path) -> ClubMatchFacts:
    async with await open_store(database) as store:
        return await store.club_match_facts(1)


@pytest.mark.slow
async def test_a_club_match_killed_mid_round_goes_on_after_a_restart(
    telegram_as_is: FakeBotApi, tmp_path: Path
) -> None:
    database = tmp_path / "bot.sqlite3"
    log = tmp_path / "bot.log"
    ana, bia = (
        telegram_as_is.user(1, "Ana", "ana", "en"),
        telegram_as_is.user(2, "Bia", "bia", "en"),
    )
    carla, dario = (
        telegram_as_is.user(3, "Carla", "carla", "en"),
        telegram_as_is.user(4, "Dario", "dario", "en"),
    )
    home, away = (
        telegram_as_is.group(-100601, "Home club"),
        telegram_as_is.group(-100602, "Away club"),
    )
    bot = start_bot(telegram_as_is, database, log)
    try:
        telegram_as_is.send_text(ana, home, "/clubmatch new italian 1")
        [opened] = await telegram_as_is.wait_for(
            lambda: said(telegram_as_is, home, "/clubmatch join"), "the opening", SLOWLY
        )
        found = re.search(r"/clubmatch join ([A-Z]+)", opened)
        assert found is not None, opened
        telegram_as_is.send_text(carla, away, f"/clubmatch join {found.group(1)}")
        await telegram_as_is.wait_for(
            lambda: said(telegram_as_is, home, "as side B"), "side B's chat joins", SLOWLY
        )
        telegram_as_is.send_text(bia, home, "/clubmatch sign")
        telegram_as_is.send_text(dario, away, "/clubmatch sign")
        await telegram_as_is.wait_for(
            lambda: said(telegram_as_is, away, "Dario signs"), "Dario signed", SLOWLY
        )
        await telegram_as_is.wait_for(
            lambda: said(telegram_as_is, home, "Bia signs"), "Bia signed", SLOWLY
        )
        telegram_as_is.send_text(ana, home, "/clubmatch start")
        for group in (home, away):
            await telegram_as_is.wait_for(
                partial(score_board_at, telegram_as_is, group, "0-0"), "the score board", SLOWLY
            )
        [first_home], [first_away] = (
            score_boards(telegram_as_is, home),
            score_boards(telegram_as_is, away),
        )
        telegram_as_is.send_text(dario, away, "/resign 1 yes")
        for group in (home, away):
            await telegram_as_is.wait_for(
                partial(score_board_at, telegram_as_is, group, "1-0"), "game 1's result", SLOWLY
            )
        # Killed in the middle of the round: game 2 is being played.
        kill(bot)
        before = await facts(database)
        assert [(g.game_id, g.status) for g in before.games] == [(1, "finished"), (2, "active")]
        assert before.games[0].result is not None

        bot = start_bot(telegram_as_is, database, log)
        telegram_as_is.send_text(dario, away, "/resign 2 yes")
        for group in (home, away):
            await telegram_as_is.wait_for(
                partial(score_board_at, telegram_as_is, group, "2-0"),
                lambda: f"the final score board; log: {log.read_text()[-2000:]}",
                SLOWLY,
            )
        await telegram_as_is.wait_for(
            lambda: said(telegram_as_is, home, "side A wins 2-0"), "the end", SLOWLY
        )
        # The same message in each group, edited: no second score board.
        assert [m["message_id"] for m in score_boards(telegram_as_is, home)] == [
            first_home["message_id"]
        ]
        assert [m["message_id"] for m in score_boards(telegram_as_is, away)] == [
            first_away["message_id"]
        ]
        after = await facts(database)
        assert after.match.status == "finished"
        assert [(g.game_id, g.status) for g in after.games] == [(1, "finished"), (2, "finished")]
        assert after.games[0].result == before.games[0].result, "game 1's result kept"
        assert stored_games(database) == 2, "no game created again"
        assert len(said(telegram_as_is, home, "is over")) == 1, "the match ends once"
        assert "Traceback" not in log.read_text(), log.read_text()
    finally:
        kill(bot)
