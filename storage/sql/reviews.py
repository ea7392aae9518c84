"""Game reviews, kept once per game (or PDN text) and read back."""

from __future__ import annotations

from storage.sql.base import SqlStoreBase


class ReviewQueries(SqlStoreBase):
    async def review(self, key: str) -> str | None:
        rows = await self._engine.fetch_once("SELECT content FROM reviews WHERE key = $1", key)
        return str(rows[0][0]) if rows else None

    async def save_review(self, key: str, game_id: int | None, nodes: int, content: str) -> str:
        async with self._engine.writing() as connection:
            await connection.execute(
                "INSERT INTO reviews (key, game_id, nodes, content, created_at) "
                "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING",
                key,
                game_id,
                nodes,
                content,
                self._now(),
            )
            rows = await connection.fetch("SELECT content FROM reviews WHERE key = $1", key)
        return str(rows[0][0])
