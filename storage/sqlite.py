"""The SQLite implementation of `Store`, through aiosqlite.

Habits (after mautrix-python's async SQLite layer):
- every connection runs with WAL (readers never block the writer), foreign keys on, a busy
  timeout (several processes may share one file) and synchronous=FULL (a move confirmed in
  chat survives a power loss);
- one writer connection per store, guarded by an asyncio lock, and every write is one
  explicit `BEGIN IMMEDIATE ... COMMIT`: taking the write lock at BEGIN means a transaction
  never fails halfway for want of it, and other processes wait (busy timeout) instead;
- one read-only reader connection, also behind a lock, so that a read of several statements
  sees one consistent state;
- migrations are the numbered .sql files of storage/migrations, each applied in one
  transaction together with its `PRAGMA user_version` bump; a newer database is refused.

Nothing is cached: every call reads what it returns from the database.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import aiosqlite

from storage.api import Store
from storage.errors import (
    ChallengeFull,
    ChallengeNotOpen,
    CorruptRecord,
    LinkRefused,
    MigrationFailed,
    NotFound,
    OnVacation,
    SchemaTooNew,
    StaleVersion,
    StorageError,
)
from storage.records import (
    CHALLENGE_STATUSES,
    GAME_STATUSES,
    BoardMessage,
    Challenge,
    ChallengeStatus,
    ChatRef,
    ClockRecord,
    GameRecord,
    GameResult,
    GameStatus,
    Identity,
    MoveRecord,
    NextClock,
    NoticeRecord,
    Player,
    SeatRecord,
    VacationRecord,
)

logger = logging.getLogger(__name__)

# Long enough for another process's move transaction (milliseconds each) to finish many times
# over; short enough that a stuck process shows up as an error instead of a silent hang.
BUSY_TIMEOUT_MS = 10_000

Clock = Callable[[], datetime]
Row = sqlite3.Row


def utc_now() -> datetime:
    return datetime.now(UTC)


# ---------------------------------------------------------------------------------------------
# Migrations


@dataclass(frozen=True, slots=True)
class Migration:
    """One numbered schema step: the file storage/migrations/NNNN_name.sql."""

    number: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        """The SQL split into single statements, so that they run inside our own transaction
        (`executescript` would commit it first)."""
        statements: list[str] = []
        pending = ""
        for line in self.sql.splitlines(keepends=True):
            pending += line
            if sqlite3.complete_statement(pending):
                statements.append(pending.strip())
                pending = ""
        leftover = [line for line in pending.splitlines() if line.strip()]
        if any(not line.lstrip().startswith("--") for line in leftover):
            raise MigrationFailed(
                f"migration {self.name} ends in an unfinished statement: "
                f"{pending.strip()[:80]!r}; end every statement with ';'"
            )
        return statements


MIGRATION_FILE = re.compile(r"(\d{4})_\w+\.sql")


def bundled_migrations() -> list[Migration]:
    """The migrations shipped in storage/migrations, in order, checked to be numbered 1..n."""
    folder = resources.files("storage").joinpath("migrations")
    found = sorted(
        (int(match.group(1)), entry.name, entry.read_text(encoding="utf-8"))
        for entry in folder.iterdir()
        if (match := MIGRATION_FILE.fullmatch(entry.name))
    )
    numbers = [number for number, _, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise MigrationFailed(
            f"storage/migrations holds migrations numbered {numbers}; they must be 1, 2, 3, "
            "... without gaps or repeats"
        )
    return [Migration(number, name, sql) for number, name, sql in found]


async def _user_version(connection: aiosqlite.Connection) -> int:
    rows = list(await connection.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0])


async def _migrate(connection: aiosqlite.Connection, migrations: Sequence[Migration]) -> None:
    known = migrations[-1].number if migrations else 0
    found = await _user_version(connection)
    if found > known:
        raise SchemaTooNew(found, known)
    for migration in migrations:
        current = found
        try:
            await connection.execute_fetchall("BEGIN IMMEDIATE")
            # Re-read inside the transaction: another process opening the same file at the same
            # moment may have applied this step already.
            current = await _user_version(connection)
            if current < migration.number:
                for statement in migration.statements():
                    await connection.execute_fetchall(statement)
                await connection.execute_fetchall(f"PRAGMA user_version = {migration.number}")
            await connection.commit()
        except sqlite3.Error as error:
            await connection.rollback()
            raise MigrationFailed(
                f"migration {migration.name} failed ({error}); the database was left at "
                f"schema {current}"
            ) from error
        except BaseException:
            await connection.rollback()
            raise


# ---------------------------------------------------------------------------------------------
# Encoding and decoding of columns


def _encode_time(moment: datetime) -> str:
    if moment.tzinfo is None:
        raise ValueError(f"the clock gave a naive time {moment}; it must give aware UTC times")
    # Fixed width with microseconds, so that times sort correctly as text.
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _encode_options(options: dict[str, Any]) -> str:
    if not isinstance(options, dict) or not all(isinstance(key, str) for key in options):
        raise ValueError(f"options must be a dict with text keys, not {options!r}")
    try:
        return json.dumps(options, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise ValueError(f"options {options!r} are not plain JSON data: {error}") from error


def _encode_result(result: GameResult) -> str:
    winners = result.get("winners")
    reason = result.get("reason")
    if (
        not isinstance(winners, list)
        or not all(isinstance(seat, int) and seat >= 0 for seat in winners)
        or not isinstance(reason, str)
        or not reason
    ):
        raise ValueError(
            f'a result must look like {{"winners": [0], "reason": "no_moves"}} (seats, a '
            f"non-empty reason), not {result!r}"
        )
    return json.dumps({"winners": winners, "reason": reason})


class _Decoder:
    """Turns the columns of one row into Python values, or a CorruptRecord naming the row."""

    def __init__(self, record: str) -> None:
        self.record = record

    def corrupt(self, problem: str) -> CorruptRecord:
        return CorruptRecord(self.record, problem)

    def time(self, text: str) -> datetime:
        try:
            moment = datetime.fromisoformat(text)
        except (TypeError, ValueError):
            raise self.corrupt(f"{text!r} is not an ISO 8601 time") from None
        if moment.tzinfo is None:
            raise self.corrupt(f"the time {text!r} has no time zone")
        return moment

    def options(self, text: str) -> dict[str, Any]:
        try:
            options = json.loads(text)
        except (TypeError, ValueError):
            raise self.corrupt(f"the options {text!r} are not JSON") from None
        if not isinstance(options, dict):
            raise self.corrupt(f"the options {text!r} are not a JSON object")
        return options

    def result(self, text: str | None) -> GameResult | None:
        if text is None:
            return None
        try:
            result = json.loads(text)
            winners, reason = result["winners"], result["reason"]
        except (TypeError, ValueError, KeyError):
            raise self.corrupt(f"the result {text!r} is not a JSON winners/reason object") from None
        if not (isinstance(winners, list) and all(isinstance(s, int) for s in winners)):
            raise self.corrupt(f"the winners in {text!r} are not a list of seats")
        if not isinstance(reason, str):
            raise self.corrupt(f"the reason in {text!r} is not text")
        return {"winners": winners, "reason": reason}

    def entrants(self, text: str) -> tuple[int, ...]:
        try:
            entrants = json.loads(text)
        except (TypeError, ValueError):
            raise self.corrupt(f"the entrants {text!r} are not JSON") from None
        if not (isinstance(entrants, list) and all(isinstance(p, int) for p in entrants)):
            raise self.corrupt(f"the entrants {text!r} are not a list of player ids")
        return tuple(entrants)


def _game_status(decoder: _Decoder, text: str) -> GameStatus:
    for status in GAME_STATUSES:
        if text == status:
            return status
    raise decoder.corrupt(f"unknown game status {text!r}")


def _challenge_status(decoder: _Decoder, text: str) -> ChallengeStatus:
    for status in CHALLENGE_STATUSES:
        if text == status:
            return status
    raise decoder.corrupt(f"unknown challenge status {text!r}")


def _chat(platform: str | None, chat_id: str | None) -> ChatRef | None:
    return None if platform is None or chat_id is None else ChatRef(platform, chat_id)


def _player(row: Row) -> Player:
    return Player(
        row["id"],
        row["display_name"],
        row["language"],
        row["active_game_id"],
        bool(row["reminders"]),
    )


def _epoch(moment: datetime) -> float:
    return moment.timestamp()


def _moment(epoch: float) -> datetime:
    return datetime.fromtimestamp(epoch, UTC)


def _clock(row: Row) -> ClockRecord:
    remaining = row["remaining"]
    return ClockRecord(
        game_id=row["game_id"],
        seat=row["seat"],
        per_move=timedelta(seconds=row["per_move"]),
        due_at=None if row["due_at"] is None else _moment(row["due_at"]),
        remaining=None if remaining is None else timedelta(seconds=remaining),
        reminded=frozenset(name for name in row["reminded"].split(",") if name),
    )


def _vacation(row: Row) -> VacationRecord:
    return VacationRecord(
        row["id"],
        row["player_id"],
        _moment(row["started_at"]),
        _moment(row["ends_at"]),
        None if row["ended_at"] is None else _moment(row["ended_at"]),
    )


def _notice(row: Row) -> NoticeRecord:
    decoder = _Decoder(f"notice {row['id']}")
    return NoticeRecord(
        row["id"],
        row["player_id"],
        row["game_id"],
        row["kind"],
        decoder.time(row["created_at"]),
        None if row["sent_at"] is None else decoder.time(row["sent_at"]),
    )


# The seats of a player, as (game_id, seat) rows to match clocks against.
_SEATS_OF_PLAYER = "SELECT game_id, seat FROM game_seats WHERE player_id = ?"


async def _start_clock(
    connection: aiosqlite.Connection, game_id: int, clock: NextClock, now: float
) -> None:
    """The clock of a new turn: running, or stopped if the seat's player is on vacation."""
    away = await _row(
        connection,
        "SELECT 1 FROM game_seats JOIN vacations ON vacations.player_id = game_seats.player_id "
        "AND vacations.ended_at IS NULL WHERE game_seats.game_id = ? AND game_seats.seat = ?",
        game_id,
        clock.seat,
    )
    per_move = clock.per_move.total_seconds()
    due_at, remaining = (None, per_move) if away else (now + per_move, None)
    await connection.execute_fetchall(
        "INSERT INTO clocks (game_id, seat, per_move, due_at, remaining, reminded) "
        "VALUES (?, ?, ?, ?, ?, ',') ON CONFLICT (game_id) DO UPDATE SET seat = excluded.seat, "
        "per_move = excluded.per_move, due_at = excluded.due_at, "
        "remaining = excluded.remaining, reminded = ','",
        (game_id, clock.seat, per_move, due_at, remaining),
    )


