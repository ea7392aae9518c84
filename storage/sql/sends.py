"""When each bot last wrote on its platform."""

from __future__ import annotations

from datetime import datetime

from storage.sql.base import SqlStoreBase
from storage.sql.codec import epoch, moment


class SendQueries(SqlStoreBase):
    async def last_send(self, platform: str, bot: str) -> datetime | None:
        rows = await self._engine.fetch_once(
            "SELECT sent_at FROM bot_sends WHERE platform = $1 AND bot = $2", platform, bot
        )
        return moment(rows[0][0]) if rows else None

    async def note_send(self, platform: str, bot: str, at: datetime) -> None:
        async with self._engine.writing() as connection:
            await connection.execute(
                "INSERT INTO bot_sends (platform, bot, sent_at) VALUES ($1, $2, $3) "
                "ON CONFLICT (platform, bot) DO UPDATE SET sent_at = excluded.sent_at "
                "WHERE excluded.sent_at > bot_sends.sent_at",
                platform,
                bot,
                epoch(at),
            )
