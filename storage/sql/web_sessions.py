"""The web companion's sign-ins."""

from __future__ import annotations

from datetime import datetime

from storage.records import WebSessionKind, WebSessionRecord
from storage.sql.base import SqlStoreBase
from storage.sql.codec import epoch, moment
from storage.sql.engines.engine import Row

COLUMNS = "token_hash, kind, platform, user_id, display_name, expires_at"


def _record(row: Row) -> WebSessionRecord:
    return WebSessionRecord(
        token_hash=row["token_hash"],
        kind=row["kind"],
        platform=row["platform"],
        user_id=row["user_id"],
        display_name=row["display_name"],
        expires_at=moment(row["expires_at"]),
    )


class WebSessionQueries(SqlStoreBase):
    async def add_web_session(self, record: WebSessionRecord) -> None:
        async with self._engine.writing() as connection:
            await connection.execute(
                "DELETE FROM web_sessions WHERE expires_at <= $1", epoch(self._clock())
            )
            await connection.execute(
                f"INSERT INTO web_sessions ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)",
                record.token_hash,
                record.kind,
                record.platform,
                record.user_id,
                record.display_name,
                epoch(record.expires_at),
            )

    async def web_session(
        self, token_hash: str, kind: WebSessionKind, now: datetime
    ) -> WebSessionRecord | None:
        rows = await self._engine.fetch_once(
            f"SELECT {COLUMNS} FROM web_sessions "
            "WHERE token_hash = $1 AND kind = $2 AND expires_at > $3",
            token_hash,
            kind,
            epoch(now),
        )
        return _record(rows[0]) if rows else None

    async def take_web_session(
        self, token_hash: str, kind: WebSessionKind, now: datetime
    ) -> WebSessionRecord | None:
        async with self._engine.writing() as connection:
            rows = await connection.fetch(
                f"DELETE FROM web_sessions WHERE token_hash = $1 AND kind = $2 RETURNING {COLUMNS}",
                token_hash,
                kind,
            )
        if not rows:
            return None
        found = _record(rows[0])
        return found if found.expires_at > now else None

    async def revoke_web_sessions(self, platform: str, user_id: str) -> int:
        async with self._engine.writing() as connection:
            rows = await connection.fetch(
                "DELETE FROM web_sessions WHERE platform = $1 AND user_id = $2 "
                "RETURNING token_hash",
                platform,
                user_id,
            )
        return len(rows)
