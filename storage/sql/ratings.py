"""Ratings: each player's rating per pool, each rated game's changes, and the write that puts
a game's changes in the transaction that stores its result (`ratings_at_game_end`).

Storage keeps the numbers; what they become after a game is the service's to say (its
`RatingUpdate`, called inside the transaction with a `RatingLedger`)."""

from __future__ import annotations

import logging
import math
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

from storage.errors import CorruptRecord
from storage.records import ChatRef, GameRecord, RatedGameRecord, RatingChangeRecord, RatingRecord
from storage.sql.base import GameEndWrite, SqlStoreBase
from storage.sql.codec import Decoder, encode_time
from storage.sql.engines.engine import Connection, Row
from storage.sql.games import game_from, seat_from

logger = logging.getLogger(__name__)

RATING_COLUMNS = "player_id, pool, rating, deviation, volatility, games, last_played, updated_at"
CHANGE_COLUMNS = (
    "game_id, player_id, pool, rating_before, deviation_before, volatility_before, "
    "rating_after, deviation_after, volatility_after, changed_at"
)
UPSERT_RATING = (
    f"INSERT INTO ratings ({RATING_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) "
    "ON CONFLICT (player_id, pool) DO UPDATE SET rating = excluded.rating, "
    "deviation = excluded.deviation, volatility = excluded.volatility, "
    "games = excluded.games, last_played = excluded.last_played, "
    "updated_at = excluded.updated_at"
)
INSERT_CHANGE = (
    f"INSERT INTO rating_changes ({CHANGE_COLUMNS}, applied) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
)


def _number(value: Any) -> float:
    """A stored number; anything else (text in a damaged row) reads as NaN."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return math.nan


def rating_from(row: Row) -> RatingRecord:
    try:
        last_played = Decoder("rating").optional_time(row["last_played"])
    except CorruptRecord:
        last_played = None
    games = row["games"]
    return RatingRecord(
        player_id=row["player_id"],
        pool=row["pool"],
        rating=_number(row["rating"]),
        deviation=_number(row["deviation"]),
        volatility=_number(row["volatility"]),
        games=games if isinstance(games, int) and games >= 0 else -1,
        last_played=last_played,
    )


def change_from(row: Row) -> RatingChangeRecord:
    decoder = Decoder(f"rating change of player {row['player_id']} in game {row['game_id']}")
    return RatingChangeRecord(
        game_id=row["game_id"],
        player_id=row["player_id"],
        pool=row["pool"],
        rating_before=_number(row["rating_before"]),
        deviation_before=_number(row["deviation_before"]),
        volatility_before=_number(row["volatility_before"]),
        rating_after=_number(row["rating_after"]),
        deviation_after=_number(row["deviation_after"]),
        volatility_after=_number(row["volatility_after"]),
        changed_at=decoder.time(row["changed_at"]),
    )


def decoded_changes(rows: Iterable[Row]) -> list[RatingChangeRecord]:
    """The changes of these rows; a row that does not decode is left out and reported (a
    rating rebuilt without it is checked by `recompute-ratings`)."""
    changes = []
    for row in rows:
        try:
            changes.append(change_from(row))
        except CorruptRecord as error:
            logger.error("left out of the rating changes: %s", error)
    return changes


def _rating_row(rating: RatingRecord, now: str) -> tuple[object, ...]:
    return (
        rating.player_id,
        rating.pool,
        rating.rating,
        rating.deviation,
        rating.volatility,
        rating.games,
        None if rating.last_played is None else encode_time(rating.last_played),
        now,
    )


def _change_row(change: RatingChangeRecord) -> tuple[object, ...]:
    return (
        change.game_id,
        change.player_id,
        change.pool,
        change.rating_before,
        change.deviation_before,
        change.volatility_before,
        change.rating_after,
        change.deviation_after,
        change.volatility_after,
        encode_time(change.changed_at),
    )


async def seat_moves(connection: Connection, game_id: int) -> dict[int, int]:
    """How many moves each seat made (seats without a move are left out)."""
    rows = await connection.fetch(
        "SELECT seat, count(*) FROM moves WHERE game_id = $1 GROUP BY seat", game_id
    )
    return {row[0]: row[1] for row in rows}


class RatingLedger:
    """The rating rows as the transaction that ends one game sees them."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection

    async def applied(self, game_id: int) -> bool:
        """Whether this game's changes are written already (its end processed before)."""
        found = await self._connection.fetchrow(
            "SELECT 1 FROM rating_changes WHERE game_id = $1", game_id
        )
        return found is not None

    async def seat_moves(self, game_id: int) -> dict[int, int]:
        return await seat_moves(self._connection, game_id)

    async def ratings(self, player_ids: Iterable[int], pool: str) -> dict[int, RatingRecord]:
        """The stored ratings of these players in the pool (a new player has none), each held
        until the transaction ends: two games of one player that end at once are rated one
        after the other, the second from the first one's result (on PostgreSQL at READ
        COMMITTED the second would otherwise read the rating from before the first and write
        over it). The locks are taken in one order, so two ends never wait for each other."""
        player_ids = sorted(set(player_ids))
        for player_id in player_ids:
            await self._connection.lock(f"rating {player_id} {pool}")
        found = {}
        for player_id in player_ids:
            row = await self._connection.fetchrow(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE player_id = $1 AND pool = $2",
                player_id,
                pool,
            )
            if row is not None:
                found[player_id] = rating_from(row)
        return found

    async def changes(self, player_id: int, pool: str) -> list[RatingChangeRecord]:
        """A player's changes in one pool, oldest first: what a damaged rating row is rebuilt
        from."""
        rows = await self._connection.fetch(
            f"SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE player_id = $1 AND pool = $2 "
            "ORDER BY changed_at, game_id",
            player_id,
            pool,
        )
        return decoded_changes(rows)

    async def record(
        self, changes: Sequence[RatingChangeRecord], ratings: Sequence[RatingRecord]
    ) -> None:
        """Write a game's changes and the ratings after it. A second write of one game's
        changes breaks the primary key (game_id, player_id) and rolls the end back."""
        if not changes:
            raise ValueError("a rated game's end writes a change for each of its players")
        # After the players' locks: a later game of one of them gets a greater number.
        applied = await self._connection.fetchval(
            "SELECT COALESCE(max(applied), 0) + 1 FROM rating_changes"
        )
        await self._connection.executemany(
            INSERT_CHANGE, [(*_change_row(c), applied) for c in changes]
        )
        now = encode_time(changes[0].changed_at)
        await self._connection.executemany(UPSERT_RATING, [_rating_row(r, now) for r in ratings])


