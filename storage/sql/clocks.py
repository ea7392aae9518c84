"""Correspondence: the clock of each game's turn, vacations that stop a player's clocks, the
outbox of notices the scheduler decides (reminders, timeouts), and one-time link codes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from storage.api.notices import NOTICE_LEASE, TURN_PING
from storage.errors import OnVacation
from storage.records import ClockRecord, NextClock, NoticeRecord, VacationRecord
from storage.sql.base import SqlStoreBase, player_lock, require
from storage.sql.codec import Decoder, encode_time, epoch, moment
from storage.sql.engines.engine import Connection, ConstraintViolated, Dialect, Row

# The seats of player $2, as (game_id, seat) rows to match clocks against.
SEATS_OF_PLAYER = "SELECT game_id, seat FROM game_seats WHERE player_id = $2"

# Correspondence gives a day or more per move; a vacation stops only those clocks, never a
# live game's (minutes per move), where the opponent sits waiting.
CORRESPONDENCE_PER_MOVE = 24 * 60 * 60


def unreminded(dialect: Dialect, name: str) -> str:
    """The condition on a clock row that its turn has no reminder `name` (a placeholder such
    as "$3") yet: `reminded` holds the names sent, as ",24h,1h,"."""
    return f"{dialect.find_text}(reminded, ',' || {name} || ',') = 0"


def running_unreminded(dialect: Dialect, before: str, name: str) -> str:
    """The condition on a clock row that it runs, its turn lasts longer than `before` (the
    time of reminder `name` before the deadline), and that reminder was not sent yet."""
    return f"due_at IS NOT NULL AND per_move > {before} AND {unreminded(dialect, name)}"


def clock_from(row: Row) -> ClockRecord:
    remaining = row["remaining"]
    return ClockRecord(
        game_id=row["game_id"],
        seat=row["seat"],
        per_move=timedelta(seconds=row["per_move"]),
        due_at=None if row["due_at"] is None else moment(row["due_at"]),
        remaining=None if remaining is None else timedelta(seconds=remaining),
        reminded=frozenset(name for name in row["reminded"].split(",") if name),
    )


def vacation_from(row: Row) -> VacationRecord:
    return VacationRecord(
        row["id"],
        row["player_id"],
        moment(row["started_at"]),
        moment(row["ends_at"]),
        None if row["ended_at"] is None else moment(row["ended_at"]),
    )


def notice_from(row: Row) -> NoticeRecord:
    decoder = Decoder(f"notice {row['id']}")
    return NoticeRecord(
        row["id"],
        row["player_id"],
        row["game_id"],
        row["kind"],
        decoder.time(row["created_at"]),
        decoder.optional_time(row["sent_at"]),
        None if row["due_at"] is None else moment(row["due_at"]),
    )


async def start_clock(connection: Connection, game_id: int, clock: NextClock, now: float) -> None:
    """The clock of a new turn: running, or stopped if the seat's player is on vacation."""
    player_id = await connection.fetchval(
        "SELECT player_id FROM game_seats WHERE game_id = $1 AND seat = $2", game_id, clock.seat
    )
    away = None
    if player_id is not None:
        # A vacation starting or ending meanwhile waits, and then sees this clock.
        await connection.lock(player_lock(player_id))
        away = await connection.fetchrow(
            "SELECT 1 FROM vacations WHERE player_id = $1 AND ended_at IS NULL", player_id
        )
    per_move = clock.per_move.total_seconds()
    if per_move < CORRESPONDENCE_PER_MOVE:
        away = None  # a vacation never stops a live game
    due_at, remaining = (None, per_move) if away else (now + per_move, None)
    await connection.execute(
        "INSERT INTO clocks (game_id, seat, per_move, due_at, remaining, reminded) "
        "VALUES ($1, $2, $3, $4, $5, ',') ON CONFLICT (game_id) DO UPDATE SET "
        "seat = excluded.seat, per_move = excluded.per_move, due_at = excluded.due_at, "
        "remaining = excluded.remaining, reminded = ','",
        game_id,
        clock.seat,
        per_move,
        due_at,
        remaining,
    )


