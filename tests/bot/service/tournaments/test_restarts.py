"""Tournaments survive restarts: a round in progress goes on, the next round starts exactly
once, also when two last games end at the same instant, and a crash between a game's end
and the next round's start loses nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.service.game_service import GameService
from storage import open_store
from tests.bot.service.tournaments.helpers import (
    ORGANISER,
    end_game,
    lower_number_wins,
    open_with,
    people,
    random_results,
)


async def restarted_play(path: Path, words: list[str], count: int, crash_every: int) -> None:
    """Play a whole tournament, with a new store and service after every game; every
    `crash_every`-th game ends while nobody listens (a crash before the next round)."""
    entrants = people(count)
    async with await open_store(path) as store:
        service = GameService(store)
        tournament_id = await open_with(service, entrants, words)
        await service.tournaments.start(ORGANISER, None, tournament_id)
        await service.kernel.close()
    decide = random_results(count)
    for played in range(1, 1000):
        async with await open_store(path) as store:
            service = GameService(store)
            await service.resume()
            facts = await store.tournament_facts(tournament_id)
            if facts.tournament.status == "finished":
                await service.kernel.close()
                break
            active = [g.game_id for g in facts.games if g.status == "active" and g.game_id]
            assert active, "after a restart the round goes on"
            if played % crash_every == 0:
                service.kernel.changes._finish_listeners.clear()  # the crash before its listeners
            actors = {(await service.kernel.roster.player(actor)).id: actor for actor in entrants}
            await end_game(service, actors, active[0], decide(facts, active[0]))
            await service.kernel.close()
    async with await open_store(path) as store:
        facts = await store.tournament_facts(tournament_id)
    assert facts.tournament.status == "finished"
    rounds = {(g.round, g.table, g.index) for g in facts.games}
    assert len(rounds) == len(facts.games)


@pytest.mark.parametrize(
    ("words", "count"),
    [
        (["brazilian", "knockout"], 5),
        (["brazilian", "swiss", "rounds=3"], 6),
        (["brazilian", "roundrobin"], 4),
    ],
)
async def test_a_restart_after_every_game_and_crashes_lose_nothing(
    tmp_path: Path, words: list[str], count: int
) -> None:
    await restarted_play(tmp_path / "t.sqlite3", words, count, crash_every=2)


async def test_two_last_games_ending_at_once_start_the_next_round_once(
    service: GameService,
) -> None:
    entrants = people(4)
    tournament_id = await open_with(service, entrants, ["brazilian", "knockout"])
    await service.tournaments.start(ORGANISER, None, tournament_id)
    facts = await service.store.tournament_facts(tournament_id)
    actors = {(await service.kernel.roster.player(actor)).id: actor for actor in entrants}
    first, second = (g.game_id or 0 for g in facts.games)
    ended = await asyncio.gather(
        end_game(service, actors, first, lower_number_wins(facts, first)),
        end_game(service, actors, second, lower_number_wins(facts, second)),
    )
    facts = await service.store.tournament_facts(tournament_id)
    assert sorted(facts.rounds) == [1, 2]
    assert [(g.round, g.status) for g in facts.games] == [
        (1, "finished"),
        (1, "finished"),
        (2, "active"),
    ]
    # Round 2 of four entries is the final.
    starts = [e for events in ended for e in events if "the final starts" in str(e)]
    assert len(starts) == 1


async def test_two_services_on_one_database_start_a_round_once(tmp_path: Path) -> None:
    """Two processes (here two stores on one file) both see the round complete."""
    path = tmp_path / "shared.sqlite3"
    entrants = people(2)
    async with await open_store(path) as store:
        service = GameService(store)
        tournament_id = await open_with(service, entrants, ["brazilian", "knockout"])
        service.kernel.changes._finish_listeners.clear()  # the crash before its listeners
        await service.tournaments.start(ORGANISER, None, tournament_id)
        facts = await store.tournament_facts(tournament_id)
        actors = {(await service.kernel.roster.player(actor)).id: actor for actor in entrants}
        game_id = facts.games[0].game_id or 0
        await end_game(service, actors, game_id, "draw")
        await service.kernel.close()
    async with await open_store(path) as one, await open_store(path) as two:
        services = [GameService(one), GameService(two)]
        await asyncio.gather(*(service.resume() for service in services))
        facts = await one.tournament_facts(tournament_id)
        assert [(g.index, g.status) for g in facts.games] == [(0, "finished"), (1, "active")]
        for service in services:
            await service.kernel.close()
