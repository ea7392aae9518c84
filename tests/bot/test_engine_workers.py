"""Engine workers (issue 41, item 2): `python -m bot engine-worker` processes on a PostgreSQL
database think the moves the bot posts as jobs. With none alive, the bot thinks itself at
once; a worker killed with -9 in mid-think delays the move by at most its lease (another
worker takes the job again) and the move comes once."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.service.challenges.challenges import COMPUTER
from bot.service.game_service import GameService
from bot.service.kernel.computer.computer_players import ComputerPlayers
from bot.service.kernel.computer.engine_jobs import LEASE, EngineJobs
from games.base import start
from games.computer import Limit
from storage import SeatRecord, open_store
from storage.sql.store import open_engine
from tests.bot.conftest import ANA, CHAT
from tests.postgres_server import PostgresServer
from tests.processes import bot_environment
from tests.waiting import eventually

THINK = Limit(depth=64, seconds=3.0)
SLOWLY = {"timeout": 120.0, "poll": 0.05}


@pytest.fixture
def workers() -> Iterator[dict[str, subprocess.Popen[bytes]]]:
    started: dict[str, subprocess.Popen[bytes]] = {}
    yield started
    for worker in started.values():
        if worker.poll() is None:
            worker.send_signal(signal.SIGTERM)
    for worker in started.values():
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


def start_worker(database: str, name: str, folder: Path) -> subprocess.Popen[bytes]:
    with (folder / f"{name}.log").open("wb") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "bot", "engine-worker", "--name", name],
            cwd=folder,
            env=bot_environment(DATABASE_URL=database),
            stdout=log,
            stderr=log,
        )


async def test_without_a_worker_the_bot_thinks_itself(tmp_path: Path) -> None:
    async with await open_store(tmp_path / "games.sqlite3") as store:
        begun = time.monotonic()
        snapshot = start("brazilian").snapshot()
        assert await EngineJobs(store).think(1, 1, "brazilian", {}, snapshot, THINK) is None
        assert time.monotonic() - begun < 1.0


@pytest.mark.slow
async def test_a_killed_workers_job_is_thought_again_within_its_lease(
    tmp_path: Path, postgres_server: PostgresServer, workers: dict[str, subprocess.Popen[bytes]]
) -> None:
    database = postgres_server.new_database()
    async with await open_store(database) as store:
        for name in ("worker-a", "worker-b"):
            workers[name] = start_worker(database, name, tmp_path)

        async def both_alive() -> bool:
            return await store.workers_alive(10) == 2

        await eventually(both_alive, "both workers up", **SLOWLY)
        position = start("brazilian")
        thinking = asyncio.ensure_future(
            EngineJobs(store).think(1, 1, "brazilian", {}, position.snapshot(), THINK)
        )
        engine = await open_engine(database)
        try:

            async def holder() -> str | None:
                async with engine.reading() as connection:
                    found: str | None = await connection.fetchval(
                        "SELECT taken_by FROM engine_jobs WHERE result IS NULL"
                    )
                return found

            first = await eventually(holder, "a worker taking the job", **SLOWLY)
            workers[first].send_signal(signal.SIGKILL)
            killed_at = time.monotonic()
            notation = await asyncio.wait_for(thinking, 120)
            took = time.monotonic() - killed_at
        finally:
            await engine.close()
        # The other worker: after the lease, its own think (3 s), and a little.
        assert took <= LEASE + THINK.seconds + 4, took
        assert notation is not None
        assert position.parse(notation) in position.legal_moves()
        other = next(name for name in workers if name != first)
        assert workers[other].poll() is None
        assert "Traceback" not in (tmp_path / f"{other}.log").read_text()


def no_thinking(*_arguments: object) -> str:
    raise AssertionError("the bot process thought itself")


@pytest.mark.slow
async def test_the_computers_turn_is_played_through_a_worker(
    tmp_path: Path, postgres_server: PostgresServer, workers: dict[str, subprocess.Popen[bytes]]
) -> None:
    """A game stored with the computer to move, woken in a service whose own thinking fails:
    the move comes from the worker, once."""
    database = postgres_server.new_database()
    async with await open_store(database) as store:
        workers["worker-a"] = start_worker(database, "worker-a", tmp_path)

        async def alive() -> bool:
            return await store.workers_alive(10) == 1

        await eventually(alive, "the worker up", **SLOWLY)
        computers = ComputerPlayers(
            ThreadPoolExecutor(max_workers=1), Limit(depth=3, seconds=0.2), chooser=no_thinking
        )
        service = GameService(store, computers)
        try:
            ana = await service.kernel.roster.player(ANA)
            record = await store.create_game(
                "brazilian",
                {},
                [SeatRecord(0, None, COMPUTER), SeatRecord(1, ana.id)],
                start("brazilian").snapshot(),
                CHAT,
            )
            await service.resume()
            await service.kernel.background.idle()
        finally:
            await service.kernel.close()
        assert len(await store.moves(record.id)) == 1
        assert (await store.version(record.id)) == 2