async def end_vacation(connection: Connection, player_id: int, now: float) -> VacationRecord | None:
    """End the player's vacation and restart the clocks it stopped."""
    ended = await connection.fetchrow(
        "UPDATE vacations SET ended_at = $1 WHERE player_id = $2 AND ended_at IS NULL RETURNING *",
        now,
        player_id,
    )
    if ended is None:
        return None
    # A clock starting meanwhile (stopped: it saw the vacation) is committed before this
    # update reads the clocks, and is restarted with the others.
    await connection.lock(player_lock(player_id))
    await connection.execute(
        "UPDATE clocks SET due_at = $1 + remaining, remaining = NULL "
        f"WHERE due_at IS NULL AND (game_id, seat) IN ({SEATS_OF_PLAYER})",
        now,
        player_id,
    )
    return vacation_from(ended)


async def insert_notice(
    connection: Connection, player_id: int, game_id: int | None, kind: str, now: str
) -> NoticeRecord:
    row = await connection.fetchrow(
        "INSERT INTO notices (player_id, game_id, kind, created_at) VALUES ($1, $2, $3, $4) "
        "RETURNING *",
        player_id,
        game_id,
        kind,
        now,
    )
    assert row is not None  # RETURNING of an INSERT always gives the row
    return notice_from(row)