async def _end_vacation(
    connection: aiosqlite.Connection, player_id: int, now: float
) -> VacationRecord | None:
    """End the player's vacation and restart the clocks it stopped."""
    ended = await _row(
        connection,
        "UPDATE vacations SET ended_at = ? WHERE player_id = ? AND ended_at IS NULL RETURNING *",
        now,
        player_id,
    )
    if ended is None:
        return None
    await connection.execute_fetchall(
        "UPDATE clocks SET due_at = ? + remaining, remaining = NULL "
        f"WHERE due_at IS NULL AND (game_id, seat) IN ({_SEATS_OF_PLAYER})",
        (now, player_id),
    )
    return _vacation(ended)


def _seat(row: Row) -> SeatRecord:
    return SeatRecord(row["seat"], row["player_id"], row["computer"])


def _game(row: Row, seats: Iterable[SeatRecord]) -> GameRecord:
    decoder = _Decoder(f"game {row['id']}")
    return GameRecord(
        id=row["id"],
        kind=row["kind"],
        options=decoder.options(row["options"]),
        status=_game_status(decoder, row["status"]),
        version=row["version"],
        result=decoder.result(row["result"]),
        snapshot=row["snapshot"],
        seats=tuple(seats),
        chat=_chat(row["chat_platform"], row["chat_id"]),
        draw_offer=row["draw_offer"],
        created_at=decoder.time(row["created_at"]),
        updated_at=decoder.time(row["updated_at"]),
    )


