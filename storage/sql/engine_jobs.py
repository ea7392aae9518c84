"""The computer's thinks as jobs for engine workers."""

from __future__ import annotations

from storage.api.engine_jobs import EngineJob
from storage.sql.base import SqlStoreBase


class EngineJobQueries(SqlStoreBase):
    async def workers_alive(self, within: float) -> int:
        rows = await self._engine.fetch_once(
            "SELECT count(*) FROM engine_workers WHERE seen_at >= $1", self._now_epoch() - within
        )
        return int(rows[0][0])

    async def post_engine_job(
        self, game_id: int, version: int, request: str, deadline: float
    ) -> int:
        now = self._now_epoch()
        async with self._engine.writing() as connection:
            job_id = await connection.fetchval(
                "INSERT INTO engine_jobs (game_id, version, request, created_at, deadline) "
                "VALUES ($1, $2, $3, $4, $5) RETURNING id",
                game_id,
                version,
                request,
                now,
                now + deadline,
            )
        return int(job_id)

    async def engine_job_result(self, job_id: int) -> str | None:
        rows = await self._engine.fetch_once("SELECT result FROM engine_jobs WHERE id = $1", job_id)
        return rows[0][0] if rows else None

    async def drop_engine_job(self, job_id: int) -> None:
        async with self._engine.writing() as connection:
            await connection.execute("DELETE FROM engine_jobs WHERE id = $1", job_id)

    async def worker_alive(self, name: str) -> None:
        async with self._engine.writing() as connection:
            await connection.execute(
                "INSERT INTO engine_workers (name, seen_at) VALUES ($1, $2) "
                "ON CONFLICT (name) DO UPDATE SET seen_at = excluded.seen_at",
                name,
                self._now_epoch(),
            )

    async def take_engine_job(self, name: str, lease: float) -> EngineJob | None:
        now = self._now_epoch()
        async with self._engine.writing() as connection:
            # SKIP LOCKED (PostgreSQL): workers asking at once each get another job, none
            # waits for another's transaction. SQLite has one writer at a time anyway.
            row = await connection.fetchrow(
                "UPDATE engine_jobs SET taken_by = $1, leased_until = $2, tries = tries + 1 "
                "WHERE id = (SELECT id FROM engine_jobs WHERE result IS NULL "
                "AND deadline > $3 AND (taken_by IS NULL OR leased_until < $3) "
                f"ORDER BY id LIMIT 1 {connection.dialect.skip_locked}) "
                "RETURNING id, request",
                name,
                now + lease,
                now,
            )
        return None if row is None else EngineJob(int(row[0]), str(row[1]))

    async def renew_engine_job(self, job_id: int, name: str, lease: float) -> None:
        async with self._engine.writing() as connection:
            await connection.execute(
                "UPDATE engine_jobs SET leased_until = $1 WHERE id = $2 AND taken_by = $3",
                self._now_epoch() + lease,
                job_id,
                name,
            )

    async def finish_engine_job(self, job_id: int, name: str, result: str) -> bool:
        async with self._engine.writing() as connection:
            done = await connection.fetchrow(
                "UPDATE engine_jobs SET result = $1 WHERE id = $2 AND taken_by = $3 "
                "AND result IS NULL RETURNING id",
                result,
                job_id,
                name,
            )
        return done is not None
