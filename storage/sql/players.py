"""Players and their platform accounts: identities, languages, private chats, muted reminders,
and linking a second account to a player."""

from __future__ import annotations

from storage.errors import LinkRefused, NotFound
from storage.records import Identity, Player
from storage.sql.base import SqlStoreBase, player_lock, require
from storage.sql.codec import Decoder
from storage.sql.engines.engine import Connection, Row

FIND_IDENTITY = "SELECT player_id FROM identities WHERE platform = $1 AND user_id = $2"

# Every column that points to a player, for moving everything of one player to another.
PLAYER_REFERENCES = (
    ("identities", "player_id"),
    ("game_seats", "player_id"),
    ("challenges", "challenger_id"),
    ("challenges", "opponent_id"),
    ("moves", "player_id"),
    ("vacations", "player_id"),
    ("notices", "player_id"),
    ("link_codes", "player_id"),
)


def player_from(row: Row) -> Player:
    return Player(
        row["id"],
        row["display_name"],
        row["language"],
        row["active_game_id"],
        bool(row["reminders"]),
    )


async def load_player(connection: Connection, player_id: int) -> Player:
    row = await connection.fetchrow("SELECT * FROM players WHERE id = $1", player_id)
    if row is None:
        raise NotFound(f"there is no player with id {player_id}")
    return player_from(row)


class PlayerQueries(SqlStoreBase):
    async def player_for_identity(
        self, platform: str, user_id: str, display_name: str, language: str | None = None
    ) -> Player:
        if not platform or not user_id:
            raise ValueError(
                f"an identity needs a platform and a user id, not {platform!r}/{user_id!r}"
            )
        async with self._engine.writing() as connection:
            # Two first sights of one account at once must make one player, not two.
            await connection.lock(f"identity {platform} {user_id}")
            player_id = await connection.fetchval(FIND_IDENTITY, platform, user_id)
            if player_id is None:
                created = await connection.fetchrow(
                    "INSERT INTO players (display_name, language, created_at) "
                    "VALUES ($1, $2, $3) RETURNING *",
                    display_name,
                    language,
                    self._now(),
                )
                assert created is not None  # RETURNING of an INSERT always gives the row
                await connection.execute(
                    "INSERT INTO identities (platform, user_id, player_id, display_name, "
                    "last_seen_at) VALUES ($1, $2, $3, $4, $5)",
                    platform,
                    user_id,
                    created["id"],
                    display_name,
                    self._now(),
                )
                return player_from(created)
            await connection.execute(
                "UPDATE identities SET display_name = $1, last_seen_at = $2 "
                "WHERE platform = $3 AND user_id = $4",
                display_name,
                self._now(),
                platform,
                user_id,
            )
            await connection.execute(
                "UPDATE players SET display_name = $1, language = coalesce(language, $2) "
                "WHERE id = $3",
                display_name,
                language,
                player_id,
            )
            return await load_player(connection, player_id)

    async def get_player(self, player_id: int) -> Player:
        async with self._engine.reading() as connection:
            return await load_player(connection, player_id)

    async def _set_player_column(self, player_id: int, column: str, value: object) -> Player:
        """Set one column (fixed SQL of this module) of an existing player."""
        async with self._engine.writing() as connection:
            await require(connection, "players", player_id)
            await connection.execute(
                f"UPDATE players SET {column} = $1 WHERE id = $2", value, player_id
            )
            return await load_player(connection, player_id)

    async def set_language(self, player_id: int, language: str) -> Player:
        if not language:
            raise ValueError("a language is a code such as 'pt-BR', 'it' or 'en', not empty")
        return await self._set_player_column(player_id, "language", language)

    async def set_active_game(self, player_id: int, game_id: int | None) -> Player:
        async with self._engine.writing() as connection:
            await require(connection, "players", player_id)
            if game_id is not None:
                await require(connection, "games", game_id)
            await connection.execute(
                "UPDATE players SET active_game_id = $1 WHERE id = $2", game_id, player_id
            )
            return await load_player(connection, player_id)

    async def set_reminders(self, player_id: int, on: bool) -> Player:
        return await self._set_player_column(player_id, "reminders", int(on))

    async def identities(self, player_id: int) -> list[Identity]:
        async with self._engine.reading() as connection:
            await require(connection, "players", player_id)
            rows = await connection.fetch(
                "SELECT * FROM identities WHERE player_id = $1 ORDER BY platform, user_id",
                player_id,
            )
        return [
            Identity(
                row["platform"],
                row["user_id"],
                row["player_id"],
                row["display_name"],
                row["private_chat_id"],
                Decoder("an identity").optional_time(row["last_seen_at"]),
            )
            for row in rows
        ]

    async def known_player(self, platform: str, user_id: str) -> Player | None:
        async with self._engine.reading() as connection:
            player_id = await connection.fetchval(
                "SELECT player_id FROM identities WHERE platform = $1 AND user_id = $2",
                platform,
                user_id,
            )
            return None if player_id is None else await load_player(connection, player_id)

    async def set_private_chat(self, platform: str, user_id: str, chat_id: str | None) -> None:
        async with self._engine.writing() as connection:
            updated = await connection.fetchrow(
                "UPDATE identities SET private_chat_id = $1 WHERE platform = $2 "
                "AND user_id = $3 RETURNING player_id",
                chat_id,
                platform,
                user_id,
            )
            if updated is None:
                raise NotFound(f"there is no {platform} account {user_id}")

    async def link_identity(self, code: str, platform: str, user_id: str) -> Player:
        async with self._engine.writing() as connection:
            found = await connection.fetchrow(
                "DELETE FROM link_codes WHERE code = $1 RETURNING player_id, expires_at", code
            )
            if found is None or found["expires_at"] < self._now():
                raise LinkRefused(f"the code {code!r} is unknown or expired")
            target: int = found["player_id"]
            source: int | None = await connection.fetchval(FIND_IDENTITY, platform, user_id)
            if source is None:
                raise NotFound(f"there is no {platform} account {user_id}")
            if source == target:
                return await load_player(connection, target)
            for player_id in sorted((source, target)):
                await connection.lock(player_lock(player_id))
            shared = await connection.fetchval(
                "SELECT mine.game_id FROM game_seats AS mine JOIN game_seats AS theirs "
                "ON mine.game_id = theirs.game_id JOIN games ON games.id = mine.game_id "
                "WHERE mine.player_id = $1 AND theirs.player_id = $2 "
                "AND games.status = 'active'",
                target,
                source,
            )
            if shared is not None:
                raise LinkRefused(
                    f"the two accounts play each other in game {shared}; "
                    "finish it before linking them"
                )
            for table, column in PLAYER_REFERENCES:
                await connection.execute(
                    f"UPDATE {table} SET {column} = $1 WHERE {column} = $2", target, source
                )
            await connection.execute("DELETE FROM players WHERE id = $1", source)
            return await load_player(connection, target)