def _move(game_id: int, row: Row) -> MoveRecord:
    decoder = _Decoder(f"move {row['ply']} of game {game_id}")
    return MoveRecord(
        row["ply"], row["notation"], row["seat"], row["player_id"], decoder.time(row["played_at"])
    )


def _challenge(row: Row) -> Challenge:
    decoder = _Decoder(f"challenge {row['id']}")
    return Challenge(
        id=row["id"],
        kind=row["kind"],
        options=decoder.options(row["options"]),
        challenger_id=row["challenger_id"],
        opponent_id=row["opponent_id"],
        vs_computer=row["vs_computer"],
        chat=ChatRef(row["chat_platform"], row["chat_id"]),
        status=_challenge_status(decoder, row["status"]),
        game_id=row["game_id"],
        created_at=decoder.time(row["created_at"]),
        entrants=decoder.entrants(row["entrants"]),
    )


# ---------------------------------------------------------------------------------------------
# Queries shared by several operations (each takes the connection of a running transaction)


async def _rows(connection: aiosqlite.Connection, sql: str, *parameters: object) -> list[Row]:
    return list(await connection.execute_fetchall(sql, parameters))


async def _row(connection: aiosqlite.Connection, sql: str, *parameters: object) -> Row | None:
    rows = await _rows(connection, sql, *parameters)
    return rows[0] if rows else None


async def _require(connection: aiosqlite.Connection, table: str, row_id: int) -> None:
    if await _row(connection, f"SELECT 1 FROM {table} WHERE id = ?", row_id) is None:
        raise NotFound(f"there is no {table[:-1]} with id {row_id}")


async def _require_players(
    connection: aiosqlite.Connection, player_ids: Iterable[int | None]
) -> None:
    for player_id in sorted({pid for pid in player_ids if pid is not None}):
        await _require(connection, "players", player_id)


async def _load_game(connection: aiosqlite.Connection, game_id: int) -> GameRecord:
    row = await _row(connection, "SELECT * FROM games WHERE id = ?", game_id)
    if row is None:
        raise NotFound(f"there is no game with id {game_id}")
    seats = await _rows(
        connection, "SELECT * FROM game_seats WHERE game_id = ? ORDER BY seat", game_id
    )
    return _game(row, map(_seat, seats))


async def _load_player(connection: aiosqlite.Connection, player_id: int) -> Player:
    row = await _row(connection, "SELECT * FROM players WHERE id = ?", player_id)
    if row is None:
        raise NotFound(f"there is no player with id {player_id}")
    return _player(row)


async def _load_challenge(connection: aiosqlite.Connection, challenge_id: int) -> Challenge:
    row = await _row(connection, "SELECT * FROM challenges WHERE id = ?", challenge_id)
    if row is None:
        raise NotFound(f"there is no challenge with id {challenge_id}")
    return _challenge(row)


async def _close_challenge(
    connection: aiosqlite.Connection,
    challenge_id: int,
    status: Literal["accepted", "declined", "cancelled"],
    game_id: int | None,
) -> Challenge:
    if status not in CHALLENGE_STATUSES[1:]:
        raise ValueError(
            f"a challenge is closed as accepted, declined or cancelled, not {status!r}"
        )
    if game_id is not None and status != "accepted":
        raise ValueError(f"only an accepted challenge has a game, not a {status} one")
    if game_id is not None:
        await _require(connection, "games", game_id)
    # The status condition makes this the atomic step: of two accepts, the second finds no
    # open row to update.
    updated = await _row(
        connection,
        "UPDATE challenges SET status = ?, game_id = ? WHERE id = ? AND status = 'open' "
        "RETURNING *",
        status,
        game_id,
        challenge_id,
    )
    if updated is None:
        current = await _load_challenge(connection, challenge_id)
        raise ChallengeNotOpen(challenge_id, current.status)
    return _challenge(updated)


# ---------------------------------------------------------------------------------------------
# The store


