"""Simuls survive restarts and several processes: a new service on the same database carries
on the boards and the desk; a crash between the last board's end and the summary loses
nothing (the next start gives the summary, once); two processes starting one simul at once
create its boards once."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.service.game_service import GameService
from bot.service.kernel.events import ServiceError
from storage import open_store
from tests.bot.service.simuls.helpers import CHALLENGERS, CHAT, HOST, desk_of, news, opened


async def test_a_new_service_carries_on_and_a_crash_before_the_summary_loses_nothing(
    tmp_path: Path,
) -> None:
    path = tmp_path / "simul.sqlite3"
    async with await open_store(path) as store:
        first = GameService(store)
        simul_id = await opened(first)
        await first.simuls.start(HOST, CHAT, simul_id)
        games = [board.game_id or 0 for board in (await store.simul_facts(simul_id)).boards]
        await first.play.move(HOST, "22-18", games[0])
        # Killed here: the next process reads everything from the database.
    summaries = []
    for ended, game in enumerate(games, 1):
        async with await open_store(path) as store:
            service = GameService(store)
            await service.resume()
            desk = desk_of(await service.desks.desk(HOST, CHAT))
            assert desk.game_id == (games[1] if ended == 1 else game), "the desk after a restart"
            if ended == len(games):
                # The crash between the game's end and its listeners: no result, no summary.
                service.kernel.changes._finish_listeners.clear()
            await service.results.resign(CHALLENGERS[ended - 1], game)
            await service.kernel.close()
    for _ in range(2):
        async with await open_store(path) as store:
            service = GameService(store)
            summaries += news(await service.simuls.resume())
            await service.kernel.close()
    assert len(summaries) == 1
    assert summaries[0].startswith("Simul #1 is over: Host scored +3 =0 -0.")
    async with await open_store(path) as store:
        facts = await store.simul_facts(simul_id)
    assert facts.simul.status == "finished"
    assert [board.status for board in facts.boards] == ["finished"] * 3


async def test_two_services_on_one_database_start_a_simul_once(database: str) -> None:
    async with await open_store(database) as one, await open_store(database) as two:
        services = [GameService(one), GameService(two)]
        simul_id = await opened(services[0])
        tries = await asyncio.gather(
            *(service.simuls.start(HOST, CHAT, simul_id) for service in services),
            return_exceptions=True,
        )
        refused = [error for error in tries if isinstance(error, ServiceError)]
        assert len(refused) == 1, tries
        facts = await two.simul_facts(simul_id)
        assert [board.board for board in facts.boards] == [1, 2, 3]
        host = await one.player_for_identity(HOST.platform, HOST.user_id, HOST.display_name)
        assert len(await one.games_of_player(host.id)) == 3
        for service in services:
            await service.kernel.close()
