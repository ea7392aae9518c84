"""The computer's thinks on engine workers (`python -m bot engine-worker`, docs/scale.md):
while a worker is alive, a think becomes a job in the database, taken by a worker on any
machine; the bot process waits for its result until the job's deadline, and thinks itself if
none came (or no worker is alive: one process, SQLite, as before). The move is then
committed like any other, so the version check decides between two results of one turn."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
from collections.abc import Mapping
from typing import Any

from games.computer import Limit
from storage import EngineJobStore

# A worker counts as alive this many seconds after it last said so (it says so every
# ALIVE_EVERY seconds, bot/engine_worker.py).
ALIVE_WITHIN = 10.0
ALIVE_EVERY = 2.0
# How long a worker holds a job without renewing it: a killed worker's job is taken again
# after at most this, and it renews it every LEASE / 3 while it thinks.
LEASE = 6.0
# A job's deadline: the think's own seconds, a worker's death and another's start, and this.
DEADLINE_MARGIN = 10.0
# How often the bot asks whether the result came: soon at first, then every half second.
FIRST_LOOK = 0.02
LONGEST_LOOK = 0.5


def think_request(kind: str, rules: Mapping[str, Any], snapshot: str, limit: Limit) -> str:
    """A think as the text of a job."""
    return json.dumps(
        {
            "kind": kind,
            "rules": dict(rules),
            "snapshot": snapshot,
            "limit": dataclasses.asdict(limit),
        }
    )


def read_request(request: str) -> tuple[str, dict[str, Any], str, Limit]:
    """The think a job's text asks for: kind, rules, snapshot and limit."""
    asked = json.loads(request)
    return asked["kind"], asked["rules"], asked["snapshot"], Limit(**asked["limit"])


class EngineJobs:
    """The bot's side: post a think, wait for a worker's move."""

    def __init__(self, jobs: EngineJobStore) -> None:
        self.jobs = jobs
        # Whether a worker was alive, and when that was last asked (once per ALIVE_EVERY).
        self._alive = False
        self._asked_at = -ALIVE_EVERY

    async def _workers(self) -> bool:
        now = time.monotonic()
        if now - self._asked_at >= ALIVE_EVERY:
            self._asked_at = now
            self._alive = await self.jobs.workers_alive(ALIVE_WITHIN) > 0
        return self._alive

    async def think(
        self,
        game_id: int,
        version: int,
        kind: str,
        rules: Mapping[str, Any],
        snapshot: str,
        limit: Limit,
    ) -> str | None:
        """A worker's move (notation) for the game at `version`; None when no worker is
        alive, or none answered by the job's deadline: the caller then thinks itself."""
        if not await self._workers():
            return None
        deadline = (limit.seconds or 0) + 2 * LEASE + DEADLINE_MARGIN
        request = think_request(kind, rules, snapshot, limit)
        job = await self.jobs.post_engine_job(game_id, version, request, deadline)
        try:
            ends = time.monotonic() + deadline
            pause = FIRST_LOOK
            while time.monotonic() < ends:
                result = await self.jobs.engine_job_result(job)
                if result is not None:
                    return result
                await asyncio.sleep(pause)
                pause = min(pause * 2, LONGEST_LOOK)
            return None
        finally:
            await self.jobs.drop_engine_job(job)