async def _use_wal(connection: aiosqlite.Connection, path: Path) -> None:
    """Switch the file to WAL (it stays so). Two processes opening a new file at once may both
    try; SQLite then answers BUSY at once, without its busy handler, so wait here instead."""
    deadline = asyncio.get_running_loop().time() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            rows = list(await connection.execute_fetchall("PRAGMA journal_mode = WAL"))
            break
        except sqlite3.OperationalError as error:
            busy = error.sqlite_errorcode == sqlite3.SQLITE_BUSY
            if not busy or asyncio.get_running_loop().time() > deadline:
                raise
            await asyncio.sleep(0.01)
    if rows[0][0] != "wal":
        raise StorageError(
            f"{path} cannot use write-ahead logging (journal mode stays {rows[0][0]!r}); "
            "put the database on a local disk"
        )


async def _connect(path: Path, *, read_only: bool) -> aiosqlite.Connection:
    # isolation_level=None: no implicit transactions; every transaction here is explicit.
    connection = await aiosqlite.connect(path, isolation_level=None)
    try:
        connection.row_factory = sqlite3.Row
        for pragma in (
            f"busy_timeout = {BUSY_TIMEOUT_MS}",
            "foreign_keys = ON",
            "synchronous = FULL",
            f"query_only = {int(read_only)}",
        ):
            await connection.execute_fetchall(f"PRAGMA {pragma}")
        await _use_wal(connection, path)
    except BaseException:
        await connection.close()
        raise
    return connection


