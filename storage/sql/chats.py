"""What a chat chose for itself: the side its boards are drawn from, its language."""

from __future__ import annotations

from storage.sql.base import SqlStoreBase


class ChatQueries(SqlStoreBase):
    async def chat_flipped(self, platform: str, chat_id: str) -> bool:
        rows = await self._engine.fetch_once(
            "SELECT flipped FROM chat_settings WHERE platform = $1 AND chat_id = $2",
            platform,
            chat_id,
        )
        return bool(rows and rows[0][0])

    async def set_chat_flipped(self, platform: str, chat_id: str, flipped: bool) -> None:
        async with self._engine.writing() as connection:
            await connection.execute(
                "INSERT INTO chat_settings (platform, chat_id, flipped) VALUES ($1, $2, $3) "
                "ON CONFLICT (platform, chat_id) DO UPDATE SET flipped = excluded.flipped",
                platform,
                chat_id,
                int(flipped),
            )

    async def chat_language(self, platform: str, chat_id: str, first: str | None) -> str | None:
        if first is None:  # nothing offered: a read (a chat's boards ask until it has one)
            rows = await self._engine.fetch_once(
                "SELECT language FROM chat_settings WHERE platform = $1 AND chat_id = $2",
                platform,
                chat_id,
            )
            return rows[0][0] if rows else None
        async with self._engine.writing() as connection:
            # The first language offered stays the chat's (one statement: no race).
            await connection.execute(
                "INSERT INTO chat_settings (platform, chat_id, language) VALUES ($1, $2, $3) "
                "ON CONFLICT (platform, chat_id) DO UPDATE SET language = "
                "COALESCE(chat_settings.language, excluded.language)",
                platform,
                chat_id,
                first,
            )
            rows = await connection.fetch(
                "SELECT language FROM chat_settings WHERE platform = $1 AND chat_id = $2",
                platform,
                chat_id,
            )
        return rows[0][0] if rows else None

    async def chosen_chat_language(self, platform: str, chat_id: str) -> str | None:
        rows = await self._engine.fetch_once(
            "SELECT chosen_language FROM chat_settings WHERE platform = $1 AND chat_id = $2",
            platform,
            chat_id,
        )
        return rows[0][0] if rows else None

    async def set_chosen_chat_language(self, platform: str, chat_id: str, language: str) -> None:
        async with self._engine.writing() as connection:
            await connection.execute(
                "INSERT INTO chat_settings (platform, chat_id, chosen_language) "
                "VALUES ($1, $2, $3) ON CONFLICT (platform, chat_id) "
                "DO UPDATE SET chosen_language = excluded.chosen_language",
                platform,
                chat_id,
                language,
            )
