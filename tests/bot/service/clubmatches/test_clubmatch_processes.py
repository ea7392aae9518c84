"""A club match between two Telegram groups, played through the real bot process against the
fake Bot API (Telegram's own limits), killed with SIGKILL in the middle of the round (one
game over, the other being played) and started again on the same database: no game and no
result is lost, nothing is created twice, the match ends once, and its score board goes on in
the same message in each group (its id is in the database, not in the dead process)."""

from __future__ import annotations

import contextlib
import re
import sqlite3
from collections.abc import AsyncIterator
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


def said(api: FakeBotApi, group: dict[str, Any], words: str) -> list[str]:
    return [line for line in api.texts(group) if words in line]


def score_boards(api: FakeBotApi, group: dict[str, Any]) -> list[dict[str, Any]]:
    return [m for m in api.bot_messages(group) if m.get("text", "").startswith(HEAD)]


def score_board_at(api: FakeBotApi, group: dict[str, Any], score: str) -> list[dict[str, Any]]:
    return [m for m in score_boards(api, group) if m["text"].startswith(HEAD + score)]


def stored_games(database: Path) -> int:
    with contextlib.closing(sqlite3.connect(database)) as connection:
        return int(connection.execute("SELECT count(*) FROM games").fetchone()[0])


async def facts(database: Path) -> ClubMatchFacts:
    async with await open_store(database) as store:
        return await store.club_match_facts(1)


@pytest.fixture
async def api() -> AsyncIterator[FakeBotApi]:
    fake = FakeBotApi()
    await fake.start()
    yield fake
    await fake.close()
    assert fake.violations == []


@pytest.mark.slow
async def test_a_club_match_killed_mid_round_goes_on_after_a_restart(
    api: FakeBotApi, tmp_path: Path
) -> None:
    database = tmp_path / "bot.sqlite3"
    log = tmp_path / "bot.log"
    ana, bia = api.user(1, "Ana", "ana", "en"), api.user(2, "Bia", "bia", "en")
    carla, dario = api.user(3, "Carla", "carla", "en"), api.user(4, "Dario", "dario", "en")
    home, away = api.group(-100601, "Home club"), api.group(-100602, "Away club")
    bot = start_bot(api, database, log)
    try:
        api.send_text(ana, home, "/clubmatch new italian 1")
        [opened] = await api.wait_for(
            lambda: said(api, home, "/clubmatch join"), "the opening", SLOWLY
        )
        found = re.search(r"/clubmatch join ([A-Z]+)", opened)
        assert found is not None, opened
        api.send_text(carla, away, f"/clubmatch join {found.group(1)}")
        await api.wait_for(lambda: said(api, home, "as side B"), "side B's chat joins", SLOWLY)
        api.send_text(bia, home, "/clubmatch sign")
        api.send_text(dario, away, "/clubmatch sign")
        await api.wait_for(lambda: said(api, away, "Dario signs"), "Dario signed", SLOWLY)
        await api.wait_for(lambda: said(api, home, "Bia signs"), "Bia signed", SLOWLY)
        api.send_text(ana, home, "/clubmatch start")
        for group in (home, away):
            await api.wait_for(
                partial(score_board_at, api, group, "0-0"), "the score board", SLOWLY
            )
        [first_home], [first_away] = score_boards(api, home), score_boards(api, away)
        api.send_text(dario, away, "/resign 1 yes")
        for group in (home, away):
            await api.wait_for(
                partial(score_board_at, api, group, "1-0"), "game 1's result", SLOWLY
            )
        # Killed in the middle of the round: game 2 is being played.
        kill(bot)
        before = await facts(database)
        assert [(g.game_id, g.status) for g in before.games] == [(1, "finished"), (2, "active")]
        assert before.games[0].result is not None

        bot = start_bot(api, database, log)
        api.send_text(dario, away, "/resign 2 yes")
        for group in (home, away):
            await api.wait_for(
                partial(score_board_at, api, group, "2-0"),
                lambda: f"the final score board; log: {log.read_text()[-2000:]}",
                SLOWLY,
            )
        await api.wait_for(lambda: said(api, home, "side A wins 2-0"), "the end", SLOWLY)
        # The same message in each group, edited: no second score board.
        assert [m["message_id"] for m in score_boards(api, home)] == [first_home["message_id"]]
        assert [m["message_id"] for m in score_boards(api, away)] == [first_away["message_id"]]
        after = await facts(database)
        assert after.match.status == "finished"
        assert [(g.game_id, g.status) for g in after.games] == [(1, "finished"), (2, "finished")]
        assert after.games[0].result == before.games[0].result, "game 1's result kept"
        assert stored_games(database) == 2, "no game created again"
        assert len(said(api, home, "is over")) == 1, "the match ends once"
        assert "Traceback" not in log.read_text(), log.read_text()
    finally:
        kill(bot)
