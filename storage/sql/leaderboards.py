"""The leaderboard message of each competition in each chat, and the claim to post one."""

from __future__ import annotations

from storage.api.leaderboards import LeaderboardSlot
from storage.sql.base import SqlStoreBase

KEY = "board = $1 AND platform = $2 AND chat_id = $3"


class LeaderboardQueries(SqlStoreBase):
    async def claim_leaderboard(
        self,
        board: str,
        platform: str,
        chat_id: str,
        holder: str,
        *,
        gone: str | None,
        lease: float,
    ) -> LeaderboardSlot:
        # Most updates edit the recorded message: a read, no write transaction.
        async with self._engine.reading() as connection:
            known = await connection.fetchrow(
                f"SELECT message_id, holder FROM leaderboard_messages WHERE {KEY}",
                board,
                platform,
                chat_id,
            )
        if known is not None and known[1] is None and known[0] is not None and known[0] != gone:
            return LeaderboardSlot(str(known[0]), taken=False)
        now = self._now_epoch()
        async with self._engine.writing() as connection:
            # One statement decides: of two processes taking a free row at once, PostgreSQL
            # re-reads the row the other just took, and it no longer qualifies.
            taken = await connection.fetchrow(
                "INSERT INTO leaderboard_messages (board, platform, chat_id, holder, claimed_at) "
                "VALUES ($1, $2, $3, $4, $5) "
                "ON CONFLICT (board, platform, chat_id) DO UPDATE SET "
                "holder = excluded.holder, claimed_at = excluded.claimed_at "
                "WHERE (leaderboard_messages.holder IS NULL "
                "AND (leaderboard_messages.message_id IS NULL "
                "OR leaderboard_messages.message_id = $6)) "
                "OR (leaderboard_messages.holder IS NOT NULL "
                "AND leaderboard_messages.claimed_at <= $7) "
                "RETURNING board",
                board,
                platform,
                chat_id,
                holder,
                now,
                gone,
                now - lease,
            )
            if taken is not None:
                return LeaderboardSlot(None, taken=True)
            row = await connection.fetchrow(
                f"SELECT message_id, holder FROM leaderboard_messages WHERE {KEY}",
                board,
                platform,
                chat_id,
            )
        if row is None or row[1] is not None:
            return LeaderboardSlot(None, taken=False)
        return LeaderboardSlot(str(row[0]), taken=False)

    async def leaderboard_posted(
        self, board: str, platform: str, chat_id: str, holder: str, message_id: str
    ) -> None:
        async with self._engine.writing() as connection:
            await connection.execute(
                "UPDATE leaderboard_messages SET message_id = $5, holder = NULL "
                f"WHERE {KEY} AND holder = $4",
                board,
                platform,
                chat_id,
                holder,
                message_id,
            )

    async def release_leaderboard(
        self, board: str, platform: str, chat_id: str, holder: str
    ) -> None:
        async with self._engine.writing() as connection:
            await connection.execute(
                f"UPDATE leaderboard_messages SET holder = NULL WHERE {KEY} AND holder = $4",
                board,
                platform,
                chat_id,
                holder,
            )
