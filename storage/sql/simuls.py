"""Simuls: the host's simul, its challengers (each player once, up to the number of boards),
the start that numbers the boards and creates their games once, and the end marked once."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from storage.errors import NotFound
from storage.records import GAME_STATUSES, ChatRef
from storage.simul_records import (
    SIMUL_STATUSES,
    NewSimulGame,
    SimulBoardRecord,
    SimulFacts,
    SimulRecord,
    SimulRefused,
    SimulStart,
    SimulStatus,
)
from storage.sql.base import SqlStoreBase, require_players
from storage.sql.codec import Decoder, encode_options
from storage.sql.engines.engine import Connection, Row
from storage.sql.games import check_new_game, insert_game, load_game


def simul_from(row: Row) -> SimulRecord:
    decoder = Decoder(f"simul {row['id']}")
    return SimulRecord(
        id=row["id"],
        chat=ChatRef(row["chat_platform"], row["chat_id"]),
        host_id=row["host_id"],
        kind=row["kind"],
        max_boards=row["max_boards"],
        options=decoder.options(row["options"]),
        status=decoder.status(row["status"], SIMUL_STATUSES, "simul"),
        created_at=decoder.time(row["created_at"]),
    )


def board_from(row: Row) -> SimulBoardRecord:
    decoder = Decoder(f"board {row['board']} of simul {row['simul_id']}")
    status = row["status"]
    return SimulBoardRecord(
        player_id=row["player_id"],
        board=row["board"],
        game_id=row["game_id"],
        status=None if status is None else decoder.status(status, GAME_STATUSES, "game"),
        result=decoder.result(row["result"]),
    )


async def load_simul(connection: Connection, simul_id: int) -> SimulRecord:
    row = await connection.fetchrow("SELECT * FROM simuls WHERE id = $1", simul_id)
    if row is None:
        raise NotFound(f"there is no simul with id {simul_id}")
    return simul_from(row)


async def registering(connection: Connection, simul_id: int) -> SimulRecord:
    """The simul, locked for this transaction's change (a row lock on PostgreSQL; SQLite
    writes one at a time), refused unless it registers."""
    row = await connection.fetchrow(
        "UPDATE simuls SET status = status WHERE id = $1 AND status = 'registering' RETURNING *",
        simul_id,
    )
    if row is None:
        await load_simul(connection, simul_id)
        raise SimulRefused("not_registering")
    return simul_from(row)


async def challengers(connection: Connection, simul_id: int) -> list[int]:
    """The challengers' players in the order they joined."""
    rows = await connection.fetch(
        "SELECT player_id FROM simul_boards WHERE simul_id = $1 ORDER BY id", simul_id
    )
    return [row["player_id"] for row in rows]


class SimulQueries(SqlStoreBase):
    async def create_simul(
        self, chat: ChatRef, host_id: int, kind: str, max_boards: int, options: dict[str, Any]
    ) -> SimulRecord:
        if max_boards < 1:
            raise ValueError(f"a simul has at least one board, not {max_boards}")
        encoded = encode_options(options)
        async with self._engine.writing() as connection:
            await require_players(connection, [host_id])
            row = await connection.fetchrow(
                "INSERT INTO simuls (chat_platform, chat_id, host_id, kind, max_boards, options, "
                "status, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'registering', $7) "
                "RETURNING *",
                chat.platform,
                chat.chat_id,
                host_id,
                kind,
                max_boards,
                encoded,
                self._now(),
            )
            assert row is not None  # RETURNING of an INSERT always gives the row
            return simul_from(row)

    async def get_simul(self, simul_id: int) -> SimulRecord:
        async with self._engine.reading() as connection:
            return await load_simul(connection, simul_id)

    async def simuls(
        self, statuses: Iterable[SimulStatus], chat: ChatRef | None = None
    ) -> list[SimulRecord]:
        wanted = set(statuses)
        if chat is None:
            rows = await self._engine.fetch_once("SELECT * FROM simuls ORDER BY id")
        else:
            rows = await self._engine.fetch_once(
                "SELECT * FROM simuls WHERE chat_platform = $1 AND chat_id = $2 ORDER BY id",
                chat.platform,
                chat.chat_id,
            )
        return [record for record in map(simul_from, rows) if record.status in wanted]

    async def join_simul(self, simul_id: int, player_id: int) -> int:
        async with self._engine.writing() as connection:
            await require_players(connection, [player_id])
            simul = await registering(connection, simul_id)
            joined = await challengers(connection, simul_id)
            if player_id in joined:
                raise SimulRefused("already_joined")
            if len(joined) >= simul.max_boards:
                raise SimulRefused("full")
            await connection.execute(
                "INSERT INTO simul_boards (simul_id, player_id, joined_at) VALUES ($1, $2, $3)",
                simul_id,
                player_id,
                self._now(),
            )
            return len(joined) + 1

    async def leave_simul(self, simul_id: int, player_id: int) -> None:
        async with self._engine.writing() as connection:
            await registering(connection, simul_id)
            left = await connection.fetchrow(
                "DELETE FROM simul_boards WHERE simul_id = $1 AND player_id = $2 "
                "RETURNING player_id",
                simul_id,
                player_id,
            )
            if left is None:
                raise SimulRefused("not_joined")

    async def start_simul(self, simul_id: int, games: Sequence[NewSimulGame]) -> SimulStart:
        for game in games:
            check_new_game(game.kind, game.seats)
        async with self._engine.writing() as connection:
            simul = await registering(connection, simul_id)
            if [game.player_id for game in games] != await challengers(connection, simul_id):
                raise SimulRefused("changed")
            row = await connection.fetchrow(
                "UPDATE simuls SET status = 'running' WHERE id = $1 RETURNING *", simul_id
            )
            assert row is not None  # locked above, in this transaction
            started = []
            for board, game in enumerate(games, 1):
                game_id = await insert_game(
                    connection,
                    game.kind,
                    game.options,
                    game.seats,
                    game.snapshot,
                    simul.chat,
                    self._now(),
                    self._now_epoch(),
                    game.clock,
                )
                await connection.execute(
                    "UPDATE simul_boards SET board = $1, game_id = $2 "
                    "WHERE simul_id = $3 AND player_id = $4",
                    board,
                    game_id,
                    simul_id,
                    game.player_id,
                )
                started.append((board, await load_game(connection, game_id)))
            return SimulStart(simul_from(row), tuple(started))

    async def simul_facts(self, simul_id: int) -> SimulFacts:
        async with self._engine.reading() as connection:
            simul = await load_simul(connection, simul_id)
            rows = await connection.fetch(
                "SELECT b.*, g.status, g.result FROM simul_boards b "
                "LEFT JOIN games g ON g.id = b.game_id WHERE b.simul_id = $1 ORDER BY b.id",
                simul_id,
            )
        return SimulFacts(simul, tuple(map(board_from, rows)))

    async def finish_simul(self, simul_id: int) -> SimulRecord | None:
        async with self._engine.writing() as connection:
            row = await connection.fetchrow(
                "UPDATE simuls SET status = 'finished' WHERE id = $1 AND status = 'running' "
                "RETURNING *",
                simul_id,
            )
            return None if row is None else simul_from(row)

    async def cancel_simul(self, simul_id: int) -> SimulRecord | None:
        async with self._engine.writing() as connection:
            row = await connection.fetchrow(
                "UPDATE simuls SET status = 'cancelled' WHERE id = $1 "
                "AND status IN ('registering', 'running') RETURNING *",
                simul_id,
            )
            return None if row is None else simul_from(row)
