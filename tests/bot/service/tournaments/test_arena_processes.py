"""An arena played by two processes on one database, one of them killed with SIGKILL in the
middle of ending games and pairing players: nobody is ever in two games at once (each
entry's games, from their start to their end, never overlap), and a fresh process picks up
the players the killed one freed and never paired."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from datetime import timedelta
from itertools import pairwise
from pathlib import Path

import pytest

from bot.service.game_service import GameService
from bot.service.kernel.game_flow.clocks import ManualClock, utc_now
from storage import open_store
from storage.sql.store import open_engine
from tests.bot.service.tournaments.helpers import ORGANISER, open_with, people
from tests.processes import bot_environment

# Ends the arena's games one after another, as fast as it can, each through the service (a
# resignation, whose finish listener pairs the two players again), and says so on stdout.
PLAYER = """
import asyncio, random, sys
import pytest

from bot.service.game_service import GameService
from bot.service.kernel.events import Actor
from storage import open_store

async def main(path, seed):
    chance = random.Random(seed)
    async with await open_store(path) as store:
        service = GameService(store)
        actors = {}
        for n in range(1, 9):
            actor = Actor("test", f"p{n}", f"P{n}")
            actors[(await service.kernel.roster.player(actor)).id] = actor
        while True:
            facts = await store.tournament_facts(1)
            active = [g.game_id for g in facts.games if g.status == "active"]
            if not active:
                await asyncio.sleep(0.01)
                continue
            state = await service.kernel.state(chance.choice(active))
            loser = actors[state.record.seats[chance.randrange(2)].player_id]
            try:
                await service.results.resign(loser, state.id)
            except Exception:
                continue  # the other process ended it first
            print("ended", state.id, flush=True)

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


def start_player(database: Path, seed: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", PLAYER, str(database), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=bot_environment(),
    )


def wait_for_games(player: subprocess.Popen[str], count: int) -> None:
    assert player.stdout is not None
    for _ in range(count):
        assert player.stdout.readline().startswith("ended"), "the process stopped ending games"


async def overlapping_games(database: Path) -> list[tuple[int, int, int]]:
    """Pairs of games of one entry that went on at the same time (start before the other's
    end), read from the stored games."""
    engine = await open_engine(database)
    try:
        async with engine.reading() as connection:
            rows = await connection.fetch(
                "SELECT t.white_entry, t.black_entry, g.id, g.created_at, g.updated_at, "
                "g.status FROM tournament_games t JOIN games g ON g.id = t.game_id"
            )
    finally:
        await engine.close()
    spans: dict[int, list[tuple[str, str, int]]] = {}
    for white, black, game, created, updated, status in rows:
        end = "9999" if status == "active" else updated
        for entry in (white, black):
            spans.setdefault(entry, []).append((created, end, game))
    clashes = []
    for entry, games in spans.items():
        ordered = sorted(games)
        for (_, end, game), (start, _, later) in pairwise(ordered):
            if start < end:
                clashes.append((entry, game, later))
    return clashes


@pytest.mark.slow
async def test_two_processes_and_a_sigkill_never_pair_a_player_twice(tmp_path: Path) -> None:
    database = tmp_path / "arena.sqlite3"
    entrants = people(8)
    async with await open_store(database) as store:
        service = GameService(store)
        tournament_id = await open_with(service, entrants, ["brazilian", "arena", "2h", "5m"])
        await service.tournaments.start(ORGANISER, None, tournament_id)
        await service.kernel.close()
    first, second = start_player(database, 1), start_player(database, 2)
    try:
        wait_for_games(first, 6)
        wait_for_games(second, 6)
        first.send_signal(signal.SIGKILL)  # in the middle of ending and pairing
        first.wait(10)
        wait_for_games(second, 6)
    finally:
        for player in (first, second):
            player.kill()
            player.wait(10)
            if player.stdout is not None:
                player.stdout.close()
    assert await overlapping_games(database) == []
    # A new process, a minute later (rematches allowed): everyone is playing again.
    clock = ManualClock(utc_now() + timedelta(minutes=1))
    async with await open_store(database) as store:
        service = GameService(store, clock=clock)
        await service.resume()
        await asyncio.sleep(0)
        facts = await store.tournament_facts(tournament_id)
        await service.kernel.close()
    playing = [
        side
        for game in facts.games
        if game.status == "active"
        for side in (game.white_entry, game.black_entry)
    ]
    assert sorted(playing) == sorted(entry.id for entry in facts.entries)
    assert await overlapping_games(database) == []
