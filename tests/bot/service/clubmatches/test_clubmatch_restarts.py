"""Club matches survive restarts and several processes: a new service on the same database
carries the match on (its games, its score, nothing created twice); a crash between the last
game's end and the match's end loses nothing (the next start ends it, once); two processes
starting one match at once create its games once."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.service.game_service import GameService
from bot.service.kernel.events import ServiceError
from storage import open_store
from tests.bot.service.clubmatches.helpers import HOME, ORGANISER, SIDE_A, SIDE_B, news, signed


async def test_a_new_service_carries_on_and_a_crash_before_the_end_loses_nothing(
    tmp_path: Path,
) -> None:
    path = tmp_path / "clubs.sqlite3"
    async with await open_store(path) as store:
        first = GameService(store)
        match_id = await signed(first)
        await first.club_matches.start(ORGANISER, HOME, match_id)
        games = [g.game_id for g in (await store.club_match_facts(match_id)).games]
        # Killed here: the next process reads everything from the database.
    ends = []
    for ended, game in enumerate(games, 1):
        async with await open_store(path) as store:
            service = GameService(store)
            await service.resume()
            facts = await store.club_match_facts(match_id)
            assert [g.game_id for g in facts.games] == games, "no game created again"
            if ended == len(games):
                # The crash between the game's end and its listeners: no result, no end.
                service.kernel.changes._finish_listeners.clear()
            # Side B loses board 1's games, side A board 2's: 2-2.
            losers = SIDE_B if facts.games[ended - 1].board == 1 else SIDE_A
            state = await service.kernel.state(game)
            resigning = next(a for a in losers if a.display_name in state.seat_names)
            await service.results.resign(resigning, game)
            await service.kernel.close()
    for _ in range(2):
        async with await open_store(path) as store:
            service = GameService(store)
            ends += news(await service.club_matches.resume())
            await service.kernel.close()
    assert len(ends) == 1
    assert ends[0].startswith("Club match #1 is over: a draw, 2-2.")
    async with await open_store(path) as store:
        facts = await store.club_match_facts(match_id)
        assert facts.match.status == "finished"
        assert [g.status for g in facts.games] == ["finished"] * 4
        player = await store.player_for_identity("test", "a1", "A1")
        assert len(await store.games_of_player(player.id, "finished")) == 2, "none twice"


async def test_two_services_on_one_database_start_a_match_once(database: str) -> None:
    async with await open_store(database) as one, await open_store(database) as two:
        services = [GameService(one), GameService(two)]
        match_id = await signed(services[0])
        tries = await asyncio.gather(
            *(service.club_matches.start(ORGANISER, HOME, match_id) for service in services),
            return_exceptions=True,
        )
        refused = [error for error in tries if isinstance(error, ServiceError)]
        assert len(refused) == 1, tries
        facts = await two.club_match_facts(match_id)
        assert [(g.board, g.leg) for g in facts.games] == [(1, 1), (1, 2), (2, 1), (2, 2)]
        player = await one.player_for_identity("test", "b2", "B2")
        assert len(await one.games_of_player(player.id)) == 2
        for service in services:
            await service.kernel.close()
