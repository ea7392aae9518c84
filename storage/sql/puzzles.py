"""Puzzles, attempts, puzzle ratings and daily puzzles on SQL."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date, timedelta
from typing import Any

from storage.records import (
    ChatRef,
    DailyPuzzle,
    Glicko,
    NewPuzzle,
    PuzzleAttempt,
    PuzzleRating,
    PuzzleRecord,
)
from storage.sql.base import SqlStoreBase
from storage.sql.codec import encode_time
from storage.sql.engines.engine import Connection

# A chat's daily puzzle comes back this long after it was posted, at the soonest: never
# within a year, leap years included.
NO_REPEAT = timedelta(days=366)


def _puzzle(row: Any) -> PuzzleRecord:
    puzzle = NewPuzzle(
        row["variant"],
        row["fen"],
        tuple(json.loads(row["line"])),
        tuple(json.loads(row["themes"])),
        row["gain"],
        row["source"],
    )
    return PuzzleRecord(
        row["id"], puzzle, Glicko(row["rating"], row["deviation"], row["volatility"])
    )


def _attempt(row: Any) -> PuzzleAttempt:
    return PuzzleAttempt(
        row["id"],
        row["puzzle_id"],
        row["player_id"],
        ChatRef(row["platform"], row["chat_id"]),
        row["step"],
        row["status"],
    )


class PuzzleQueries(SqlStoreBase):
    async def add_puzzles(self, puzzles: Sequence[NewPuzzle], rating: Glicko) -> int:
        added = 0
        async with self._engine.writing() as connection:
            for puzzle in puzzles:
                rows = await connection.fetch(
                    "INSERT INTO puzzles (variant, fen, line, themes, gain, source, rating, "
                    "deviation, volatility) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) "
                    "ON CONFLICT (variant, fen) DO NOTHING RETURNING id",
                    puzzle.variant,
                    puzzle.fen,
                    json.dumps(list(puzzle.line)),
                    json.dumps(list(puzzle.themes)),
                    puzzle.gain,
                    puzzle.source,
                    rating.rating,
                    rating.deviation,
                    rating.volatility,
                )
                added += len(rows)
        return added

    async def finished_games(self, kinds: Sequence[str], after: int) -> list[int]:
        rows = await self._engine.fetch_once(
            "SELECT id, kind FROM games WHERE status = 'finished' AND id > $1 ORDER BY id", after
        )
        return [row["id"] for row in rows if row["kind"] in kinds]

    async def puzzle(self, puzzle_id: int) -> PuzzleRecord | None:
        rows = await self._engine.fetch_once("SELECT * FROM puzzles WHERE id = $1", puzzle_id)
        return _puzzle(rows[0]) if rows else None

    async def next_puzzle(self, player_id: int, variant: str, near: float) -> PuzzleRecord | None:
        untried = (
            "SELECT * FROM puzzles WHERE variant = $1 AND id NOT IN "
            "(SELECT puzzle_id FROM puzzle_attempts WHERE player_id = $2) "
            "ORDER BY ABS(rating - $3), id LIMIT 1"
        )
        rows = await self._engine.fetch_once(untried, variant, player_id, near)
        if not rows:
            # Every one tried: the one tried longest ago comes back.
            rows = await self._engine.fetch_once(
                "SELECT puzzles.* FROM puzzles JOIN puzzle_attempts "
                "ON puzzle_attempts.puzzle_id = puzzles.id "
                "WHERE variant = $1 AND player_id = $2 "
                "ORDER BY puzzle_attempts.id LIMIT 1",
                variant,
                player_id,
            )
        return _puzzle(rows[0]) if rows else None

    async def open_attempt(self, player_id: int) -> PuzzleAttempt | None:
        rows = await self._engine.fetch_once(
            "SELECT * FROM puzzle_attempts WHERE player_id = $1 AND status = 'open'", player_id
        )
        return _attempt(rows[0]) if rows else None

    async def attempted(self, player_id: int, puzzle_id: int) -> bool:
        rows = await self._engine.fetch_once(
            "SELECT 1 FROM puzzle_attempts WHERE player_id = $1 AND puzzle_id = $2",
            player_id,
            puzzle_id,
        )
        return bool(rows)

    async def answered_before(self, player_id: int, puzzle_id: int) -> bool:
        rows = await self._engine.fetch_once(
            "SELECT 1 FROM puzzle_attempts WHERE player_id = $1 AND puzzle_id = $2 "
            "AND status IN ('solved', 'failed')",
            player_id,
            puzzle_id,
        )
        return bool(rows)

    async def start_attempt(
        self, player_id: int, puzzle_id: int, chat: ChatRef, step: int = 0
    ) -> PuzzleAttempt:
        async with self._engine.writing() as connection:
            await connection.execute(
                "UPDATE puzzle_attempts SET status = 'left', finished_at = $2 "
                "WHERE player_id = $1 AND status = 'open'",
                player_id,
                encode_time(self._clock()),
            )
            row = await connection.fetchrow(
                "INSERT INTO puzzle_attempts (puzzle_id, player_id, platform, chat_id, "
                "started_at, step) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *",
                puzzle_id,
                player_id,
                chat.platform,
                chat.chat_id,
                encode_time(self._clock()),
                step,
            )
        assert row is not None  # RETURNING of an INSERT always gives the row
        return _attempt(row)

    async def advance_attempt(self, attempt_id: int, step: int) -> bool:
        async with self._engine.writing() as connection:
            rows = await connection.fetch(
                "UPDATE puzzle_attempts SET step = step + 1 "
                "WHERE id = $1 AND step = $2 AND status = 'open' RETURNING id",
                attempt_id,
                step,
            )
        return bool(rows)

    async def end_attempt(self, attempt: PuzzleAttempt, solved: bool) -> bool:
        async with self._engine.writing() as connection:
            return await self._end_open_attempt(connection, attempt, solved)

    async def _end_open_attempt(
        self, connection: Connection, attempt: PuzzleAttempt, solved: bool
    ) -> bool:
        """End the attempt if it is open at its step; whether it was."""
        rows = await connection.fetch(
            "UPDATE puzzle_attempts SET status = $3, finished_at = $4 "
            "WHERE id = $1 AND step = $2 AND status = 'open' RETURNING id",
            attempt.id,
            attempt.step,
            "solved" if solved else "failed",
            encode_time(self._clock()),
        )
        return bool(rows)

    async def finish_attempt(
        self,
        attempt: PuzzleAttempt,
        variant: str,
        solved: bool,
        player: Glicko,
        puzzle: Glicko,
    ) -> bool:
        async with self._engine.writing() as connection:
            if not await self._end_open_attempt(connection, attempt, solved):
                return False
            await connection.execute(
                "INSERT INTO puzzle_ratings (player_id, variant, rating, deviation, volatility, "
                "solved, failed) VALUES ($1, $2, $3, $4, $5, $6, $7) "
                "ON CONFLICT (player_id, variant) DO UPDATE SET rating = excluded.rating, "
                "deviation = excluded.deviation, volatility = excluded.volatility, "
                "solved = puzzle_ratings.solved + excluded.solved, "
                "failed = puzzle_ratings.failed + excluded.failed",
                attempt.player_id,
                variant,
                player.rating,
                player.deviation,
                player.volatility,
                int(solved),
                int(not solved),
            )
            await connection.execute(
                "UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4 WHERE id = $1",
                attempt.puzzle_id,
                puzzle.rating,
                puzzle.deviation,
                puzzle.volatility,
            )
        return True

    async def puzzle_ratings(self, player_id: int) -> list[PuzzleRating]:
        rows = await self._engine.fetch_once(
            "SELECT * FROM puzzle_ratings WHERE player_id = $1 ORDER BY variant", player_id
        )
        return [
            PuzzleRating(
                row["variant"],
                Glicko(row["rating"], row["deviation"], row["volatility"]),
                row["solved"],
                row["failed"],
            )
            for row in rows
        ]

    async def set_daily_puzzle(self, chat: ChatRef, variant: str, hour: int | None) -> None:
        async with self._engine.writing() as connection:
            if hour is None:
                await connection.execute(
                    "DELETE FROM daily_puzzles WHERE platform = $1 AND chat_id = $2",
                    chat.platform,
                    chat.chat_id,
                )
                return
            await connection.execute(
                "INSERT INTO daily_puzzles (platform, chat_id, variant, hour) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT (platform, chat_id) "
                "DO UPDATE SET variant = excluded.variant, hour = excluded.hour",
                chat.platform,
                chat.chat_id,
                variant,
                hour,
            )

    async def daily_puzzles(self) -> list[DailyPuzzle]:
        rows = await self._engine.fetch_once(
            "SELECT * FROM daily_puzzles ORDER BY platform, chat_id"
        )
        return [
            DailyPuzzle(ChatRef(row["platform"], row["chat_id"]), row["variant"], row["hour"])
            for row in rows
        ]

    async def claim_daily_post(self, chat: ChatRef, day: date, variant: str) -> int | None:
        async with self._engine.writing() as connection:
            # One statement: the primary key lets one process of several post the day's.
            # Never posted here first, then the one posted longest ago, if not within a year.
            rows = await connection.fetch(
                "INSERT INTO daily_puzzle_posts (platform, chat_id, day, puzzle_id) "
                "SELECT $1, $2, $3, puzzles.id FROM puzzles LEFT JOIN "
                "(SELECT puzzle_id, MAX(day) AS last FROM daily_puzzle_posts "
                "WHERE platform = $1 AND chat_id = $2 GROUP BY puzzle_id) AS posted "
                "ON posted.puzzle_id = puzzles.id "
                "WHERE puzzles.variant = $4 AND (posted.last IS NULL OR posted.last <= $5) "
                "ORDER BY posted.last IS NOT NULL, posted.last, puzzles.id LIMIT 1 "
                "ON CONFLICT (platform, chat_id, day) DO NOTHING RETURNING puzzle_id",
                chat.platform,
                chat.chat_id,
                day.isoformat(),
                variant,
                (day - NO_REPEAT).isoformat(),
            )
        return int(rows[0][0]) if rows else None

    async def daily_post(self, chat: ChatRef, day: date) -> int | None:
        rows = await self._engine.fetch_once(
            "SELECT puzzle_id FROM daily_puzzle_posts "
            "WHERE platform = $1 AND chat_id = $2 AND day = $3",
            chat.platform,
            chat.chat_id,
            day.isoformat(),
        )
        return int(rows[0][0]) if rows else None
