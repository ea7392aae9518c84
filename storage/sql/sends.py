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

    async def take_chat_turn(
        self,
        platform: str,
        bot: str,
        chat_id: str,
        spacing: float,
        interval: float,
        burst: float,
        handover: float,
    ) -> float:
        now = self._now_epoch()
        async with self._engine.writing() as connection:
            greatest = connection.dialect.greatest
            # The turn: now, or the chat's next moment (later after another process's turn),
            # or its pace less the tolerance, whichever comes last. Every SET reads the row as
            # it was before the update.
            after = (
                "CASE WHEN chat_turns.taken_by = $8 THEN chat_turns.next_at "
                "ELSE chat_turns.next_at + $9 END"
            )
            turn = f"{greatest}({greatest}($4, {after}), chat_turns.paced_until - $7)"
            next_at = await connection.fetchval(
                "INSERT INTO chat_turns (platform, bot, chat_id, next_at, paced_until, taken_by) "
                "VALUES ($1, $2, $3, $10, $11, $8) "
                "ON CONFLICT (platform, bot, chat_id) DO UPDATE SET "
                f"next_at = {turn} + $5, "
                f"paced_until = {greatest}(chat_turns.paced_until, {turn}) + $6, "
                "taken_by = $8 "
                "RETURNING next_at",
                platform,
                bot,
                chat_id,
                now,
                spacing,
                interval,
                burst,
                self._origin,
                handover,
                now + spacing,
                now + interval,
            )
        return max(0.0, float(next_at) - spacing - now)
