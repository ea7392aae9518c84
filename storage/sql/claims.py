"""Updates pushed to a bot, and the slots of new board messages: each taken by one process."""

from __future__ import annotations

from storage.api.claims import BoardSlot
from storage.sql.base import SqlStoreBase


class ClaimQueries(SqlStoreBase):
    async def take_update(
        self, platform: str, bot: str, update_id: int, body: str, holder: str
    ) -> bool:
        async with self._engine.writing() as connection:
            taken = await connection.fetchrow(
                "INSERT INTO inbound_updates (platform, bot, update_id, body, holder, claimed_at) "
                "VALUES ($1, $2, $3, $4, $5, $6) "
                "ON CONFLICT (platform, bot, update_id) DO NOTHING RETURNING update_id",
                platform,
                bot,
                update_id,
                body,
                holder,
                self._now_epoch(),
            )
        return taken is not None

    async def renew_updates(self, platform: str, bot: str, holder: str) -> None:
        async with self._engine.writing() as connection:
            await connection.execute(
                "UPDATE inbound_updates SET claimed_at = $1 WHERE platform = $2 AND bot = $3 "
                "AND holder = $4 AND done_at IS NULL",
                self._now_epoch(),
                platform,
                bot,
                holder,
            )

    async def finish_update(self, platform: str, bot: str, update_id: int, holder: str) -> None:
        async with self._engine.writing() as connection:
            await connection.execute(
                "UPDATE inbound_updates SET done_at = $1, holder = NULL WHERE platform = $2 "
                "AND bot = $3 AND update_id = $4 AND holder = $5",
                self._now_epoch(),
                platform,
                bot,
                update_id,
                holder,
            )

    async def retake_updates(
        self, platform: str, bot: str, holder: str, lease: float, limit: int
    ) -> list[tuple[int, str]]:
        now = self._now_epoch()
        stale = "platform = $3 AND bot = $4 AND done_at IS NULL AND claimed_at <= $5"
        async with self._engine.writing() as connection:
            # The condition again in the UPDATE itself: of two processes taking over at once,
            # PostgreSQL re-reads a row the other just took, and it no longer qualifies.
            rows = await connection.fetch(
                f"UPDATE inbound_updates SET holder = $1, claimed_at = $2 WHERE {stale} "
                f"AND update_id IN (SELECT update_id FROM inbound_updates WHERE {stale} "
                "ORDER BY update_id LIMIT $6) RETURNING update_id, body",
                holder,
                now,
                platform,
                bot,
                now - lease,
                limit,
            )
        return sorted((int(row[0]), str(row[1])) for row in rows)

    async def forget_updates(self, platform: str, bot: str, older_than: float) -> int:
        async with self._engine.writing() as connection:
            gone = await connection.fetchcolumn(
                "DELETE FROM inbound_updates WHERE platform = $1 AND bot = $2 "
                "AND done_at < $3 RETURNING update_id",
                platform,
                bot,
                self._now_epoch() - older_than,
            )
        return len(gone)

    async def claim_board_send(
        self,
        game_id: int,
        platform: str,
        chat_id: str,
        version: int,
        holder: str,
        *,
        again: bool,
        lease: float,
    ) -> BoardSlot:
        now = self._now_epoch()
        # A released slot is taken for a newer version, or for the same one asked anew.
        below = version + 1 if again else version
        async with self._engine.writing() as connection:
            taken = await connection.fetchrow(
                "INSERT INTO board_sends (game_id, platform, chat_id, version, holder, "
                "claimed_at) VALUES ($1, $2, $3, $4, $5, $6) "
                "ON CONFLICT (game_id, platform, chat_id) DO UPDATE SET "
                "version = excluded.version, holder = excluded.holder, "
                "claimed_at = excluded.claimed_at "
                "WHERE (board_sends.holder IS NULL AND board_sends.version < $7) "
                "OR (board_sends.holder IS NOT NULL AND board_sends.claimed_at <= $8) "
                "RETURNING version",
                game_id,
                platform,
                chat_id,
                version,
                holder,
                now,
                below,
                now - lease,
            )
            if taken is not None:
                return BoardSlot.TAKEN
            row = await connection.fetchrow(
                "SELECT holder FROM board_sends WHERE game_id = $1 AND platform = $2 "
                "AND chat_id = $3",
                game_id,
                platform,
                chat_id,
            )
        return BoardSlot.SHOWN if row is not None and row[0] is None else BoardSlot.BUSY

    async def release_board_send(
        self, game_id: int, platform: str, chat_id: str, holder: str, *, sent: bool
    ) -> None:
        mine = "game_id = $1 AND platform = $2 AND chat_id = $3 AND holder = $4"
        async with self._engine.writing() as connection:
            if sent:
                await connection.execute(
                    f"UPDATE board_sends SET holder = NULL WHERE {mine}",
                    game_id,
                    platform,
                    chat_id,
                    holder,
                )
            else:
                await connection.execute(
                    f"DELETE FROM board_sends WHERE {mine}", game_id, platform, chat_id, holder
                )