class ClockQueries(SqlStoreBase):
    async def clock(self, game_id: int) -> ClockRecord | None:
        async with self._engine.reading() as connection:
            row = await connection.fetchrow("SELECT * FROM clocks WHERE game_id = $1", game_id)
        return None if row is None else clock_from(row)

    async def due_clocks(self, now: datetime) -> list[ClockRecord]:
        async with self._engine.reading() as connection:
            rows = await connection.fetch(
                "SELECT * FROM clocks WHERE due_at IS NOT NULL AND due_at <= $1 ORDER BY due_at",
                epoch(now),
            )
        return [clock_from(row) for row in rows]

    async def clocks_to_remind(
        self, now: datetime, name: str, before: timedelta
    ) -> list[ClockRecord]:
        async with self._engine.reading() as connection:
            due = running_unreminded(connection.dialect, "$2", "$3")
            rows = await connection.fetch(
                f"SELECT * FROM clocks WHERE {due} AND due_at - $2 <= $1 "
                "AND due_at > $1 ORDER BY due_at",
                epoch(now),
                before.total_seconds(),
                name,
            )
        return [clock_from(row) for row in rows]

    async def next_wakeup(self, reminders: dict[str, timedelta]) -> datetime | None:
        moments: list[float] = []
        async with self._engine.reading() as connection:
            due = running_unreminded(connection.dialect, "$1", "$2")
            for query, args in [
                ("SELECT min(due_at) FROM clocks WHERE due_at IS NOT NULL", ()),
                ("SELECT min(ends_at) FROM vacations WHERE ended_at IS NULL", ()),
                (
                    "SELECT min(due_at) FROM notices "
                    "WHERE sent_at IS NULL AND claimed_at IS NULL AND due_at IS NOT NULL",
                    (),
                ),
                (
                    "SELECT min(claimed_at) + $1 FROM notices "
                    "WHERE sent_at IS NULL AND claimed_at IS NOT NULL",
                    (NOTICE_LEASE.total_seconds(),),
                ),
                *(
                    (
                        f"SELECT min(due_at - $1) FROM clocks WHERE {due}",
                        (before.total_seconds(), name),
                    )
                    for name, before in reminders.items()
                ),
            ]:
                earliest = await connection.fetchval(query, *args)
                if earliest is not None:
                    moments.append(earliest)
        return moment(min(moments)) if moments else None

    async def remind(self, game_id: int, seat: int, name: str, player_id: int | None) -> bool:
        if not name or "," in name:
            raise ValueError(f"a reminder name is a word without commas, not {name!r}")
        async with self._engine.writing() as connection:
            marked = await connection.fetchrow(
                "UPDATE clocks SET reminded = reminded || $1 || ',' WHERE game_id = $2 "
                f"AND seat = $3 AND {unreminded(connection.dialect, '$1')} "
                "RETURNING game_id",
                name,
                game_id,
                seat,
            )
            if marked is None:
                return False
            if player_id is not None:
                await insert_notice(connection, player_id, game_id, f"reminder_{name}", self._now())
            return True

    async def add_notice(self, player_id: int, game_id: int | None, kind: str) -> NoticeRecord:
        async with self._engine.writing() as connection:
            return await insert_notice(connection, player_id, game_id, kind, self._now())

    async def queue_turn_ping(
        self, game_id: int, player_ids: Sequence[int], kind: str, due_at: datetime
    ) -> None:
        if not kind.startswith(TURN_PING):
            raise ValueError(f"a turn ping's kind starts with {TURN_PING!r}, not {kind!r}")
        async with self._engine.writing() as connection:
            await connection.execute(
                "UPDATE notices SET sent_at = $1 WHERE game_id = $2 AND sent_at IS NULL "
                "AND kind LIKE $3 AND kind <> $4",
                self._now(),
                game_id,
                f"{TURN_PING}%",
                kind,
            )
            for player_id in player_ids:
                # The unique index one_ping_per_turn keeps the first ping of a turn.
                await connection.execute(
                    "INSERT INTO notices (player_id, game_id, kind, created_at, due_at) "
                    "VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
                    player_id,
                    game_id,
                    kind,
                    self._now(),
                    epoch(due_at),
                )

    async def unsent_notices(self) -> list[NoticeRecord]:
        async with self._engine.reading() as connection:
            rows = await connection.fetch(
                "SELECT * FROM notices WHERE sent_at IS NULL "
                "AND (due_at IS NULL OR due_at <= $1) ORDER BY id",
                self._now_epoch(),
            )
        return [notice_from(row) for row in rows]

    async def claim_notice(self, notice_id: int) -> bool:
        now = self._now_epoch()
        async with self._engine.writing() as connection:
            claimed = await connection.fetchrow(
                "UPDATE notices SET claimed_at = $1 WHERE id = $2 AND sent_at IS NULL "
                "AND (claimed_at IS NULL OR claimed_at <= $3) RETURNING id",
                now,
                notice_id,
                now - NOTICE_LEASE.total_seconds(),
            )
            return claimed is not None

    async def notice_sent(self, notice_id: int) -> None:
        async with self._engine.writing() as connection:
            await connection.execute(
                "UPDATE notices SET sent_at = $1 WHERE id = $2 AND sent_at IS NULL",
                self._now(),
                notice_id,
            )

    async def start_vacation(self, player_id: int, ends_at: datetime) -> VacationRecord:
        now = self._now_epoch()
        async with self._engine.writing() as connection:
            await require(connection, "players", player_id)
            await connection.lock(player_lock(player_id))
            try:
                started = await connection.fetchrow(
                    "INSERT INTO vacations (player_id, started_at, ends_at) "
                    "VALUES ($1, $2, $3) RETURNING *",
                    player_id,
                    now,
                    max(now, epoch(ends_at)),
                )
            except ConstraintViolated:
                raise OnVacation(f"player {player_id} is on vacation already") from None
            assert started is not None  # RETURNING of an INSERT always gives the row
            greatest = connection.dialect.greatest
            await connection.execute(
                f"UPDATE clocks SET remaining = {greatest}(due_at - $1, 0), due_at = NULL "
                f"WHERE due_at IS NOT NULL AND per_move >= {CORRESPONDENCE_PER_MOVE} "
                f"AND (game_id, seat) IN ({SEATS_OF_PLAYER})",
                now,
                player_id,
            )
            return vacation_from(started)

    async def end_vacation(self, player_id: int) -> VacationRecord | None:
        async with self._engine.writing() as connection:
            return await end_vacation(connection, player_id, self._now_epoch())

    async def vacations(self, player_id: int, since: datetime) -> list[VacationRecord]:
        async with self._engine.reading() as connection:
            rows = await connection.fetch(
                "SELECT * FROM vacations WHERE player_id = $1 "
                "AND coalesce(ended_at, ends_at) >= $2 ORDER BY started_at",
                player_id,
                epoch(since),
            )
        return [vacation_from(row) for row in rows]

    async def vacations_due(self, now: datetime) -> list[VacationRecord]:
        async with self._engine.reading() as connection:
            rows = await connection.fetch(
                "SELECT * FROM vacations WHERE ended_at IS NULL AND ends_at <= $1 ORDER BY ends_at",
                epoch(now),
            )
        return [vacation_from(row) for row in rows]

    async def create_link_code(self, player_id: int, code: str, expires_at: datetime) -> None:
        async with self._engine.writing() as connection:
            await require(connection, "players", player_id)
            await connection.execute(
                "INSERT INTO link_codes (code, player_id, expires_at) VALUES ($1, $2, $3) "
                "ON CONFLICT (code) DO UPDATE SET player_id = excluded.player_id, "
                "expires_at = excluded.expires_at",
                code,
                player_id,
                encode_time(expires_at),
            )
