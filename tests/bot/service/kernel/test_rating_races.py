"""Rated games of one player that end at the same moment, through two services on one
database as two bot processes would (issue 22, item 1): no rating update is lost, and the
stored ratings are exactly those `recompute-ratings` rebuilds from the results; in one
process with two stores and in two real processes."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from bot.service.kernel.rated.rated_games import rating_writes
from bot.service.kernel.rated.rating_rebuild import recompute
from storage import Store, open_store
from tests.bot.rated_play import ANA, play, start
from tests.postgres_server import PostgresServer
from tests.processes import bot_environment
from tests.waiting import eventually

RIVALS = [Actor("test", f"rival-{number}", f"Rival {number}") for number in range(12)]


@pytest.fixture
async def services(database: str) -> AsyncIterator[list[GameService]]:
    stores: list[Store] = [
        await open_store(database, on_game_end=rating_writes()) for _ in range(2)
    ]
    pair = [GameService(store) for store in stores]
    yield pair
    for service, store in zip(pair, stores, strict=True):
        await service.kernel.close()
        await store.close()


async def test_games_of_one_player_ending_at_once_lose_no_rating_update(
    services: list[GameService],
) -> None:
    games = []
    for rival in RIVALS:
        state = await start(services[0], white=rival, black=ANA)
        await play(services[0], state.id, 4, white=rival, black=ANA)
        games.append((rival, state.id))
    # Ana resigns one game in three, her rivals the others; each through either service.
    await asyncio.gather(
        *(
            services[number % 2].results.resign(ANA if number % 3 == 0 else rival, game_id)
            for number, (rival, game_id) in enumerate(games)
        )
    )
    store = services[0].store
    ana = await services[0].kernel.roster.player(ANA)
    [ana_rating] = [rating for rating in await store.all_ratings() if rating.player_id == ana.id]
    assert ana_rating.games == len(RIVALS), "a rating update was lost"
    rebuilt = await recompute(store)
    assert rebuilt.games == len(RIVALS)
    assert rebuilt.differences == ()


async def test_two_processes_ending_games_of_one_player_at_once_lose_no_update(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    database = postgres_server.new_database()
    store = await open_store(database, on_game_end=rating_writes())
    service = GameService(store)
    games = []
    for rival in RIVALS:
        state = await start(service, white=rival, black=ANA)
        await play(service, state.id, 4, white=rival, black=ANA)
        games.append((rival, state.id))
    await service.kernel.close()
    start_file = tmp_path / "go"
    halves = [
        [
            f"{(ANA if number % 3 == 0 else rival).user_id}:{game_id}"
            for number, (rival, game_id) in enumerate(games)
            if number % 2 == half
        ]
        for half in (0, 1)
    ]
    processes = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            str(Path(__file__).with_name("resign_games.py")),
            database,
            str(start_file),
            *half,
            env=bot_environment(),
        )
        for half in halves
    ]
    await eventually(
        lambda: len(list(tmp_path.glob("go.ready-*"))) == len(processes),
        "both processes' stores open",
        60,
        poll=0.05,
    )
    start_file.touch()
    assert [await asyncio.wait_for(process.wait(), 120) for process in processes] == [0, 0]
    try:
        ana = await GameService(store).kernel.roster.player(ANA)
        [ana_rating] = [r for r in await store.all_ratings() if r.player_id == ana.id]
        assert ana_rating.games == len(RIVALS), "a rating update was lost"
        rebuilt = await recompute(store)
        assert rebuilt.games == len(RIVALS)
        assert rebuilt.differences == ()
    finally:
        await store.close()
