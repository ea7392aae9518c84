"""`python -m bot engine-worker [--db URL] [--name NAME]`: think the computer's moves for the
bot processes of a PostgreSQL database, on any machine (docs/scale.md). The worker takes the
oldest job no worker holds, thinks it in its own process (with the endgame databases, where
built), renews its lease while it thinks and writes the move; a worker killed mid-think
leaves its job to another once the lease runs out. Several workers share the jobs (PostgreSQL's
FOR UPDATE SKIP LOCKED). Stop it with Ctrl-C or SIGTERM: the job in hand is left to another.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import socket
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path

from bot.opening import BAD_DATABASE_STATUS, open_existing
from bot.service.kernel.computer.computer_players import choose_notation
from bot.service.kernel.computer.engine_jobs import ALIVE_EVERY, LEASE, read_request
from bot.service.kernel.computer.workers import worker_processes
from bot.settings import SettingsLoader, default_database, endgame_folder
from storage import EngineJob, EngineJobStore

logger = logging.getLogger(__name__)

# How often an idle worker asks for a job: soon after the last one, then every half second.
FIRST_ASK = 0.02
LONGEST_ASK = 0.5


def arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot engine-worker",
        description="Think the computer's moves for the bot processes of a PostgreSQL database.",
    )
    parser.add_argument(
        "--db",
        default=None,
        help="the database: postgresql://user:password@host/name "
        f"(default: $DATABASE_URL, else {default_database()})",
    )
    parser.add_argument(
        "--name",
        default=f"{socket.gethostname()}:{os.getpid()}",
        help="the worker's name in the database (default: host:pid)",
    )
    return parser.parse_args(argv)


async def _say_alive(jobs: EngineJobStore, name: str) -> None:
    while True:
        try:
            await jobs.worker_alive(name)
        except Exception as error:  # the database out of reach: say so again later
            logger.warning("engine worker %s: %s", name, error)
        await asyncio.sleep(ALIVE_EVERY)


async def think(jobs: EngineJobStore, name: str, job: EngineJob, thinker: Executor) -> None:
    """Think one job in `thinker`, renewing the lease meanwhile, and write its move."""
    kind, rules, snapshot, limit = read_request(job.request)
    loop = asyncio.get_running_loop()
    thought = loop.run_in_executor(thinker, choose_notation, kind, rules, snapshot, limit)
    while True:
        done, _ = await asyncio.wait({thought}, timeout=LEASE / 3)
        if done:
            break
        await jobs.renew_engine_job(job.id, name, LEASE)
    if not await jobs.finish_engine_job(job.id, name, thought.result()):
        logger.info("engine worker %s: job %s was no longer its own", name, job.id)


async def work(jobs: EngineJobStore, name: str, thinker: Executor) -> None:
    """Take and think jobs until cancelled."""
    alive = asyncio.get_running_loop().create_task(_say_alive(jobs, name))
    pause = FIRST_ASK
    try:
        while True:
            job = await jobs.take_engine_job(name, LEASE)
            if job is None:
                await asyncio.sleep(pause)
                pause = min(pause * 2, LONGEST_ASK)
                continue
            pause = FIRST_ASK
            try:
                await think(jobs, name, job, thinker)
            except Exception as error:  # a bad job: logged, and its lease runs out
                logger.error("engine worker %s: job %s failed: %s", name, job.id, error)
    finally:
        alive.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await alive


async def run(database: str | Path, name: str) -> int:
    store = await open_existing(database)
    if store is None:
        return BAD_DATABASE_STATUS
    folder = endgame_folder()
    thinker = worker_processes(1, folder if folder.is_dir() else None)
    task = asyncio.current_task()
    assert task is not None
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)
    try:
        async with store:
            await work(store, name, thinker)
    except asyncio.CancelledError:
        return 0
    finally:
        thinker.shutdown(wait=False, cancel_futures=True)
    return 0


def main(argv: Sequence[str], load: SettingsLoader) -> int:
    options = arguments(argv)
    try:
        return asyncio.run(run(load(options.db).database, options.name))
    except KeyboardInterrupt:
        return 130
