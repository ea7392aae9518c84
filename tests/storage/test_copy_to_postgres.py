"""Moving up (issue 16): `python -m storage copy` takes an SQLite database with games of every
kind into an empty PostgreSQL database, refuses one that is not empty, and the bot on
PostgreSQL goes on with a copied game."""

from __future__ import annotations

import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.service.game_service import GameService, seat_to_act
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.events import ChallengeUpdate
from bot.service.kernel.families import family_of
from games.base import CHANCE, find_game, replay
from games.computer import Limit
from storage import Store, open_store
from storage.copy import CopyRefused, copy_database
from tests.bot.conftest import ANA, BIA, CAIO, CHAT
from tests.bot.service.test_service import actor_for, latest, two_player_game
from tests.postgres_server import PostgresServer

DRAUGHTS = ("brazilian", "international", "italian", "italian-familiar")


def fast_service(store: Store) -> GameService:
    computers = ComputerPlayers(ThreadPoolExecutor(max_workers=1), Limit(depth=1, seconds=0.1))
    return GameService(store, computers)


async def play_random_moves(service: GameService, game_id: int, count: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        await service.kernel.background.idle()
        state = await service.kernel.state(game_id)
        if not state.active:
            return
        seat = seat_to_act(state)
        assert seat is not None
        if state.position.to_move() == CHANCE:
            latest(await service.play.roll(actor_for(seat), game_id))
            continue
        move = rng.choice(list(state.position.legal_moves()))
        notation = state.position.notation(move)
        latest(await service.play.move(actor_for(seat), notation, game_id, state.version))


async def fill_sqlite(path: Path) -> list[int]:
    """Games of every kind (one finished, one by correspondence with its clock), an open
    challenge; the ids of the games."""
    store = await open_store(path)
    service = fast_service(store)
    try:
        games = []
        for number, kind in enumerate(DRAUGHTS):
            extra = ("3d",) if kind == "brazilian" else ()
            state = await two_player_game(service, kind, *extra)
            await play_random_moves(service, state.id, 6, number)
            games.append(state.id)
        ludo = latest(
            await service.challenges.new_game(ANA, CHAT, "ludo", computer=True, players=2, seat=0)
        )
        await play_random_moves(service, ludo.id, 8, 9)
        games.append(ludo.id)
        finished = await two_player_game(service, "international")
        await service.results.resign(BIA, finished.id)
        games.append(finished.id)
        events = await service.challenges.new_game(CAIO, CHAT, "italian", opponent=ANA)
        assert any(isinstance(event, ChallengeUpdate) for event in events)
        return games
    finally:
        await service.kernel.close()
        await store.close()


async def test_copy_then_the_bot_on_postgresql_goes_on(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    source = tmp_path / "games.sqlite3"
    games = await fill_sqlite(source)
    target = postgres_server.new_database()
    steps: list[tuple[int, int]] = []
    report = await copy_database(source, target, lambda done, total: steps.append((done, total)))
    assert report.games == len(games)
    assert {"players", "identities", "games", "game_seats", "moves", "clocks"} <= set(report.rows)
    assert report.rows["games"] == len(games)
    assert report.rows["challenges"] >= len(games)
    assert steps[-1][0] == steps[-1][1] == sum(report.rows.values())
    # Tables come after those they point to.
    order = list(report.rows)
    assert order.index("games") < order.index("players") < order.index("game_seats")

    with pytest.raises(CopyRefused, match="is not empty"):
        await copy_database(source, target)

    async with await open_store(target) as store:
        service = fast_service(store)
        try:
            for game_id in games:
                # Every copied game replays from its move log to its stored position.
                state = await service.kernel.state(game_id)
                family = family_of(find_game(state.record.kind))
                rules = family.rules_options(state.record.options)
                replayed = replay(state.record.kind, rules, state.log)
                assert replayed.snapshot() == state.record.snapshot
            copied = await service.kernel.state(games[0])
            assert copied.record.options["time"]
            assert await store.clock(games[0]) is not None
            before = len(copied.log)
            await play_random_moves(service, games[0], 1, 42)
            assert len(await store.moves(games[0])) == before + 1
            # New rows get new ids after the copied ones.
            fresh = await two_player_game(service, "brazilian")
            assert fresh.id == max(games) + 1
        finally:
            await service.kernel.close()


async def test_copy_command_shows_progress_and_refuses_a_second_time(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    source = tmp_path / "empty.sqlite3"
    await (await open_store(source)).close()
    target = postgres_server.new_database()
    command = [sys.executable, "-m", "storage", "copy", str(source), target]
    first = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert first.returncode == 0, first.stderr
    assert "copying [" in first.stderr
    assert "100%" in first.stderr
    assert "all 0 games have the same move log and state" in first.stdout
    # A player in the target: a second copy is refused, with a message and no traceback.
    schema = target.rpartition("search_path=")[2]
    postgres_server.psql(
        f"INSERT INTO {schema}.players (display_name, created_at) VALUES ('Zé', 'now')"
    )
    second = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert second.returncode == 2
    assert second.stderr.splitlines() == [
        f"python -m storage copy: {target} is not empty (table players has 1 rows); "
        "copy into a new, empty database"
    ]