async def open_store(
    path: str | Path,
    *,
    migrations: Sequence[Migration] | None = None,
    clock: Clock = utc_now,
) -> SqliteStore:
    """Open (creating the file and its folders if needed) the database at `path` and bring its
    schema up to date. Raises SchemaTooNew for a database of a newer damas-bot, and
    MigrationFailed if a migration fails (that migration is rolled back).

    `migrations` and `clock` are for tests: other migrations than the bundled ones, and the
    source of the times stored (it must give aware UTC datetimes)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    writer = await _connect(path, read_only=False)
    try:
        await _migrate(writer, bundled_migrations() if migrations is None else migrations)
        reader = await _connect(path, read_only=True)
    except BaseException:
        await writer.close()
        raise
    return SqliteStore(writer, reader, clock)


class SqliteStore(Store):
    """`Store` on one SQLite file. Make it with `open_store`."""

    def __init__(
        self, writer: aiosqlite.Connection, reader: aiosqlite.Connection, clock: Clock
    ) -> None:
        self._writer = writer
        self._reader = reader
        self._clock = clock
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()

    def _now(self) -> str:
        return _encode_time(self._clock())

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: committed if the block ends normally, else rolled back."""
        async with self._write_lock:
            try:
                # Inside the try: if the task is cancelled while BEGIN waits for another
                # process, the BEGIN still runs in aiosqlite's thread, and the rollback queued
                # after it must undo it.
                await self._writer.execute_fetchall("BEGIN IMMEDIATE")
                yield self._writer
                await self._writer.commit()
            except BaseException:
                await self._writer.rollback()
                raise

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """One read transaction, so that several statements see the same state."""
        async with self._read_lock:
            try:
                await self._reader.execute_fetchall("BEGIN")
                yield self._reader
            finally:
                await self._reader.rollback()

    async def close(self) -> None:
        async with self._write_lock, self._read_lock:
            await self._reader.close()
            await self._writer.close()

    # Players ---------------------------------------------------------------------------------

    async def player_for_identity(
        self, platform: str, user_id: str, display_name: str, language: str | None = None
    ) -> Player:
        if not platform or not user_id:
            raise ValueError(
                f"an identity needs a platform and a user id, not {platform!r}/{user_id!r}"
            )
        async with self._writing() as connection:
            identity = await _row(
                connection,
                "SELECT player_id FROM identities WHERE platform = ? AND user_id = ?",
                platform,
                user_id,
            )
            if identity is None:
                created = await _row(
                    connection,
                    "INSERT INTO players (display_name, language, created_at) VALUES (?, ?, ?) "
                    "RETURNING *",
                    display_name,
                    language,
                    self._now(),
                )
                assert created is not None  # RETURNING of an INSERT always gives the row
                await connection.execute_fetchall(
                    "INSERT INTO identities (platform, user_id, player_id, display_name, "
                    "last_seen_at) VALUES (?, ?, ?, ?, ?)",
                    (platform, user_id, created["id"], display_name, self._now()),
                )
                return _player(created)
            player_id = identity["player_id"]
            await connection.execute_fetchall(
                "UPDATE identities SET display_name = ?, last_seen_at = ? "
                "WHERE platform = ? AND user_id = ?",
                (display_name, self._now(), platform, user_id),
            )
            await connection.execute_fetchall(
                "UPDATE players SET display_name = ?, language = coalesce(language, ?) "
                "WHERE id = ?",
                (display_name, language, player_id),
            )
            return await _load_player(connection, player_id)

    async def get_player(self, player_id: int) -> Player:
        async with self._reading() as connection:
            return await _load_player(connection, player_id)

    async def set_language(self, player_id: int, language: str) -> Player:
        if not language:
            raise ValueError("a language is a code such as 'pt-BR', 'it' or 'en', not empty")
        async with self._writing() as connection:
            await _require(connection, "players", player_id)
            await connection.execute_fetchall(
                "UPDATE players SET language = ? WHERE id = ?", (language, player_id)
            )
            return await _load_player(connection, player_id)

    async def set_active_game(self, player_id: int, game_id: int | None) -> Player:
        async with self._writing() as connection:
            await _require(connection, "players", player_id)
            if game_id is not None:
                await _require(connection, "games", game_id)
            await connection.execute_fetchall(
                "UPDATE players SET active_game_id = ? WHERE id = ?", (game_id, player_id)
            )
            return await _load_player(connection, player_id)

    async def identities(self, player_id: int) -> list[Identity]:
        async with self._reading() as connection:
            await _require(connection, "players", player_id)
            rows = await _rows(
                connection,
                "SELECT * FROM identities WHERE player_id = ? ORDER BY platform, user_id",
                player_id,
            )
        return [
            Identity(
                row["platform"],
                row["user_id"],
                row["player_id"],
                row["display_name"],
                row["private_chat_id"],
                None
                if row["last_seen_at"] is None
                else _Decoder("an identity").time(row["last_seen_at"]),
            )
            for row in rows
        ]

    async def set_private_chat(self, platform: str, user_id: str, chat_id: str | None) -> None:
        async with self._writing() as connection:
            updated = await _row(
                connection,
                "UPDATE identities SET private_chat_id = ? WHERE platform = ? AND user_id = ? "
                "RETURNING player_id",
                chat_id,
                platform,
                user_id,
            )
            if updated is None:
                raise NotFound(f"there is no {platform} account {user_id}")

    # Games -----------------------------------------------------------------------------------

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
    ) -> GameRecord:
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
        encoded_options = _encode_options(options)
        now = self._now()
        async with self._writing() as connection:
            await _require_players(connection, (seat.player_id for seat in seats))
            created = await _row(
                connection,
                "INSERT INTO games (kind, options, status, version, snapshot, chat_platform, "
                "chat_id, created_at, updated_at) VALUES (?, ?, 'active', 1, ?, ?, ?, ?, ?) "
                "RETURNING id",
                kind,
                encoded_options,
                snapshot,
                chat and chat.platform,
                chat and chat.chat_id,
                now,
                now,
            )
            assert created is not None  # RETURNING of an INSERT always gives the row
            game_id: int = created["id"]
            await connection.executemany(
                "INSERT INTO game_seats (game_id, seat, player_id, computer) VALUES (?, ?, ?, ?)",
                [(game_id, seat.seat, seat.player_id, seat.computer) for seat in seats],
            )
            if from_challenge is not None:
                await _close_challenge(connection, from_challenge, "accepted", game_id)
            if clock is not None:
                await _start_clock(connection, game_id, clock, _epoch(self._clock()))
            return await _load_game(connection, game_id)

    async def get_game(self, game_id: int) -> GameRecord:
        async with self._reading() as connection:
            return await _load_game(connection, game_id)

    async def moves(self, game_id: int) -> list[MoveRecord]:
        async with self._reading() as connection:
            await _require(connection, "games", game_id)
            rows = await _rows(
                connection, "SELECT * FROM moves WHERE game_id = ? ORDER BY ply", game_id
            )
        return [_move(game_id, row) for row in rows]

    async def _single_read(self, sql: str, *parameters: object) -> list[Row]:
        """One statement needs no transaction around it: it sees one state by itself."""
        async with self._read_lock:
            return await _rows(self._reader, sql, *parameters)

    async def notations(self, game_id: int) -> list[str]:
        rows = await self._single_read(
            "SELECT games.id, moves.notation FROM games LEFT JOIN moves ON moves.game_id = "
            "games.id WHERE games.id = ? ORDER BY moves.ply",
            game_id,
        )
        if not rows:
            raise NotFound(f"there is no game with id {game_id}")
        return [row["notation"] for row in rows if row["notation"] is not None]

    async def version(self, game_id: int) -> int:
        rows = await self._single_read("SELECT version FROM games WHERE id = ?", game_id)
        if not rows:
            raise NotFound(f"there is no game with id {game_id}")
        version: int = rows[0]["version"]
        return version

    async def _advance(
        self,
        connection: aiosqlite.Connection,
        game_id: int,
        expected_version: int,
        assignments: str,
        *values: object,
    ) -> None:
        """The optimistic version check: bump the version of a game that is active at
        `expected_version` and apply `assignments` (fixed SQL of this module), or raise."""
        bumped = await _row(
            connection,
            f"UPDATE games SET version = version + 1, updated_at = ?, {assignments} "
            "WHERE id = ? AND version = ? AND status = 'active' RETURNING version",
            self._now(),
            *values,
            game_id,
            expected_version,
        )
        if bumped is None:
            current = await _row(
                connection, "SELECT version, status FROM games WHERE id = ?", game_id
            )
            if current is None:
                raise NotFound(f"there is no game with id {game_id}")
            status = _game_status(_Decoder(f"game {game_id}"), current["status"])
            raise StaleVersion(game_id, expected_version, current["version"], status)

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
    ) -> GameRecord:
        if not notation:
            raise ValueError("a move needs its notation, not empty text")
        encoded_result = None if result is None else _encode_result(result)
        async with self._writing() as connection:
            await self._advance(
                connection,
                game_id,
                expected_version,
                "snapshot = ?, draw_offer = NULL, status = ?, result = ?",
                snapshot,
                "active" if result is None else "finished",
                encoded_result,
            )
            # The next ply comes from the log itself; the primary key (game_id, ply) would
            # refuse a second insert of the same ply even if the version check were bypassed.
            # The foreign key checks the player (no extra read on the path of every move).
            try:
                await connection.execute_fetchall(
                    "INSERT INTO moves (game_id, ply, notation, seat, player_id, played_at) "
                    "SELECT ?, coalesce(max(ply), 0) + 1, ?, ?, ?, ? FROM moves WHERE game_id = ?",
                    (game_id, notation, seat, player_id, self._now(), game_id),
                )
            except sqlite3.IntegrityError:
                raise NotFound(f"there is no player with id {player_id}") from None
            now = _epoch(self._clock())
            if player_id is not None:
                await _end_vacation(connection, player_id, now)
            if result is not None:
                await connection.execute_fetchall(
                    "DELETE FROM clocks WHERE game_id = ?", (game_id,)
                )
            elif clock is not None:
                await _start_clock(connection, game_id, clock, now)
            return await _load_game(connection, game_id)

    async def finish_game(
        self,
        game_id: int,
        expected_version: int,
        status: Literal["finished", "aborted"],
        result: GameResult | None,
    ) -> GameRecord:
        if status not in ("finished", "aborted"):
            raise ValueError(f"a game ends as 'finished' or 'aborted', not {status!r}")
        if status == "finished" and result is None:
            raise ValueError('a finished game needs a result such as {"winners": [1], ...}')
        encoded_result = None if result is None else _encode_result(result)
        async with self._writing() as connection:
            await self._advance(
                connection,
                game_id,
                expected_version,
                "status = ?, result = ?, draw_offer = NULL",
                status,
                encoded_result,
            )
            await connection.execute_fetchall("DELETE FROM clocks WHERE game_id = ?", (game_id,))
            return await _load_game(connection, game_id)

    async def set_draw_offer(
        self, game_id: int, expected_version: int, seat: int | None
    ) -> GameRecord:
        async with self._writing() as connection:
            await self._advance(connection, game_id, expected_version, "draw_offer = ?", seat)
            game = await _load_game(connection, game_id)
            if seat is not None and seat not in {s.seat for s in game.seats}:
                raise ValueError(f"seat {seat} is not a seat of game {game_id}")
            return game

    async def replace_snapshot(
        self, game_id: int, snapshot: str, *, expected_version: int | None = None
    ) -> None:
        async with self._writing() as connection:
            current = await _row(
                connection, "SELECT version, status FROM games WHERE id = ?", game_id
            )
            if current is None:
                raise NotFound(f"there is no game with id {game_id}")
            if expected_version is not None and current["version"] != expected_version:
                status = _game_status(_Decoder(f"game {game_id}"), current["status"])
                raise StaleVersion(game_id, expected_version, current["version"], status)
            await connection.execute_fetchall(
                "UPDATE games SET snapshot = ? WHERE id = ?", (snapshot, game_id)
            )

    async def games_of_player(
        self, player_id: int, status: GameStatus = "active"
    ) -> list[GameRecord]:
        if status not in GAME_STATUSES:
            raise ValueError(f"a game status is one of {GAME_STATUSES}, not {status!r}")
        wanted = (
            "SELECT id FROM games WHERE status = ? AND id IN "
            "(SELECT game_id FROM game_seats WHERE player_id = ?)"
        )
        async with self._reading() as connection:
            games = await _rows(
                connection,
                f"SELECT * FROM games WHERE id IN ({wanted}) ORDER BY updated_at DESC, id DESC",
                status,
                player_id,
            )
            seat_rows = await _rows(
                connection,
                f"SELECT * FROM game_seats WHERE game_id IN ({wanted}) ORDER BY game_id, seat",
                status,
                player_id,
            )
        seats: dict[int, list[SeatRecord]] = {}
        for row in seat_rows:
            seats.setdefault(row["game_id"], []).append(_seat(row))
        records = []
        for row in games:
            try:
                records.append(_game(row, seats.get(row["id"], ())))
            except CorruptRecord as error:
                logger.error("left out of the games of player %d: %s", player_id, error)
        return records

    # Clocks, vacations, notices, links ------------------------------------------------------

    async def clock(self, game_id: int) -> ClockRecord | None:
        async with self._reading() as connection:
            row = await _row(connection, "SELECT * FROM clocks WHERE game_id = ?", game_id)
        return None if row is None else _clock(row)

    async def due_clocks(self, now: datetime) -> list[ClockRecord]:
        async with self._reading() as connection:
            rows = await _rows(
                connection,
                "SELECT * FROM clocks WHERE due_at IS NOT NULL AND due_at <= ? ORDER BY due_at",
                _epoch(now),
            )
        return [_clock(row) for row in rows]

    async def clocks_to_remind(
        self, now: datetime, name: str, before: timedelta
    ) -> list[ClockRecord]:
        ahead = before.total_seconds()
        async with self._reading() as connection:
            rows = await _rows(
                connection,
                "SELECT * FROM clocks WHERE due_at IS NOT NULL AND due_at - ? <= ? "
                "AND due_at > ? AND per_move > ? AND instr(reminded, ',' || ? || ',') = 0 "
                "ORDER BY due_at",
                ahead,
                _epoch(now),
                _epoch(now),
                ahead,
                name,
            )
        return [_clock(row) for row in rows]

    async def next_wakeup(self, reminders: dict[str, timedelta]) -> datetime | None:
        moments: list[float] = []
        async with self._reading() as connection:
            for sql, parameters in [
                ("SELECT min(due_at) FROM clocks WHERE due_at IS NOT NULL", ()),
                ("SELECT min(ends_at) FROM vacations WHERE ended_at IS NULL", ()),
                *(
                    (
                        "SELECT min(due_at - ?) FROM clocks WHERE due_at IS NOT NULL "
                        "AND per_move > ? AND instr(reminded, ',' || ? || ',') = 0",
                        (before.total_seconds(), before.total_seconds(), name),
                    )
                    for name, before in reminders.items()
                ),
            ]:
                row = await _row(connection, sql, *parameters)
                if row is not None and row[0] is not None:
                    moments.append(row[0])
        return _moment(min(moments)) if moments else None

    async def remind(self, game_id: int, seat: int, name: str, player_id: int | None) -> bool:
        if not name or "," in name:
            raise ValueError(f"a reminder name is a word without commas, not {name!r}")
        async with self._writing() as connection:
            marked = await _row(
                connection,
                "UPDATE clocks SET reminded = reminded || ? || ',' WHERE game_id = ? "
                "AND seat = ? AND instr(reminded, ',' || ? || ',') = 0 RETURNING game_id",
                name,
                game_id,
                seat,
                name,
            )
            if marked is None:
                return False
            if player_id is not None:
                await self._insert_notice(connection, player_id, game_id, f"reminder_{name}")
            return True

    async def _insert_notice(
        self, connection: aiosqlite.Connection, player_id: int, game_id: int | None, kind: str
    ) -> NoticeRecord:
        row = await _row(
            connection,
            "INSERT INTO notices (player_id, game_id, kind, created_at) VALUES (?, ?, ?, ?) "
            "RETURNING *",
            player_id,
            game_id,
            kind,
            self._now(),
        )
        assert row is not None  # RETURNING of an INSERT always gives the row
        return _notice(row)

    async def add_notice(self, player_id: int, game_id: int | None, kind: str) -> NoticeRecord:
        async with self._writing() as connection:
            return await self._insert_notice(connection, player_id, game_id, kind)

    async def unsent_notices(self) -> list[NoticeRecord]:
        async with self._reading() as connection:
            rows = await _rows(
                connection, "SELECT * FROM notices WHERE sent_at IS NULL ORDER BY id"
            )
        return [_notice(row) for row in rows]

    async def notice_sent(self, notice_id: int) -> None:
        async with self._writing() as connection:
            await connection.execute_fetchall(
                "UPDATE notices SET sent_at = ? WHERE id = ?", (self._now(), notice_id)
            )

    async def start_vacation(self, player_id: int, ends_at: datetime) -> VacationRecord:
        now = _epoch(self._clock())
        async with self._writing() as connection:
            await _require(connection, "players", player_id)
            try:
                started = await _row(
                    connection,
                    "INSERT INTO vacations (player_id, started_at, ends_at) VALUES (?, ?, ?) "
                    "RETURNING *",
                    player_id,
                    now,
                    max(now, _epoch(ends_at)),
                )
            except sqlite3.IntegrityError:
                raise OnVacation(f"player {player_id} is on vacation already") from None
            assert started is not None  # RETURNING of an INSERT always gives the row
            await connection.execute_fetchall(
                "UPDATE clocks SET remaining = max(due_at - ?, 0), due_at = NULL "
                f"WHERE due_at IS NOT NULL AND (game_id, seat) IN ({_SEATS_OF_PLAYER})",
                (now, player_id),
            )
            return _vacation(started)

    async def end_vacation(self, player_id: int) -> VacationRecord | None:
        async with self._writing() as connection:
            return await _end_vacation(connection, player_id, _epoch(self._clock()))

    async def vacations(self, player_id: int, since: datetime) -> list[VacationRecord]:
        async with self._reading() as connection:
            rows = await _rows(
                connection,
                "SELECT * FROM vacations WHERE player_id = ? AND coalesce(ended_at, ends_at) >= ? "
                "ORDER BY started_at",
                player_id,
                _epoch(since),
            )
        return [_vacation(row) for row in rows]

    async def vacations_due(self, now: datetime) -> list[VacationRecord]:
        async with self._reading() as connection:
            rows = await _rows(
                connection,
                "SELECT * FROM vacations WHERE ended_at IS NULL AND ends_at <= ? ORDER BY ends_at",
                _epoch(now),
            )
        return [_vacation(row) for row in rows]

    async def set_reminders(self, player_id: int, on: bool) -> Player:
        async with self._writing() as connection:
            await connection.execute_fetchall(
                "UPDATE players SET reminders = ? WHERE id = ?", (int(on), player_id)
            )
            return await _load_player(connection, player_id)

    async def create_link_code(self, player_id: int, code: str, expires_at: datetime) -> None:
        async with self._writing() as connection:
            await _require(connection, "players", player_id)
            await connection.execute_fetchall(
                "INSERT OR REPLACE INTO link_codes (code, player_id, expires_at) VALUES (?, ?, ?)",
                (code, player_id, _encode_time(expires_at)),
            )

    async def link_identity(self, code: str, platform: str, user_id: str) -> Player:
        async with self._writing() as connection:
            found = await _row(
                connection,
                "DELETE FROM link_codes WHERE code = ? RETURNING player_id, expires_at",
                code,
            )
            if found is None or found["expires_at"] < self._now():
                raise LinkRefused(f"the code {code!r} is unknown or expired")
            target: int = found["player_id"]
            identity = await _row(
                connection,
                "SELECT player_id FROM identities WHERE platform = ? AND user_id = ?",
                platform,
                user_id,
            )
            if identity is None:
                raise NotFound(f"there is no {platform} account {user_id}")
            source: int = identity["player_id"]
            if source == target:
                return await _load_player(connection, target)
            shared = await _row(
                connection,
                "SELECT mine.game_id FROM game_seats AS mine JOIN game_seats AS theirs "
                "ON mine.game_id = theirs.game_id JOIN games ON games.id = mine.game_id "
                "WHERE mine.player_id = ? AND theirs.player_id = ? AND games.status = 'active'",
                target,
                source,
            )
            if shared is not None:
                raise LinkRefused(
                    f"the two accounts play each other in game {shared['game_id']}; "
                    "finish it before linking them"
                )
            for sql in (
                "UPDATE identities SET player_id = ? WHERE player_id = ?",
                "UPDATE game_seats SET player_id = ? WHERE player_id = ?",
                "UPDATE challenges SET challenger_id = ? WHERE challenger_id = ?",
                "UPDATE challenges SET opponent_id = ? WHERE opponent_id = ?",
                "UPDATE moves SET player_id = ? WHERE player_id = ?",
                "UPDATE vacations SET player_id = ? WHERE player_id = ?",
                "UPDATE notices SET player_id = ? WHERE player_id = ?",
                "UPDATE link_codes SET player_id = ? WHERE player_id = ?",
            ):
                await connection.execute_fetchall(sql, (target, source))
            await connection.execute_fetchall("DELETE FROM players WHERE id = ?", (source,))
            return await _load_player(connection, target)

    async def games_with_computers(self) -> list[int]:
        async with self._reading() as connection:
            rows = await _rows(
                connection,
                "SELECT DISTINCT games.id FROM games JOIN game_seats ON game_seats.game_id = "
                "games.id WHERE games.status = 'active' AND game_seats.computer IS NOT NULL "
                "ORDER BY games.id",
            )
        return [row[0] for row in rows]

    # Board messages --------------------------------------------------------------------------

    async def set_board_message(
        self, game_id: int, platform: str, chat_id: str, message_id: str
    ) -> BoardMessage:
        async with self._writing() as connection:
            await _require(connection, "games", game_id)
            await connection.execute_fetchall(
                "INSERT INTO board_messages (game_id, platform, chat_id, message_id) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (game_id, platform, chat_id) "
                "DO UPDATE SET message_id = excluded.message_id",
                (game_id, platform, chat_id, message_id),
            )
        return BoardMessage(game_id, platform, chat_id, message_id)

    async def board_messages(self, game_id: int) -> list[BoardMessage]:
        async with self._reading() as connection:
            rows = await _rows(
                connection,
                "SELECT * FROM board_messages WHERE game_id = ? ORDER BY platform, chat_id",
                game_id,
            )
        return [
            BoardMessage(row["game_id"], row["platform"], row["chat_id"], row["message_id"])
            for row in rows
        ]

    # Challenges ------------------------------------------------------------------------------

    async def create_challenge(
        self,
        kind: str,
        options: dict[str, Any],
        challenger_id: int,
        chat: ChatRef,
        *,
        opponent_id: int | None = None,
        vs_computer: str | None = None,
    ) -> Challenge:
        if opponent_id is not None and vs_computer is not None:
            raise ValueError("a challenge goes to a player or to a computer, not to both")
        encoded_options = _encode_options(options)
        async with self._writing() as connection:
            await _require_players(connection, [challenger_id, opponent_id])
            created = await _row(
                connection,
                "INSERT INTO challenges (kind, options, challenger_id, opponent_id, vs_computer, "
                "chat_platform, chat_id, status, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?) RETURNING *",
                kind,
                encoded_options,
                challenger_id,
                opponent_id,
                vs_computer,
                chat.platform,
                chat.chat_id,
                self._now(),
            )
            assert created is not None  # RETURNING of an INSERT always gives the row
            return _challenge(created)

    async def get_challenge(self, challenge_id: int) -> Challenge:
        async with self._reading() as connection:
            return await _load_challenge(connection, challenge_id)

    async def resolve_challenge(
        self,
        challenge_id: int,
        status: Literal["accepted", "declined", "cancelled"],
        game_id: int | None = None,
    ) -> Challenge:
        async with self._writing() as connection:
            return await _close_challenge(connection, challenge_id, status, game_id)

    async def join_challenge(self, challenge_id: int, player_id: int, capacity: int) -> Challenge:
        async with self._writing() as connection:
            await _require_players(connection, [player_id])
            # One statement decides: still open, not joined yet, and a place left.
            updated = await _row(
                connection,
                "UPDATE challenges SET entrants = json_insert(entrants, '$[#]', ?) "
                "WHERE id = ? AND status = 'open' AND json_array_length(entrants) < ? "
                "AND NOT EXISTS (SELECT 1 FROM json_each(entrants) WHERE value = ?) "
                "RETURNING *",
                player_id,
                challenge_id,
                capacity,
                player_id,
            )
            if updated is not None:
                return _challenge(updated)
            current = await _load_challenge(connection, challenge_id)
            if current.status != "open":
                raise ChallengeNotOpen(challenge_id, current.status)
            if player_id in current.entrants:
                return current
            raise ChallengeFull(challenge_id)

    async def open_challenges(self, chat: ChatRef) -> list[Challenge]:
        async with self._reading() as connection:
            rows = await _rows(
                connection,
                "SELECT * FROM challenges WHERE chat_platform = ? AND chat_id = ? "
                "AND status = 'open' ORDER BY created_at, id",
                chat.platform,
                chat.chat_id,
            )
        return [_challenge(row) for row in rows]