# The service's part of a game's end: given the ledger and the finished (or aborted) game,
# it decides whether the game is rated and writes its changes.
RatingUpdate = Callable[[RatingLedger, GameRecord], Awaitable[None]]


def ratings_at_game_end(update: RatingUpdate) -> GameEndWrite:
    """The game-end write (for `open_store(on_game_end=...)`) that runs `update` in the
    transaction storing a game's result."""

    async def write(connection: Connection, game: GameRecord) -> None:
        await update(RatingLedger(connection), game)

    return write


class RatingQueries(SqlStoreBase):
    async def _ratings(self, condition: str, *args: object) -> list[RatingRecord]:
        """The ratings of a fixed condition and order of this module."""
        async with self._engine.reading() as connection:
            rows = await connection.fetch(
                f"SELECT {RATING_COLUMNS} FROM ratings {condition}", *args
            )
        return [rating_from(row) for row in rows]

    async def ratings_of(self, player_id: int) -> list[RatingRecord]:
        return await self._ratings("WHERE player_id = $1 ORDER BY pool", player_id)

    async def pool_ratings(self, pool: str) -> list[RatingRecord]:
        return await self._ratings("WHERE pool = $1 ORDER BY player_id", pool)

    async def all_ratings(self) -> list[RatingRecord]:
        return await self._ratings("ORDER BY pool, player_id")

    async def _changes(self, condition: str, *args: object) -> list[RatingChangeRecord]:
        """The changes of a fixed condition and order of this module."""
        async with self._engine.reading() as connection:
            rows = await connection.fetch(
                f"SELECT {CHANGE_COLUMNS} FROM rating_changes {condition}", *args
            )
        return decoded_changes(rows)

    async def rating_changes(self, player_id: int) -> list[RatingChangeRecord]:
        return await self._changes("WHERE player_id = $1 ORDER BY changed_at, game_id", player_id)

    async def game_rating_changes(self, game_id: int) -> list[RatingChangeRecord]:
        return await self._changes("WHERE game_id = $1 ORDER BY player_id", game_id)

    async def rated_games(self) -> list[RatedGameRecord]:
        async with self._engine.reading() as connection:
            rows = await connection.fetch(
                # In the order their changes were applied (the changes from before that
                # order was kept, and a game whose change could not be computed: first).
                "SELECT * FROM games WHERE rated = 1 AND status = 'finished' ORDER BY "
                "COALESCE((SELECT min(applied) FROM rating_changes c WHERE c.game_id = games.id),"
                " 0), updated_at, id"
            )
            games = []
            for row in rows:
                seats = await connection.fetch(
                    "SELECT * FROM game_seats WHERE game_id = $1 ORDER BY seat", row["id"]
                )
                try:
                    game = game_from(row, map(seat_from, seats))
                except CorruptRecord as error:
                    logger.error("left out of the rated games: %s", error)
                    continue
                games.append(RatedGameRecord(game, await seat_moves(connection, game.id)))
        return games

    async def replace_ratings(
        self, ratings: Sequence[RatingRecord], changes: Sequence[RatingChangeRecord]
    ) -> None:
        """Every rating and change replaced; `changes` in the order their games were rated."""
        now = self._now()
        order: dict[int, int] = {}
        for change in changes:
            order.setdefault(change.game_id, len(order) + 1)
        async with self._engine.writing() as connection:
            await connection.execute("DELETE FROM rating_changes")
            await connection.execute("DELETE FROM ratings")
            await connection.executemany(
                INSERT_CHANGE, [(*_change_row(c), order[c.game_id]) for c in changes]
            )
            await connection.executemany(UPSERT_RATING, [_rating_row(r, now) for r in ratings])

    async def players_in_chat(self, chat: ChatRef) -> list[int]:
        async with self._engine.reading() as connection:
            rows = await connection.fetch(
                "SELECT DISTINCT game_seats.player_id FROM games JOIN game_seats "
                "ON game_seats.game_id = games.id WHERE games.chat_platform = $1 "
                "AND games.chat_id = $2 AND game_seats.player_id IS NOT NULL "
                "ORDER BY game_seats.player_id",
                chat.platform,
                chat.chat_id,
            )
        return [row[0] for row in rows]
