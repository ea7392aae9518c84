"""Games: their rows and seats, the move log (the truth of every game), the version check every
change of a game passes, the cached snapshot, and the chat messages that show each board."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any, Literal

from storage.errors import CorruptRecord, NotFound, StaleVersion
from storage.records import (
    GAME_STATUSES,
    BoardMessage,
    ChatRef,
    GameRecord,
    GameResult,
    GameStatus,
    MoveRecord,
    NextClock,
    SeatRecord,
)
from storage.sql.base import SqlStoreBase, require, require_players
from storage.sql.challenges import close_challenge
from storage.sql.changes import record_change
from storage.sql.clocks import end_vacation, insert_notice, start_clock
from storage.sql.codec import Decoder, encode_options, encode_result
from storage.sql.engines.engine import Connection, ConstraintViolated, Row

logger = logging.getLogger(__name__)

# The ids of the games with status $1 in which player $2 sits.
GAMES_OF_PLAYER = (
    "SELECT id FROM games WHERE status = $1 AND id IN "
    "(SELECT game_id FROM game_seats WHERE player_id = $2)"
)


def seat_from(row: Row) -> SeatRecord:
    return SeatRecord(row["seat"], row["player_id"], row["computer"])


def game_from(row: Row, seats: Iterable[SeatRecord]) -> GameRecord:
    decoder = Decoder(f"game {row['id']}")
    platform, chat_id = row["chat_platform"], row["chat_id"]
    return GameRecord(
        id=row["id"],
        kind=row["kind"],
        options=decoder.options(row["options"]),
        status=decoder.status(row["status"], GAME_STATUSES, "game"),
        version=row["version"],
        result=decoder.result(row["result"]),
        snapshot=row["snapshot"],
        seats=tuple(seats),
        chat=None if platform is None or chat_id is None else ChatRef(platform, chat_id),
        draw_offer=row["draw_offer"],
        created_at=decoder.time(row["created_at"]),
        updated_at=decoder.time(row["updated_at"]),
        rated=bool(row["rated"]),
        takeback_offer=row["takeback_offer"],
    )


def move_from(game_id: int, row: Row) -> MoveRecord:
    decoder = Decoder(f"move {row['ply']} of game {game_id}")
    return MoveRecord(
        row["ply"], row["notation"], row["seat"], row["player_id"], decoder.time(row["played_at"])
    )


async def load_game(connection: Connection, game_id: int) -> GameRecord:
    row = await connection.fetchrow("SELECT * FROM games WHERE id = $1", game_id)
    if row is None:
        raise NotFound(f"there is no game with id {game_id}")
    return await with_seats(connection, row)


async def with_seats(connection: Connection, row: Row) -> GameRecord:
    """The game of a `games` row, with its seats read."""
    seats = await connection.fetch(
        "SELECT * FROM game_seats WHERE game_id = $1 ORDER BY seat", row["id"]
    )
    return game_from(row, map(seat_from, seats))


async def stale(connection: Connection, game_id: int, expected_version: int) -> StaleVersion:
    """The error for a game that is not active at `expected_version` (NotFound if none)."""
    current = await connection.fetchrow("SELECT version, status FROM games WHERE id = $1", game_id)
    if current is None:
        raise NotFound(f"there is no game with id {game_id}")
    status = Decoder(f"game {game_id}").status(current["status"], GAME_STATUSES, "game")
    return StaleVersion(game_id, expected_version, current["version"], status)


def check_new_game(kind: str, seats: Sequence[SeatRecord]) -> None:
    """Refuse (ValueError) a game that can never be right: no kind, seats misnumbered."""
    if not kind:
        raise ValueError("a game needs a kind, a registry key such as 'brazilian' or 'ludo'")
    numbers = sorted(seat.seat for seat in seats)
    if not numbers or numbers != list(range(len(numbers))):
        raise ValueError(f"seats must be numbered 0..n-1 once each, not {numbers}")
    taken = [
        seat.seat for seat in seats if seat.player_id is not None and seat.computer is not None
    ]
    if taken:
        raise ValueError(f"seats {taken} have both a player and a computer; give one")


async def insert_game(
    connection: Connection,
    kind: str,
    options: dict[str, Any],
    seats: Sequence[SeatRecord],
    snapshot: str,
    chat: ChatRef | None,
    now: str,
    now_epoch: float,
    clock: NextClock | None,
    *,
    rated: bool = False,
) -> int:
    """Store a new active game (checked with `check_new_game`) in the caller's transaction;
    its id."""
    encoded_options = encode_options(options)
    await require_players(connection, (seat.player_id for seat in seats))
    game_id: int = await connection.fetchval(
        "INSERT INTO games (kind, options, status, version, snapshot, chat_platform, "
        "chat_id, created_at, updated_at, rated) "
        "VALUES ($1, $2, 'active', 1, $3, $4, $5, $6, $6, $7) RETURNING id",
        kind,
        encoded_options,
        snapshot,
        chat and chat.platform,
        chat and chat.chat_id,
        now,
        int(rated),
    )
    await connection.executemany(
        "INSERT INTO game_seats (game_id, seat, player_id, computer) VALUES ($1, $2, $3, $4)",
        [(game_id, seat.seat, seat.player_id, seat.computer) for seat in seats],
    )
    if clock is not None:
        await start_clock(connection, game_id, clock, now_epoch)
    return game_id


class GameQueries(SqlStoreBase):
    async def create_game(
        self,
        kind: str,
        options: dict[str, Any],
        seats: Sequence[SeatRecord],
        snapshot: str,
        chat: ChatRef | None,
        *,
        from_challenge: int | None = None,
        clock: NextClock | None = None,
        rated: bool = False,
    ) -> GameRecord:
        check_new_game(kind, seats)
        async with self._engine.writing() as connection:
            game_id = await insert_game(
                connection,
                kind,
                options,
                seats,
                snapshot,
                chat,
                self._now(),
                self._now_epoch(),
                clock,
                rated=rated,
            )
            if from_challenge is not None:
                await close_challenge(connection, from_challenge, "accepted", game_id)
            return await load_game(connection, game_id)

    async def get_game(self, game_id: int) -> GameRecord:
        async with self._engine.reading() as connection:
            return await load_game(connection, game_id)

    async def moves(self, game_id: int) -> list[MoveRecord]:
        async with self._engine.reading() as connection:
            await require(connection, "games", game_id)
            rows = await connection.fetch(
                "SELECT * FROM moves WHERE game_id = $1 ORDER BY ply", game_id
            )
        return [move_from(game_id, row) for row in rows]

    async def notations(self, game_id: int) -> list[str]:
        rows = await self._engine.fetch_once(
            "SELECT games.id, moves.notation FROM games LEFT JOIN moves ON moves.game_id = "
            "games.id WHERE games.id = $1 ORDER BY moves.ply",
            game_id,
        )
        if not rows:
            raise NotFound(f"there is no game with id {game_id}")
        return [row["notation"] for row in rows if row["notation"] is not None]

    async def version(self, game_id: int) -> int:
        rows = await self._engine.fetch_once("SELECT version FROM games WHERE id = $1", game_id)
        if not rows:
            raise NotFound(f"there is no game with id {game_id}")
        version: int = rows[0]["version"]
        return version

    async def _advance(
        self,
        connection: Connection,
        game_id: int,
        expected_version: int,
        assignments: str,
        *values: object,
    ) -> Row:
        """The optimistic version check, decided by the database: bump the version of a game
        that is active at `expected_version` and apply `assignments` (fixed SQL of this module,
        whose placeholders start at $4), or raise; the game's row as it is now."""
        bumped = await connection.fetchrow(
            f"UPDATE games SET version = version + 1, updated_at = $3, {assignments} "
            "WHERE id = $1 AND version = $2 AND status = 'active' RETURNING *",
            game_id,
            expected_version,
            self._now(),
            *values,
        )
        if bumped is None:
            raise await stale(connection, game_id, expected_version)
        await record_change(connection, game_id, bumped["version"], self._origin)
        return bumped

    async def _settle(
        self,
        connection: Connection,
        game_id: int,
        expected_version: int,
        status: GameStatus,
        result: GameResult | None,
        snapshot: str | None = None,
    ) -> Row:
        """`_advance` for a move or an end: the game's status and result are set, a draw
        offer and a takeback request are withdrawn (any move or end answers them), and the
        snapshot is replaced when a move brings one."""
        return await self._advance(
            connection,
            game_id,
            expected_version,
            "status = $4, result = $5, draw_offer = NULL, takeback_offer = NULL, "
            "snapshot = coalesce($6, snapshot)",
            status,
            None if result is None else encode_result(result),
            snapshot,
        )

    async def _ended(self, connection: Connection, row: Row) -> GameRecord:
        """A game (its row) that just ended in this transaction: its clock goes, and the
        writes that belong to the end of a game run here, once, or the whole end is rolled
        back."""
        await connection.execute("DELETE FROM clocks WHERE game_id = $1", row["id"])
        game = await with_seats(connection, row)
        for write in self._on_game_end:
            await write(connection, game)
        return game

    async def append_move(
        self,
        game_id: int,
        expected_version: int,
        notation: str,
        seat: int,
        player_id: int | None,
        snapshot: str,
        result: GameResult | None = None,
        clock: NextClock | None = None,
        notices: Sequence[tuple[int, str]] = (),
    ) -> GameRecord:
        if not notation:
            raise ValueError("a move needs its notation, not empty text")
        async with self._engine.writing() as connection:
            advanced = await self._settle(
                connection,
                game_id,
                expected_version,
                "active" if result is None else "finished",
                result,
                snapshot,
            )
            # The next ply comes from the log itself; the primary key (game_id, ply) would
            # refuse a second insert of the same ply even if the version check were bypassed.
            # The foreign key checks the player (no extra read on the path of every move).
            try:
                await connection.execute(
                    "INSERT INTO moves (game_id, ply, notation, seat, player_id, played_at) "
                    "SELECT $1, coalesce(max(ply), 0) + 1, $2, $3, $4, $5 FROM moves "
                    "WHERE game_id = $1",
                    game_id,
                    notation,
                    seat,
                    player_id,
                    self._now(),
                )
            except ConstraintViolated:
                raise NotFound(f"there is no player with id {player_id}") from None
            now = self._now_epoch()
            if player_id is not None:
                await end_vacation(connection, player_id, now)
            await self._queue(connection, game_id, notices)
            if result is not None:
                return await self._ended(connection, advanced)
            if clock is not None:
                await start_clock(connection, game_id, clock, now)
            return await with_seats(connection, advanced)

    async def take_back(
        self,
        game_id: int,
        expected_version: int,
        plies: int,
        snapshot: str,
        clock: NextClock | None = None,
    ) -> GameRecord:
        if plies < 1:
            raise ValueError(f"a takeback removes at least one move, not {plies}")
        async with self._engine.writing() as connection:
            last = await connection.fetchval(
                "SELECT coalesce(max(ply), 0) FROM moves WHERE game_id = $1", game_id
            )
            if last < plies:
                raise ValueError(f"game {game_id} has {last} moves, fewer than {plies}")
            await self._advance(
                connection,
                game_id,
                expected_version,
                "snapshot = $4, draw_offer = NULL, takeback_offer = NULL",
                snapshot,
            )
            await connection.execute(
                "DELETE FROM moves WHERE game_id = $1 AND ply > $2", game_id, last - plies
            )
            if clock is not None:
                await start_clock(connection, game_id, clock, self._now_epoch())
            return await load_game(connection, game_id)

    async def finish_game(
        self,
        game_id: int,
        expected_version: int,
        status: Literal["finished", "aborted"],
        result: GameResult | None,
        notices: Sequence[tuple[int, str]] = (),
    ) -> GameRecord:
        if status not in ("finished", "aborted"):
            raise ValueError(f"a game ends as 'finished' or 'aborted', not {status!r}")
        if status == "finished" and result is None:
            raise ValueError('a finished game needs a result such as {"winners": [1], ...}')
        async with self._engine.writing() as connection:
            advanced = await self._settle(connection, game_id, expected_version, status, result)
            await self._queue(connection, game_id, notices)
            return await self._ended(connection, advanced)

    async def _queue(
        self, connection: Connection, game_id: int, notices: Sequence[tuple[int, str]]
    ) -> None:
        for player_id, kind in notices:
            await insert_notice(connection, player_id, game_id, kind, self._now())

    async def set_draw_offer(
        self, game_id: int, expected_version: int, seat: int | None
    ) -> GameRecord:
        return await self._set_offer(game_id, expected_version, "draw_offer", seat)

    async def set_takeback_offer(
        self, game_id: int, expected_version: int, seat: int | None
    ) -> GameRecord:
        return await self._set_offer(game_id, expected_version, "takeback_offer", seat)

    async def _set_offer(
        self,
        game_id: int,
        expected_version: int,
        column: Literal["draw_offer", "takeback_offer"],
        seat: int | None,
    ) -> GameRecord:
        async with self._engine.writing() as connection:
            advanced = await self._advance(
                connection, game_id, expected_version, f"{column} = $4", seat
            )
            game = await with_seats(connection, advanced)
            if seat is not None and seat not in {s.seat for s in game.seats}:
                raise ValueError(f"seat {seat} is not a seat of game {game_id}")
            return game

    async def replace_snapshot(
        self, game_id: int, snapshot: str, *, expected_version: int | None = None
    ) -> None:
        async with self._engine.writing() as connection:
            # One statement decides, so that a move landing meanwhile (in any process) wins.
            query = "UPDATE games SET snapshot = $2 WHERE id = $1"
            args: tuple[object, ...] = (game_id, snapshot)
            if expected_version is not None:
                query, args = f"{query} AND version = $3", (*args, expected_version)
            if await connection.fetchrow(f"{query} RETURNING id", *args) is None:
                raise await stale(connection, game_id, expected_version or 0)

    async def games_of_player(
        self, player_id: int, status: GameStatus = "active"
    ) -> list[GameRecord]:
        if status not in GAME_STATUSES:
            raise ValueError(f"a game status is one of {GAME_STATUSES}, not {status!r}")
        async with self._engine.reading() as connection:
            games = await connection.fetch(
                f"SELECT * FROM games WHERE id IN ({GAMES_OF_PLAYER}) "
                "ORDER BY updated_at DESC, id DESC",
                status,
                player_id,
            )
            seat_rows = await connection.fetch(
                f"SELECT * FROM game_seats WHERE game_id IN ({GAMES_OF_PLAYER}) "
                "ORDER BY game_id, seat",
                status,
                player_id,
            )
        seats: dict[int, list[SeatRecord]] = {}
        for row in seat_rows:
            seats.setdefault(row["game_id"], []).append(seat_from(row))
        records = []
        for row in games:
            try:
                records.append(game_from(row, seats.get(row["id"], ())))
            except CorruptRecord as error:
                logger.error("left out of the games of player %d: %s", player_id, error)
        return records

    async def games_with_computers(self) -> list[int]:
        rows = await self._engine.fetch_once(
            "SELECT DISTINCT games.id FROM games JOIN game_seats ON game_seats.game_id = "
            "games.id WHERE games.status = 'active' AND game_seats.computer IS NOT NULL "
            "ORDER BY games.id"
        )
        return [row[0] for row in rows]

    async def set_board_message(
        self,
        game_id: int,
        platform: str,
        chat_id: str,
        message_id: str,
        version: int = 0,
        thread_id: str | None = None,
    ) -> BoardMessage:
        async with self._engine.writing() as connection:
            await require(connection, "games", game_id)
            row = await connection.fetchrow(
                "INSERT INTO board_messages "
                "(game_id, platform, chat_id, message_id, version, thread_id) "
                "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, platform, chat_id) "
                "DO UPDATE SET message_id = excluded.message_id, version = excluded.version, "
                "thread_id = COALESCE(excluded.thread_id, board_messages.thread_id) "
                # Another process may have shown a newer board already: an older one never
                # takes its place (else a restart would find the chat behind and post again).
                "WHERE excluded.version >= board_messages.version "
                "RETURNING message_id, version, thread_id",
                game_id,
                platform,
                chat_id,
                message_id,
                version,
                thread_id,
            )
            await connection.execute(
                "INSERT INTO shown_boards (platform, chat_id, message_id, game_id) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT (platform, chat_id, message_id) DO NOTHING",
                platform,
                chat_id,
                message_id,
                game_id,
            )
            if row is None:
                row = await connection.fetchrow(
                    "SELECT message_id, version, thread_id FROM board_messages "
                    "WHERE game_id = $1 AND platform = $2 AND chat_id = $3",
                    game_id,
                    platform,
                    chat_id,
                )
        assert row is not None  # kept or written, the chat's row is there
        return BoardMessage(
            game_id, platform, chat_id, row["message_id"], row["version"], row["thread_id"]
        )

    async def board_messages(self, game_id: int) -> list[BoardMessage]:
        async with self._engine.reading() as connection:
            rows = await connection.fetch(
                "SELECT * FROM board_messages WHERE game_id = $1 ORDER BY platform, chat_id",
                game_id,
            )
        return [
            BoardMessage(
                row["game_id"],
                row["platform"],
                row["chat_id"],
                row["message_id"],
                row["version"],
                row["thread_id"],
            )
            for row in rows
        ]

    async def game_shown_by(self, platform: str, chat_id: str, message_id: str) -> int | None:
        rows = await self._engine.fetch_once(
            "SELECT game_id FROM shown_boards "
            "WHERE platform = $1 AND chat_id = $2 AND message_id = $3",
            platform,
            chat_id,
            message_id,
        )
        return int(rows[0][0]) if rows else None

    async def games_seen_in(self, chat: ChatRef) -> list[int]:
        rows = await self._engine.fetch_once(
            "SELECT id FROM games WHERE status = 'active' AND chat_platform = $1 "
            "AND chat_id = $2 UNION SELECT games.id FROM games JOIN board_messages "
            "ON board_messages.game_id = games.id WHERE games.status = 'active' "
            "AND board_messages.platform = $1 AND board_messages.chat_id = $2 ORDER BY 1",
            chat.platform,
            chat.chat_id,
        )
        return [row[0] for row in rows]

    async def boards_behind(self, platform: str) -> list[tuple[int, str]]:
        rows = await self._engine.fetch_once(
            "SELECT games.id, board_messages.chat_id FROM games JOIN board_messages "
            "ON board_messages.game_id = games.id WHERE games.status = 'active' "
            "AND board_messages.platform = $1 AND board_messages.version < games.version "
            "UNION SELECT games.id, games.chat_id FROM games WHERE games.status = 'active' "
            "AND games.chat_platform = $1 AND NOT EXISTS (SELECT 1 FROM board_messages "
            "WHERE board_messages.game_id = games.id AND board_messages.platform = $1 "
            "AND board_messages.chat_id = games.chat_id) ORDER BY 1, 2",
            platform,
        )
        return [(row[0], row[1]) for row in rows]
